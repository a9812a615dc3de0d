"""Column-wise formulas: every element has the bits the scalar evaluator gives, or the batch defers."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from finsynth.errors import FormulaError
from finsynth.generators.finchain.chain import solve
from finsynth.generators.finchain.formula import Formula, parse_formula
from finsynth.generators.finchain.functions import FUNCTIONS
from finsynth.generators.finchain.quantities import TooCloseToCall, decided_round
from finsynth.generators.finchain.vector import NeedsScalar, compile_vector, decided_round_array
from finsynth.seeding import RandomStream
from tests.generators.finchain.harness import finchain_templates

NAMES = ("a", "b", "c")
CONSTANTS = ("0", "1", "2", "3", "0.5", "0.1", "2.5", "10", "100", "1e300")
ARITHMETIC = ("+", "-", "*", "/", "//", "%", "**")
COMPARISONS = ("<", "<=", ">", ">=", "==", "!=")
ONE_ARGUMENT = (
    "abs",
    "sqrt",
    "log",
    "log10",
    "exp",
    "round",
    "floor",
    "ceil",
    "normal_cdf",
    "normal_quantile",
)
TRANSCENDENTAL = ("**", "log", "exp", "normal_cdf", "normal_quantile")

SPECIAL_VALUES = (0.0, -0.0, 1.0, -1.0, 0.5, -2.0, 3.0, 1e-300, -1e-300, 5e-324, 1e15, 1e300, -1e300, 2.0**53)
WIDE_VALUES = st.one_of(
    st.sampled_from(SPECIAL_VALUES),
    st.sampled_from((np.inf, -np.inf, np.nan)),  # outside the contract, but must not pass silently
    st.floats(allow_nan=False, allow_infinity=False),
    st.floats(-10, 10),
    st.integers(-1000, 1000).map(float),
)
# Hundredths up to 50: products of eight such values and quotients of two stay far below 2**53.
MODERATE_VALUES = st.one_of(st.just(-0.0), st.integers(-5000, 5000).map(lambda k: k / 100))


@st.composite
def numbers(draw: st.DrawFn, depth: int = 0, connectives: bool = True) -> str:
    """Source text of a formula that computes a number (sometimes, on purpose, a truth value)."""
    if connectives and draw(st.integers(0, 30)) == 0:
        return draw(truths(depth, connectives))  # a kind error the evaluators must both reject
    if depth >= 3 or draw(st.integers(0, 3)) == 0:
        return draw(st.sampled_from(NAMES + CONSTANTS))
    inner = numbers(depth + 1, connectives)
    form = draw(
        st.sampled_from(("binary", "negate", "call", "extreme", "log", "round") + ("if",) * connectives)
    )
    if form == "binary":
        return f"({draw(inner)} {draw(st.sampled_from(ARITHMETIC))} {draw(inner)})"
    if form == "negate":
        return f"(-{draw(inner)})"
    if form == "call":
        return f"{draw(st.sampled_from(ONE_ARGUMENT))}({draw(inner)})"
    if form == "extreme":
        arguments = draw(st.lists(inner, min_size=2, max_size=3))
        return f"{draw(st.sampled_from(('min', 'max')))}({', '.join(arguments)})"
    if form == "log":
        return f"log({draw(inner)}, {draw(inner)})"
    if form == "round":
        digits = draw(st.one_of(st.integers(0, 15).map(str), st.sampled_from(NAMES), st.just("16")))
        return f"round({draw(inner)}, {digits})"
    orelse = truths(depth + 1, connectives) if draw(st.integers(0, 10)) == 0 else inner
    return f"({draw(inner)} if {draw(truths(depth + 1, connectives))} else {draw(orelse)})"


@st.composite
def truths(draw: st.DrawFn, depth: int = 0, connectives: bool = True) -> str:
    """Source text of a formula that computes a truth value."""
    inner = numbers(depth + 1, connectives)
    forms = ("compare", "chain", "not") + ("and", "or") * connectives
    form = draw(st.sampled_from(forms)) if depth < 3 else "compare"
    if form == "compare":
        return f"({draw(inner)} {draw(st.sampled_from(COMPARISONS))} {draw(inner)})"
    if form == "chain":
        first, second = draw(st.sampled_from(COMPARISONS)), draw(st.sampled_from(COMPARISONS))
        return f"({draw(inner)} {first} {draw(inner)} {second} {draw(inner)})"
    if form == "not":
        return f"(not {draw(truths(depth + 1, connectives))})"
    operands = draw(st.lists(truths(depth + 1, connectives), min_size=2, max_size=3))
    return "(" + f" {form} ".join(operands) + ")"


def formulas(connectives: bool = True) -> st.SearchStrategy[str]:
    return st.one_of(numbers(0, connectives), truths(0, connectives))


def columns(values: st.SearchStrategy[float], largest: int = 6) -> Any:
    """Batches of a few elements, sometimes repeated to 37 so NumPy's SIMD loops run, not only their tails."""
    batches = st.integers(1, largest).flatmap(
        lambda n: st.fixed_dictionaries(
            {name: st.lists(values, min_size=n, max_size=n).map(np.array) for name in NAMES}
        )
    )
    return st.tuples(batches, st.booleans()).map(
        lambda drawn: (
            {name: np.resize(column, 37) for name, column in drawn[0].items()} if drawn[1] else drawn[0]
        )
    )


