"""Reading model predictions for ChainEval and reporting every one that cannot be matched.

A predictions file has one JSON object per line: ``{"id": "<record id>", "output": "<the
model's full answer>"}``. Lines are matched to records by id.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from finsynth.scoring.jsonl import InputProblem, read_jsonl


@dataclass(frozen=True)
class Predictions:
    """The usable predictions of a file and what was wrong with the rest.

    Attributes:
        outputs: Model output per record id (the first line of each id).
        problems: Bad JSON, missing or unknown ids, repeated ids, non-text or empty outputs,
            and one ``no_prediction`` entry per record the file does not answer.

    """

    outputs: dict[str, str]
    problems: list[InputProblem]

    @property
    def unanswered(self) -> list[str]:
        """Ids of records without a prediction (scored as wrong)."""
        return [problem.id for problem in self.problems if problem.kind == "no_prediction" and problem.id]


def read_predictions(path: Path, record_ids: Collection[str]) -> Predictions:
    """Read a predictions JSONL file against the ids of the records being scored.

    An empty (or whitespace-only) output is kept and scored (as wrong) but reported; a line
    whose ``output`` is missing or not text is reported and not used.

    Args:
        path: The predictions file.
        record_ids: Ids of the records being scored, in record order.

    Raises:
        FinsynthError: If the file cannot be read.

    """
    return predictions_from(read_jsonl(path), record_ids)


def predictions_from(
    entries: Iterable[tuple[int, dict[str, Any] | InputProblem]], record_ids: Collection[str]
) -> Predictions:
    """Match ``(line, {"id": ..., "output": ...})`` entries to records, as :func:`read_predictions` does.

    The entries may come from a predictions file or from an evaluation log
    (:mod:`finsynth.scoring.eval_logs`), where the "line" is the sample's position.
    """
    known = set(record_ids)
    outputs: dict[str, str] = {}
    first_line: dict[str, int] = {}
    problems: list[InputProblem] = []
    for line, value in entries:
        if isinstance(value, InputProblem):
            problems.append(value)
            continue
        record_id = value.get("id")
        if not isinstance(record_id, str) or not record_id:
            problems.append(
                InputProblem("missing_id", f"needs a non-empty string 'id', got {record_id!r}", line)
            )
            continue
        output = value.get("output")
        if record_id in first_line:
            message = f"id already predicted on line {first_line[record_id]}; kept that one"
            problems.append(InputProblem("duplicate_id", message, line, record_id))
        elif record_id not in known:
            problems.append(
                InputProblem("unknown_id", "no record with this id in the dataset", line, record_id)
            )
        elif not isinstance(output, str):
            message = f"'output' must be the model's text, got {type(output).__name__}"
            problems.append(InputProblem("bad_field", message, line, record_id))
        else:
            first_line[record_id] = line
            outputs[record_id] = output
            if not output.strip():
                problems.append(
                    InputProblem("empty_output", "the output is empty; scored as wrong", line, record_id)
                )
    problems += [
        InputProblem("no_prediction", "no prediction for this record; scored as wrong", id=record_id)
        for record_id in record_ids
        if record_id not in outputs
    ]
    return Predictions(outputs, problems)
