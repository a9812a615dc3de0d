from __future__ import annotations

import json
from pathlib import Path

import pytest

from finsynth.errors import FinsynthError
from finsynth.scoring.jsonl import read_jsonl
from finsynth.scoring.predictions import read_predictions


def test_every_unusable_line_and_unanswered_record_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "predictions.jsonl"
    lines = [
        json.dumps({"id": "r1", "output": "Answer: 5"}),
        json.dumps({"id": "r1", "output": "Answer: 6"}),
        "[1, 2]",
        json.dumps({"id": 7, "output": "x"}),
        json.dumps({"id": "r2", "output": None}),
        json.dumps({"id": "r3", "output": ""}),
        json.dumps({"id": "zz", "output": "x"}),
        "",
    ]
    path.write_text("\n".join(lines))
    read = read_predictions(path, ["r1", "r2", "r3", "r4"])
    assert read.outputs == {"r1": "Answer: 5", "r3": ""}
    assert [(p.kind, p.line, p.id) for p in read.problems] == [
        ("duplicate_id", 2, "r1"),
        ("bad_json", 3, None),
        ("missing_id", 4, None),
        ("bad_field", 5, "r2"),
        ("empty_output", 6, "r3"),
        ("unknown_id", 7, "zz"),
        ("no_prediction", None, "r2"),
        ("no_prediction", None, "r4"),
    ]
    assert read.unanswered == ["r2", "r4"]
    assert str(read.problems[0]) == "line 2: duplicate_id: r1: id already predicted on line 1; kept that one"


def test_unreadable_files_are_clear_errors(tmp_path: Path) -> None:
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b'{"id": "\xff"}\n')
    with pytest.raises(FinsynthError, match="not UTF-8"):
        list(read_jsonl(binary))
    with pytest.raises(FinsynthError, match="cannot read"):
        read_predictions(tmp_path / "absent.jsonl", [])