def scalar_outcomes(formula: Formula, batch: Mapping[str, np.ndarray]) -> list[Any]:
    """The scalar result for each element, or the exception it raised."""
    size = len(next(iter(batch.values())))
    outcomes: list[Any] = []
    for index in range(size):
        env = {
            name: column[index] if isinstance(column[index], tuple) else float(column[index])
            for name, column in batch.items()
        }
        try:
            outcomes.append(formula.evaluate(env))
        except (FormulaError, ArithmeticError, ValueError, TooCloseToCall) as error:  # floor(nan): ValueError
            outcomes.append(error)
    return outcomes


def assert_same_bits(outcomes: Sequence[Any], result: np.ndarray) -> None:
    assert result.shape == (len(outcomes),)
    for outcome, element in zip(outcomes, result, strict=True):
        assert not isinstance(outcome, Exception), f"scalar raised {outcome!r}, columns gave {element!r}"
        if isinstance(outcome, bool):
            assert result.dtype == np.bool_ and bool(element) is outcome
        else:
            assert result.dtype == np.float64
            assert np.float64(outcome).tobytes() == element.tobytes(), (outcome, element)


def check(
    formula: Formula, batch: Mapping[str, np.ndarray], sequence_names: frozenset[str] = frozenset()
) -> str:
    """Evaluate both ways and assert they agree; return which path answered."""
    outcomes = scalar_outcomes(formula, batch)
    try:
        evaluate = compile_vector(formula, sequence_names)
    except FormulaError:
        assert all(isinstance(outcome, Exception) for outcome in outcomes), formula.source
        return "rejected"
    if evaluate is None:
        return "not vectorized"
    try:
        result = evaluate(batch)
    except NeedsScalar:
        return "deferred"
    assert_same_bits(outcomes, result)
    return "vectorized"


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(source=formulas(), batch=columns(WIDE_VALUES))
@example(source="(1 / (1 / a))", batch={"a": np.array([2.0, 0.0]), "b": np.zeros(2), "c": np.zeros(2)})
@example(source="max(a, b)", batch={"a": np.array([-0.0, 0.0]), "b": np.array([0.0, -0.0]), "c": np.zeros(2)})
def test_every_element_has_the_scalar_bits_or_the_batch_defers(
    source: str, batch: dict[str, np.ndarray]
) -> None:
    formula = parse_formula(source)
    if check(formula, batch) == "not vectorized":
        assert " if " in source  # only an if-else giving a number here and a truth value there


@pytest.mark.parametrize(
    ("source", "a", "b"),
    [
        ("floor(a)", [-0.0, -0.3, 0.7], [0.0] * 3),  # float(math.floor(-0.3)) is 0.0, np.floor gives -0.0
        ("floor(a)", [3.0, 2.99, 1e15], [0.0] * 3),  # whole floats are taken as they are
        ("ceil(a)", [-0.5, -0.0, 2.5], [0.0] * 3),
        ("log10(a)", [1000.0, 1e-3, 1e15], [0.0] * 3),  # log(x, 10), not math.log10
        ("log(a, b)", [8.0, 1000.0, 0.001], [2.0, 10.0, 10.0]),
        ("max(a, b)", [-0.0, 0.0, 1.0], [0.0, -0.0, 1.0]),  # the first of equal values stays
        ("min(a, b)", [-0.0, 0.0, 1.0], [0.0, -0.0, 1.0]),
        ("-a", [0.0, -0.0, 3.0], [0.0] * 3),
        ("a // b", [0.0, -1.0, 7.5], [-5.0, 3.0, -2.0]),
        ("a % b", [-0.0, -1.0, 7.5], [5.0, 3.0, -2.0]),
        ("a ** b", [-2.0, 0.0, 1.1], [3.0, 0.0, 0.5]),
        ("round(a, 2)", [0.09076 * 100, -0.1251, 1.0049], [0.0] * 3),
        ("abs(a)", [-0.0, -2.0, 2.0], [0.0] * 3),
    ],
)
def test_known_pitfalls_keep_the_scalar_bits(source: str, a: list[float], b: list[float]) -> None:
    batch = {"a": np.array(a), "b": np.array(b), "c": np.zeros(len(a))}
    assert check(parse_formula(source), batch) == "vectorized"


