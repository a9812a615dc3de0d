"""Loading the FinChain records a ChainEval run scores against.

A source is a built dataset folder (its ``<config>/<split>-*.parquet`` shards are read with
pyarrow), a single ``.parquet`` file, or a ``.jsonl`` file of records such as
``finsynth generate ... --json`` prints.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from finsynth.errors import FinsynthError
from finsynth.input_files import parse_json

COLUMNS = (
    "id",
    "domain",
    "difficulty",
    "target",
    "choices",
    "solution",
    "steps",
    "answer_value",
    "answer_label",
    "answer_unit",
)
"""The record columns ChainEval reads."""


def _parquet_records(files: list[Path]) -> list[dict[str, Any]]:
    import pyarrow as pa
    import pyarrow.parquet as pq

    records: list[dict[str, Any]] = []
    for file in files:
        try:
            table = pq.read_table(file, columns=list(COLUMNS))
        except (OSError, pa.ArrowException) as error:
            raise FinsynthError(
                f"{file}: cannot read the FinChain columns {', '.join(COLUMNS)}: {error}"
            ) from None
        records += table.to_pylist()
    return records


def _jsonl_records(path: Path) -> list[dict[str, Any]]:
    records = []
    with path.open(encoding="utf-8") as handle:
        for line, text in enumerate(handle, 1):
            if not text.strip():
                continue
            record = parse_json(text, str(path), line=line)
            if not isinstance(record, dict):
                raise FinsynthError(f"{path}:{line}: expected a JSON object")
            missing = [column for column in COLUMNS if column not in record]
            if missing:
                raise FinsynthError(f"{path}:{line}: a FinChain record needs {', '.join(missing)}")
            records.append(record)
    return records


def load_records(path: Path, config: str = "finchain", split: str = "test") -> list[dict[str, Any]]:
    """Load FinChain records from a dataset folder, a parquet file or a JSONL file.

    Args:
        path: A built dataset folder, a ``.parquet`` file or a ``.jsonl`` file.
        config: The config folder to read inside a dataset folder.
        split: The split to read inside a dataset folder.

    Returns:
        The records, in file order, with the columns in :data:`COLUMNS`.

    Raises:
        FinsynthError: If the path does not exist, has no shards for ``config``/``split`` (the
            message lists what it has), or a file lacks the FinChain columns.

    """
    if not path.exists():
        raise FinsynthError(f"{path}: no such dataset folder or file")
    if path.is_dir():
        files = sorted((path / config).glob(f"{split}-*.parquet"))
        if not files:
            available = sorted(
                f"{shard.parent.name}/{shard.name.split('-')[0]}" for shard in path.glob("*/*.parquet")
            )
            listing = ", ".join(dict.fromkeys(available)) or "none"
            raise FinsynthError(
                f"{path}: no {config}/{split}-*.parquet shards; config/split pairs present: {listing}"
            )
        return _parquet_records(files)
    if path.suffix == ".parquet":
        return _parquet_records([path])
    if path.suffix == ".jsonl":
        return _jsonl_records(path)
    raise FinsynthError(f"{path}: expected a dataset folder, a .parquet or a .jsonl file")
