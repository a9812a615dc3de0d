"""FinChain rewards: the final answer, the answer line's form, and credit for the worked steps.

Three reward functions per record, with their weights built in so that TRL's sum of rewards
never ranks a wrong answer above a right one:

- **correctness** (``finchain_correct``, 0 or 1): exactly
  :func:`finsynth.score_answer`: the last ``Answer:`` line must state the gold value within
  5% (:data:`~finsynth.scoring.answers.DEFAULT_TOLERANCE`) with a compatible unit, or name
  exactly the gold choice. A reward and an evaluation cannot disagree.
- **answer format** (``finchain_answer_format``, 0 or :data:`FORMAT_WEIGHT`): the completion
  has exactly one ``Answer:`` line, and that line states a number (numeric answers) or
  exactly one of the record's choices (categorical answers), whatever its value. Repeated
  ``Answer:`` lines earn nothing.
- **step credit** (``finchain_step_credit``, 0 to :data:`STEP_WEIGHT`): the completion's
  reasoning is split into steps as ChainEval splits it
  (:func:`~finsynth.scoring.chaineval.split_steps`, answer lines left out), and each step's
  result is its number after its last ``=`` (else its last number). Walking the completion's
  steps in order, a step *matches* the first gold step not yet matched whose value agrees
  within 5% (percentages and basis points read as the gold step shows them). With ``m``
  matches, ``p`` completion steps and ``g`` gold steps, precision ``P = m/p`` and recall
  ``R = m/g``, and the credit is ``STEP_WEIGHT × 2PR / (P + R)``: every correct
  intermediate value earns credit, and padding the reasoning with numbers costs precision.

The record's own worked solution earns the maximum of each (1, 0.2 and 0.5). A wrong answer
earns at most 0.2 + 0.5 = 0.7, below the 1 of any right one. A completion longer than
:data:`~finsynth.rewards.completions.MAX_COMPLETION_CHARS`, or not text, earns 0 from each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from finsynth.errors import FinsynthError
from finsynth.rewards.completions import (
    RewardFunction,
    column_rows,
    completion_text,
    readable,
    require_columns,
)
from finsynth.scoring.answers import (
    DEFAULT_TOLERANCE,
    answer_line_count,
    answer_segment,
    gold_answer,
    normalise_label,
    score_answer,
    stated_number,
    step_scale,
    values_agree,
)
from finsynth.scoring.chaineval import split_steps
from finsynth.scoring.numbers import extract_numbers

FORMAT_WEIGHT = 0.2
"""The answer-format reward of a well-formed answer line."""
STEP_WEIGHT = 0.5
"""The step-credit reward of a completion that shows every gold step and nothing else."""

ANSWER_COLUMNS = ("target", "choices", "answer_value", "answer_label", "answer_unit")
"""The columns the answer reader compares against (see :func:`~finsynth.scoring.answers.gold_answer`)."""


def _texts(completions: Sequence[Any]) -> list[str]:
    return [completion_text(completion) for completion in completions]


def _answer_rows(columns: Mapping[str, Any], count: int, reward: str) -> list[dict[str, Any]]:
    if not any(name in columns for name in ("target", "answer_value", "answer_label")):
        require_columns(columns, ("target",), reward=reward)
    return column_rows(columns, ANSWER_COLUMNS, count, reward=reward)


def correctness(text: str, record: Mapping[str, Any], tolerance: float = DEFAULT_TOLERANCE) -> float:
    """1.0 when the completion's final answer is right (:func:`finsynth.score_answer`), else 0.0."""
    return score_answer(text, record, tolerance) if readable(text) else 0.0


def answer_format(text: str, record: Mapping[str, Any]) -> float:
    """:data:`FORMAT_WEIGHT` when ``text`` has one ``Answer:`` line stating an answer of the record's kind."""
    if not text or not readable(text) or answer_line_count(text) != 1:
        return 0.0
    segment = answer_segment(text) or ""
    gold = gold_answer(record)
    if gold.value is not None:
        well_formed = bool(extract_numbers(segment))
    elif gold.choices:
        well_formed = normalise_label(segment) in {normalise_label(choice) for choice in gold.choices}
    else:
        well_formed = bool(normalise_label(segment))
    return FORMAT_WEIGHT if well_formed else 0.0


def step_credit(text: str, steps: Sequence[Mapping[str, Any]], tolerance: float = DEFAULT_TOLERANCE) -> float:
    """The step credit of ``text`` against a record's gold ``steps`` (see the module docstring)."""
    if not text or not readable(text) or not steps:
        return 0.0
    gold = [(float(step["value"]), step_scale(str(step["text"]))) for step in steps]
    predicted = [stated_number(piece) for piece in split_steps(text)]
    matched = [False] * len(gold)
    for number in predicted:
        if number is None:
            continue
        for index, (value, scale) in enumerate(gold):
            if not matched[index] and values_agree(number, value, scale, tolerance):
                matched[index] = True
                break
    count = sum(matched)
    if count == 0:
        return 0.0
    precision, recall = count / len(predicted), count / len(gold)
    return STEP_WEIGHT * 2 * precision * recall / (precision + recall)


def finchain_correct(prompts: Sequence[Any], completions: Sequence[Any], **columns: Any) -> list[float]:
    """1.0 per completion whose final answer matches the record's (:func:`finsynth.score_answer`)."""
    rows = _answer_rows(columns, len(completions), "finchain_correct")
    return [correctness(text, row) for text, row in zip(_texts(completions), rows, strict=True)]


def finchain_answer_format(prompts: Sequence[Any], completions: Sequence[Any], **columns: Any) -> list[float]:
    """0.2 per completion with one well-formed ``Answer:`` line (see :func:`answer_format`)."""
    rows = _answer_rows(columns, len(completions), "finchain_answer_format")
    return [answer_format(text, row) for text, row in zip(_texts(completions), rows, strict=True)]


def finchain_step_credit(prompts: Sequence[Any], completions: Sequence[Any], **columns: Any) -> list[float]:
    """Up to 0.5 per completion for the gold steps its reasoning states (see :func:`step_credit`)."""
    require_columns(columns, ("steps",), reward="finchain_step_credit")
    rows = column_rows(columns, ("steps",), len(completions), reward="finchain_step_credit")
    for row in rows:
        check_steps(row["steps"])
    return [step_credit(text, row["steps"]) for text, row in zip(_texts(completions), rows, strict=True)]


FINCHAIN_REWARDS: tuple[RewardFunction, ...] = (
    finchain_correct,
    finchain_answer_format,
    finchain_step_credit,
)
"""The FinChain reward functions, in the order :func:`~finsynth.rewards.reward_functions` lists them."""


def check_steps(steps: object) -> None:
    """Raise unless ``steps`` is a list of gold steps (dicts with ``text`` and ``value``).

    Raises:
        FinsynthError: Naming what the column holds instead.

    """
    if not isinstance(steps, Sequence) or not all(
        isinstance(step, Mapping) and "text" in step and "value" in step for step in steps
    ):
        raise FinsynthError("the 'steps' column must hold a record's steps (dicts with 'text' and 'value')")
