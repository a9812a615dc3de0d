from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import finsynth
from finsynth.cli import app
from finsynth.scoring.failsafe import llm_compliance

runner = CliRunner()
CONDITIONS = [
    "baseline",
    "misspelled",
    "incomplete",
    "out_of_domain",
    "ocr",
    "missing_context",
    "irrelevant_context",
]


def write_jsonl(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join((row if isinstance(row, str) else json.dumps(row)) + "\n" for row in rows))
    return path


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return list(finsynth.generate("finchain/investment_analysis", n=1, seed=3))


@pytest.mark.parametrize("command", ["chaineval", "failsafe", "ratings", "agreement"])
def test_every_score_command_has_help_with_examples(command: str) -> None:
    result = runner.invoke(app, ["score", command, "--help"])
    assert result.exit_code == 0 and "Examples" in result.output


def test_chaineval_scores_and_reports_every_bad_prediction(
    tmp_path: Path, records: list[dict[str, Any]]
) -> None:
    dataset = write_jsonl(tmp_path / "records.jsonl", records)
    good = [{"id": r["id"], "output": r["solution"]} for r in records[:10]]
    predictions = write_jsonl(
        tmp_path / "predictions.jsonl",
        [
            *good,
            {"id": records[0]["id"], "output": "a second try"},
            "{oops",
            {"id": "not/a/record", "output": "x"},
            {"output": "no id"},
            {"id": records[10]["id"], "output": "  "},
        ],
    )
    report = tmp_path / "report.json"
    result = runner.invoke(
        app, ["score", "chaineval", str(dataset), str(predictions), "--report", str(report)]
    )
    assert result.exit_code == 0, result.output
    content = json.loads(report.read_text())
    kinds = [(p["kind"], p["line"]) for p in content["problems"] if p["kind"] != "no_prediction"]
    assert kinds == [
        ("duplicate_id", 11),
        ("bad_json", 12),
        ("unknown_id", 13),
        ("missing_id", 14),
        ("empty_output", 15),
    ]
    unanswered = [r["id"] for r in records[11:]]
    assert content["no_prediction"] == unanswered
    assert [p["id"] for p in content["problems"] if p["kind"] == "no_prediction"] == unanswered
    assert content["overall"]["records"] == len(records)
    assert content["overall"]["answer_accuracy"] == pytest.approx(10 / len(records))
    assert "line 12: bad_json" in result.output and "ChainEval by difficulty" in result.output


