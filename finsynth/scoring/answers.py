r"""The one answer reader: a model's final answer, and whether it matches a record's.

Every place finsynth reads a final answer uses this module: ChainEval, the inspect_ai
scorers, the lm-eval filter and metric shipped with each build, ``finsynth score`` and
:func:`finsynth.score_answer`, the reward for training loops. It is strict, because a reward
that can be had without answering is soon found by a policy.

**The final answer** is the text after the last ``Answer:`` line: a line that starts with
``Answer:`` or ``Final answer:`` (any case; markdown around it, as in ``**Answer:** 14.59%``,
``**Answer**: 14.59%``, ``### Answer: 14.59%``, and ``=`` or a full-width colon in place of
``:``). When the marker ends its line, the answer is the next non-empty line. A reply
without such a line scores 0, whatever it says elsewhere; an earlier ``Answer:`` line is
replaced by a later one.

**Numeric answers** (read by :func:`~finsynth.scoring.numbers.extract_numbers`, with scale
words: ``$303.49 million``, ``$2bn``) must carry a unit compatible with the record's
(:func:`stated_unit`):

- a percentage (``%``) or basis points (``bp``) answers a rate given in either, converted;
- a currency answers an amount only in the same currency: a symbol or code before the
  number (``$``, ``US$``, ``USD``, ``¥``, ``JPY``, ...) or a word after it (``dollars``,
  ``USD``, ``yen``, ``BTC``, ``ETH``);
- a multiple needs ``x`` or ``times``; years, months, days, tons and shares need their word;
- **a bare number is accepted only where the record's answer has no unit** (``answer_unit``
  empty, or a ``target`` shown without one, such as a beta of ``1.16``); there a number with
  any unit is wrong.

The first number of the answer line is the answer; every other number on that line must
agree with the gold too (read in the first number's unit when it has none), so a
restatement such as ``$844,838,136.99 (about 845 million)`` is fine, while a spray
(``Answer: 1 2 3 4.0``) or a hedge (``Answer: 3.9% or 4.2%``) is wrong. A number is right
when ``|pred - gold| <= tolerance * |gold|`` (5% by default, :data:`DEFAULT_TOLERANCE`).

**Categorical answers** must name exactly one choice and nothing else: the answer line,
after :func:`normalise_label` (case, quotes, punctuation and markdown dropped), must equal
one of the record's choices, and that choice must be the gold label. ``Either compliant or
not compliant.`` names two and is wrong; so is ``The bond is compliant``.

**Lenient mode** (``lenient=True``) is for exploratory runs only: it is never the default,
and neither the shipped harness, ``finsynth score`` (unless ``--lenient`` is given) nor a
reward should use it. It also reads replies without an ``Answer:`` line (the last ``The
answer is``, ``\boxed{...}``, else the last number or the last choice named anywhere, so
a spray of numbers *can* score there) and accepts a bare number for any unit (a bare number
answering a rate may be the percentage or the fraction). On an answer line, hedges, sprays
and wrong units stay wrong.
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

# An Answer line: "Answer:" (or "Final answer:") at the start of a line, after optional
# markdown (**, ##, >, a list bullet), with optional emphasis closing after the word or colon.
_ANSWER_LINE = re.compile(
    r"(?im)^[ \t]*(?:[-+•>#][ \t]*)*[*_]{0,3}[ \t]*(?:final[ \t]+)?answer"
    r"[ \t]*[*_]{0,3}[ \t]*[:：=][ \t]*[*_]{0,3}"
)
# Lenient mode also takes "Answer" anywhere, "the answer is" and \boxed{...}.
_MARKER = r"\b(?:final\s+answer|answer)(?:\s*[*_]{1,3})?\s*(?:is\b|:|：|=)"
_LENIENT_MARKER = re.compile(rf"(?i){_MARKER}|\\boxed\{{")
_ANSWER_STATEMENT = re.compile(rf"(?im){_MARKER}.*$|\\boxed\{{[^}}]*\}}?")
_WORDLESS = re.compile(r"^[\s*_#>:`~-]*$")
_PUNCTUATION = re.compile(r"[\"'`“”‘’*_.,;:!?()\[\]{}]")
_SPACES = re.compile(r"\s+")


def answer_segment(output: str, *, lenient: bool = False) -> str | None:
    r"""Return the final answer's text: what follows the last ``Answer:`` line, or ``None`` without one.

    The segment runs to the end of the marker's line; when the rest of that line is only
    markdown, it is the next non-empty line. With ``lenient``, any answer marker counts
    (``... the answer is 5``, or the content of ``\boxed{...}``).
    """
    markers = list((_LENIENT_MARKER if lenient else _ANSWER_LINE).finditer(output))
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


def answer_line_count(output: str) -> int:
    """How many ``Answer:`` lines (as the strict reader finds them) ``output`` has."""
    return sum(1 for _ in _ANSWER_LINE.finditer(output))


def without_answer_statements(output: str) -> str:
    r"""Remove every answer statement (from its marker to the end of its line, or a ``\boxed{}``)."""
    return _ANSWER_STATEMENT.sub("", _ANSWER_LINE.sub("Answer:", output))


def normalise_label(text: str) -> str:
    """Lower-case a label, drop quotes and punctuation, and collapse whitespace."""
    return _SPACES.sub(" ", _PUNCTUATION.sub(" ", text.lower())).strip()


_UNIT_SCALES: dict[str | None, GoldScale] = {"%": "percent", "bp": "basis_points"}
_RATE_UNITS = ("%", "bp")
_CURRENCY_MARKS: tuple[tuple[str, str], ...] = (
    *(("US$", "USD"), ("USD", "USD"), ("$", "USD"), ("€", "EUR"), ("EUR", "EUR")),
    *(("£", "GBP"), ("GBP", "GBP"), ("¥", "JPY"), ("JPY", "JPY")),
)
_UNIT_WORDS: Mapping[str, str] = {
    **dict.fromkeys(("usd", "dollars", "dollar"), "USD"),
    **dict.fromkeys(("eur", "euros", "euro"), "EUR"),
    **dict.fromkeys(("gbp", "pounds"), "GBP"),
    **dict.fromkeys(("jpy", "yen"), "JPY"),
    **dict.fromkeys(("btc", "bitcoin", "bitcoins"), "BTC"),
    **dict.fromkeys(("eth", "ether"), "ETH"),
    **dict.fromkeys(("x", "times", "×"), "times"),
    **dict.fromkeys(("years", "year", "yrs", "yr"), "years"),
    **dict.fromkeys(("months", "month"), "months"),
    **dict.fromkeys(("days", "day"), "days"),
    **dict.fromkeys(("tons", "ton", "tonnes", "tonne"), "tons"),
    **dict.fromkeys(("shares", "share"), "shares"),
}
"""Words after a number that give its unit, as the record's ``answer_unit`` names it."""
_WORD_AFTER = re.compile(r"[ \t]{0,2}([A-Za-z]+|×)")


