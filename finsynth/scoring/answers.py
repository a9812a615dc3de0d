r"""A model's final answer, and whether it matches a FinChain record's.

The final answer is the model's *last stated* answer: the text after the last answer marker
(``Answer:``, ``Final answer:``, ``The answer is``, ``\boxed{...}``); without a marker, the
last number of the output (numeric questions) or the last answer label it names
(categorical questions).

Numeric answers are right when ``|pred - gold| <= tolerance * |gold|`` (5% by default), with
the unit semantics of :func:`values_agree`. Categorical answers are right when the label,
after :func:`normalise_label`, is the gold label.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from finsynth.scoring.numbers import Number, extract_numbers

DEFAULT_TOLERANCE = 0.05
"""Relative tolerance of a numeric answer or step value (FinChain's 5%)."""

GoldScale = Literal["percent", "basis_points", "plain"]
"""How a gold value is shown: ``percent`` values are stored as fractions (0.1172 shown as
11.72%); ``basis_points`` values are stored in basis points (298.0 shown as 298.0 bp)."""

_ANSWER_MARKER = re.compile(
    r"(?i)(?:final\s+answer|answer)\s*(?:is|:|=)|\\boxed\{",
)
_ANSWER_STATEMENT = re.compile(r"(?im)(?:final\s+answer|answer)\s*(?:is|:|=).*$|\\boxed\{[^}]*\}?")
_PUNCTUATION = re.compile(r"[\"'`“”‘’*_.,;:!?()\[\]{}]")
_SPACES = re.compile(r"\s+")


def answer_segment(output: str) -> str | None:
    r"""Return the text after the last answer marker of ``output``, or ``None`` if it has none.

    The segment runs to the end of the marker's line (or the closing brace of ``\boxed{``).
    """
    markers = list(_ANSWER_MARKER.finditer(output))
    if not markers:
        return None
    last = markers[-1]
    rest = output[last.end() :]
    if last.group().endswith("{"):
        return rest.split("}", 1)[0]
    return rest.split("\n", 1)[0]


def without_answer_statements(output: str) -> str:
    r"""Remove every answer statement (from its marker to the end of its line, or a ``\boxed{}``)."""
    return _ANSWER_STATEMENT.sub("", output)


def normalise_label(text: str) -> str:
    """Lower-case a label, drop quotes and punctuation, and collapse whitespace."""
    return _SPACES.sub(" ", _PUNCTUATION.sub(" ", text.lower())).strip()


_UNIT_SCALES: dict[str | None, GoldScale] = {"%": "percent", "bp": "basis_points"}


def answer_scale(answer_unit: str | None) -> GoldScale:
    """How a FinChain record's numeric answer is shown, from its ``answer_unit``."""
    return _UNIT_SCALES.get(answer_unit, "plain")


def step_scale(step_text: str) -> GoldScale:
    """How a gold step shows its result: the unit of the last number after its last ``=``.

    FinChain steps end ``= 0.0720 (7.20%)`` for rates and ``= 298.0 (298.0 bp)`` for spreads.
    """
    numbers = extract_numbers(step_text[step_text.rfind("=") + 1 :])
    if numbers and numbers[-1].unit in ("percent", "basis_points"):
        return "percent" if numbers[-1].unit == "percent" else "basis_points"
    return "plain"


def values_agree(
    predicted: Number, gold: float, scale: GoldScale, tolerance: float = DEFAULT_TOLERANCE
) -> bool:
    """Whether a predicted number matches a gold value within a relative tolerance.

    Units decide how the predicted number is read:

    - a percentage is compared as a fraction (``11.72%`` → 0.1172), or as basis points
      against a basis-point gold (``2.98%`` → 298 bp);
    - basis points are compared as they are against a basis-point gold and as fractions
      otherwise (``25 bp`` → 0.0025);
    - a number without a unit is compared as written, and also as a percentage when the
      gold is shown as one (``11.72`` answering "as a percentage" matches 0.1172).

    Args:
        predicted: The number a model stated.
        gold: The gold value in the record's units (rates as fractions, basis points as such).
        scale: How the gold is shown.
        tolerance: Relative tolerance; a gold of zero needs an exact zero.

    """
    if predicted.unit == "percent":
        readings = [predicted.value * 100 if scale == "basis_points" else predicted.value / 100]
    elif predicted.unit == "basis_points":
        readings = [predicted.value if scale == "basis_points" else predicted.value / 10_000]
    elif scale == "percent":
        readings = [predicted.value, predicted.value / 100]
    else:
        readings = [predicted.value]
    return any(abs(reading - gold) <= tolerance * abs(gold) for reading in readings)


def stated_number(text: str) -> Number | None:
    """The number a piece of text states: the first after the last ``=``, else the last one."""
    equals = max(text.rfind("="), text.rfind("≈"))
    if equals >= 0:
        after = [number for number in extract_numbers(text[equals + 1 :]) if not number.restates_previous]
        if after:
            return after[0]
    numbers = [number for number in extract_numbers(text) if not number.restates_previous]
    return numbers[-1] if numbers else None


def _last_label(text: str, choices: Sequence[str]) -> str | None:
    """The label named last in ``text``.

    A label inside a longer one ("form filed" in "no form filed") does not count on its own.
    """
    normalised = f" {normalise_label(text)} "
    found: list[tuple[int, int, str]] = []
    for choice in choices:
        label = normalise_label(choice)
        if not label:
            continue
        found += [(m.start(), m.end(), choice) for m in re.finditer(re.escape(f" {label} "), normalised)]
    standalone = [
        (start, end, choice)
        for start, end, choice in found
        if not any(s <= start and end <= e and (s, e) != (start, end) for s, e, _ in found)
    ]
    return max(standalone)[2] if standalone else None


@dataclass(frozen=True)
class AnswerCheck:
    """The verdict on a final answer.

    Attributes:
        correct: Whether the final answer matches the gold answer.
        predicted: The answer as read from the output (a number's text or a label), or ``None``
            when none could be read.

    """

    correct: bool
    predicted: str | None


def check_numeric_answer(
    output: str, gold: float, scale: GoldScale, tolerance: float = DEFAULT_TOLERANCE
) -> AnswerCheck:
    """Check the last stated numeric answer of ``output`` against ``gold`` (see :func:`values_agree`)."""
    segment = answer_segment(output)
    numbers = extract_numbers(segment) if segment is not None else []
    source = segment if numbers and segment is not None else output
    if not numbers:
        numbers = extract_numbers(output)[-1:]
    if not numbers:
        return AnswerCheck(False, None)
    number = numbers[0]
    return AnswerCheck(
        values_agree(number, gold, scale, tolerance), source[number.start : number.end].strip()
    )


def check_label_answer(output: str, gold: str, choices: Sequence[str]) -> AnswerCheck:
    """Check the last stated label of ``output`` against ``gold``.

    With ``choices``, the answer is the last choice named after the answer marker (or in the
    whole output without one); without them, the whole normalised answer segment must equal
    the gold label.
    """
    segment = answer_segment(output)
    if choices:
        label = _last_label(segment, choices) if segment is not None else None
        if label is None:
            label = _last_label(output, choices)
    else:
        label = segment.strip() if segment is not None and segment.strip() else None
    if label is None:
        return AnswerCheck(False, None)
    return AnswerCheck(normalise_label(label) == normalise_label(gold), label)
