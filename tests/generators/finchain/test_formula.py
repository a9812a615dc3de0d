"""The restricted evaluator: right answers, and nothing outside the grammar ever runs."""

from __future__ import annotations

import contextlib
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FormulaError
from finsynth.generators.finchain.formula import parse_formula
from finsynth.generators.finchain.functions.scalar import internal_rate_of_return

NUMBERS = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False).map(lambda x: round(x, 3))


@st.composite
def expressions(draw, depth=0):
    """Return (formula text, its value computed here without the evaluator)."""
    if depth > 3 or draw(st.booleans()):
        value = draw(NUMBERS)
        return (f"({value!r})", value)
    left_text, left = draw(expressions(depth + 1))
    right_text, right = draw(expressions(depth + 1))
    operator = draw(st.sampled_from(["+", "-", "*", "/", "max", "min", "abs"]))
    if operator == "/":
        if right == 0:
            return (f"({left_text} + {right_text})", left + right)
        return (f"({left_text} / {right_text})", left / right)
    if operator in ("max", "min"):
        return (
            f"{operator}({left_text}, {right_text})",
            max(left, right) if operator == "max" else min(left, right),
        )
    if operator == "abs":
        return (f"abs({left_text})", abs(left))
    value = left + right if operator == "+" else left - right if operator == "-" else left * right
    return (f"({left_text} {operator} {right_text})", value)


@given(expressions())
def test_arithmetic_matches_a_direct_computation(case):
    text, expected = case
    try:
        result = parse_formula(text).evaluate({})
    except FormulaError as error:  # only overflow may stop a valid arithmetic formula
        assert "finite" in str(error)
        return
    assert result == pytest.approx(expected, rel=1e-9, abs=1e-9)


@given(st.text(max_size=120))
@settings(max_examples=500)
def test_any_text_either_parses_or_raises_formula_error(text):
    try:
        formula = parse_formula(text)
    except FormulaError:
        return
    with contextlib.suppress(FormulaError):
        formula.evaluate({name: 1.0 for name in formula.names})


@given(st.lists(st.sampled_from(list("abcxyz0123456789+-*/()[]., _<>=!%^~@&|'\"")), max_size=60).map("".join))
@settings(max_examples=500)
def test_symbol_soup_never_escapes(text):
    test_any_text_either_parses_or_raises_formula_error.hypothesis.inner_test(text)


@pytest.mark.parametrize(
    "hostile",
    [
        "__import__('os').system('true')",
        "().__class__.__bases__[0].__subclasses__()",
        "x.real",
        "open('/etc/passwd')",
        "eval('1')",
        "exec('1')",
        "lambda: 1",
        "[x for x in range(3)]",
        "{1: 2}",
        "{1, 2}",
        "'text'",
        "f'{1}'",
        "x := 1",
        "2 ** 10001",
        "10 ** 10 ** 10",
        "9e999 * 1",
        "max(*[1, 2])",
        "round(1.5, ndigits=1)",
        "sum(x for x in range(100000))",
        "(" * 300 + "1" + ")" * 300,
        "1 + " * 1000 + "1",
        "_private",
        "x[1:2]",
        "await x",
        "sum(x async for x in y)",
    ],
)
def test_hostile_formulas_are_rejected(hostile):
    with pytest.raises(FormulaError):
        formula = parse_formula(hostile)
        formula.evaluate({"x": (1.0, 2.0), "y": (1.0,)})


def test_undefined_results_raise_clear_errors():
    for text, message in [
        ("1 / 0", "division by zero"),
        ("log(0)", "log"),
        ("sqrt(-1)", "sqrt"),
        ("(-8) ** 0.5", "not a real number"),
        ("exp(1000)", "too large"),
    ]:
        with pytest.raises(FormulaError, match=message):
            parse_formula(text).evaluate({})


def test_names_are_listed_in_order_and_loop_variables_are_bound():
    formula = parse_formula("sum(cf / (1 + rate) ** t for t, cf in enumerate(flows, 1)) - investment")
    assert formula.names == ("flows", "rate", "investment")
    value = formula.evaluate({"flows": (110.0, 121.0), "rate": 0.1, "investment": 100.0})
    assert value == pytest.approx(100.0)


def test_substitution_shows_every_number_and_recomputes():
    formula = parse_formula("principal * (1 + rate) ** years - fee")
    env = {"principal": 1000.0, "rate": 0.05, "years": 3.0, "fee": -20.0}
    text = formula.substituted(env, lambda name, value: f"{value:.2f}")
    assert text == "1000.00 × (1 + 0.05)^3.00 - (-20.00)"
    recomputed = parse_formula(text.replace("×", "*").replace("^", "**")).evaluate({})
    assert recomputed == pytest.approx(formula.evaluate(env))
    assert formula.symbolic() == "principal × (1 + rate)^years - fee"
    assert formula.substitution_pattern() == "{principal} × (1 + {rate})^{years} - {fee}"


@given(st.lists(st.floats(10, 10_000), min_size=1, max_size=12), st.floats(0.0, 0.5))
def test_irr_sets_npv_to_zero(inflows, true_rate):
    # Price the inflows at a known rate: the IRR of (-price, inflows) is that rate.
    price = sum(flow / (1 + true_rate) ** period for period, flow in enumerate(inflows, 1))
    rate = internal_rate_of_return([-price, *inflows])
    assert rate == pytest.approx(true_rate, abs=1e-9)


def test_irr_needs_one_sign_change():
    with pytest.raises(FormulaError, match="sign"):
        internal_rate_of_return([100.0, 50.0])
    with pytest.raises(FormulaError, match="sign"):
        internal_rate_of_return([-100.0, 250.0, -160.0])


def test_normal_quantile_matches_known_z_scores():
    assert parse_formula("normal_quantile(0.95)").evaluate({}) == pytest.approx(1.644854, abs=1e-6)
    assert parse_formula("normal_quantile(0.99)").evaluate({}) == pytest.approx(2.326348, abs=1e-6)
    assert math.isclose(parse_formula("normal_cdf(0)").evaluate({}), 0.5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        "len(flows)",
        "max(flows)",
        "min(cf * 2 for cf in flows)",
        "len(cf for cf in flows if cf > 150)",
        "sum(cf for cf in flows if cf > 150)",
        "irr([-500, 200, 200, 200])",
    ],
)
def test_displayed_arithmetic_of_sequences_parses_back_to_the_same_value(text):
    env = {"flows": (100.0, 200.0, 300.0)}
    formula = parse_formula(text)
    shown = formula.substituted(env, lambda name, value: f"{value:.2f}")
    assert parse_formula(shown.replace("×", "*").replace("^", "**")).evaluate({}) == formula.evaluate(env)


def test_filters_appear_in_the_symbolic_form():
    assert (
        parse_formula("sum(cf for cf in flows if cf > 150)").symbolic()
        == "sum(cf for cf in flows if cf > 150)"
    )
