"""The formula functions in double precision, as the formula evaluator calls them.

Every function checks its domain and raises :class:`~finsynth.errors.FormulaError` (or
:class:`~finsynth.generators.finchain.quantities.TooCloseToCall` where a float cannot decide a
whole number) instead of returning a complex, infinite or silently wrong value.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Sequence

from finsynth.errors import FormulaError
from finsynth.generators.finchain.quantities import (
    UNDECIDED_RELATIVE,
    UNDECIDED_WINDOW,
    TooCloseToCall,
    decided_round,
)

MAX_ROUND_DIGITS = 15
"""The most decimal places ``round`` keeps."""

_STANDARD_NORMAL = statistics.NormalDist()


def finite_real(result: object) -> float:
    """Return ``result``, rejecting complex and non-finite results so bad inputs never pass silently.

    Raises:
        FormulaError: If ``result`` is complex, infinite or NaN.

    """
    if isinstance(result, complex):
        raise FormulaError("result is not a real number (negative base with a fractional exponent)")
    assert isinstance(result, (int, float))
    if not math.isfinite(result):
        raise FormulaError("result is not finite")
    return result


def log(x: float, base: float | None = None) -> float:
    """Natural logarithm, or the logarithm in ``base``."""
    if x <= 0 or (base is not None and (base <= 0 or base == 1)):
        raise FormulaError(f"log is undefined for {x}" + ("" if base is None else f" in base {base}"))
    return math.log(x) if base is None else math.log(x, base)


def log10(x: float) -> float:
    """Logarithm in base 10, computed as ``log(x, 10)`` (which is not always ``math.log10(x)``)."""
    return log(x, 10)


def sqrt(x: float) -> float:
    """Square root of a number that is not negative."""
    if x < 0:
        raise FormulaError(f"sqrt is undefined for {x}")
    return math.sqrt(x)


def exp(x: float) -> float:
    """``e`` to the power ``x``."""
    try:
        return finite_real(math.exp(x))
    except OverflowError as error:
        raise FormulaError(f"exp({x}) is too large") from error


def round_half_away(x: float, digits: float = 0) -> float:
    """``x`` rounded to ``digits`` places, half away from zero, decided on the exact value."""
    if not float(digits).is_integer() or not 0 <= digits <= MAX_ROUND_DIGITS:
        raise FormulaError(f"round() digits must be a whole number in 0..{MAX_ROUND_DIGITS}, got {digits}")
    return decided_round(x, int(digits))


def whole_number_is_clear(x: float) -> bool:
    """Whether ``floor``/``ceil`` of a computed float is certain: whole, or clearly between two whole numbers.

    A float that is whole is taken as it is (whole givens and their sums are exact); one a
    hair off a whole number may stand for that whole number, so the exact value decides.
    """
    distance = abs(x - round(x))
    return distance == 0 or distance > UNDECIDED_WINDOW + abs(x) * UNDECIDED_RELATIVE


def floor(x: float) -> float:
    """The largest whole number not above ``x``."""
    if not whole_number_is_clear(x):
        raise TooCloseToCall(f"floor({x!r}) is too close to a whole number to decide")
    return float(math.floor(x))


def ceil(x: float) -> float:
    """The smallest whole number not below ``x``."""
    if not whole_number_is_clear(x):
        raise TooCloseToCall(f"ceil({x!r}) is too close to a whole number to decide")
    return float(math.ceil(x))


def normal_cdf(x: float) -> float:
    """The standard normal distribution function N(x), in double precision."""
    return _STANDARD_NORMAL.cdf(x)


def normal_quantile(probability: float) -> float:
    """The standard normal quantile N⁻¹(p), in double precision.

    Raises:
        FormulaError: If ``probability`` is not strictly between 0 and 1.

    """
    if not 0 < probability < 1:
        raise FormulaError(f"normal_quantile needs a probability strictly between 0 and 1, got {probability}")
    return _STANDARD_NORMAL.inv_cdf(probability)


def total(values: tuple[float, ...]) -> float:
    """The correctly rounded sum of a sequence."""
    return finite_real(math.fsum(values))


def count(values: tuple[float, ...]) -> float:
    """The number of elements of a sequence."""
    return float(len(values))


def _npv_and_slope(rate: float, flows: Sequence[float]) -> tuple[float, float]:
    """NPV of flows at periods 0, 1, 2, ... and its derivative in the rate (Horner in v = 1/(1 + r))."""
    discount = 1.0 / (1.0 + rate)
    value = slope_in_discount = 0.0
    for flow in reversed(flows):
        slope_in_discount = slope_in_discount * discount + value
        value = value * discount + flow
    return value, -slope_in_discount * discount * discount


def internal_rate_of_return(flows: Sequence[float]) -> float:
    """Return the internal rate of return of cash flows at periods 0, 1, 2, ...

    The flows must change sign exactly once (a conventional investment), which makes the
    root in ``(-1, ∞)`` unique. It is found by Newton's method kept inside a bracket that
    bisection shrinks whenever a Newton step would leave it, so it always converges, to
    full float precision, with the same result on every run.

    Raises:
        FormulaError: If the flows do not change sign exactly once.
    """
    signs = [flow > 0 for flow in flows if flow != 0]
    changes = sum(1 for a, b in itertools.pairwise(signs) if a != b)
    if changes != 1:
        raise FormulaError(f"irr needs cash flows that change sign exactly once, got {changes} changes")
    low, high = -0.999999, 1.0
    f_low = _npv_and_slope(low, flows)[0]
    while (_npv_and_slope(high, flows)[0] > 0) == (f_low > 0):
        high *= 2
        if high > 1e6:
            raise FormulaError("irr found no rate below 1,000,000 that sets NPV to zero")
    rate = 0.1 if low < 0.1 < high else (low + high) / 2
    for _ in range(200):
        value, slope = _npv_and_slope(rate, flows)
        if value == 0:
            return rate
        if (value > 0) == (f_low > 0):
            low, f_low = rate, value
        else:
            high = rate
        step = rate - value / slope if slope != 0 else low
        if not low < step < high:
            step = (low + high) / 2
        if abs(step - rate) <= 1e-15 * max(1.0, abs(rate)):
            return step
        rate = step
    return rate
