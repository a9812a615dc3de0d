"""The exact arithmetic the FinChain reference solvers rest on: reading givens and rounding once."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

import mpmath
from hypothesis import given
from hypothesis import strategies as st

from tests.generators.finchain.references.exact import (
    givens_of,
    internal_rate,
    normal_quantile,
    round_half_away,
    solve,
)


def decimal_rounding(value: Fraction, decimals: int) -> Fraction:
    """The same rounding done by ``decimal`` at 80 digits (ROUND_HALF_UP is half away from zero)."""
    with localcontext() as context:
        context.prec = 80
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        return Fraction(exact.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP))


@given(st.integers(-(10**12), 10**12), st.integers(1, 10**9), st.integers(0, 8))
def test_rounding_agrees_with_decimal_at_high_precision(
    numerator: int, denominator: int, decimals: int
) -> None:
    value = Fraction(numerator, denominator)
    assert round_half_away(value, decimals) == decimal_rounding(value, decimals)


@given(st.integers(-(10**9), 10**9), st.integers(0, 6))
def test_exact_halves_go_away_from_zero(whole: int, decimals: int) -> None:
    half = Fraction(2 * whole + 1, 2 * 10**decimals)
    expected = Fraction(whole + 1 if whole >= 0 else whole, 10**decimals)
    assert round_half_away(half, decimals) == expected
    assert round_half_away(-half, decimals) == -expected


@given(st.integers(-(10**9), 10**9), st.integers(0, 6), st.integers(1, 10**6))
def test_near_halves_round_to_the_nearer_side(whole: int, decimals: int, offset: int) -> None:
    half = Fraction(2 * whole + 1, 2 * 10**decimals)
    nudge = Fraction(1, 10 ** (decimals + 20) * offset)
    assert round_half_away(half - nudge, decimals) == Fraction(whole, 10**decimals)
    assert round_half_away(half + nudge, decimals) == Fraction(whole + 1, 10**decimals)


@given(st.integers(-(10**12), 10**12), st.integers(1, 10**9), st.integers(0, 8))
def test_mpmath_values_round_like_the_fraction_they_approximate(
    numerator: int, denominator: int, decimals: int
) -> None:
    value = Fraction(numerator, denominator)
    scaled = value * 10**decimals
    if scaled.denominator == 2:  # an exact half is a question for fractions, not for binary mpmath
        return
    approximation = mpmath.mpf(numerator) / denominator
    assert round_half_away(approximation, decimals) == round_half_away(value, decimals)


def test_givens_are_read_as_the_decimals_the_trace_prints() -> None:
    trace = '{"version":1,"inputs":{"rate":0.0720,"money":1234.05,"count":3,"flows":[0.1,-2.50]},"steps":[]}'
    givens = givens_of(trace)
    assert givens == {
        "rate": Fraction(9, 125),
        "money": Fraction(123405, 100),
        "count": Fraction(3),
        "flows": [Fraction(1, 10), Fraction(-5, 2)],
    }


def test_solvers_receive_only_the_givens_they_name() -> None:
    def margin(revenue: Fraction, cost: Fraction) -> Fraction:
        return (revenue - cost) / revenue

    assert solve(
        margin, {"revenue": Fraction(200), "cost": Fraction(150), "unused": Fraction(1)}
    ) == Fraction(1, 4)


def test_internal_rate_solves_a_known_project() -> None:
    # −100 now and 121 in two years returns exactly 10% a year.
    rate = internal_rate([Fraction(-100), Fraction(0), Fraction(121)])
    assert abs(rate - mpmath.mpf("0.1")) < mpmath.mpf(10) ** -40


def test_normal_quantile_inverts_the_normal_cdf() -> None:
    for probability in (Fraction(95, 100), Fraction(99, 100), Fraction(975, 1000)):
        z = normal_quantile(probability)
        assert (
            abs(mpmath.ncdf(z) - mpmath.mpf(probability.numerator) / probability.denominator)
            < mpmath.mpf(10) ** -50
        )
    assert round_half_away(normal_quantile(Fraction(975, 1000)), 6) == Fraction(1959964, 10**6)