def answer_scale(answer_unit: str | None) -> GoldScale:
    """How a FinChain record's numeric answer is shown, from its ``answer_unit``."""
    return _UNIT_SCALES.get(answer_unit, "plain")


def stated_unit(text: str, number: Number) -> str | None:
    """The unit ``number`` is written with in ``text``, in ``answer_unit`` terms, or ``None`` for none.

    ``%`` and ``bp`` from the number itself; a currency from its symbol or code (``$`` and
    ``US$`` are ``USD``) or from a word after it (``dollars``, ``USD``, ``yen``, ``BTC``); a
    multiple from ``x`` or ``times``; ``years``, ``months``, ``days``, ``tons``, ``shares``
    from their words. Other words after a number give no unit.
    """
    if number.unit == "percent":
        return "%"
    if number.unit == "basis_points":
        return "bp"
    written = text[number.start : number.end]
    for mark, currency in _CURRENCY_MARKS:
        if number.unit == "currency" and mark in written:
            return currency
    after = _WORD_AFTER.match(text, number.end)
    return _UNIT_WORDS.get(after.group(1).lower()) if after else None


def _unit_key(answer_unit: str | None) -> str | None:
    return answer_unit or None


def _unit_fits(stated: str | None, gold: str | None, lenient: bool) -> bool:
    """Whether a stated unit may answer a gold unit (a bare number only a unitless gold, unless lenient)."""
    if stated is None:
        return gold is None or lenient
    if gold in _RATE_UNITS:
        return stated in _RATE_UNITS
    return stated == gold


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
      gold is shown as one (``11.72`` matches 0.1172), or as a fraction when the gold is in
      basis points (``0.04317`` matches 431.7 bp). Steps are read this way; a final answer
      reaches this comparison without a unit only where the gold has none (or in lenient mode).

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