@pytest.mark.parametrize(
    ("source", "a"),
    [
        ("round(a, 2)", [1.0, 1.005]),  # 1.005 is a tie on its exact value
        ("floor(a)", [1.5, 0.1 * 3 * 10]),  # 3.0000000000000004 stands for 3
        ("ceil(a)", [1.5, 2.9999999999999996]),
    ],
)
def test_decisions_too_close_to_call_defer_to_the_scalar_path(source: str, a: list[float]) -> None:
    batch = {"a": np.array(a), "b": np.zeros(len(a)), "c": np.zeros(len(a))}
    assert check(parse_formula(source), batch) == "deferred"
    with pytest.raises(TooCloseToCall):
        parse_formula(source).evaluate({"a": a[1]})


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(source=formulas(connectives=False), batch=columns(MODERATE_VALUES))
def test_the_column_path_is_taken_whenever_every_element_evaluates(
    source: str, batch: dict[str, np.ndarray]
) -> None:
    formula = parse_formula(source)
    assume(not any(isinstance(outcome, Exception) for outcome in scalar_outcomes(formula, batch)))
    assert check(formula, batch) == "vectorized"


@settings(max_examples=200, deadline=None)
@given(batch=columns(WIDE_VALUES, largest=70))
def test_floor_division_and_modulo_match_python_floats(batch: dict[str, np.ndarray]) -> None:
    for source in ("a // b", "a % b", "(a * b) // c", "(a * b) % c"):
        assert check(parse_formula(source), batch) in ("vectorized", "deferred")


@pytest.mark.parametrize(
    ("source", "kind"),
    [("0.5", np.float64), ("2 * 3", np.float64), ("log(2) + 1", np.float64), ("1 < 2", np.bool_)],
)
def test_a_formula_without_names_fills_the_whole_batch(source: str, kind: type) -> None:
    evaluate = compile_vector(parse_formula(source))
    assert evaluate is not None
    result = evaluate({"a": np.zeros(4)})
    assert result.dtype == kind and result.shape == (4,)
    assert all(element == parse_formula(source).evaluate({}) for element in result)


def test_a_formula_without_names_needs_a_column_to_size_the_batch() -> None:
    evaluate = compile_vector(parse_formula("0.5"))
    assert evaluate is not None
    with pytest.raises(FormulaError, match="reads no name"):
        evaluate({})


def test_a_bare_name_returns_a_copy_of_its_column() -> None:
    column = np.array([1.0, 2.0])
    evaluate = compile_vector(parse_formula("a"))
    assert evaluate is not None
    result = evaluate({"a": column})
    result[0] = 9.0
    assert column[0] == 1.0


@pytest.mark.parametrize(
    "source",
    [
        "[1, 2]",
        "flows + 1",
        "sum(a)",
        "sum(x for x in flows if x > 0)",
        "sum(sum(x * y for y in flows) for x in flows)",
        "sum(x > 0 for x in flows)",
        "sum(t for t, x in flows)",
        "a if a > 0 else a > 1",
    ],
)
def test_sequences_and_mixed_kinds_are_left_to_the_scalar_path(source: str) -> None:
    assert compile_vector(parse_formula(source), frozenset({"flows"})) is None


def test_a_series_given_is_left_to_the_scalar_path_whatever_the_formula() -> None:
    assert compile_vector(parse_formula("flows * 2"), frozenset({"flows"})) is None
    assert compile_vector(parse_formula("a * 2"), frozenset({"flows"})) is not None


