"""Reading predictions and judgments out of evaluation logs (``finsynth score ... --from``).

Logs written by real ``inspect eval`` and ``lm_eval`` runs are read in
``tests/harness/test_end_to_end.py``; here, what the readers do with broken input.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from finsynth.cli import app
from finsynth.errors import FinsynthError
from finsynth.scoring.eval_logs import inspect_judgments, inspect_predictions, lm_eval_predictions
from finsynth.scoring.jsonl import InputProblem
from finsynth.scoring.predictions import predictions_from

runner = CliRunner()


def test_lm_eval_samples_become_predictions_and_broken_lines_become_problems(tmp_path: Path) -> None:
    lines = [
        {"doc": {"id": "a"}, "resps": [["Answer: 5"]], "filtered_resps": ["Answer: 5"]},
        {"doc": {"input": "no id"}, "resps": [["Answer: 6"]]},
        {"doc": {"id": "b"}, "resps": []},
        "not json",
        {"doc": {"id": "a"}, "resps": [["Answer: 7"]]},
    ]
    path = tmp_path / "samples_tiny_finchain.jsonl"
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines))
    entries = list(lm_eval_predictions(path))
    assert entries[0] == (1, {"id": "a", "output": "Answer: 5"})
    kinds = [entry.kind for _, entry in entries if isinstance(entry, InputProblem)]
    assert kinds == ["missing_id", "bad_field", "bad_json"]
    read = predictions_from(entries, ["a", "b", "c"])
    assert read.outputs == {"a": "Answer: 5"}
    problems = {(problem.kind, problem.id) for problem in read.problems}
    assert {("duplicate_id", "a"), ("no_prediction", "b"), ("no_prediction", "c")} <= problems


@pytest.mark.parametrize("reader", [inspect_predictions, inspect_judgments])
def test_a_file_that_is_not_an_inspect_log_is_refused_by_name(reader, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "predictions.json"
    path.write_text('{"id": "a", "output": "x"}\n')
    with pytest.raises(FinsynthError, match=r"predictions\.json"):
        list(reader(path))
    with pytest.raises(FinsynthError, match="no such inspect log"):
        list(reader(tmp_path / "missing.eval"))


def test_the_command_line_names_the_formats_it_reads(tmp_path: Path) -> None:
    judgments = tmp_path / "samples.jsonl"
    judgments.write_text("{}\n")
    result = runner.invoke(app, ["score", "failsafe", str(judgments), "--from", "lm-eval"])
    assert result.exit_code == 2 and "lm-eval has no FailSafeQA task" in result.output
    result = runner.invoke(app, ["score", "failsafe", str(judgments), "--from", "csv"])
    assert result.exit_code == 2 and "--from must be judgments or inspect" in result.output
    result = runner.invoke(app, ["score", "chaineval", str(judgments), str(judgments), "--from", "csv"])
    assert result.exit_code == 2 and "--from must be one of predictions, inspect, lm-eval" in result.output
