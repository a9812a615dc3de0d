"""How numbers are shown: in question text, inside step formulas, and as answers.

A quantity has a unit and a number of displayed decimals. Values are stored in formula
units (a rate of 5.25% is stored as 0.0525) and rounded to exactly what is displayed, so
the numbers a reader sees are the numbers the next step uses.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum

_TIE_WINDOW = 1e-6


def round_half_up(value: float, decimals: int) -> float:
    """Round as a reader does: to ``decimals`` places, halves away from zero.

    Python's ``round`` works on the binary value, so 0.09075 (stored as 0.0907499999…)
    would become 0.0907 although the computation means 9.075% and a reader writes 9.08%.
    Near a tie the value's shortest decimal form is rounded exactly with ``Decimal``;
    elsewhere ``round`` already agrees. The result is the same on every platform.
    """
    scaled = abs(value) * 10.0**decimals
    if abs(scaled - math.floor(scaled) - 0.5) > _TIE_WINDOW:
        return round(value, decimals) + 0.0
    exact = Decimal(repr(value)).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    return float(exact) + 0.0


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

    def round(self, value: float) -> float:
        """Round a computed value to what is displayed (the value later steps use)."""
        return round_half_up(value, self.stored_decimals)

    def for_question(self, value: float) -> str:
        """Format for prose: ``$12,345.67``, ``5.25%``, ``10 years``, ``1.6683``."""
        symbol = CURRENCY_SYMBOLS.get(self.unit)
        if symbol is not None:
            sign = "-" if value < 0 else ""
            return sign + symbol + format(abs(value), self.question_spec)
        if self.unit is Unit.PERCENT:
            return f"{value * 100:.{self.decimals}f}%"
        if self.unit is Unit.TIMES:
            return format(value, self.question_spec) + "x"
        number = format(value, self.question_spec)
        if self.unit is Unit.NONE:
            return number
        unit = self.unit.value
        if value == 1 and unit.endswith("s"):
            unit = unit[:-1]
        return f"{number} {unit}"

    def for_formula(self, value: float) -> str:
        """Format inside a step's arithmetic: plain digits, percentages as fractions."""
        return format(value, self.formula_spec)

    def for_answer(self, value: float) -> str:
        """Format the final answer the way the question asks for it."""
        return self.for_question(value)
