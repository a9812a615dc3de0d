"""The formula functions on exact values, as the exact evaluator calls them.

``abs``, ``min``/``max``, ``floor``/``ceil``/``round``, ``sum`` and ``len`` are exact on
:class:`fractions.Fraction`. ``exp``, ``log``, ``log10`` and ``sqrt`` have irrational values,
which are never exactly half-way: they are computed with :mod:`decimal` at :data:`DIGITS`
significant digits (correctly rounded there, exact for perfect squares). ``normal_cdf``,
``normal_quantile`` and ``irr`` use their double-precision functions, the result then taken as
the exact value of that double.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from decimal import MAX_EMAX, MIN_EMIN, ROUND_HALF_EVEN, Context, Decimal, localcontext
from fractions import Fraction

from finsynth.errors import FormulaError
from finsynth.generators.finchain.functions import scalar
from finsynth.generators.finchain.quantities import round_exact

DIGITS = 60
"""Significant digits of the transcendental functions and of values whose fractions grow too long."""

MAX_DENOMINATOR_BITS = 20_000
"""Longer exact fractions (long chains of powers) are cut to :data:`DIGITS` significant digits."""

SIGNIFICANT = Context(prec=DIGITS, rounding=ROUND_HALF_EVEN, Emax=MAX_EMAX, Emin=MIN_EMIN)
"""The context of every exact result cut to :data:`DIGITS` digits (spelled out in full, so no
change to Python's default decimal context can alter a result)."""

GUARDED = Context(prec=DIGITS + 10, rounding=ROUND_HALF_EVEN, Emax=MAX_EMAX, Emin=MIN_EMIN)
"""Ten guard digits for intermediate results that are cut to :data:`SIGNIFICANT` afterwards."""


def as_decimal(value: Fraction) -> Decimal:
    """``value`` as a decimal in the current context."""
    return Decimal(value.numerator) / Decimal(value.denominator)


def trimmed(value: Fraction) -> Fraction:
    """Keep exact fractions exact unless they grow past :data:`MAX_DENOMINATOR_BITS`."""
    if value.denominator.bit_length() <= MAX_DENOMINATOR_BITS:
        return value
    with localcontext(SIGNIFICANT):
        return Fraction(as_decimal(value))


def log(x: Fraction, base: Fraction | None = None) -> Fraction:
    """Natural logarithm, or the logarithm in ``base``, to :data:`DIGITS` digits."""
    if x <= 0 or (base is not None and (base <= 0 or base == 1)):
        raise FormulaError(f"log is undefined for {float(x)}")
    with localcontext(GUARDED):
        value = as_decimal(x).ln()
        if base is not None:
            value = value / as_decimal(base).ln()
    with localcontext(SIGNIFICANT):
        return Fraction(+value)


def log10(x: Fraction) -> Fraction:
    """Logarithm in base 10, to :data:`DIGITS` digits."""
    return log(x, Fraction(10))


def exp(x: Fraction) -> Fraction:
    """``e`` to the power ``x``, to :data:`DIGITS` digits."""
    if x > 1_000:
        raise FormulaError(f"exp({float(x)}) is too large")
    with localcontext(SIGNIFICANT):
        return Fraction(as_decimal(x).exp())


def sqrt(x: Fraction) -> Fraction:
    """Square root to :data:`DIGITS` digits (exact for perfect squares)."""
    if x < 0:
        raise FormulaError(f"sqrt is undefined for {float(x)}")
    with localcontext(SIGNIFICANT):
        return Fraction(as_decimal(x).sqrt())


def round_half_away(x: Fraction, digits: Fraction = Fraction(0)) -> Fraction:
    """``x`` rounded exactly to ``digits`` places, half away from zero."""
    if digits.denominator != 1 or not 0 <= digits <= scalar.MAX_ROUND_DIGITS:
        raise FormulaError(f"round() digits must be 0..{scalar.MAX_ROUND_DIGITS}")
    return round_exact(x, int(digits))


def floor(x: Fraction) -> Fraction:
    """The largest whole number not above ``x``."""
    return Fraction(math.floor(x))


def ceil(x: Fraction) -> Fraction:
    """The smallest whole number not below ``x``."""
    return Fraction(math.ceil(x))


def total(values: tuple[Fraction, ...]) -> Fraction:
    """The exact sum of a sequence."""
    return trimmed(sum(values, Fraction(0)))


def count(values: tuple[Fraction, ...]) -> Fraction:
    """The number of elements of a sequence."""
    return Fraction(len(values))


def through_float(function: Callable[[float], float]) -> Callable[[Fraction], Fraction]:
    """A function with no exact form: its double result, taken as exact."""
    return lambda x: Fraction(function(float(x)))


def internal_rate_of_return(flows: tuple[Fraction, ...]) -> Fraction:
    """The double-precision IRR of the flows, taken as exact."""
    return Fraction(scalar.internal_rate_of_return([float(flow) for flow in flows]))