def _standalone_labels(text: str, choices: Sequence[str]) -> list[tuple[int, int, str]]:
    """Where ``text`` names a choice, in order.

    A label inside a longer one ("form filed" in "no form filed") does not count on its own.
    """
    normalised = f" {normalise_label(text)} "
    found: list[tuple[int, int, str]] = []
    for choice in choices:
        label = normalise_label(choice)
        if label:
            found += [(m.start(), m.end(), choice) for m in re.finditer(re.escape(f" {label} "), normalised)]
    return sorted(
        (start, end, choice)
        for start, end, choice in found
        if not any(s <= start and end <= e and (s, e) != (start, end) for s, e, _ in found)
    )


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
    output: str,
    gold: float,
    unit: str | None,
    tolerance: float = DEFAULT_TOLERANCE,
    *,
    lenient: bool = False,
) -> AnswerCheck:
    """Check the final numeric answer of ``output`` against ``gold`` (the rules are in the module docstring).

    Args:
        output: The model's full output.
        gold: The gold value in the record's units (rates as fractions, basis points as such).
        unit: The record's ``answer_unit`` (``%``, ``bp``, ``USD``, ``years``, ...; empty or
            ``None`` when the answer has no unit).
        tolerance: Relative tolerance.
        lenient: The exploratory mode of the module docstring (never for rewards).

    """
    segment = answer_segment(output, lenient=lenient)
    if segment is None and not lenient:
        return AnswerCheck(False, None)
    source = output if segment is None else segment
    numbers = extract_numbers(source)
    if segment is None:
        numbers = numbers[-1:]
    if not numbers:
        return AnswerCheck(False, segment.strip() or None if segment is not None else None)
    gold_unit, scale = _unit_key(unit), answer_scale(unit)
    first = numbers[0]
    predicted = source[first.start : first.end].strip()
    right = _unit_fits(stated_unit(source, first), gold_unit, lenient)
    for number in numbers:
        stated = stated_unit(source, number)
        # A later number without a unit restates the first one in its unit.
        right = right and (stated is None or _unit_fits(stated, gold_unit, lenient))
        right = right and values_agree(number, gold, scale, tolerance)
    return AnswerCheck(right, predicted)


def check_label_answer(
    output: str, gold: str, choices: Sequence[str], *, lenient: bool = False
) -> AnswerCheck:
    """Check the final label of ``output`` against ``gold``.

    The answer line, normalised, must be exactly one of ``choices`` (or, without choices, the
    gold label itself). With ``lenient``, the answer segment may say more but must name
    exactly one choice, and without an answer marker the last choice named anywhere counts.
    """
    segment = answer_segment(output, lenient=lenient)
    if segment is None and not lenient:
        return AnswerCheck(False, None)
    if not choices:
        label = segment.strip() if segment is not None and segment.strip() else None
    elif not lenient:
        by_label = {normalise_label(choice): choice for choice in choices}
        label = by_label.get(normalise_label(segment or ""))
    else:
        named = _standalone_labels(output if segment is None else segment, choices)
        distinct = {choice for _, _, choice in named}
        label = named[-1][2] if named and (segment is None or len(distinct) == 1) else None
    if label is None:
        return AnswerCheck(False, segment.strip() or None if segment is not None else None)
    return AnswerCheck(normalise_label(label) == normalise_label(gold), label)


