"""Formula rendering: the compiled renderer writes exactly what the original tree-walking renderer wrote.

``_ReferenceRenderer`` below is a frozen copy of the renderer as it was before it was compiled
into closures. Every comparison here demands byte-identical text, or the same exception type and
message, on the real template steps and on generated formulas.
"""

from __future__ import annotations

import ast
import weakref
from collections.abc import Callable
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, example, given, reject, settings
from hypothesis import strategies as st

from finsynth.errors import FormulaError
from finsynth.generators.finchain.formula import (
    FUNCTIONS,
    Env,
    Formula,
    NumberFormatter,
    ShownValue,
    Value,
    _Compiler,
    _number,
    _sequence,
    parse_formula,
)
from finsynth.generators.finchain.quantities import TooCloseToCall
from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.seeding import RandomStream, derive_seed
from finsynth.world.rounding import round_half_up
from tests.generators.finchain.harness import finchain_templates

SEEDS_PER_TEMPLATE = 200

# The reference's tables, frozen with it: operator symbols and precedences.
_SYMBOLS = {
    ast.Add: ("+", 10),
    ast.Sub: ("-", 10),
    ast.Mult: ("×", 11),
    ast.Div: ("/", 11),
    ast.FloorDiv: ("//", 11),
    ast.Mod: ("mod", 11),
    ast.Pow: ("^", 13),
}
_COMPARISONS = {ast.Lt: "<", ast.LtE: "≤", ast.Gt: ">", ast.GtE: "≥", ast.Eq: "==", ast.NotEq: "≠"}
_IF, _OR, _AND, _NOT, _COMPARE, _UNARY, _ATOM = 1, 2, 3, 4, 5, 12, 20


