"""Exact evaluation: rational where the operations allow, high precision elsewhere, decided like floats."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, event, given
from hypothesis import strategies as st

from finsynth.errors import FormulaError
from finsynth.generators.finchain.chain import ChainStep, solve, solve_exactly
from finsynth.generators.finchain.exact import _evaluate as walk
from finsynth.generators.finchain.exact import exact, exact_evaluate
from finsynth.generators.finchain.formula import parse_formula
from finsynth.generators.finchain.quantities import round_exact
from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import all_generators
from finsynth.seeding import InstanceSeeder, SplitMixStream

DECIMALS = st.decimals(min_value=-10_000, max_value=10_000, places=4, allow_nan=False, allow_infinity=False)


@given(DECIMALS, DECIMALS, DECIMALS)
def test_rational_formulas_are_exact(a, b, c):
    env = {"a": float(a), "b": float(b), "c": float(c)}
    fa, fb, fc = Fraction(a), Fraction(b), Fraction(c)
    assert exact(env["a"]) == fa  # a float drawn on a decimal grid stands for that decimal
    formula = parse_formula("(a + b) * c - a * b ** 2 + abs(c) - min(a, b, c)")
    assert exact_evaluate(formula, {"a": fa, "b": fb, "c": fc}) == (fa + fb) * fc - fa * fb**2 + abs(
        fc
    ) - min(fa, fb, fc)
    if fb != 0:
        assert exact_evaluate(parse_formula("a / b"), {"a": fa, "b": fb}) == fa / fb


@given(st.lists(DECIMALS, min_size=1, max_size=6), DECIMALS.filter(lambda rate: rate > -0.9))
def test_sums_over_periods_are_exact(flows, rate):
    rate = rate / 10_000
    formula = parse_formula("sum(flow / (1 + rate) ** t for t, flow in enumerate(flows, 1))")
    env = {"flows": tuple(Fraction(flow) for flow in flows), "rate": Fraction(rate)}
    expected = sum(Fraction(flow) / (1 + Fraction(rate)) ** t for t, flow in enumerate(flows, 1))
    assert exact_evaluate(formula, env) == expected


@pytest.mark.parametrize(
    ("source", "value", "expected"),
    [
        ("sqrt(x)", Fraction("0.0004"), Fraction("0.02")),  # perfect squares stay exact
        ("x ** 0.5", Fraction("2.25"), Fraction("1.5")),
        ("exp(x)", Fraction(0), Fraction(1)),
        ("log(x)", Fraction(1), Fraction(0)),
        ("log10(x)", Fraction(1000), Fraction(3)),
    ],
)
def test_functions_are_exact_where_their_value_is(source, value, expected):
    assert exact_evaluate(parse_formula(source), {"x": value}) == expected


@given(st.floats(0.01, 100), st.floats(-3, 3))
def test_transcendental_values_agree_with_floats(x, y):
    env = {"x": Fraction(x), "y": Fraction(y)}
    for source, reference in [
        ("log(x)", math.log(x)),
        ("exp(y)", math.exp(y)),
        ("sqrt(x)", math.sqrt(x)),
        ("x ** y", x**y),
    ]:
        value = exact_evaluate(parse_formula(source), env)
        assert isinstance(value, Fraction)
        assert math.isclose(float(value), reference, rel_tol=1e-14), source


@pytest.mark.parametrize(
    ("source", "env", "expected"),
    [
        ("floor(a / b)", {"a": 1000.0, "b": 0.1}, 10_000),  # 9999.999... in floats
        ("ceil(a * 3 * 10)", {"a": 0.1}, 3),  # 3.0000000000000004 in floats
        ("round(a * b, 4)", {"a": 0.90, "b": 0.0515}, 0.0464),
    ],
)
def test_decisions_the_float_gets_wrong_are_made_on_the_exact_value(source, env, expected):
    solution = solve([ChainStep("result", parse_formula(source), 4)], env)
    assert solution.shown["result"] == expected


@pytest.mark.parametrize(
    "source", ["1 / (a - a)", "log(a - a)", "sqrt(-a)", "(-a) ** 0.5", "(a - a) ** -1", "exp(a * 10000)"]
)
def test_undefined_values_raise_formula_errors(source):
    with pytest.raises(FormulaError):
        exact_evaluate(parse_formula(source), {"a": Fraction(2)})


def formulas() -> st.SearchStrategy[str]:
    """Formula sources over ``a``, ``b``, ``c`` and the series ``flows``: arithmetic, calls, conditions."""
    leaves = st.sampled_from(["a", "b", "c", "0.1", "3", "2.5", "len(flows)", "sum(f * a for f in flows)"])

    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        two = st.tuples(inner, inner)
        return st.one_of(
            st.builds(lambda pair, op: f"({pair[0]} {op} {pair[1]})", two, st.sampled_from("+-*/")),
            st.builds(lambda x, n: f"({x}) ** {n}", inner, st.sampled_from(["0", "2", "3", "-1", "0.5"])),
            st.builds(lambda x: f"-({x})", inner),
            st.builds(lambda x, f: f"{f}({x})", inner, st.sampled_from(["abs", "floor", "ceil", "exp"])),
            st.builds(lambda x: f"round({x}, 2)", inner),
            st.builds(lambda pair: f"max({pair[0]}, {pair[1]}, c)", two),
            st.builds(lambda pair: f"min([{pair[0]}, {pair[1]}])", two),
            st.builds(lambda pair: f"({pair[0]} if {pair[0]} > {pair[1]} and not b < 0 else {pair[1]})", two),
            st.builds(lambda pair: f"({pair[0]} if {pair[1]} <= a < 9 or a == b else 1)", two),
        )

    return st.recursive(leaves, extend, max_leaves=6)


def outcome(evaluate, env):
    try:
        return evaluate(env)
    except FormulaError as error:
        return f"FormulaError: {error}"


@given(formulas(), DECIMALS, DECIMALS, DECIMALS, st.lists(DECIMALS, max_size=4))
def test_compiled_exact_evaluation_equals_the_tree_walk(source, a, b, c, flows):
    # exact_evaluate runs the formula compiled into closures; the tree walk is the definition.
    try:
        formula = parse_formula(source)
    except FormulaError:
        assume(False)
    env = {"a": Fraction(a), "b": Fraction(b), "c": Fraction(c), "flows": tuple(map(Fraction, flows))}
    assert outcome(lambda values: exact_evaluate(formula, values), env) == outcome(
        lambda values: walk(formula.tree, values), env
    )


HALF_WAY_DECIMALS = st.sampled_from([2, 3, 4, 6])


@given(
    st.integers(-10_000, 10_000),
    HALF_WAY_DECIMALS,
    st.integers(1, 9_999),
    st.integers(-60, 60),
    st.sampled_from([0.0, 1.0, 0.25, 7.5]),
)
def test_a_decided_float_chain_shows_what_the_exact_chain_shows(half_ways, decimals, cents, nudge, addend):
    # a * b lands on the half-way point (half_ways + 1/2) / 10**decimals, or nudge units of
    # 1e-8 of b beside it: exactly on it, within the undecided window, or just outside.
    tie = Fraction(2 * half_ways + 1, 2 * 10**decimals)
    a = Fraction(cents, 100)
    b = round(tie / a, 8) + Fraction(nudge, 10**8)
    env = {"a": float(a), "b": float(b), "c": addend}
    chain = [
        ChainStep("product", parse_formula("a * b"), decimals),
        ChainStep("total", parse_formula("product * 3 + c"), decimals),
        ChainStep("payment", parse_formula("total / 7"), 2, rounded_before_use=True),
        ChainStep("left", parse_formula("total - payment * 7"), decimals),
    ]
    exactly = solve_exactly(chain, env)
    solution = solve(chain, env)
    event("decided in floats" if solution.exact_values is None else "solved exactly")
    assert solution.shown == exactly.shown
    for item in chain:
        assert exactly.shown[item.name] == float(round_exact(exactly.exact_values[item.name], item.decimals))


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_a_float_stands_for_the_decimal_its_shortest_form_reads(value):
    assert exact(value) == Fraction(repr(value))


@pytest.mark.parametrize(
    "generator",
    [generator for generator in all_generators("finchain") if isinstance(generator, FinChainGenerator)],
    ids=lambda generator: generator.info.id,
)
def test_every_template_decides_in_floats_only_what_the_exact_chain_shows(generator):
    # The undecided window is a tolerance, not a proof: check it on the real chains, where
    # products of drawn decimals land on half-way points often and large amounts lose digits.
    compiled = generator.compiled
    _, values = InstanceSeeder(5, "c", "s", generator.info.id).seed_arrays(np.arange(60))
    for seed in values.tolist():
        givens = compiled.draw_values(SplitMixStream(seed))
        solution = solve(compiled.chain, givens)
        if solution.exact_values is None:
            assert solution.shown == solve_exactly(compiled.chain, givens).shown, givens