@settings(max_examples=200, deadline=None)
@given(
    rows=st.lists(
        st.lists(st.one_of(st.integers(-(10**6), 10**6), st.floats(-1e9, 1e9)), min_size=1, max_size=8).map(
            tuple
        ),
        min_size=1,
        max_size=12,
    ),
    source=st.sampled_from(
        [
            "sum(flows)",
            "len(flows) * a",
            "max(flows) - min(flows)",
            "sum(flows) / len(flows) + a",
            "sum(flows) > a",
            "irr(flows) + a",
        ]
    ),
)
def test_reductions_of_a_series_have_the_scalar_bits_row_by_row(
    rows: list[tuple[float, ...]], source: str
) -> None:
    batch: dict[str, Any] = {"flows": rows, "a": np.linspace(-1.0, 1.0, len(rows))}
    assert check(parse_formula(source), batch, frozenset({"flows"})) in ("vectorized", "deferred")


def test_reductions_of_a_series_really_run_column_wise() -> None:
    batch: dict[str, Any] = {"flows": [(1, 2.5), (-3.0,), (4, 4, 4)], "a": np.array([1.0, 2.0, 3.0])}
    assert check(parse_formula("sum(flows) / len(flows) * a"), batch, frozenset({"flows"})) == "vectorized"


SEQUENCE_FORMULAS = (
    "sum(x for x in flows)",
    "sum((x - sum(flows) / len(flows)) ** 2 for x in flows)",
    "sum(x * other[t] for t, x in enumerate(flows))",
    "sum(x / (1 + a) ** t for t, x in enumerate(flows, 1))",
    "sum(x - t for t, x in enumerate(flows, c))",
    "sum(a * (1 + b) ** t for t in range(1, c + 1))",
    "sum(t * a for t in range(c))",
    "sum(1 for x in flows) + sum(b for x in other)",
    "sum(min(x - a, 0) ** 2 for x in flows)",
    "sum(x if x >= a else 0 for x in flows)",
    "max(x * b for x in flows) - min(x for x in other)",
    "sum(flows[t] - x for t, x in enumerate(other))",
    "flows[0] + flows[-1] * a",
    "flows[c] - other[1]",
    "len([a, b, c]) * max([a, b, 1]) + sum([x for x in [a, b]] if False else [a, c])",
    "irr([-abs(a) - 1, abs(b), abs(c) + 1])",
    "irr(flows) + sum(sqrt(abs(x)) for x in other)",
    "sum(x for x in flows) > a and flows[0] <= b",
)
"""Formulas over sequences: generators over series, ``range`` and ``enumerate``, indexing, lists."""


def series_rows(least: int) -> st.SearchStrategy[list[tuple[float, ...]]]:
    """Series of several lengths, whole (as the scalar path holds integral givens: ints) or hundredths."""
    element = st.one_of(st.integers(-500, 500), MODERATE_VALUES)
    return st.lists(st.lists(element, min_size=least, max_size=6).map(tuple), min_size=12, max_size=12)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    source=st.sampled_from(SEQUENCE_FORMULAS),
    size=st.integers(1, 12),
    flows=series_rows(1),
    other=series_rows(1),
    numbers=st.lists(MODERATE_VALUES, min_size=24, max_size=24),
    counts=st.lists(st.integers(-2, 6), min_size=12, max_size=12),
    odd_row=st.sampled_from((None, "empty series", "fractional count")),
)
@example(
    source="sum(x * other[t] for t, x in enumerate(flows))",
    size=3,
    flows=[(1, 2.5), (-3.0,), (4, 4, 4)] * 4,
    other=[(1.0, 2.0), (0.5,), (1, 2, 3)] * 4,
    numbers=[0.5] * 24,
    counts=[2] * 12,
    odd_row=None,
)
def test_sequence_formulas_have_the_scalar_bits_row_by_row(
    source: str,
    size: int,
    flows: list[tuple[float, ...]],
    other: list[tuple[float, ...]],
    numbers: list[float],
    counts: list[int],
    odd_row: str | None,
) -> None:
    # "[x for x in ...]" is not in the grammar: that formula's False branch is never taken and
    # its kind is mixed, so it checks that a constant condition picks its branch at compile time.
    batch: dict[str, Any] = {
        "flows": flows[:size],
        "other": other[:size],
        "a": np.array(numbers[:size]),
        "b": np.array(numbers[12 : 12 + size]),
        "c": np.array(counts[:size], dtype=np.float64),
    }
    # One row the scalar path may reject (an empty series to index, a count that is not whole).
    if odd_row == "empty series":
        batch["flows"][0] = ()
    elif odd_row == "fractional count":
        batch["c"][0] = 2.5
    try:
        formula = parse_formula(source)
    except FormulaError:
        return
    assert check(formula, batch, frozenset({"flows", "other"})) in ("vectorized", "deferred", "rejected")