class _ReferenceRenderer:
    """The renderer before it was compiled into closures (frozen copy)."""

    def __init__(
        self,
        env: Env | None,
        format_number: NumberFormatter | None,
        placeholders: bool = False,
        parts: dict[int, Any] | None = None,
    ) -> None:
        self.parts: dict[int, Any] = {} if parts is None else parts
        self.env = env
        self.placeholders = placeholders
        self.format_number = format_number
        self.aliases: dict[str, str] = {}

    def render(self, node: ast.expr) -> str:
        return self.text(node)[0]

    def number(self, name: str, value: Value) -> str:
        assert self.format_number is not None
        if isinstance(value, tuple):
            return "[" + ", ".join(self.number(name, item) for item in value) + "]"
        text = self.format_number(self.aliases.get(name, name), float(_number(value, name)))
        return f"({text})" if text.startswith("-") else text

    def text(self, node: ast.expr) -> tuple[str, int]:
        """Return the text of ``node`` and its precedence (for parenthesizing)."""
        if isinstance(node, ast.Constant):
            value = node.value
            assert isinstance(value, (int, float))  # checked when the formula was compiled
            return repr(value), _ATOM if value >= 0 else _UNARY
        if isinstance(node, ast.Name):
            if self.env is None:
                return ("{" + node.id + "}" if self.placeholders else node.id), _ATOM
            return self.number(node.id, self.env[node.id]), _ATOM
        if isinstance(node, ast.BinOp):
            symbol, precedence = _SYMBOLS[type(node.op)]
            left, left_precedence = self.text(node.left)
            right, right_precedence = self.text(node.right)
            right_associative = isinstance(node.op, ast.Pow)
            if left_precedence < precedence or (right_associative and left_precedence == precedence):
                left = f"({left})"
            if right_precedence < precedence or (not right_associative and right_precedence == precedence):
                right = f"({right})"
            if right_associative:
                return f"{left}^{right}", precedence
            return f"{left} {symbol} {right}", precedence
        if isinstance(node, ast.UnaryOp):
            operand, operand_precedence = self.text(node.operand)
            if isinstance(node.op, ast.Not):
                wrapped = operand if operand_precedence >= _NOT else f"({operand})"
                return f"not {wrapped}", _NOT
            wrapped = operand if operand_precedence > _UNARY else f"({operand})"
            return ("-" if isinstance(node.op, ast.USub) else "+") + wrapped, _UNARY
        if isinstance(node, ast.Compare):
            parts = [self.wrap(node.left, _COMPARE + 1)]
            for comparison, comparator in zip(node.ops, node.comparators, strict=False):
                parts += [_COMPARISONS[type(comparison)], self.wrap(comparator, _COMPARE + 1)]
            return " ".join(parts), _COMPARE
        if isinstance(node, ast.BoolOp):
            is_and = isinstance(node.op, ast.And)
            precedence = _AND if is_and else _OR
            joiner = " and " if is_and else " or "
            return joiner.join(self.wrap(value, precedence + 1) for value in node.values), precedence
        if isinstance(node, ast.IfExp):
            body = self.wrap(node.body, _IF + 1)
            test = self.wrap(node.test, _IF + 1)
            orelse = self.wrap(node.orelse, _IF)
            return f"{body} if {test} else {orelse}", _IF
        if isinstance(node, (ast.List, ast.Tuple)):
            return "[" + ", ".join(self.render(item) for item in node.elts) + "]", _ATOM
        if isinstance(node, ast.Subscript):
            if self.env is not None:
                item = self.evaluate(node)
                sequence_name = node.value.id if isinstance(node.value, ast.Name) else ""
                return self.number(sequence_name, item), _ATOM
            return f"{self.wrap(node.value, _ATOM)}[{self.render(node.slice)}]", _ATOM
        if isinstance(node, ast.Call):
            return self.call(node), _ATOM
        raise FormulaError(f"cannot render {type(node).__name__}")

    def wrap(self, node: ast.expr, minimum: int) -> str:
        text, precedence = self.text(node)
        return text if precedence >= minimum else f"({text})"

    def compiled(self, node: ast.AST, build: Callable[[], Any]) -> Any:
        """Return the compiled form of a sub-expression, building it once per formula."""
        key = id(node)
        if key not in self.parts:
            self.parts[key] = build()
        return self.parts[key]

    def evaluate(self, node: ast.expr) -> Value:
        assert self.env is not None
        formula: Formula = self.compiled(node, lambda: parse_formula(ast.unparse(node)))
        return formula.evaluate(self.env)

    def call(self, node: ast.Call) -> str:
        assert isinstance(node.func, ast.Name)
        name = node.func.id
        if len(node.args) == 1 and isinstance(node.args[0], ast.GeneratorExp):
            return self.generator_call(name, node.args[0])
        if self.env is not None and FUNCTIONS[name].takes_sequence and len(node.args) == 1:
            argument = node.args[0]
            if isinstance(argument, ast.Name):
                values = _sequence(self.env[argument.id], argument.id)
                terms = [self.number(argument.id, value) for value in values]
                if name == "sum":
                    return "(" + " + ".join(terms) + ")"
                # A list literal keeps one argument, so the text parses back to the same call.
                return f"{name}([" + ", ".join(terms) + "])"
        shown = "ln" if name == "log" and len(node.args) == 1 else name
        return f"{shown}(" + ", ".join(self.render(arg) for arg in node.args) + ")"

    def generator_call(self, name: str, node: ast.GeneratorExp) -> str:
        clause = node.generators[0]
        if self.env is None:
            loop = f"for {ast.unparse(clause.target)} in {ast.unparse(clause.iter)}"
            loop += "".join(f" if {self.render(condition)}" for condition in clause.ifs)
            return f"{name}({self.render(node.elt)} {loop})"
        targets = [
            item.id
            for item in (clause.target.elts if isinstance(clause.target, ast.Tuple) else [clause.target])
            if isinstance(item, ast.Name)
        ]
        sources = self.loop_sources(clause.iter, len(targets))
        iterate = self.compiled(
            clause.iter,
            lambda: _Compiler(ast.unparse(clause.iter)).compile_iterable(clause.iter, frozenset(), 0),
        )
        conditions = self.compiled(clause, lambda: [parse_formula(ast.unparse(test)) for test in clause.ifs])
        terms = []
        outer_env, outer_aliases = self.env, dict(self.aliases)
        for binding in iterate(outer_env):
            scope = {**outer_env, **dict(zip(targets, binding, strict=False))}
            if not all(condition.evaluate(scope) for condition in conditions):
                continue
            self.env = scope
            self.aliases = {**outer_aliases, **{t: s for t, s in zip(targets, sources, strict=False) if s}}
            terms.append(self.render(node.elt) if name != "sum" else self.wrap(node.elt, 10))
        self.env, self.aliases = outer_env, outer_aliases
        if name == "sum":
            return "(" + " + ".join(terms) + ")" if terms else "0"
        return f"{name}([" + ", ".join(terms) + "])"

    @staticmethod
    def loop_sources(iterable: ast.expr, count: int) -> list[str]:
        """Name the sequence each loop target draws from, so its values format like it."""
        if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name):
            if iterable.func.id == "enumerate" and isinstance(iterable.args[0], ast.Name):
                return ["", iterable.args[0].id]
            return [""] * count
        return [iterable.id] if isinstance(iterable, ast.Name) else [""] * count