def test_chaineval_reads_a_built_dataset_folder(tmp_path: Path, records: list[dict[str, Any]]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    (tmp_path / "data" / "finchain").mkdir(parents=True)
    pq.write_table(
        pa.Table.from_pylist(records), tmp_path / "data" / "finchain" / "test-00000-of-00001.parquet"
    )
    predictions = write_jsonl(
        tmp_path / "p.jsonl", [{"id": r["id"], "output": r["solution"]} for r in records]
    )
    result = runner.invoke(app, ["score", "chaineval", str(tmp_path / "data"), str(predictions), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["overall"]["answer_accuracy"] == 1.0
    missing = runner.invoke(
        app, ["score", "chaineval", str(tmp_path / "data"), str(predictions), "--split", "dev"]
    )
    assert missing.exit_code == 2 and "finchain/test" in missing.output


def test_failsafe_prints_r_g_and_compliance(tmp_path: Path) -> None:
    rows: list[Any] = [{"id": "a", "condition": c, "rating": 5, "task_type": "QA"} for c in CONDITIONS]
    rows += [{"id": "b", "condition": c, "judge_output": "Fine.\nRating: [[2]]"} for c in CONDITIONS]
    rows.append({"id": "c", "condition": "ocr", "judge_output": "I would say five"})
    report = tmp_path / "failsafe.json"
    result = runner.invoke(
        app, ["score", "failsafe", str(write_jsonl(tmp_path / "j.jsonl", rows)), "--report", str(report)]
    )
    assert result.exit_code == 0, result.output
    content = json.loads(report.read_text())
    # Item c's unreadable rating counts as 1, the worst (issue 28), and is reported.
    assert content["overall"]["robustness"] == pytest.approx(1 / 3)
    assert content["overall"]["context_grounding"] == 0.5
    assert content["overall"]["llm_compliance"] == pytest.approx(llm_compliance(1 / 3, 0.5))
    assert content["overall"]["rated_by"] == {
        "judge": 14,
        "empty_answer": 0,
        "refusal_only": 0,
        "unreadable_judge": 1,
    }
    assert content["by_task_type"]["QA"]["robustness"] == 1.0
    assert [p["kind"] for p in content["problems"]] == ["rating_parse_failure"]
    assert "LLM-Compliance" in result.output and "rating_parse_failure" in result.output
    assert "unreadable judge ratings counted as 1: 1" in result.output


def test_ratings_json_and_a_judge_preferring_a(tmp_path: Path) -> None:
    rows: list[Any] = [{"model_a": "a", "model_b": "b", "winner": "model_a", "item": i} for i in range(30)]
    rows += [{"model_a": "b", "model_b": "a", "winner": "a", "item": i} for i in range(30)]
    rows.append({"model_a": "a", "model_b": "b", "winner": "draw"})
    games = write_jsonl(tmp_path / "games.jsonl", rows)
    for method in ("bt", "elo"):
        result = runner.invoke(
            app, ["score", "ratings", str(games), "--method", method, "--bootstrap", "20", "--json"]
        )
        assert result.exit_code == 0, result.output
        ratings = json.loads(result.stdout)
        assert list(ratings) == ["a", "b"] and ratings["a"]["rating"] > 1000 > ratings["b"]["rating"]
        assert ratings["a"]["games"] == 60 and ratings["a"]["ci_low"] <= ratings["a"]["ci_high"]
        assert "line 61: bad_field" in result.stderr
    report = tmp_path / "r.json"
    table = runner.invoke(app, ["score", "ratings", str(games), "--report", str(report)])
    assert "Bradley–Terry ratings from 60 games" in table.stdout
    assert json.loads(report.read_text())["win_matrix"]["wins"] == [[0, 60], [0, 0]]


def test_ratings_reject_unknown_methods_and_empty_files(tmp_path: Path) -> None:
    games = write_jsonl(tmp_path / "g.jsonl", [{"model_a": "a", "model_b": "b", "winner": "tie"}])
    assert runner.invoke(app, ["score", "ratings", str(games), "--method", "glicko"]).exit_code == 2
    empty = write_jsonl(tmp_path / "e.jsonl", ["{bad"])
    result = runner.invoke(app, ["score", "ratings", str(empty)])
    assert result.exit_code == 2 and "no usable games" in result.output


def test_agreement_reads_ratings_in_either_form(tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    first.write_text(
        json.dumps({"a": {"rating": 1100, "games": 3}, "b": {"rating": 1000}, "c": {"rating": 900}})
    )
    second = tmp_path / "second.json"
    second.write_text(json.dumps({"ratings": {"a": 1.0, "b": 3.0, "c": 2.0}}))
    result = runner.invoke(app, ["score", "agreement", str(first), str(second), "--json"])
    assert result.exit_code == 0, result.output
    content = json.loads(result.stdout)
    assert content["models"] == ["a", "b", "c"] and content["spearman"] == pytest.approx(-0.5)
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"a": "high"}))
    failed = runner.invoke(app, ["score", "agreement", str(first), str(broken)])
    assert failed.exit_code == 2 and "$.a" in failed.output


def test_ratings_refuses_several_games_files_and_logs_that_are_not_inspect_logs(tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    games.write_text('{"model_a": "a", "model_b": "b", "winner": "a"}\n')
    several = runner.invoke(app, ["score", "ratings", str(games), str(games)])
    assert several.exit_code == 2 and "--from games reads one games file, got 2" in several.output
    not_a_log = runner.invoke(app, ["score", "ratings", str(games), "--from", "inspect"])
    assert not_a_log.exit_code == 2 and "not an inspect_ai eval log" in not_a_log.output
    unknown = runner.invoke(app, ["score", "ratings", str(games), "--from", "arena"])
    assert unknown.exit_code == 2 and "--from must be games or inspect" in unknown.output
