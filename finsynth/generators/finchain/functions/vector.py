"""The formula functions over NumPy columns, bit for bit like :mod:`.scalar` element by element.

Transcendental functions run element by element through the same C functions the scalar
functions call, never through NumPy's own (possibly SIMD-approximated) loops; only their
domain checks are vectorized. Where some element would make the scalar function raise, or
where identity is not guaranteed, a function raises :class:`NeedsScalar` and the caller
evaluates the elements one by one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from finsynth.errors import FormulaError
from finsynth.generators.finchain.functions import scalar
from finsynth.generators.finchain.quantities import UNDECIDED_RELATIVE, UNDECIDED_WINDOW, TooCloseToCall


class NeedsScalar(Exception):  # noqa: N818 - a signal to the caller, not an error to report
    """The batch cannot be evaluated column-wise with a guaranteed identical result: evaluate per element."""


ColumnFunction = Callable[..., NDArray[Any]]
"""A function of columns (or broadcast constants) returning a ``float64`` column."""

RowReduction = Callable[[Sequence[float]], float]
"""Reduces one row's sequence to a number, exactly as the scalar function does."""

_FAST_ROUNDING_LIMIT = 2.0**33
"""Below this, ``x * 10**d`` is off the exact product by at most half an ulp, 2**-21 < 1e-6.

So where the float product is farther than the undecided window (≥ 1e-4) from a half-way
point, the exact product lies on the same side of it and both round to the same integer ``k``.
"""

_EXACT_POWERS_OF_TEN = 22
"""``10.0**d`` is exact for ``d`` up to 22, so ``k / 10**d`` is one correctly rounded division."""


def decided_round_array(values: NDArray[Any], decimals: int) -> tuple[NDArray[Any], NDArray[Any]]:
    """Element-wise :func:`~finsynth.generators.finchain.quantities.decided_round`, bit-identical, as float64.

    Elements away from a half-way point and of moderate size are rounded column-wise
    (``rint(x * 10**d) / 10**d``, provably the same double as ``round``), other decided ones
    with ``round`` one by one.

    Args:
        values: The computed numbers to round.
        decimals: Decimal places to keep.

    Returns:
        The rounded values, and a mask of the elements too close to call (where
        ``decided_round`` raises :class:`~finsynth.generators.finchain.quantities.TooCloseToCall`;
        their rounded value is only a placeholder).

    """
    values = np.asarray(values, dtype=np.float64)
    power = 10.0**decimals
    with np.errstate(all="ignore"):
        # The same float expressions too_close_to_call evaluates, element by element.
        scaled = np.abs(values) * power
        distance = np.abs(scaled - np.floor(scaled) - 0.5)
        undecided = ~(scaled < 2.0**52) | (distance <= UNDECIDED_WINDOW + scaled * UNDECIDED_RELATIVE)
        if decimals <= _EXACT_POWERS_OF_TEN:
            fast = ~undecided & (scaled < _FAST_ROUNDING_LIMIT)
            result = np.rint(values * power) / power + 0.0
        else:
            fast = np.zeros(values.shape, dtype=bool)
            result = np.zeros(values.shape, dtype=np.float64)
    slow = ~fast & ~undecided
    if slow.any():
        result[slow] = [round(value, decimals) + 0.0 for value in values[slow].tolist()]
    return result, undecided


def finite(result: NDArray[Any]) -> NDArray[Any]:
    """Return ``result``; raise :class:`NeedsScalar` if an element is not finite."""
    # The sum is non-finite whenever an element is (or when finite elements overflow it).
    if not math.isfinite(result.sum()) and not np.isfinite(result).all():
        raise NeedsScalar("a value is not finite")
    return result


def each(function: Callable[..., float], *operands: Any) -> NDArray[Any]:
    """Apply a scalar C function element by element (never NumPy's own transcendental loops)."""
    arrays = np.broadcast_arrays(*operands)
    size = arrays[0].size
    return np.fromiter(map(function, *(array.tolist() for array in arrays)), np.float64, size)


