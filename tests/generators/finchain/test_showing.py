"""Each showing rule's column form gives exactly the texts of its value form."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from finsynth.generators.finchain.formula import parse_formula
from finsynth.generators.finchain.quantities import Quantity, Unit
from finsynth.generators.finchain.showing import (
    format_all,
    in_arithmetic,
    in_arithmetic_column,
    question_column,
    result_suffix,
    result_suffix_column,
    series_in_question,
    series_in_question_column,
    substituted_column,
)

quantities = st.builds(Quantity, st.sampled_from(list(Unit)), st.integers(0, 4))
# Values on a few grids, with exact ones, negatives and large amounts that group digits.
values = st.one_of(
    st.integers(-2_000_000, 2_000_000).map(float),
    st.integers(-5_000, 5_000).map(float),
    st.integers(-(10**9), 10**9).map(lambda units: units / 100),
    st.sampled_from([0.0, 1.0, -1.0, 999.5, -999.5, 1000.0]),
)
columns = st.lists(values, min_size=1, max_size=30) | st.lists(
    st.integers(1_000, 9_999).map(float), min_size=1
)


@given(quantities, columns)
def test_question_column_shows_what_for_question_shows(quantity: Quantity, column: list[float]) -> None:
    shown = format_all([question_column(quantity, np.array(column))], len(column))
    assert shown == [quantity.for_question(value) for value in column]


@given(quantities, columns)
def test_arithmetic_column_puts_the_same_negatives_in_parentheses(
    quantity: Quantity, column: list[float]
) -> None:
    texts = [quantity.for_formula(value) for value in column]
    expected = [in_arithmetic(text, value) for text, value in zip(texts, column, strict=True)]
    assert in_arithmetic_column(texts, np.array(column)) == expected
    assert all(text.startswith("(") == (value < 0) for text, value in zip(expected, column, strict=True))


@given(quantities, st.lists(values | st.just(-0.0) | st.integers(-5, 5).map(lambda units: units / 1e6)))
def test_substituted_column_shows_what_a_substituted_formula_shows(
    quantity: Quantity, column: list[float]
) -> None:
    texts = [quantity.for_formula(value) for value in column]
    one_by_one = [
        parse_formula("x").substituted({"x": value}, lambda _, v: quantity.for_formula(v)) for value in column
    ]
    assert substituted_column(texts, np.array(column)) == one_by_one


@given(quantities, columns)
def test_result_suffix_column_matches_one_by_one(quantity: Quantity, column: list[float]) -> None:
    shown = format_all(result_suffix_column(quantity, np.array(column)), len(column))
    assert shown == [result_suffix(quantity, value, quantity.for_formula(value)) for value in column]


@given(quantities, st.lists(st.lists(values, min_size=1, max_size=5).map(tuple), min_size=1, max_size=10))
def test_series_column_matches_one_by_one(quantity: Quantity, series: list[tuple[float, ...]]) -> None:
    assert series_in_question_column(quantity, series) == [
        series_in_question(quantity, values) for values in series
    ]


@given(st.integers(0, 4), st.lists(st.integers(-99_999, 99_999).map(float), min_size=1, max_size=30))
def test_plain_numbers_show_their_grouped_form_after_the_result(decimals: int, column: list[float]) -> None:
    quantity = Quantity(Unit.NONE, decimals)
    shown = format_all(result_suffix_column(quantity, np.array(column)), len(column))
    assert shown == [result_suffix(quantity, value, quantity.for_formula(value)) for value in column]
    assert all((text != "") == (abs(value) >= 1_000) for text, value in zip(shown, column, strict=True))
