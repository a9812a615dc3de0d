"""Model outputs and judge ratings from evaluation logs, for ``finsynth score ... --from``.

- **inspect_ai** eval logs (``.eval`` or ``.json``, read with ``inspect_ai.log``): each
  sample's id and completion (predictions), or, for the FailSafeQA task, its item, condition,
  task type and the judge's rating (judgments).
- inspect_ai logs of the UCFE task: one pairwise game per judged sample, the log's model
  against the sample's reference model (games).
- **lm-eval** sample files (``samples_<task>_<time>.jsonl``, written with
  ``--log_samples``): each line's ``doc["id"]`` and first response ``resps[0][0]``.

Both become the ``(position, object)`` entries the file readers produce, so they are matched
and checked exactly as a predictions or judgments file is (a sample's position stands for
its line number).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from finsynth.errors import FinsynthError
from finsynth.scoring.jsonl import InputProblem, read_jsonl

if TYPE_CHECKING:
    from inspect_ai.log import EvalLog

LogFormat = Literal["predictions", "inspect", "lm-eval"]
"""What ``--from`` accepts: finsynth's own JSONL, an inspect_ai log, an lm-eval sample file."""
LOG_FORMATS: tuple[LogFormat, ...] = ("predictions", "inspect", "lm-eval")

Entry = tuple[int, "dict[str, Any] | InputProblem"]


def _inspect_log(path: Path) -> EvalLog:
    try:
        from inspect_ai.log import read_eval_log
    except ImportError:
        raise FinsynthError("reading inspect logs needs inspect_ai: pip install inspect-ai") from None
    if not path.is_file():
        raise FinsynthError(f"{path}: no such inspect log")
    try:
        log = read_eval_log(str(path))
    except Exception as error:  # inspect raises several types for a file that is not a log
        raise FinsynthError(
            f"{path}: not an inspect_ai eval log ({' '.join(str(error).split())[:200]})"
        ) from None
    if not log.samples:
        raise FinsynthError(f"{path}: the log has no samples (status {log.status})")
    return log


def inspect_predictions(path: Path) -> Iterator[Entry]:
    """``(sample position, {"id", "output"})`` per sample of an inspect log (later epochs repeat ids).

    Raises:
        FinsynthError: If the file is not a readable inspect_ai log with samples.

    """
    for position, sample in enumerate(_inspect_log(path).samples or [], 1):
        yield position, {"id": str(sample.id), "output": sample.output.completion}


def inspect_judgments(path: Path) -> Iterator[Entry]:
    """``(sample position, judgment object)`` per sample of an inspect log of the FailSafeQA task.

    A judgment object has the item id, condition, task type, the path that rated the answer
    (``rated_by``: ``judge``, ``empty_answer`` or ``unreadable_judge``) and the rating, or,
    when the rating could not be read, the judge's text; both unreadable cases count as rating
    1 and are reported as rating parse failures.

    Raises:
        FinsynthError: If the file is not a readable inspect_ai log with samples.

    """
    for position, sample in enumerate(_inspect_log(path).samples or [], 1):
        metadata = sample.metadata or {}
        if "condition" not in metadata or "item_id" not in metadata:
            yield (
                position,
                InputProblem("bad_field", "not a FailSafeQA sample (no item_id/condition)", position),
            )
            continue
        score = next(iter((sample.scores or {}).values()), None)
        entry: dict[str, Any] = {
            "id": metadata["item_id"],
            "condition": metadata["condition"],
            "task_type": metadata.get("task_type"),
            "rated_by": ((score.metadata or {}) if score is not None else {}).get("rated_by", "judge"),
        }
        if score is None:
            yield position, InputProblem("bad_field", "the sample was not scored", position, str(sample.id))
            continue
        if isinstance(score.value, int) and 1 <= score.value <= 6:
            entry["rating"] = score.value
        else:
            entry["judge_output"] = score.explanation or ""
        yield position, entry


def inspect_games(paths: Sequence[Path]) -> Iterator[Entry]:
    """``(sample position, game object)`` per sample of inspect logs of the UCFE task, log after log.

    A game object is ``{"model_a": the log's model, "model_b": the reference model, "winner",
    "item"}``; a sample the judge left unjudged, or one from another task, is a problem.
    Positions count on across the logs.

    Raises:
        FinsynthError: If a file is not a readable inspect_ai log with samples.

    """
    from finsynth.scoring.dialogue_judge import outcome_game, outcome_of_points

    position = 0
    for path in paths:
        log = _inspect_log(path)
        for sample in log.samples or []:
            position += 1
            metadata = sample.metadata or {}
            score = (sample.scores or {}).get("ucfe_judge")
            if score is None or "reference_model" not in metadata:
                yield position, InputProblem("bad_field", f"{path}: not a scored UCFE sample", position)
                continue
            game = outcome_game(
                log.eval.model,
                str(metadata["reference_model"]),
                outcome_of_points(score.as_float()),
                str(sample.id),
            )
            if game is None:
                problem = f"{path}: the judge gave no verdict in one of the orders"
                yield position, InputProblem("bad_field", problem, position, str(sample.id))
            else:
                value = {
                    "model_a": game.model_a,
                    "model_b": game.model_b,
                    "winner": game.winner,
                    "item": game.item,
                }
                yield position, value


def lm_eval_predictions(path: Path) -> Iterator[Entry]:
    """``(line, {"id", "output"})`` per line of an lm-eval sample file (the first response of each).

    Raises:
        FinsynthError: If the file cannot be read.

    """
    for line, value in read_jsonl(path):
        if isinstance(value, InputProblem):
            yield line, value
            continue
        doc = value.get("doc")
        responses = value.get("resps")
        if not isinstance(doc, dict) or "id" not in doc:
            yield line, InputProblem("missing_id", "an lm-eval sample needs doc.id (a finsynth task's)", line)
        elif not (
            isinstance(responses, list) and responses and isinstance(responses[0], list) and responses[0]
        ):
            yield (
                line,
                InputProblem(
                    "bad_field", "an lm-eval sample needs resps [[text, ...]]", line, str(doc["id"])
                ),
            )
        else:
            yield line, {"id": doc["id"], "output": responses[0][0]}