@pytest.mark.parametrize("source", [source for source in SEQUENCE_FORMULAS if "[x for" not in source])
def test_sequence_formulas_really_run_column_wise(source: str) -> None:
    batch: dict[str, Any] = {
        "flows": [(-10, 2.5, 3.0), (-4.0, 1.5), (-1, 1, 1, 1)],
        "other": [(1.0, 2.0, 0.5), (0.5, 0.25), (1, 2, 3, 4)],
        "a": np.array([0.5, -1.25, 2.0]),
        "b": np.array([1.5, 0.75, -0.5]),
        "c": np.array([2.0, 0.0, 3.0]),
    }
    assert check(parse_formula(source), batch, frozenset({"flows", "other"})) == "vectorized"


def test_a_function_of_a_series_with_no_column_form_runs_its_scalar_form_row_by_row() -> None:
    # irr declares no column form: the batch path maps the scalar irr over the rows.
    assert FUNCTIONS["irr"].vector is None
    batch: dict[str, Any] = {"flows": [(-100, 60, 60), (-250.5, 40, 90, 160.25)], "a": np.array([0.0, 1.0])}
    assert check(parse_formula("irr(flows) + a"), batch, frozenset({"flows"})) == "vectorized"


@pytest.mark.parametrize("name", ["sqrt", "exp", "log", "normal_cdf", "abs", "max"])
def test_a_function_without_a_column_form_falls_back_to_its_scalar_form_per_element(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(FUNCTIONS, name, dataclasses.replace(FUNCTIONS[name], vector=None))
    source = f"{name}(a, b) + 1" if name == "max" else f"{name}(a) * b"
    batch = {"a": np.array([0.25, 1.5, 3.0, 7.75]), "b": np.array([2.0, -1.0, 0.5, 4.0])}
    assert check(parse_formula(source), batch) == "vectorized"
    if name == "sqrt":  # an element outside the domain sends the batch to the scalar path
        assert check(parse_formula(source), {**batch, "a": np.array([1.0, -4.0])}) == "deferred"


def test_sequence_functions_of_constants_are_computed_once() -> None:
    evaluate = compile_vector(parse_formula("max([1, 2]) + a"))
    assert evaluate is not None
    assert evaluate({"a": np.array([0.5])}).tolist() == [2.5]


@pytest.mark.parametrize("source", ["(a > 1) + 2", "not a", "a and b > 1", "b if a else 2", "sqrt(a < 1)"])
def test_a_truth_value_where_a_number_belongs_fails_at_compile_time(source: str) -> None:
    with pytest.raises(FormulaError, match="must be"):
        compile_vector(parse_formula(source))


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ("1 / (1 / a)", 0.0),
        ("a % 0", 1.0),
        ("log(a)", -1.0),
        ("sqrt(a)", -1.0),
        ("a ** 0.5", -4.0),
        ("a ** 2000", 2.0),
        ("exp(a)", 1000.0),
        ("a * 1e300", 1e300),
        ("normal_quantile(a)", 1.0),
        ("round(a, 16)", 1.0),
        ("round(1.5, a)", 0.5),
        ("b > 1 and a / 0 > 1", 1.0),
    ],
)
def test_a_batch_with_one_failing_element_defers_to_the_scalar_path(source: str, value: float) -> None:
    evaluate = compile_vector(parse_formula(source))
    assert evaluate is not None
    with pytest.raises(NeedsScalar):
        evaluate({"a": np.array([2.0, value]), "b": np.array([0.0, 0.0])})


def test_integer_arithmetic_beyond_two_to_the_53_defers() -> None:
    # With int givens the scalar path computes 2**53 + 1 exactly; a float column cannot.
    evaluate = compile_vector(parse_formula("a * b + c"))
    assert evaluate is not None
    with pytest.raises(NeedsScalar):
        evaluate({"a": np.array([2.0**27]), "b": np.array([2.0**26]), "c": np.array([1.0])})
    scaled = compile_vector(parse_formula("a * 1.0 * b + c"))
    assert scaled is not None
    assert scaled({"a": np.array([2.0**27]), "b": np.array([2.0**26]), "c": np.array([1.0])}).tolist() == [
        2.0**53
    ]