_REFERENCE_PARTS: weakref.WeakKeyDictionary[Formula, dict[int, Any]] = weakref.WeakKeyDictionary()


def reference_substituted(formula: Formula, env: Env, format_number: NumberFormatter) -> str:
    """What ``formula.substituted(env, format_number)`` returned before the renderer was compiled."""
    parts = _REFERENCE_PARTS.setdefault(formula, {})
    return _ReferenceRenderer(env, format_number, parts=parts).render(formula.tree)


def reference_symbolic(formula: Formula) -> str:
    """What ``formula.symbolic()`` returned before the renderer was compiled."""
    return _ReferenceRenderer(None, None).render(formula.tree)


def reference_pattern(formula: Formula) -> str | None:
    """What ``formula.substitution_pattern()`` returned before the renderer was compiled."""
    for node in ast.walk(formula.tree):
        if isinstance(node, (ast.GeneratorExp, ast.Subscript, ast.List, ast.Tuple)):
            return None
        if isinstance(node, ast.Call) and FUNCTIONS[node.func.id].takes_sequence:  # type: ignore[attr-defined]
            return None
    return _ReferenceRenderer(None, None, placeholders=True).render(formula.tree)


def substitution_cases(
    seeds: int = SEEDS_PER_TEMPLATE,
) -> list[tuple[Formula, dict[str, Value], NumberFormatter]]:
    """Every step the engine renders with ``substituted``, with its env, for ``seeds`` draws per template.

    The env is built as ``CompiledTemplate.instance`` builds it: the drawn givens, then each
    step's value rounded to its stored decimals, up to and including the step being shown.
    """
    cases = []
    for generator in finchain_templates():
        assert isinstance(generator, FinChainGenerator)
        compiled = generator.compiled
        if all(pattern is not None for _, _, pattern, _ in compiled.steps):
            continue
        for index in range(seeds):
            env: dict[str, Value] = dict(compiled.draw_values(RandomStream(derive_seed("rendering", index))))
            for step, formula, pattern, _ in compiled.steps:
                env[step.name] = round_half_up(
                    cast(float, formula.evaluator(env)), step.quantity.stored_decimals
                )
                if pattern is None:
                    cases.append((formula, dict(env), compiled.plan.format_in_formula))
    return cases


def rendered(render: Callable[[], str]) -> tuple[str, str]:
    """The text, or the type and message of what was raised, so the two renderers compare fully."""
    try:
        return "text", render()
    except Exception as error:  # any difference in failures is a difference
        return type(error).__name__, str(error)


def test_every_template_step_renders_exactly_as_before():
    cases = substitution_cases()
    assert len({id(formula) for formula, _, _ in cases}) > 50, "the templates' sequence steps went missing"
    for formula, env, format_number in cases:
        expected = reference_substituted(formula, env, format_number)
        assert formula.substituted(env, format_number) == expected, (formula.source, env)


def test_every_template_formula_reads_symbolically_as_before():
    formulas = []
    for generator in finchain_templates():
        assert isinstance(generator, FinChainGenerator)
        compiled = generator.compiled
        formulas += [formula for _, formula, _, _ in compiled.steps]
        formulas += [*compiled.constraints, *(formula for _, formula in compiled.rules)]
    assert len(formulas) > 290
    for formula in formulas:
        assert formula.symbolic() == reference_symbolic(formula), formula.source
        assert formula.substitution_pattern() == reference_pattern(formula), formula.source


