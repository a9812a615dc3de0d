"""Display rounding and formatting: what a reader sees is what the next step uses."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from finsynth.generators.finchain.quantities import Quantity, Unit, round_half_up


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


@given(st.floats(-1e7, 1e7, allow_nan=False), st.sampled_from(list(Unit)), st.integers(0, 6))
def test_formula_text_shows_exactly_the_rounded_value(value, unit, decimals):
    quantity = Quantity(unit, decimals)
    rounded = quantity.round(value)
    assert float(quantity.for_formula(rounded)) == rounded


def test_question_formats():
    assert Quantity(Unit.USD, 2).for_question(-1234.5) == "-$1,234.50"
    assert Quantity(Unit.PERCENT, 2).for_question(0.0525) == "5.25%"
    assert Quantity(Unit.YEARS, 0).for_question(1) == "1 year"
    assert Quantity(Unit.YEARS, 0).for_question(10) == "10 years"
    assert Quantity(Unit.TIMES, 2).for_question(3.5) == "3.50x"
    assert Quantity(Unit.EUR, 2).for_question(99.5) == "€99.50"
    assert Quantity(Unit.PERCENT, 2).stored_decimals == 4
