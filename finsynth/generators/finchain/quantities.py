"""How numbers are shown: in question text, inside step formulas, and as answers.

A quantity has a unit and a number of displayed decimals. Values are stored in formula
units (a rate of 5.25% is stored as 0.0525). Steps carry their values unrounded; what is
displayed is the exact value rounded once, halves away from zero (:func:`round_exact`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

UNDECIDED_WINDOW = 1e-4
"""Distance from a half-way point, in units of the last kept decimal, under which a float cannot decide."""

UNDECIDED_RELATIVE = 1e-13
"""Relative error a float result may carry (about a thousand ulps), added to :data:`UNDECIDED_WINDOW`.

Both are tolerances checked by tests, not a proof (a difference of two large, nearly equal
amounts can carry more). They are part of the generated content: an instance solved exactly
carries its steps' exact values (shown as later steps' inputs), which may differ in the last
bits from the floats, so narrowing the window would change records.
"""


class TooCloseToCall(Exception):  # noqa: N818 - a signal to the caller, not an error to report
    """A float is too close to a rounding boundary to decide; the exact value must decide it."""


def rounded_units(value: Fraction, decimals: int) -> int:
    """``value`` rounded to ``decimals`` places, halves away from zero, in units of ``10**-decimals``."""
    # floor(|n/d| * unit + 1/2) in integers: floor((2|n| * unit + d) / 2d), d > 0.
    numerator, denominator = value.numerator, value.denominator
    unit: int = 10**decimals
    units = (2 * abs(numerator) * unit + denominator) // (2 * denominator)
    return -units if numerator < 0 else units


def round_exact(value: Fraction, decimals: int) -> Fraction:
    """Round an exact value to ``decimals`` places, halves away from zero."""
    return Fraction(rounded_units(value, decimals), 10**decimals)


def too_close_to_call(value: float, decimals: int) -> bool:
    """Whether rounding ``value`` (a float computed with binary error) might go either way.

    True within :data:`UNDECIDED_WINDOW` (plus the relative error a long computation may
    carry) of a half-way point ``(k + 1/2) / 10**decimals``, and for values too large or
    small to tell; elsewhere the float and the exact value it approximates round alike.
    """
    scaled = abs(value) * 10.0**decimals
    if not scaled < 2.0**52:
        return True
    return abs(scaled - math.floor(scaled) - 0.5) <= UNDECIDED_WINDOW + scaled * UNDECIDED_RELATIVE


def decided_round(value: float, decimals: int) -> float:
    """Round a computed float half away from zero, when the float alone decides it.

    Raises:
        TooCloseToCall: If the float lies too close to a half-way point: round the exact
            value with :func:`round_exact` instead.

    """
    if too_close_to_call(value, decimals):
        raise TooCloseToCall(f"{value!r} is too close to a half-way point at {decimals} decimals")
    return round(value, decimals) + 0.0


class Unit(str, Enum):
    """Units a template variable or step can carry."""

    USD = "USD"
    """U.S. dollars, shown as ``$12,345.67``."""
    EUR = "EUR"
    """Euros, shown as ``€1,234.56`` (foreign-exchange problems)."""
    GBP = "GBP"
    """Pounds sterling, shown as ``£1,234.56``."""
    JPY = "JPY"
    """Japanese yen, shown as ``¥1,234``."""
    PERCENT = "%"
    """A rate or share, stored as a fraction (0.0525) and shown as ``5.25%``."""
    YEARS = "years"
    MONTHS = "months"
    QUARTERS = "quarters"
    PERIODS = "periods"
    DAYS = "days"
    SHARES = "shares"
    UNITS = "units"
    TONS = "tons"
    """Metric tons (of CO2-equivalent, for carbon problems)."""
    TOKENS = "tokens"
    BTC = "BTC"
    ETH = "ETH"
    BASIS_POINTS = "bp"
    TIMES = "times"
    """A multiple such as a coverage ratio, shown as ``3.25x``."""
    NONE = ""
    """A pure number such as a growth factor or a beta."""


CURRENCY_SYMBOLS = {Unit.USD: "$", Unit.EUR: "€", Unit.GBP: "£", Unit.JPY: "¥"}


@dataclass(frozen=True)
class QuestionForm:
    """How prose shows a number: ``before + format(number, spec) + after``.

    Attributes:
        spec: The format spec of the number.
        before: Text in front (a currency symbol, with the sign of a negative amount).
        after: Text behind (``%``, ``x``, `` years``).
        magnitude: Whether the number is shown without its sign (the sign is in ``before``).
        scale: Factor the number is shown multiplied by (100 for percentages).

    """

    spec: str
    before: str = ""
    after: str = ""
    magnitude: bool = False
    scale: int = 1


@dataclass(frozen=True)
class Quantity:
    """The unit and displayed precision of a number.

    Attributes:
        unit: What the number measures.
        decimals: Decimals shown to the reader (for percentages: decimals of the percent figure).

    """

    unit: Unit = Unit.NONE
    decimals: int = 2
    stored_decimals: int = field(init=False)
    """Decimals of the stored value: two more for percentages, stored as fractions."""
    formula_spec: str = field(init=False, repr=False)
    question_spec: str = field(init=False, repr=False)

    def __post_init__(self) -> None:
        stored = self.decimals + 2 if self.unit is Unit.PERCENT else self.decimals
        object.__setattr__(self, "stored_decimals", stored)
        object.__setattr__(self, "formula_spec", f".{stored}f")
        object.__setattr__(self, "question_spec", f",.{self.decimals}f")

    def question_form(self, negative: bool = False, one: bool = False) -> QuestionForm:
        """How prose shows a value of this quantity: the one place the units' display is declared.

        Args:
            negative: Whether the value is below zero (amounts then show as ``-$1,234.56``).
            one: Whether the value is exactly 1 (counted units then show as ``1 year``).

        """
        symbol = CURRENCY_SYMBOLS.get(self.unit)
        if symbol is not None:
            return QuestionForm(self.question_spec, before=("-" if negative else "") + symbol, magnitude=True)
        if self.unit is Unit.PERCENT:
            return QuestionForm(f".{self.decimals}f", after="%", scale=100)
        if self.unit is Unit.TIMES:
            return QuestionForm(self.question_spec, after="x")
        if self.unit is Unit.NONE:
            return QuestionForm(self.question_spec)
        unit = self.unit.value
        if one and unit.endswith("s"):
            unit = unit[:-1]
        return QuestionForm(self.question_spec, after=" " + unit)

    def for_question(self, value: float) -> str:
        """Format for prose: ``$12,345.67``, ``5.25%``, ``10 years``, ``1.6683``."""
        form = self.question_form(negative=value < 0, one=value == 1)
        shown = abs(value) if form.magnitude else value
        if form.scale != 1:
            shown = shown * form.scale
        return form.before + format(shown, form.spec) + form.after

    def for_formula(self, value: float) -> str:
        """Format inside a step's arithmetic: plain digits, percentages as fractions."""
        return format(value, self.formula_spec)

    def for_answer(self, value: float) -> str:
        """Format the final answer the way the question asks for it."""
        return self.for_question(value)
