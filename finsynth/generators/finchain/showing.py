"""How drawn values are shown in FinChain text: each rule declared once, as a value and as a column.

The scalar drawer shows one value at a time; the batch drawer shows a whole column with one
C-level ``str.format`` call per instance. Each rule below has both forms side by side, the
column form falling back to the value form wherever its fast path could differ, so the
two drawers' texts are the same byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from finsynth.generators.finchain.quantities import Quantity, QuestionForm, Unit

SERIES_SEPARATOR = ", "
"""Between the elements of a series in a question."""

_SMALLEST_GROUPED = 999.5
"""Below this magnitude a plain number never shows a thousands separator."""


@dataclass(frozen=True)
class Piece:
    """One substituted field of a column of texts: per-instance arguments and how to format them."""

    arguments: Sequence[Any]
    spec: str = ""
    before: str = ""
    after: str = ""
    conversion: str = ""


Part = str | Piece
"""A literal shared by every instance, or a field that varies."""


def _escape(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def format_all(parts: Sequence[Part], size: int) -> list[str]:
    """Return the text of every instance: one C-level ``str.format`` call each."""
    shape = tuple(
        part if isinstance(part, str) else (part.before, part.conversion, part.spec, part.after)
        for part in parts
    )
    template = _format_pattern(shape)
    arguments = [part.arguments for part in parts if not isinstance(part, str)]
    if not arguments:
        return [template.format()] * size
    return list(map(template.format, *arguments))


@lru_cache(maxsize=8_192)
def _format_pattern(shape: tuple[str | tuple[str, str, str, str], ...]) -> str:
    """The ``str.format`` pattern of parts: literals escaped, each field numbered in order.

    Cached, since a template's texts have the same parts batch after batch.
    """
    pattern: list[str] = []
    fields = 0
    for part in shape:
        if isinstance(part, str):
            pattern.append(_escape(part))
            continue
        before, conversion, spec, after = part
        field = str(fields)
        fields += 1
        if conversion:
            field += "!" + conversion
        if spec:
            field += ":" + spec
        pattern.append(_escape(before) + "{" + field + "}" + _escape(after))
    return "".join(pattern)


# In the question ---------------------------------------------------------------------------


def question_column(quantity: Quantity, values: NDArray[Any]) -> Piece:
    """:meth:`Quantity.for_question` of a column: one format field where every element has one form."""
    form, negative_differs, one_differs = _question_forms(quantity)
    varies = (negative_differs and bool((values < 0).any())) or (one_differs and bool((values == 1).any()))
    if varies:  # a negative amount, or "1 year" among "years"
        return Piece([quantity.for_question(value) for value in values.tolist()])
    shown = np.abs(values) if form.magnitude else values
    if form.scale != 1:
        shown = shown * form.scale
    return Piece(shown.tolist(), form.spec, before=form.before, after=form.after)


@lru_cache(maxsize=1_024)
def _question_forms(quantity: Quantity) -> tuple[QuestionForm, bool, bool]:
    """A quantity's plain question form, and whether a negative value or a value of 1 shows otherwise."""
    form = quantity.question_form()
    return form, quantity.question_form(negative=True) != form, quantity.question_form(one=True) != form


def series_in_question(quantity: Quantity, values: Sequence[float]) -> str:
    """Show a series as the question does: its elements joined by :data:`SERIES_SEPARATOR`."""
    return SERIES_SEPARATOR.join(quantity.for_question(item) for item in values)


def series_in_question_column(quantity: Quantity, series: list[tuple[float, ...]]) -> list[str]:
    """:func:`series_in_question` for every series of a batch."""
    flat = [value for values in series for value in values]
    shown = format_all([question_column(quantity, np.array(flat, dtype=np.float64))], len(flat))
    texts = []
    start = 0
    for values in series:
        texts.append(SERIES_SEPARATOR.join(shown[start : start + len(values)]))
        start += len(values)
    return texts


# In a step's arithmetic --------------------------------------------------------------------


def in_arithmetic(text: str, value: float) -> str:
    """Show a number inside a step's arithmetic: a negative value in parentheses."""
    return f"({text})" if value < 0 else text


def in_arithmetic_column(texts: list[str], values: NDArray[Any]) -> list[str]:
    """:func:`in_arithmetic` for a column (``texts`` are the values formatted for a formula)."""
    if not (values < 0).any():
        return texts
    return [in_arithmetic(text, value) for text, value in zip(texts, values.tolist(), strict=True)]


def substituted_column(texts: list[str], values: NDArray[Any]) -> list[str]:
    """A number as :meth:`~finsynth.generators.finchain.formula.Formula.substituted` shows it, for a column.

    That form puts a text starting with a minus sign in parentheses: negative zero too, which
    :func:`in_arithmetic_column` leaves bare (``texts`` are the values formatted for a formula).
    """
    if not np.signbit(values).any():
        return texts
    return [f"({text})" if text.startswith("-") else text for text in texts]


def result_suffix(quantity: Quantity, value: float, result: str) -> str:
    """The `` (shown)`` after a step's result where the question shows it differently from ``result``."""
    shown = quantity.for_question(value)
    return "" if shown == result else f" ({shown})"


def result_suffix_column(quantity: Quantity, values: NDArray[Any]) -> list[Part]:
    """:func:`result_suffix` for a column.

    A value with a unit always shows differently in the question (a symbol, ``%`` or a unit
    name), so its suffix is one format field; a plain number differs only once it is grouped.
    """
    if quantity.unit is not Unit.NONE:
        return [" (", question_column(quantity, values), ")"]
    if not (np.abs(values) >= _SMALLEST_GROUPED).any():
        return []
    return [Piece([result_suffix(quantity, value, quantity.for_formula(value)) for value in values.tolist()])]


# In the trace ------------------------------------------------------------------------------


def series_in_trace(quantity: Quantity, values: Sequence[float]) -> str:
    """Show a series as the trace records it: a JSON array of its elements at their decimals."""
    return "[" + ",".join(map(quantity.for_formula, values)) + "]"