def per_element(function: Callable[..., float]) -> ColumnFunction:
    """The column form of a scalar function that has no vector form: the scalar function on each element.

    Identical by construction; any element the scalar function rejects sends the batch to the
    scalar path, which raises the user-facing error.
    """

    def apply(*operands: Any) -> NDArray[Any]:
        try:
            return each(function, *operands)
        except (FormulaError, TooCloseToCall, ArithmeticError, ValueError) as error:
            raise NeedsScalar(str(error)) from None

    return apply


def exp(x: Any) -> NDArray[Any]:
    """Column ``exp``."""
    try:
        return each(math.exp, x)
    except OverflowError:
        raise NeedsScalar("exp overflows") from None


def log(x: Any, base: Any = None) -> NDArray[Any]:
    """Column ``log``, natural or in ``base``."""
    if np.any(x <= 0):
        raise NeedsScalar("log of a number that is not positive")
    if base is None:
        return each(math.log, x)
    if np.any((base <= 0) | (base == 1)):
        raise NeedsScalar("log in a base that is not positive or is 1")
    return each(math.log, x, base)


def log10(x: Any) -> NDArray[Any]:
    """Column ``log10``: ``log(x, 10)`` like the scalar function (not always ``math.log10(x)``)."""
    return log(x, 10.0)


def sqrt(x: Any) -> NDArray[Any]:
    """Column ``sqrt``."""
    if np.any(x < 0):
        raise NeedsScalar("sqrt of a negative number")
    root: NDArray[Any] = np.sqrt(x)  # IEEE square root: correctly rounded, like math.sqrt
    return root


def _whole_numbers_are_clear(x: Any) -> None:
    """As :func:`.scalar.whole_number_is_clear`, for every element; else the scalar path decides."""
    distance = np.abs(x - np.rint(x))  # np.rint rounds halves to even, as Python's round
    if np.any((distance != 0) & (distance <= UNDECIDED_WINDOW + np.abs(x) * UNDECIDED_RELATIVE)):
        raise NeedsScalar("floor or ceil of a value too close to a whole number")


def floor(x: Any) -> NDArray[Any]:
    """Column ``floor``."""
    _whole_numbers_are_clear(x)
    whole: NDArray[Any] = np.floor(x) + 0.0  # float(math.floor(x)) is never -0.0; + 0.0 clears NumPy's
    return whole


def ceil(x: Any) -> NDArray[Any]:
    """Column ``ceil``."""
    _whole_numbers_are_clear(x)
    whole: NDArray[Any] = np.ceil(x) + 0.0  # math.ceil(-0.5) is the int 0, np.ceil(-0.5) is -0.0
    return whole


def round_half_away(x: Any, digits: Any = 0.0) -> NDArray[Any]:
    """Column ``round``, decided on the exact value like the scalar function."""
    places = np.asarray(digits, dtype=np.float64)
    if np.any((np.floor(places) != places) | (places < 0) | (places > scalar.MAX_ROUND_DIGITS)):
        raise NeedsScalar(f"round() digits are not a whole number in 0..{scalar.MAX_ROUND_DIGITS}")
    values, places = np.broadcast_arrays(np.asarray(x, dtype=np.float64), places)
    result = np.empty(values.shape, dtype=np.float64)
    for decimals in np.unique(places).tolist():
        chosen = places == decimals
        rounded, undecided = decided_round_array(values[chosen], int(decimals))
        if undecided.any():
            raise NeedsScalar("round() of a value too close to a half-way point")
        result[chosen] = rounded
    return result


def normal_quantile(probability: Any) -> NDArray[Any]:
    """Column ``normal_quantile``."""
    if np.any((probability <= 0) | (probability >= 1)):
        raise NeedsScalar("normal_quantile of a value outside (0, 1)")
    return each(scalar.normal_quantile, probability)


def normal_cdf(x: Any) -> NDArray[Any]:
    """Column ``normal_cdf``."""
    return each(scalar.normal_cdf, x)


def absolute(x: Any) -> NDArray[Any]:
    """Column ``abs``."""
    magnitude: NDArray[Any] = np.abs(x)
    return magnitude