# --- every formula of every registered FinChain template ---

SEEDS = 24

Rounded = tuple[str, int] | None
"""The name a formula's result is stored under and the decimals the engine rounds it to."""


def template_formulas(compiled: Any) -> list[tuple[str, Formula, Rounded]]:
    """(role, formula, where its rounded result is stored) of every formula of a template."""
    found: list[tuple[str, Formula, Rounded]] = []
    for name, drawer in compiled.drawers:
        if isinstance(drawer, tuple) and isinstance(drawer[1], Formula):
            found.append((f"given {name}", drawer[1], (name, drawer[0].quantity.stored_decimals)))
    found += [("constraint", formula, None) for formula in compiled.constraints]
    for item, formula, *_ in compiled.steps:
        found.append((f"step {item.name}", formula, (item.name, item.quantity.stored_decimals)))
    found += [(f"rule {label}", formula, None) for label, formula in compiled.rules]
    return found


def drawn_instances(compiled: Any) -> list[dict[str, Any]]:
    """Draw givens and compute the steps as the engine does (carried unrounded)."""
    return [
        dict(solve(compiled.chain, compiled.draw_values(RandomStream(seed))).values) for seed in range(SEEDS)
    ]


SCALAR_ONLY = {
    "min(abs(sum(1 for price in prices) / sum(1 / price for price in prices) - price) for price in prices)"
    " >= 0.01": "a generator inside a generator's term (nested loops) is left to the scalar path",
}
"""Template formulas the batch path leaves to the scalar path by design, with the reason."""


def test_every_template_formula_matches_the_scalar_path_on_drawn_instances() -> None:
    vectorized = 0
    for generator in finchain_templates():
        compiled = generator.compiled  # type: ignore[attr-defined]
        series = frozenset(compiled.series_names)
        instances = drawn_instances(compiled)
        batch: dict[str, Any] = {
            name: np.array([float(instance[name]) for instance in instances])
            for name in instances[0]
            if name not in series
        }
        # Shuffled columns break the constraints, so their false branches are exercised too.
        shuffle = np.random.default_rng(7)
        shuffled: dict[str, Any] = {name: shuffle.permutation(column) for name, column in batch.items()}
        for name in series:
            batch[name] = shuffled[name] = [instance[name] for instance in instances]
        for role, formula, rounded in template_formulas(compiled):
            where = f"{compiled.label} {role}: {formula.source}"
            path = check(formula, batch, series)
            if formula.source in SCALAR_ONLY:
                assert path == "not vectorized", f"{where}: vectorized now; drop it from SCALAR_ONLY"
                continue
            # A drawn tie (round() of an exact half) is left to the scalar path, which decides it exactly.
            tie = any(isinstance(outcome, TooCloseToCall) for outcome in scalar_outcomes(formula, batch))
            assert path == "vectorized" or (path == "deferred" and tie), where
            vectorized += 1
            if role == "constraint":
                assert check(formula, shuffled, series) in ("vectorized", "deferred"), where
            if rounded is not None and role.startswith("given") and path == "vectorized":
                # Rounded as the engine rounds, the column equals the stored value (drawn with int givens).
                evaluate = compile_vector(formula, series)
                assert evaluate is not None
                name, decimals = rounded
                expected = np.array([instance[name] for instance in instances], dtype=np.float64)
                column, undecided = decided_round_array(evaluate(batch), decimals)
                assert column[~undecided].tobytes() == expected[~undecided].tobytes(), where
    print(f"\ntemplate formulas: {vectorized} vectorized")


# --- decided_round_array ---


def scalar_rounding(values: np.ndarray, decimals: int) -> tuple[np.ndarray, np.ndarray]:
    rounded, undecided = [], []
    for value in values.tolist():
        try:
            rounded.append(decided_round(value, decimals))
            undecided.append(False)
        except TooCloseToCall:
            rounded.append(0.0)
            undecided.append(True)
    return np.array(rounded, dtype=np.float64), np.array(undecided, dtype=bool)


def assert_rounds_like_the_scalar(values: np.ndarray, decimals: int) -> None:
    expected, expected_undecided = scalar_rounding(values, decimals)
    result, undecided = decided_round_array(values, decimals)
    assert result.dtype == np.float64
    assert undecided.tolist() == expected_undecided.tolist(), (values, decimals)
    assert result[~undecided].tobytes() == expected[~undecided].tobytes(), (
        values,
        decimals,
        result,
        expected,
    )