# Generated formulas: names a, b, c hold numbers (or a truth value), xs and ys sequences; loop
# targets t and v are fresh, and a loop over "a" shadows the number a.
CONSTANTS = ("0", "1", "2", "0.5", "3.25", "100", "1_000", "1e15", "0.1")
LOOPS = (
    ("t", "range(3)"),
    ("a", "range(1, c)"),
    ("t", "range(b)"),
    ("v", "xs"),
    ("a", "ys"),
    ("t, v", "enumerate(xs)"),
    ("t", "enumerate(ys)"),
    ("a, v", "enumerate(xs, 1)"),
    ("t, v", "range(2)"),
    ("v", "[a, -b]"),
)


def _generator(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """``sum``/``min``/``max``/``len`` over a generator expression, with or without a filter."""
    return st.tuples(
        st.sampled_from(["sum", "sum", "min", "max", "len"]),
        inner,
        st.sampled_from(LOOPS),
        st.one_of(st.just(""), inner.map(lambda text: f" if {text}")),
    ).map(lambda parts: f"{parts[0]}({parts[1]} for {parts[2][0]} in {parts[2][1]}{parts[3]})")


def _compound(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """One grammar rule applied to smaller formulas."""
    pair = st.tuples(inner, inner)
    return st.one_of(
        st.tuples(inner, st.sampled_from(["+", "-", "*", "/", "//", "%", "**"]), inner).map(" ".join),
        inner.map(lambda text: f"({text})"),
        st.tuples(st.sampled_from(["-", "+", "not "]), inner).map("".join),
        st.tuples(inner, st.sampled_from(["<", "<=", ">", ">=", "==", "!="]), inner).map(" ".join),
        pair.map(lambda parts: f"{parts[0]} < {parts[1]} <= 3"),
        st.tuples(inner, st.sampled_from(["and", "or"]), inner).map(" ".join),
        st.tuples(inner, inner, inner).map(lambda parts: f"{parts[0]} if {parts[1]} else {parts[2]}"),
        st.tuples(st.sampled_from(["abs", "round", "log", "sqrt", "exp", "floor"]), inner).map(
            lambda parts: f"{parts[0]}({parts[1]})"
        ),
        st.tuples(st.sampled_from(["min", "max", "round", "log"]), pair).map(
            lambda parts: f"{parts[0]}({parts[1][0]}, {parts[1][1]})"
        ),
        st.tuples(st.sampled_from(["sum", "min", "max", "len", "irr"]), st.sampled_from(["xs", "ys"])).map(
            lambda parts: f"{parts[0]}({parts[1]})"
        ),
        pair.map(lambda parts: f"max([{parts[0]}, {parts[1]}])"),
        pair.map(lambda parts: f"sum([{parts[0]}, {parts[1]}, 1])"),
        st.tuples(st.sampled_from(["xs", "ys"]), inner).map(lambda parts: f"{parts[0]}[{parts[1]}]"),
        _generator(inner),
        _generator(inner),
    )


FORMULAS = st.recursive(
    st.sampled_from([*CONSTANTS, "a", "b", "c", "t", "v", "xs[0]", "ys[-1]", "xs[t]", "[a, b]"]),
    _compound,
    max_leaves=8,
)
GENERATORS = _generator(FORMULAS)
"""Formulas that are one generator expression, over any element and filter."""
NUMBERS = st.one_of(
    st.integers(-3, 12),
    st.floats(-1e4, 1e4, allow_nan=False).map(lambda x: round(x, 3)),
    st.sampled_from([0.0, -0.0, 1e300]),
)
ENVS = st.fixed_dictionaries(
    {
        "a": NUMBERS,
        "b": NUMBERS,
        "c": st.one_of(NUMBERS, st.booleans()),
        "xs": st.lists(NUMBERS, max_size=5).map(tuple),
        "ys": st.lists(NUMBERS, max_size=4).map(tuple),
    },
    optional={"t": NUMBERS, "v": st.lists(NUMBERS, max_size=2).map(tuple)},
)


def format_number(name: str, value: float) -> str:
    """Shows a and xs as bare numbers (negatives get parentheses), others with their name and %."""
    return f"{value:.5g}" if name in ("a", "xs") else f"{name}{{{value:g}}}%"


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(FORMULAS, GENERATORS), ENVS)
@example(
    "sum(cf / (1 + a) ** t for t, cf in enumerate(xs, 1))",
    {"a": 0.1, "b": 1, "c": 2, "xs": (-1.5, 2.0), "ys": ()},
)
@example(
    "sum(ys) + max(xs) - min(v * xs[t] for t, v in enumerate(ys) if v > a)",
    {"a": 0, "b": 1, "c": 2, "xs": (1,), "ys": (3.0, -2.0)},
)
@example(
    "sum(a * sum(a + v for v in xs) for a in ys)",
    {"a": -1.0, "b": 1, "c": 2, "xs": (1.0, 2.0), "ys": (3.0, 4.0)},
)
def test_generated_formulas_render_exactly_as_before(source: str, env: dict[str, Value]):
    try:
        formula = parse_formula(source)
    except FormulaError:
        reject()  # e.g. a loop target that is not a plain name
    expected = rendered(lambda: reference_substituted(formula, env, format_number))
    assert rendered(lambda: formula.substituted(env, format_number)) == expected
    assert rendered(lambda: formula.substituted(env, format_number)) == expected, (
        "the cached renderer differs"
    )
    assert formula.symbolic() == reference_symbolic(formula)
    assert formula.substitution_pattern() == reference_pattern(formula)


def _wide(constant: str) -> str:
    """256 copies of a constant at depth 3: within the limits, but 20 characters each once normalized."""
    inner = "min(" + ",".join([constant] * 16) + ")"
    return "min(" + ",".join([inner] * 16) + ")"


@pytest.mark.parametrize(
    "source",
    [
        f"xs[{_wide('1e15')} - 1e15]",
        f"sum(v for v in xs if v < {_wide('1e15')})",
        f"a + sum(v for v in xs if v < {_wide('1e15')})",
    ],
)
def test_parts_too_long_once_normalized_fail_as_before(source):
    formula = parse_formula(source)
    env = {"a": 1.0, "xs": (1.0, 2.0)}
    expected = rendered(lambda: reference_substituted(formula, env, format_number))
    assert expected[0] == "FormulaError" and "longer than" in expected[1]
    assert rendered(lambda: formula.substituted(env, format_number)) == expected
    assert formula.evaluate(env) is not None


def test_a_formatter_may_write_percent_signs_and_braces():
    formula = parse_formula("sum(a * v for v in xs) + a")
    shown = formula.substituted({"a": 5.0, "xs": (1.0, -2.0)}, lambda name, value: f"{{{value:g}%}}")
    assert shown == "({5%} × {1%} + {5%} × {-2%}) + {5%}"


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(FORMULAS, ENVS)
@example("min(a, -b) + max([a, 0.5, b])", {"a": -0.0, "b": 2, "c": 1, "xs": (), "ys": ()})
def test_a_fixed_substitution_fills_in_as_substituted_shows(source: str, env: dict[str, Value]):
    try:
        formula = parse_formula(source)
    except FormulaError:
        reject()
    pattern = formula.fixed_substitution()
    if pattern is None:
        assert any(isinstance(node, ast.GeneratorExp | ast.Subscript) for node in ast.walk(formula.tree)) or (
            formula.substitution_pattern() is None
        )
        return
    if formula.substitution_pattern() is not None:
        assert pattern == formula.substitution_pattern()
    numbers = {name: env.get(name) for name in formula.names}
    if not all(type(value) in (int, float) for value in numbers.values()):
        reject()  # a sequence or truth value is not shown as one number
    texts = {name: format_number(name, float(cast(float, value))) for name, value in numbers.items()}
    shown = {name: f"({text})" if text.startswith("-") else text for name, text in texts.items()}
    assert pattern.format_map(shown) == formula.substituted(env, format_number)


def _filled(fixed: list[str], shown: list[ShownValue], env: dict[str, Value]) -> str:
    """Fill a step's fields with the values of ``env``, as the batch drawer fills them column-wise."""
    text = fixed[0]
    for value, literal in zip(shown, fixed[1:], strict=True):
        held = env[value.name]
        number = held if value.position is None else cast(tuple[float, ...], held)[value.position]
        shown_text = format_number(value.shown_as, float(cast(float, number)))
        text += (f"({shown_text})" if shown_text.startswith("-") else shown_text) + literal
    return text


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(FORMULAS, GENERATORS), ENVS)
@example(
    "sum(cf / (1 + a) ** t for t, cf in enumerate(xs, 1)) + xs[0] * a",
    {"a": -0.0, "b": 1, "c": 2, "xs": (-1.5, 2.0, 0.0), "ys": ()},
)
@example("sum(a * v for v in range(1, b + 1)) - b", {"a": -2.5, "b": 3, "c": 2, "xs": (), "ys": ()})
@example("sum(0 for t in range(3) if ((round(0.5))))", {"a": 0, "b": 0, "c": 0, "xs": (), "ys": ()})
@example("sum(v for t, v in range(2))", {"a": 0, "b": 0, "c": 0, "xs": (), "ys": (), "v": ()})
def test_substitution_fields_fill_in_as_substituted_shows(source: str, env: dict[str, Value]):
    try:
        formula = parse_formula(source)
    except FormulaError:
        reject()
    shape_names = formula.shape_names
    if shape_names is None:
        # Only a loop's values in what rendering evaluates leave the shape open.
        assert any(isinstance(node, ast.GeneratorExp) for node in ast.walk(formula.tree))
        return
    if any(name not in env for name in formula.names):
        reject()  # both fail on the missing name
    shown_names = [name for name in formula.names if name not in shape_names]
    if any(isinstance(env[name], bool) for name in shown_names):
        reject()  # a truth value is never shown, as a number or otherwise
    shape = {name: env[name] for name in shape_names}
    lengths = {name: len(value) for name in shown_names if isinstance(value := env[name], tuple)}
    expected = rendered(lambda: formula.substituted(env, format_number))
    try:
        fixed, shown = formula.substitution_fields(shape, lengths, format_number)
    except ValueError:
        numbers = [
            item for value in shape.values() for item in (value if isinstance(value, tuple) else (value,))
        ]
        assert any(abs(number) >= 2**52 for number in numbers)
        return
    except (FormulaError, KeyError, TooCloseToCall):
        # A shape evaluated at a rounding tie is left to the exact path, by the text as by the fields.
        if expected[0] == "text" and rendered(lambda: str(formula.evaluator(env)))[0] != "text":
            reject()  # a step whose value cannot be computed is refused before it is ever shown
        assert expected[0] != "text", "the fields fail where the text does not"
        return
    if expected[0] != "text":
        reject()  # a shown value fails only when it is shown (e.g. a sequence where a number is read)
    assert ("text", _filled(fixed, shown, env)) == expected


@pytest.mark.parametrize(
    "generator", finchain_templates(), ids=lambda generator: generator.info.id.rsplit("/", 1)[-1]
)
def test_every_step_without_a_pattern_splits_into_fields(generator: FinChainGenerator) -> None:
    # The batch drawer fills these steps column-wise; a step that could not be split would still be
    # right (drawn one by one), only slower.
    compiled = generator.compiled
    instance = compiled.instance(1, 2)
    for step_plan, result in zip(compiled.plan.steps, instance.steps, strict=True):
        formula = step_plan.formula
        if step_plan.pattern is not None or formula.fixed_substitution() is not None:
            continue
        assert formula.shape_names is not None, step_plan.name
        values = dict(result.inputs)
        shape = {name: values[name] for name in formula.shape_names}
        lengths = {name: len(value) for name, value in values.items() if isinstance(value, tuple)}
        fixed, shown = formula.substitution_fields(shape, lengths, compiled.plan.format_in_formula)
        assert len(fixed) == len(shown) + 1, step_plan.name
