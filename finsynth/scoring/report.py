"""JSON reports of the scorers, as ``finsynth score ... --report PATH`` writes them.

Every report has the scores, the settings that produced them, and ``problems``: one entry
(``kind``, ``message``, ``line``, ``id``) per input line or record that was not used as given.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from finsynth.errors import FinsynthError
from finsynth.scoring.chaineval import ChainEvalResult
from finsynth.scoring.failsafe import FailSafeReport
from finsynth.scoring.jsonl import InputProblem
from finsynth.scoring.ratings import RatingInterval, WinMatrix


def _problems(problems: Sequence[InputProblem]) -> list[dict[str, Any]]:
    return [dataclasses.asdict(problem) for problem in problems]


def chaineval_report(
    result: ChainEvalResult, problems: Sequence[InputProblem], settings: Mapping[str, Any]
) -> dict[str, Any]:
    """Report of a ChainEval run: settings, overall/domain/difficulty means, problems, per-record items.

    ``no_prediction`` lists the ids of records without a prediction (scored as wrong).
    """
    return {
        "metric": "chaineval",
        "settings": dict(settings),
        "overall": dataclasses.asdict(result.overall),
        "by_domain": {name: dataclasses.asdict(scores) for name, scores in result.by_domain.items()},
        "by_difficulty": {name: dataclasses.asdict(scores) for name, scores in result.by_difficulty.items()},
        "no_prediction": [item.id for item in result.items if item.missing],
        "problems": _problems(problems),
        "items": [dataclasses.asdict(item) for item in result.items],
    }


def failsafe_json(
    report: FailSafeReport, problems: Sequence[InputProblem], settings: Mapping[str, Any]
) -> dict[str, Any]:
    """Report of FailSafeQA scores: overall and per task type, with the unusable lines."""
    return {
        "metric": "failsafe",
        "settings": dict(settings),
        "overall": dataclasses.asdict(report.overall),
        "by_task_type": {name: dataclasses.asdict(scores) for name, scores in report.by_task_type.items()},
        "problems": _problems(problems),
    }


def ratings_json(intervals: Mapping[str, RatingInterval]) -> dict[str, dict[str, float | int]]:
    """``{model: {"rating", "ci_low", "ci_high", "games"}}``, highest rating first."""
    ranked = sorted(intervals.items(), key=lambda entry: (-entry[1].rating, entry[0]))
    return {model: dataclasses.asdict(interval) for model, interval in ranked}


def ratings_report(
    intervals: Mapping[str, RatingInterval],
    matrix: WinMatrix,
    problems: Sequence[InputProblem],
    settings: Mapping[str, Any],
) -> dict[str, Any]:
    """Report of a rating run: ratings with intervals, the win/tie/loss matrices, problems."""
    return {
        "metric": "ratings",
        "settings": dict(settings),
        "ratings": ratings_json(intervals),
        "win_matrix": {
            "models": matrix.models,
            "wins": matrix.wins,
            "ties": matrix.ties,
            "losses": matrix.losses,
        },
        "problems": _problems(problems),
    }


def write_report(path: Path, report: Mapping[str, Any]) -> None:
    """Write a report as indented UTF-8 JSON.

    Raises:
        FinsynthError: If the file cannot be written.

    """
    try:
        path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as error:
        raise FinsynthError(f"{path}: cannot write the report: {error.strerror or error}") from None