@st.composite
def near_ties(draw: st.DrawFn) -> tuple[np.ndarray, int]:
    """Values at, next to and around the half-way points (k + 0.5) / 10**d, and at the window's edge."""
    decimals = draw(st.integers(0, 12))
    units = draw(st.lists(st.integers(-(10**9), 10**9) | st.integers(-100, 100), min_size=1, max_size=8))
    values = []
    for unit in units:
        offset = draw(st.sampled_from((0.0, 0.0, 1e-4, -1e-4, 1.2e-4, -1.2e-4, 9e-5, 0.25)))
        tie = (unit + 0.5 + offset) / 10.0**decimals
        steps = draw(st.integers(-3, 3))
        toward = np.inf if steps > 0 else -np.inf
        value = tie
        for _ in range(abs(steps)):
            value = float(np.nextafter(value, toward))
        values.append(value)
    return np.array(values), decimals


@settings(max_examples=500, deadline=None)
@given(case=near_ties())
def test_rounding_near_half_way_points_matches_the_scalar(case: tuple[np.ndarray, int]) -> None:
    assert_rounds_like_the_scalar(*case)


@settings(max_examples=500, deadline=None)
@given(
    values=st.lists(
        st.one_of(
            st.floats(allow_nan=True, allow_infinity=True),
            st.sampled_from(SPECIAL_VALUES),
            st.floats(-1e9, 1e9),
        ),
        min_size=1,
        max_size=12,
    ).map(np.array),
    decimals=st.integers(0, 15),
)
def test_rounding_any_value_matches_the_scalar(values: np.ndarray, decimals: int) -> None:
    assert_rounds_like_the_scalar(values, decimals)


@pytest.mark.parametrize("decimals", [23, 30])
def test_rounding_beyond_the_exact_powers_of_ten_matches_the_scalar(decimals: int) -> None:
    assert_rounds_like_the_scalar(np.array([0.0, -0.0, 1234.5678, -0.015, 1e-30]), decimals)


def test_rounding_values_away_from_ties_stays_column_wise() -> None:
    values = np.random.default_rng(3).uniform(-1e6, 1e6, 1_000)
    values = values[np.abs(values * 100 % 1 - 0.5) > 1e-3]
    result, undecided = decided_round_array(values, 2)
    assert not undecided.any()
    assert result.tolist() == [round(value, 2) + 0.0 for value in values.tolist()]


# --- irr over rows of one length ---

OUTLAYS = st.one_of(st.integers(-(10**6), -1), st.floats(-1e7, -1e-2))
INFLOWS = st.one_of(st.integers(0, 10**6), st.floats(0, 1e7), st.just(0.0))
ANY_FLOWS = st.one_of(st.integers(-(10**6), 10**6), st.floats(-1e7, 1e7))


@settings(max_examples=300, deadline=None)
@given(length=st.integers(1, 12), conventional=st.booleans(), data=st.data())
def test_irr_of_rows_of_one_length_has_the_scalar_bits(
    length: int, conventional: bool, data: st.DataObject
) -> None:
    # Conventional projects (an outlay, then inflows) converge; any flows often fail the sign rule.
    row = st.tuples(OUTLAYS, *[INFLOWS] * (length - 1)) if conventional else st.tuples(*[ANY_FLOWS] * length)
    rows = data.draw(st.lists(row, min_size=1, max_size=20))
    outcomes: list[float | None] = []
    for flows in rows:
        try:
            outcomes.append(FUNCTIONS["irr"].scalar(flows))
        except FormulaError:
            outcomes.append(None)
    rows_form = FUNCTIONS["irr"].rows
    assert rows_form is not None
    if None in outcomes:
        with pytest.raises(NeedsScalar):
            rows_form(np.array(rows, dtype=np.float64))
        return
    result = rows_form(np.array(rows, dtype=np.float64))
    assert result.tobytes() == np.array(outcomes, dtype=np.float64).tobytes(), (rows, result, outcomes)


def test_irr_of_list_literals_runs_on_rows_of_one_length() -> None:
    batch = {
        "a": np.array([100.0, 250.5, 80.0]),
        "b": np.array([60.0, 40.0, 0.0]),
        "c": np.array([60.0, 90.0, 95.0]),
    }
    assert check(parse_formula("irr([-a, b, c, b + c])"), batch) == "vectorized"