def _extreme(better: Callable[[Any, Any], Any]) -> ColumnFunction:
    """Several-argument ``min``/``max``, keeping Python's choice between equal values (0.0, -0.0)."""

    def pick(*operands: Any) -> NDArray[Any]:
        result = operands[0]
        for candidate in operands[1:]:
            result = np.where(better(candidate, result), candidate, result)
        return np.asarray(result, dtype=np.float64)

    return pick


smallest = _extreme(np.less)
"""Column ``min`` of several numbers."""

largest = _extreme(np.greater)
"""Column ``max`` of several numbers."""


def _npv_and_slope(rate: NDArray[Any], flows: NDArray[Any]) -> tuple[NDArray[Any], NDArray[Any]]:
    """:func:`.scalar._npv_and_slope` for every row of ``flows`` at its own rate, in the same operations."""
    if np.any(1.0 + rate == 0):
        raise NeedsScalar("irr reached a rate of -1")
    discount = 1.0 / (1.0 + rate)
    value: NDArray[Any] = np.zeros(len(rate))
    slope_in_discount: NDArray[Any] = np.zeros(len(rate))
    for position in range(flows.shape[1] - 1, -1, -1):
        slope_in_discount = slope_in_discount * discount + value
        value = value * discount + flows[:, position]
    return value, -slope_in_discount * discount * discount


def _one_sign_change(flows: NDArray[Any]) -> bool:
    """Whether every row's non-zero flows change sign exactly once, as the scalar irr requires."""
    nonzero = flows != 0
    positive = flows > 0
    positions = np.where(nonzero, np.arange(flows.shape[1]), -1)
    last = np.maximum.accumulate(positions, axis=1)
    previous = np.concatenate([np.full((len(flows), 1), -1), last[:, :-1]], axis=1)
    earlier_positive = np.take_along_axis(positive, np.maximum(previous, 0), axis=1)
    changes = nonzero & (previous >= 0) & (positive != earlier_positive)
    return bool(np.all(changes.sum(axis=1) == 1))


def internal_rate_of_return(flows: NDArray[Any]) -> NDArray[Any]:
    """:func:`.scalar.internal_rate_of_return` of every row of ``flows`` (rows of one length), bit for bit.

    Every row runs the scalar's bracketed Newton iteration with the same IEEE operations in the
    same order, the rows side by side; a row leaves the loop where the scalar function returns.
    """
    if flows.ndim != 2 or not flows.shape[1] or not np.isfinite(flows).all() or not _one_sign_change(flows):
        raise NeedsScalar("irr needs finite cash flows that change sign exactly once")
    count = len(flows)
    low = np.full(count, -0.999999)
    high = np.ones(count)
    f_low = _npv_and_slope(low, flows)[0]
    widening = (_npv_and_slope(high, flows)[0] > 0) == (f_low > 0)
    while widening.any():
        rows = np.flatnonzero(widening)
        high[rows] *= 2
        if np.any(high[rows] > 1e6):
            raise NeedsScalar("irr found no rate below 1,000,000")
        widening[rows] = (_npv_and_slope(high[rows], flows[rows])[0] > 0) == (f_low[rows] > 0)
    rate = np.where((low < 0.1) & (high > 0.1), 0.1, (low + high) / 2)
    result = np.empty(count)
    active = np.arange(count)
    for _ in range(200):
        if not active.size:
            break
        current = rate[active]
        value, slope = _npv_and_slope(current, flows[active])
        root = value == 0
        result[active[root]] = current[root]
        active, current, value, slope = active[~root], current[~root], value[~root], slope[~root]
        same_side = (value > 0) == (f_low[active] > 0)
        low[active[same_side]] = current[same_side]
        f_low[active[same_side]] = value[same_side]
        high[active[~same_side]] = current[~same_side]
        below, above = low[active], high[active]
        with np.errstate(all="ignore"):
            step = np.where(slope != 0, current - value / slope, below)
        step = np.where((below < step) & (step < above), step, (below + above) / 2)
        converged = np.abs(step - current) <= 1e-15 * np.maximum(1.0, np.abs(current))
        result[active[converged]] = step[converged]
        rate[active] = step
        active = active[~converged]
    result[active] = rate[active]
    return result
