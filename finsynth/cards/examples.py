"""One example row per config for the dataset card, read from the data and shortened for reading.

The Hub's card template asks for a "Data Instances" example. The card shows the first row of a
config's test split as JSON, with long texts cut (saying how long they were) and long lists
cut to their first items (saying how many there were), so a 27,000-token filing or a
twelve-step solution still shows its shape in a screenful.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

TEXT_CHARACTERS = 240
"""Characters of a text shown before it is cut."""
LIST_ITEMS = 2
"""Items of a list shown before it is cut."""


def shortened(value: Any) -> Any:
    """``value`` with every text over :data:`TEXT_CHARACTERS` and list over :data:`LIST_ITEMS` cut.

    A cut text ends with ``… [N characters in all]``; a cut list ends with an item
    ``"… [N items in all]"``. Other values are returned as they are.
    """
    if isinstance(value, str) and len(value) > TEXT_CHARACTERS:
        return f"{value[:TEXT_CHARACTERS]}… [{len(value):,} characters in all]"
    if isinstance(value, list):
        kept = [shortened(item) for item in value[:LIST_ITEMS]]
        return [*kept, f"… [{len(value):,} items in all]"] if len(value) > LIST_ITEMS else kept
    if isinstance(value, dict):
        return {key: shortened(item) for key, item in value.items()}
    return value


def example_row(folder: Path, files: Sequence[str]) -> str | None:
    """The first row of the first of ``files`` (paths in ``folder``) as shortened, indented JSON.

    Returns:
        The JSON text, or ``None`` when the files hold no row.

    """
    for name in files:
        parquet = pq.ParquetFile(folder / name)
        for batch in parquet.iter_batches(batch_size=1):
            if batch.num_rows:
                row = batch.slice(0, 1).to_pylist()[0]
                return json.dumps(shortened(row), indent=2, ensure_ascii=False)
    return None
