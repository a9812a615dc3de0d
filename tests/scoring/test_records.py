from __future__ import annotations

import json
import re
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import finsynth
from finsynth.errors import FinsynthError
from finsynth.scoring.records import COLUMNS, load_records

TEMPLATE = "finchain/investment_analysis/compound_interest"


def test_dataset_folder_parquet_and_jsonl_give_the_same_records(tmp_path: Path) -> None:
    records = list(finsynth.generate(TEMPLATE, n=3, seed=2))
    folder = tmp_path / "dataset"
    (folder / "finchain").mkdir(parents=True)
    half = len(records) // 2
    pq.write_table(pa.Table.from_pylist(records[:half]), folder / "finchain" / "test-00000-of-00002.parquet")
    pq.write_table(pa.Table.from_pylist(records[half:]), folder / "finchain" / "test-00001-of-00002.parquet")
    jsonl = tmp_path / "records.jsonl"
    jsonl.write_text("".join(json.dumps(record) + "\n" for record in records))
    expected = [{column: record[column] for column in COLUMNS} for record in records]
    assert load_records(folder) == expected
    assert load_records(folder / "finchain" / "test-00000-of-00002.parquet") == expected[:half]
    assert [{column: r[column] for column in COLUMNS} for r in load_records(jsonl)] == expected


def test_unusable_sources_say_what_is_there(tmp_path: Path) -> None:
    (tmp_path / "finchain").mkdir()
    pq.write_table(
        pa.Table.from_pylist([{"id": "x"}]), tmp_path / "finchain" / "train-00000-of-00001.parquet"
    )
    with pytest.raises(
        FinsynthError,
        match=re.escape("no finchain/test-*.parquet shards; config/split pairs present: finchain/train"),
    ):
        load_records(tmp_path)
    with pytest.raises(FinsynthError, match="cannot read the FinChain columns"):
        load_records(tmp_path, split="train")
    with pytest.raises(FinsynthError, match="no such dataset"):
        load_records(tmp_path / "absent")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x"}\n')
    with pytest.raises(FinsynthError, match=r"bad.jsonl:1: a FinChain record needs domain"):
        load_records(bad)
    (tmp_path / "x.csv").write_text("id\n")
    with pytest.raises(FinsynthError, match="expected a dataset folder"):
        load_records(tmp_path / "x.csv")
