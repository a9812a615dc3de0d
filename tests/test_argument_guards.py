"""Small guards: typed API arguments, bounded counts, finite parameters, clean publishing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from finsynth.builder.output import _publish
from finsynth.cli import app
from finsynth.errors import FinsynthError
from finsynth.pipeline import MAX_LANES, generate, iterable_dataset
from finsynth.scoring.ratings import MAX_BOOTSTRAP_ROUNDS, Game, bootstrap_ratings

runner = CliRunner()
TEMPLATE = "finchain/investment_analysis/compound_interest/future_value_of_a_single_deposit"


@pytest.mark.parametrize(
    "arguments", [{"seed": "7", "n": 1}, {"seed": 7.0, "n": 1}, {"seed": True, "n": 1}, {"seed": 7, "n": 1.5}]
)
def test_generate_rejects_arguments_that_are_not_ints(arguments: dict[str, object]) -> None:
    with pytest.raises(TypeError, match="must be an int"):
        list(generate(TEMPLATE, **arguments))  # type: ignore[arg-type]


@pytest.mark.parametrize("split", ["a/b", ""])
def test_a_split_name_that_would_make_ids_ambiguous_is_refused(split: str) -> None:
    with pytest.raises(FinsynthError, match="split must be"):
        list(generate(TEMPLATE, n=1, seed=1, split=split))


def test_an_overflowing_number_in_an_answer_is_left_out_not_a_crash() -> None:
    from finsynth.scoring.numbers import extract_numbers

    assert [number.value for number in extract_numbers("about 1e999, or 42")] == [42.0]


def test_streams_have_a_bounded_number_of_lanes() -> None:
    with pytest.raises(FinsynthError, match="lanes must be 1 to"):
        iterable_dataset(TEMPLATE, seed=1, lanes=MAX_LANES + 1)


def test_bootstrap_rounds_are_bounded() -> None:
    games = [Game("a", "b", "model_a"), Game("a", "b", "model_b")]
    with pytest.raises(FinsynthError, match="bootstrap rounds"):
        bootstrap_ratings(games, rounds=MAX_BOOTSTRAP_ROUNDS + 1)
    with pytest.raises(FinsynthError, match="prior"):
        bootstrap_ratings(games, rounds=1, prior=float("nan"))


@pytest.mark.parametrize("beta", ["inf", "nan", "0", "-1"])
def test_failsafe_beta_must_be_positive_and_finite(beta: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", "failsafe", str(tmp_path / "j.jsonl"), "--beta", beta])
    assert result.exit_code == 2 and "--beta must be a positive finite number" in result.output


def test_perturb_jsonl_prints_nothing_when_a_later_line_is_bad(tmp_path: Path) -> None:
    queries = tmp_path / "q.jsonl"
    queries.write_text(json.dumps({"id": 1, "text": "What is the principal?"}) + "\n{broken\n")
    result = runner.invoke(app, ["perturb", "misspell", "--jsonl", str(queries)])
    assert result.exit_code == 2 and result.stdout == "" and "q.jsonl:2" in result.stderr


def test_publishing_removes_copies_a_killed_overwrite_left_behind(tmp_path: Path) -> None:
    target, staging = tmp_path / "0.1.0", tmp_path / ".0.1.0.partial"
    leftover = tmp_path / ".0.1.0.old-abc123" / "0.1.0"
    for folder, text in ((target, "old"), (staging, "new"), (leftover, "older")):
        folder.mkdir(parents=True)
        (folder / "README.md").write_text(text)
    _publish(staging, target, overwrite=True)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["0.1.0"]
    assert (target / "README.md").read_text() == "new"
