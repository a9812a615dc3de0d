"""The imported benchmark's dataset folder: written with the record schema, read back checked."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from finsynth.builder.ucfe_bench import data_file, read_bench_folder, write_bench_folder
from finsynth.errors import RecordValidationError
from finsynth.generators.ucfe.bench import import_bench
from finsynth.schemas import arrow_schema, record_schema

SMALL_BENCH = Path(__file__).resolve().parents[2] / "tests" / "data" / "ucfe" / "small_bench.json"


def test_written_records_read_back_unchanged(tmp_path):
    result = import_bench(SMALL_BENCH)
    folder = write_bench_folder(result, tmp_path / "ucfe")
    assert pq.read_schema(data_file(folder)).equals(arrow_schema(record_schema("ucfe")), check_metadata=False)
    assert read_bench_folder(folder) == result.records


def test_a_record_that_breaks_the_schema_is_named_by_file_and_row(tmp_path):
    records = import_bench(SMALL_BENCH).records
    records[2]["setting"] = "few_shot"
    folder = tmp_path / "ucfe"
    data_file(folder).parent.mkdir(parents=True)
    pq.write_table(
        pa.Table.from_pylist(records, schema=arrow_schema(record_schema("ucfe"))), data_file(folder)
    )
    with pytest.raises(
        RecordValidationError, match=r"test-00000-of-00001\.parquet row 3: \$\.setting: 'few_shot'"
    ):
        read_bench_folder(folder)
