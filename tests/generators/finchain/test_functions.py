"""The formula functions are declared once, and every form of each one means the same function."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FormulaError
from finsynth.generators.finchain.exact import exact_evaluate
from finsynth.generators.finchain.formula import parse_formula
from finsynth.generators.finchain.functions import FUNCTIONS
from finsynth.generators.finchain.quantities import TooCloseToCall
from tests.generators.finchain.harness import SYMPY_FUNCTIONS

# A point inside each function's domain, for the forms to be compared on.
POSITIVE = st.floats(0.01, 500.0)
PROBABILITY = st.floats(0.001, 0.999)
ANY = st.floats(-50.0, 50.0)
NUMBER_DOMAINS = {
    "abs": ANY,
    "round": ANY,
    "log": POSITIVE,
    "log10": POSITIVE,
    "exp": ANY,
    "sqrt": POSITIVE,
    "floor": ANY,
    "ceil": ANY,
    "normal_quantile": PROBABILITY,
    "normal_cdf": ANY,
}
SERIES = st.lists(st.floats(-1e6, 1e6), min_size=1, max_size=12).map(tuple)


def test_every_function_is_checked_here() -> None:
    sequence_functions = {name for name, function in FUNCTIONS.items() if function.takes_sequence}
    assert set(NUMBER_DOMAINS) | sequence_functions == set(FUNCTIONS)


def test_the_parser_allows_exactly_the_declared_functions() -> None:
    with pytest.raises(FormulaError) as error:
        parse_formula("cbrt(a)")
    assert str(error.value).endswith("allowed: " + ", ".join(sorted(FUNCTIONS)))
    for name, function in FUNCTIONS.items():
        arguments = ", ".join(["a"] * function.min_args)
        assert parse_formula(f"{name}({arguments})").names == ("a",)
        with pytest.raises(FormulaError, match="arguments"):
            parse_formula(f"{name}({', '.join(['a'] * (function.max_args + 1))})")


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(sorted(NUMBER_DOMAINS)), data=st.data())
def test_the_exact_form_agrees_with_the_double_precision_form(name: str, data: st.DataObject) -> None:
    x = data.draw(NUMBER_DOMAINS[name])
    function = FUNCTIONS[name]
    try:
        expected = function.scalar(x)
    except TooCloseToCall:  # a whole number or half-way point a float cannot decide: the exact path does
        return
    exact = float(function.exact(Fraction(x)))
    assert math.isclose(exact, expected, rel_tol=1e-12, abs_tol=1e-300), (name, x, exact, expected)


@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(sorted(n for n, f in FUNCTIONS.items() if f.takes_sequence and n != "irr")),
    series=SERIES,
)
def test_sequence_functions_agree_in_both_forms(name: str, series: tuple[float, ...]) -> None:
    function = FUNCTIONS[name]
    exact = function.exact(tuple(Fraction(value) for value in series))
    assert math.isclose(float(exact), function.scalar(series), rel_tol=1e-12, abs_tol=1e-6)


def test_irr_is_the_rate_that_sets_the_net_present_value_to_zero() -> None:
    flows = (-1_000.0, 300.0, 400.0, 500.0)
    rate = FUNCTIONS["irr"].scalar(flows)
    assert abs(sum(flow / (1 + rate) ** t for t, flow in enumerate(flows))) < 1e-9
    assert FUNCTIONS["irr"].exact(tuple(Fraction(flow) for flow in flows)) == Fraction(rate)


@pytest.mark.parametrize("name", sorted(SYMPY_FUNCTIONS))
def test_a_declared_sympy_form_is_the_same_function(name: str) -> None:
    for x in (0.3, 2.0, 17.5):
        symbolic = float(SYMPY_FUNCTIONS[name](sympy.Float(x, 30)))
        assert math.isclose(symbolic, FUNCTIONS[name].scalar(x), rel_tol=1e-14), (name, x)


def test_the_exact_evaluator_calls_the_declared_exact_forms() -> None:
    value = exact_evaluate(
        parse_formula("sqrt(a) + max(b, c) + sum(flows)"),
        {
            "a": Fraction(2),
            "b": Fraction(1, 3),
            "c": Fraction(1, 4),
            "flows": (Fraction(1, 10), Fraction(2, 10)),
        },
    )
    expected = FUNCTIONS["sqrt"].exact(Fraction(2)) + Fraction(1, 3) + Fraction(3, 10)
    assert value == expected


def test_solution_text_writes_the_natural_logarithm_as_ln() -> None:
    assert FUNCTIONS["log"].shown_as(1) == "ln"
    assert FUNCTIONS["log"].shown_as(2) == "log"
    assert FUNCTIONS["sqrt"].shown_as(1) == "sqrt"
