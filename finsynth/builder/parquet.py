"""Deterministic parquet writing: same records in, same bytes out.

Every writer option that affects the file is fixed here (format version, compression,
dictionary encoding, statistics, row-group size), no timestamps are written, and the
column order and types come from the record schema. The ``created_by`` field holds the
pyarrow version, which the manifest records too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

ROW_GROUP_SIZE = 10_000
WRITER_OPTIONS: Mapping[str, Any] = {
    "compression": "zstd",
    "compression_level": 3,
    "use_dictionary": True,
    "write_statistics": True,
    "version": "2.6",
    "data_page_version": "1.0",
}


def write_batches(path: Path, schema: pa.Schema, batches: Iterable[list[dict[str, Any]] | pa.Table]) -> int:
    """Write record batches (lists of dicts, or Arrow tables) to one parquet file.

    Each batch starts a row group, and a batch longer than :data:`ROW_GROUP_SIZE` rows is
    cut into row groups of that size.

    Args:
        path: Destination file.
        schema: Arrow schema of the records.
        batches: Record lists or tables with exactly ``schema``.

    Returns:
        The number of rows written.

    """
    rows = 0
    with pq.ParquetWriter(path, schema, **WRITER_OPTIONS) as writer:
        for batch in batches:
            table = batch if isinstance(batch, pa.Table) else pa.Table.from_pylist(batch, schema=schema)
            writer.write_table(table, row_group_size=ROW_GROUP_SIZE)
            rows += table.num_rows
    return rows
