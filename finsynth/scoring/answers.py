r"""The one answer reader: a model's final answer, and whether it matches a record's.

Every place finsynth reads a final answer uses this module: ChainEval, the inspect_ai
scorers, the lm-eval filter and metric shipped with each build, and
:func:`finsynth.score_answer` for training loops.

The final answer is the model's *last stated* answer: the text after the last answer marker
(``Answer:``, ``Final answer:``, ``The answer is``, ``\boxed{...}``), in any case and with
markdown around it (``**Answer:** 14.59%``, ``**Answer**: 14.59%``); when the marker ends
its line, the next non-empty line. Without a marker it is the last number of the output
(numeric questions) or the last answer label it names (categorical questions). The first
number after the marker counts, so a restatement after it (``$844,838,136.99 (about 845
million)``) does not replace it.

Numbers are read by :func:`~finsynth.scoring.numbers.extract_numbers`: scale words
(``$303.49 million``, ``2bn``, ``10k``), parentheses for negatives (``($8,385.35)``),
``%``, ``bp``, a trailing ``x`` (``0.15x``) and currency. A numeric answer is right when
``|pred - gold| <= tolerance * |gold|`` (5% by default, :data:`DEFAULT_TOLERANCE`), read with
the unit rules of :func:`values_agree`: percentages and basis points convert into each
other, and a bare number answering a rate may be the rate as a fraction (``0.1172`` for
``11.72%``, ``0.04317`` for ``431.7 bp``). Categorical answers are right when the label,
after :func:`normalise_label`, is the gold label.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from finsynth.errors import FinsynthError
from finsynth.scoring.numbers import Number, extract_numbers

DEFAULT_TOLERANCE = 0.05
"""Relative tolerance of a numeric answer or step value (FinChain's 5%)."""

GoldScale = Literal["percent", "basis_points", "plain"]
"""How a gold value is shown: ``percent`` values are stored as fractions (0.1172 shown as
11.72%); ``basis_points`` values are stored in basis points (298.0 shown as 298.0 bp)."""

# "Answer" with optional markdown emphasis (**Answer:**, __Answer__:), then "is", ":" or "=".
_MARKER = r"\b(?:final\s+answer|answer)(?:\s*[*_]{1,3})?\s*(?:is\b|:|：|=)"
_ANSWER_MARKER = re.compile(rf"(?i){_MARKER}|\\boxed\{{")
_ANSWER_STATEMENT = re.compile(rf"(?im){_MARKER}.*$|\\boxed\{{[^}}]*\}}?")
_WORDLESS = re.compile(r"^[\s*_#>:`~-]*$")
_PUNCTUATION = re.compile(r"[\"'`“”‘’*_.,;:!?()\[\]{}]")
_SPACES = re.compile(r"\s+")


def answer_segment(output: str) -> str | None:
    r"""Return the text after the last answer marker of ``output``, or ``None`` if it has none.

    The segment runs to the end of the marker's line (or the closing brace of ``\boxed{``);
    when the rest of that line is only markdown, it is the next non-empty line.
    """
    markers = list(_ANSWER_MARKER.finditer(output))
    if not markers:
        return None
    last = markers[-1]
    rest = output[last.end() :]
    if last.group().endswith("{"):
        return rest.split("}", 1)[0]
    lines = rest.split("\n")
    if _WORDLESS.match(lines[0]):
        return next((line for line in lines[1:] if not _WORDLESS.match(line)), lines[0])
    return lines[0]


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
      gold is shown as one (``11.72`` answering "as a percentage" matches 0.1172), or as a
      fraction when the gold is in basis points (``0.04317`` matches 431.7 bp): a rate's
      unit makes both readings plausible, and they are orders of magnitude apart.

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
    elif scale == "basis_points":
        readings = [predicted.value, predicted.value * 10_000]
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
    """Check the last stated numeric answer of ``output`` against ``gold`` (see :func:`values_agree`).

    The answer is the first number after the last answer marker; an answer statement without
    a number is wrong. Without a marker, the last number of the output is the answer.
    """
    segment = answer_segment(output)
    if segment is not None:
        source, numbers = segment, extract_numbers(segment)[:1]
    else:
        source, numbers = output, extract_numbers(output)[-1:]
    if not numbers:
        return AnswerCheck(False, segment.strip() if segment is not None and segment.strip() else None)
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
        label = _last_label(output if segment is None else segment, choices)
    else:
        label = segment.strip() if segment is not None and segment.strip() else None
    if label is None:
        return AnswerCheck(False, None)
    return AnswerCheck(normalise_label(label) == normalise_label(gold), label)


@dataclass(frozen=True)
class GoldAnswer:
    """A record's answer, as the reader compares against it.

    Attributes:
        value: The numeric answer in the record's units, or ``None`` for a label.
        scale: How the numeric answer is shown (see :data:`GoldScale`).
        label: The gold label, for categorical answers.
        choices: The labels a categorical question names (may be empty).

    """

    value: float | None
    scale: GoldScale
    label: str | None
    choices: tuple[str, ...]


def _choices(record: Mapping[str, Any]) -> tuple[str, ...]:
    choices = record.get("choices") or ()
    if isinstance(choices, str):  # a JSON list, as some tools store it
        try:
            choices = json.loads(choices)
        except json.JSONDecodeError:
            choices = (choices,)
    return tuple(str(choice) for choice in choices)


def gold_answer(record: Mapping[str, Any]) -> GoldAnswer:
    """The gold answer of a record.

    A FinChain record's ``answer_value`` and ``answer_unit`` (or ``answer_label`` and
    ``choices``) are used when present; otherwise the ``target`` text is read: a number with
    its unit (``"19.62%"``, ``"122.3 bp"``, ``"$1,234.56"``, ``"0.18x"``), or else a label.

    Raises:
        FinsynthError: If the record has neither answer columns nor a text ``target``.

    """
    choices = _choices(record)
    value = record.get("answer_value")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return GoldAnswer(float(value), answer_scale(record.get("answer_unit")), None, choices)
    label = record.get("answer_label")
    if isinstance(label, str) and label:
        return GoldAnswer(None, "plain", label, choices)
    target = record.get("target")
    if not isinstance(target, str):
        raise FinsynthError(
            "a record to score against needs 'answer_value' (with 'answer_unit'), 'answer_label' "
            f"or a text 'target'; got the fields {sorted(record)}"
        )
    numbers = extract_numbers(target)
    if choices or not numbers:
        return GoldAnswer(None, "plain", target, choices)
    number = numbers[0]
    if number.unit == "percent":
        return GoldAnswer(number.fraction, "percent", None, choices)
    return GoldAnswer(
        number.value, "basis_points" if number.unit == "basis_points" else "plain", None, choices
    )


def check_answer(output: str, record: Mapping[str, Any], tolerance: float = DEFAULT_TOLERANCE) -> AnswerCheck:
    """Check a model's output against a record's gold answer (see :func:`gold_answer`).

    Args:
        output: The model's full output.
        record: The record (a FinChain row, an lm-eval document, or ``{"target": ...}``).
        tolerance: Relative tolerance of numeric answers.

    Raises:
        FinsynthError: If the record has no answer to compare against.

    """
    gold = gold_answer(record)
    if gold.value is not None:
        return check_numeric_answer(output, gold.value, gold.scale, tolerance)
    return check_label_answer(output, gold.label or "", gold.choices)


def score_answer(
    output: str | None, record: Mapping[str, Any], tolerance: float = DEFAULT_TOLERANCE
) -> float:
    """1.0 when ``output``'s final answer matches ``record``'s, else 0.0.

    The reward for training loops, reasoning-gym style: ``score_answer(completion, record)``
    with any record :func:`finsynth.generate` gives (or a row of a built dataset).

    Args:
        output: The model's full output; ``None`` or an empty output scores 0.0.
        record: The record (see :func:`gold_answer`).
        tolerance: Relative tolerance of numeric answers (5% by default).

    Raises:
        FinsynthError: If the record has no answer to compare against.

    """
    if not output:
        gold_answer(record)  # a record without an answer is an error even for an empty output
        return 0.0
    return 1.0 if check_answer(output, record, tolerance).correct else 0.0


def answer_line(output: str) -> str:
    """The final answer as one ``Answer: ...`` line, or the output itself when it states none.

    What the lm-eval filter keeps: reading the line again gives the same answer.
    """
    segment = answer_segment(output)
    return output if segment is None else f"Answer: {segment.strip()}"
