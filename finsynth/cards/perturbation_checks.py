"""How many perturbed rows of a config were redrawn or left out, read back from its parquet files.

Rows record their redraws in ``metadata``: ``perturbation_redraws`` is a count on a
``finchain_robust`` row (one kind per row) and a ``{kind: count}`` map on a ``failsafe`` record,
whose ``left_out`` map counts the items left out before it. A ``finchain_robust`` row that
failed every try is simply missing, so its kind's left-out count is the rows the source config
has minus the rows written.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pyarrow.parquet as pq

from finsynth.cards.statistics import SplitFiles


@dataclass(frozen=True)
class PerturbationCheckCounts:
    """Redrawn and left-out rows of one perturbation kind in one config.

    Attributes:
        kind: The perturbation kind (``misspelled``, ``incomplete``, ``out_of_domain``, ``ocr``).
        written: Rows (or records) written with this kind.
        redrawn: Of those, how many needed at least one redraw to pass their checks.
        left_out: Rows (or items) left out because every try failed.

    """

    kind: str
    written: int
    redrawn: int
    left_out: int


def perturbation_check_counts(
    folder: Path, splits: Sequence[SplitFiles], expected: Mapping[str, int] | None = None
) -> list[PerturbationCheckCounts]:
    """Return the counts per kind, sorted by kind; empty when the rows record no redraws.

    Args:
        folder: The dataset folder.
        splits: The config's splits and their files.
        expected: Rows each kind would have if none were left out (an expansion's source rows
            for each of its kinds); ``None`` when left-out rows are recorded in ``metadata.left_out``.

    """
    written: Counter[str] = Counter()
    redrawn: Counter[str] = Counter()
    left_out: Counter[str] = Counter()
    for split in splits:
        for name in split.files:
            parquet = pq.ParquetFile(folder / name)
            if "metadata" not in parquet.schema_arrow.names:
                return []
            for batch in parquet.iter_batches(columns=["metadata"]):
                for text in batch.column("metadata").to_pylist():
                    metadata = json.loads(text or "{}")
                    redraws = metadata.get("perturbation_redraws")
                    if isinstance(redraws, int):
                        redraws = {str(metadata.get("perturbation", "")): redraws}
                    if not isinstance(redraws, dict):
                        return []
                    for kind, count in redraws.items():
                        written[kind] += 1
                        redrawn[kind] += count > 0
                    left_out.update(metadata.get("left_out") or {})
    if not written:
        return []
    for kind, rows in (expected or {}).items():
        left_out[kind] = rows - written[kind]
    kinds = sorted(set(written) | set(left_out))
    return [PerturbationCheckCounts(kind, written[kind], redrawn[kind], left_out[kind]) for kind in kinds]
