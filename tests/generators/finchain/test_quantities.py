"""Display rounding and formatting: decided on exact values, shown as rounded."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Context, Decimal, localcontext
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from finsynth.generators.finchain.chain import ChainStep, solve
from finsynth.generators.finchain.formula import parse_formula
from finsynth.generators.finchain.quantities import (
    Quantity,
    TooCloseToCall,
    Unit,
    decided_round,
    round_exact,
)
from finsynth.world.rounding import round_half_up


@pytest.mark.parametrize(
    ("value", "decimals", "expected"),
    [
        (0.09075, 4, 0.0908),
        (2.675, 2, 2.68),
        (-1.005, 2, -1.01),
        (1.5, 0, 2.0),
        (0.125, 2, 0.13),
        (-0.0, 2, 0.0),
    ],
)
def test_ties_round_half_up_as_a_reader_would(value, decimals, expected):
    assert round_half_up(value, decimals) == expected


@given(st.floats(-1e9, 1e9, allow_nan=False), st.integers(0, 8))
def test_rounding_matches_exact_decimal_rounding_of_the_shown_value(value, decimals):
    exact = Decimal(repr(value)).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    assert round_half_up(value, decimals) == float(exact)


@given(st.fractions(min_value=-(10**7), max_value=10**7), st.sampled_from(list(Unit)), st.integers(0, 6))
def test_formula_text_shows_exactly_the_rounded_value(value, unit, decimals):
    quantity = Quantity(unit, decimals)
    rounded = round_exact(value, quantity.stored_decimals)
    assert Fraction(quantity.for_formula(float(rounded))) == rounded


def decimal_rounding(value: Fraction, decimals: int) -> Fraction:
    """Independent reference: Decimal's ROUND_HALF_UP on the exact value (halves away from zero)."""
    with localcontext(Context(prec=200)):
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        return Fraction(exact.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP))


# Ties k + 1/2 (in units of the last kept decimal) and values a hair either side of them.
NUDGES = st.sampled_from(
    [Fraction(0), Fraction(1, 10**15), Fraction(-1, 10**15), Fraction(1, 10**6), Fraction(-1, 10**6)]
)


@given(st.integers(-(10**9), 10**9), st.integers(0, 8), NUDGES)
def test_exact_rounding_of_ties_and_near_ties_is_half_away_from_zero(units, decimals, nudge):
    value = (Fraction(units) + Fraction(1, 2) + nudge) / 10**decimals
    assert round_exact(value, decimals) == decimal_rounding(value, decimals)


@given(st.fractions(min_value=-(10**9), max_value=10**9), st.integers(0, 8))
def test_exact_rounding_of_any_value_is_half_away_from_zero(value, decimals):
    assert round_exact(value, decimals) == decimal_rounding(value, decimals)


@given(st.integers(-(10**9), 10**9), st.integers(0, 8), NUDGES, st.integers(-4, 4))
def test_a_float_decides_only_when_it_rounds_like_its_exact_value(units, decimals, nudge, ulps):
    exact = (Fraction(units) + Fraction(1, 2) + nudge) / 10**decimals
    approximation = float(exact)
    for _ in range(abs(ulps)):  # a float carrying a few ulps of binary error
        approximation = math.nextafter(approximation, math.copysign(math.inf, ulps))
    try:
        rounded = decided_round(approximation, decimals)
    except TooCloseToCall:
        assert abs(nudge) < Fraction(1, 10**4) or abs(units) > 10**7  # only ties and near ties go exact
        return
    assert rounded == float(round_exact(exact, decimals))


@pytest.mark.parametrize(
    ("formula", "givens", "decimals", "expected"),
    [
        ("a * b", {"a": 0.90, "b": 0.0515}, 4, 0.0464),  # 0.046350 exactly
        ("a - 1", {"a": 1.18715}, 4, 0.1872),  # 0.18715 exactly
        ("a * b", {"a": 5_675, "b": 1.011}, 2, 5737.43),  # 5,737.425 exactly
        ("a * b", {"a": 1.005, "b": 1}, 2, 1.01),
        ("-a * b", {"a": 0.90, "b": 0.0515}, 4, -0.0464),
    ],
)
def test_the_issue_examples_round_on_their_exact_value(formula, givens, decimals, expected):
    solution = solve([ChainStep("result", parse_formula(formula), decimals)], givens)
    assert solution.shown["result"] == expected
    # The float alone would round the wrong way or could not tell.
    assert solution.exact_values is not None


def test_question_formats():
    assert Quantity(Unit.USD, 2).for_question(-1234.5) == "-$1,234.50"
    assert Quantity(Unit.PERCENT, 2).for_question(0.0525) == "5.25%"
    assert Quantity(Unit.YEARS, 0).for_question(1) == "1 year"
    assert Quantity(Unit.YEARS, 0).for_question(10) == "10 years"
    assert Quantity(Unit.TIMES, 2).for_question(3.5) == "3.50x"
    assert Quantity(Unit.EUR, 2).for_question(99.5) == "€99.50"
    assert Quantity(Unit.PERCENT, 2).stored_decimals == 4