@dataclass(frozen=True)
class GoldAnswer:
    """A record's answer, as the reader compares against it.

    Attributes:
        value: The numeric answer in the record's units, or ``None`` for a label.
        unit: The numeric answer's unit in ``answer_unit`` terms (``%``, ``bp``, ``USD``,
            ``years``, ...), or ``None`` when it has none.
        label: The gold label, for categorical answers.
        choices: The labels a categorical question names (may be empty).

    """

    value: float | None
    unit: str | None
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
    its unit as :func:`stated_unit` reads it (``"19.62%"``, ``"122.3 bp"``, ``"$1,234.56"``,
    ``"0.18x"``, ``"1.16"`` without one), or else a label.

    Raises:
        FinsynthError: If the record has neither answer columns nor a text ``target``.

    """
    choices = _choices(record)
    value = record.get("answer_value")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        unit = record.get("answer_unit")
        return GoldAnswer(float(value), _unit_key(unit if isinstance(unit, str) else None), None, choices)
    label = record.get("answer_label")
    if isinstance(label, str) and label:
        return GoldAnswer(None, None, label, choices)
    target = record.get("target")
    if not isinstance(target, str):
        raise FinsynthError(
            "a record to score against needs 'answer_value' (with 'answer_unit'), 'answer_label' "
            f"or a text 'target'; got the fields {sorted(record)}"
        )
    numbers = extract_numbers(target)
    if choices or not numbers:
        return GoldAnswer(None, None, target, choices)
    number = numbers[0]
    unit = stated_unit(target, number)
    return GoldAnswer(number.fraction if unit == "%" else number.value, unit, None, choices)


def check_answer(
    output: str, record: Mapping[str, Any], tolerance: float = DEFAULT_TOLERANCE, *, lenient: bool = False
) -> AnswerCheck:
    """Check a model's output against a record's gold answer (see :func:`gold_answer`).

    Args:
        output: The model's full output.
        record: The record (a FinChain row, an lm-eval document, or ``{"target": ...}``).
        tolerance: Relative tolerance of numeric answers.
        lenient: The exploratory mode of the module docstring (never for rewards).

    Raises:
        FinsynthError: If the record has no answer to compare against.

    """
    gold = gold_answer(record)
    if gold.value is not None:
        return check_numeric_answer(output, gold.value, gold.unit, tolerance, lenient=lenient)
    return check_label_answer(output, gold.label or "", gold.choices, lenient=lenient)


def score_answer(
    output: str | None,
    record: Mapping[str, Any],
    tolerance: float = DEFAULT_TOLERANCE,
    *,
    lenient: bool = False,
) -> float:
    """1.0 when ``output``'s final answer matches ``record``'s, else 0.0.

    The reward for training loops, reasoning-gym style: ``score_answer(completion, record)``
    with any record :func:`finsynth.generate` gives (or a row of a built dataset). The reply
    must end its reasoning with an ``Answer:`` line stating the value with its unit, or
    exactly one of the named choices (see :mod:`finsynth.scoring.answers`).

    Args:
        output: The model's full output; ``None`` or an empty output scores 0.0.
        record: The record (see :func:`gold_answer`).
        tolerance: Relative tolerance of numeric answers (5% by default).
        lenient: Exploratory runs only: also read replies without an ``Answer:`` line and
            bare numbers for any unit. Never use it for rewards.

    Raises:
        FinsynthError: If the record has no answer to compare against.

    """
    if not output:
        gold_answer(record)  # a record without an answer is an error even for an empty output
        return 0.0
    return 1.0 if check_answer(output, record, tolerance, lenient=lenient).correct else 0.0


def answer_line(output: str) -> str:
    """The final answer as one ``Answer: ...`` line, or the output itself when it states none.

    What the lm-eval filter keeps: reading the line again gives the same answer.
    """
    segment = answer_segment(output)
    return output if segment is None else f"Answer: {segment.strip()}"
