"""A restricted formula language for template steps and dataset traces.

Formulas use Python's expression syntax, but only a small, whitelisted part of it:
numbers, names, arithmetic (``+ - * / // % **``), comparisons, ``and``/``or``/``not``,
``a if cond else b``, list literals, indexing (``flows[0]``), calls to the functions in
:data:`FUNCTIONS`, and generator expressions over sequences inside ``sum``/``min``/``max``/
``len`` (``sum(cf / (1 + rate) ** t for t, cf in enumerate(flows, 1))``).

A formula is parsed once with :func:`ast.parse` (which never runs code), every node is
checked against the whitelist, and the tree is compiled into plain Python closures. Nothing
is ever passed to ``eval``/``exec``; attribute access, imports, lambdas, strings, unknown
functions, keyword arguments and exponents larger than :data:`MAX_EXPONENT` are rejected
with a :class:`~finsynth.errors.FormulaError`, so traces read from a dataset are safe to
replay.

Size and depth limits bound one formula's text, not its work: generator expressions can nest
loops. So every evaluation also spends a work budget (:data:`MAX_WORK` units, or the budget of
an enclosing :func:`work_budget`): a loop spends its number of iterations times the size of its
body, a call on a sequence spends the sequence's length (``irr`` :data:`IRR_WORK_PER_FLOW` per
flow), and going over budget raises :class:`~finsynth.errors.FormulaError`.
"""

from __future__ import annotations

import ast
import contextvars
import math
import operator
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Literal, NamedTuple, cast

from finsynth.errors import FormulaError
from finsynth.generators.finchain.functions import FUNCTIONS
from finsynth.generators.finchain.functions.scalar import finite_real

Value = float | int | bool | tuple[float, ...]
"""What a formula can compute: a number, a truth value, or a sequence of numbers."""

Env = Mapping[str, Value]
Evaluator = Callable[[Env], Value]
NumberFormatter = Callable[[str, float], str]
"""Formats the value bound to a name for display: ``(name, value) -> text``."""

MAX_SOURCE_LENGTH = 2_000
MAX_NODES = 400
MAX_DEPTH = 40
MAX_EXPONENT = 1_000
MAX_SEQUENCE_LENGTH = 10_000
MAX_WORK = 1_000_000
"""Work units one evaluation may spend (about one closure call each; well under a second)."""


class _Work:
    """What is left of a work budget."""

    __slots__ = ("left", "limit")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.left = limit


_BUDGET: contextvars.ContextVar[_Work | None] = contextvars.ContextVar("formula_work", default=None)


@contextmanager
def work_budget(limit: int = MAX_WORK) -> Iterator[None]:
    """Make every formula evaluated inside the block share one budget of ``limit`` work units.

    A trace replay uses this so that its whole work is bounded, not each formula's alone.
    """
    token = _BUDGET.set(_Work(limit))
    try:
        yield
    finally:
        _BUDGET.reset(token)


def spend_work(units: int) -> None:
    """Take ``units`` from the current :func:`work_budget`, or fail when it runs out (no budget: free)."""
    work = _BUDGET.get()
    if work is not None:
        work.left -= units
        if work.left < 0:
            raise FormulaError(f"evaluation needs more than {work.limit:,} units of work (loops too large)")


def _number(value: Value, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise FormulaError(f"{what} must be a number, got {_describe(value)}")
    return value


def _sequence(value: Value, what: str) -> tuple[float, ...]:
    if not isinstance(value, tuple):
        raise FormulaError(f"{what} must be a sequence of numbers, got {_describe(value)}")
    return value


def _truth(value: Value, what: str) -> bool:
    if not isinstance(value, bool):
        raise FormulaError(f"{what} must be a comparison (true or false), got {_describe(value)}")
    return value


def _index(value: Value, what: str) -> int:
    number = _number(value, what)
    if not float(number).is_integer() or abs(number) > MAX_SEQUENCE_LENGTH:
        raise FormulaError(f"{what} must be a whole number of at most {MAX_SEQUENCE_LENGTH}, got {number}")
    return int(number)


def _describe(value: Value) -> str:
    if isinstance(value, bool):
        return "a truth value"
    if isinstance(value, tuple):
        return "a sequence"
    return type(value).__name__


def _power(base: float, exponent: float) -> float:
    if abs(exponent) > MAX_EXPONENT:
        raise FormulaError(f"exponent {exponent} is larger than the allowed {MAX_EXPONENT}")
    try:
        return finite_real(float(base) ** float(exponent))
    except OverflowError as error:
        raise FormulaError("result of ** is too large") from error
    except ZeroDivisionError as error:
        raise FormulaError("zero raised to a negative power") from error


def _divide(numerator: float, denominator: float) -> float:
    if denominator == 0:
        raise FormulaError("division by zero")
    return finite_real(numerator / denominator)


def _floor_divide(numerator: float, denominator: float) -> float:
    if denominator == 0:
        raise FormulaError("division by zero")
    return finite_real(numerator // denominator)


def _modulo(numerator: float, denominator: float) -> float:
    if denominator == 0:
        raise FormulaError("modulo by zero")
    return finite_real(numerator % denominator)


_BINARY: dict[type[ast.operator], tuple[Callable[[float, float], float], str, int]] = {
    ast.Add: (operator.add, "+", 10),
    ast.Sub: (operator.sub, "-", 10),
    ast.Mult: (operator.mul, "×", 11),
    ast.Div: (_divide, "/", 11),
    ast.FloorDiv: (_floor_divide, "//", 11),
    ast.Mod: (_modulo, "mod", 11),
    ast.Pow: (_power, "^", 13),
}
_NUMERIC_TYPES = frozenset({float, int})

_COMPARE: dict[type[ast.cmpop], tuple[Callable[[float, float], bool], str]] = {
    ast.Lt: (operator.lt, "<"),
    ast.LtE: (operator.le, "≤"),
    ast.Gt: (operator.gt, ">"),
    ast.GtE: (operator.ge, "≥"),
    ast.Eq: (operator.eq, "=="),
    ast.NotEq: (operator.ne, "≠"),
}

_PRECEDENCE_IF = 1
_PRECEDENCE_OR = 2
_PRECEDENCE_AND = 3
_PRECEDENCE_NOT = 4
_PRECEDENCE_COMPARE = 5
_PRECEDENCE_UNARY = 12
_PRECEDENCE_POWER = 13
_PRECEDENCE_ATOM = 20


_ITERATORS = {"range", "enumerate"}


def _binary(apply: Callable[[float, float], float], left: Evaluator, right: Evaluator) -> Evaluator:
    """An arithmetic node: both operands must be numbers and the result must be finite."""
    numeric = _NUMERIC_TYPES
    finite = math.isfinite

    def evaluate(env: Env) -> float:
        a = left(env)
        b = right(env)
        if type(a) not in numeric or type(b) not in numeric:
            _number(a, "operand")
            _number(b, "operand")
        result = apply(a, b)  # type: ignore[arg-type]
        if not finite(result):
            raise FormulaError("result is not finite")
        return result

    return evaluate


def _single_comparison(test: Callable[[float, float], bool], left: Evaluator, right: Evaluator) -> Evaluator:
    """``a < b`` and friends: the common case of a comparison with one operator."""
    numeric = _NUMERIC_TYPES

    def compare(env: Env) -> bool:
        a = left(env)
        b = right(env)
        if type(a) not in numeric or type(b) not in numeric:
            _number(a, "compared value")
            _number(b, "compared value")
        return test(a, b)  # type: ignore[arg-type]

    return compare


class _Compiler:
    """Checks a parsed formula against the whitelist and compiles it into closures."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.free_names: list[str] = []
        self.nodes = 0

    def fail(self, node: ast.AST, message: str) -> FormulaError:
        column = getattr(node, "col_offset", None)
        where = "" if column is None else f" at column {column + 1}"
        return FormulaError(f"formula {self.source!r}{where}: {message}")

    def compile(self, node: ast.expr, bound: frozenset[str], depth: int) -> Evaluator:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise self.fail(node, f"formula has more than {MAX_NODES} parts")
        if depth > MAX_DEPTH:
            raise self.fail(node, f"formula is nested more than {MAX_DEPTH} levels deep")
        depth += 1
        if isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise self.fail(node, f"only numbers may appear as constants, not {value!r}")
            if not math.isfinite(value) or abs(value) > 1e300:
                raise self.fail(node, f"constant {value!r} is out of range")
            constant = float(value)
            return lambda env: constant
        if isinstance(node, ast.Name):
            name = node.id
            if name in FUNCTIONS or name in _ITERATORS:
                raise self.fail(node, f"function {name!r} must be called, not used as a value")
            if name.startswith("_"):
                raise self.fail(node, f"names may not start with an underscore: {name!r}")
            if name not in bound and name not in self.free_names:
                self.free_names.append(name)

            def lookup(env: Env) -> Value:
                try:
                    return env[name]
                except KeyError:
                    raise FormulaError(f"formula {self.source!r}: no value for {name!r}") from None

            return lookup
        if isinstance(node, ast.BinOp):
            entry = _BINARY.get(type(node.op))
            if entry is None:
                raise self.fail(node, f"operator {type(node.op).__name__} is not allowed")
            return _binary(
                entry[0], self.compile(node.left, bound, depth), self.compile(node.right, bound, depth)
            )
        if isinstance(node, ast.UnaryOp):
            operand = self.compile(node.operand, bound, depth)
            if isinstance(node.op, ast.USub):
                return lambda env: -_number(operand(env), "operand of -")
            if isinstance(node.op, ast.UAdd):
                return lambda env: _number(operand(env), "operand of +")
            if isinstance(node.op, ast.Not):
                return lambda env: not _truth(operand(env), "operand of not")
            raise self.fail(node, f"operator {type(node.op).__name__} is not allowed")
        if isinstance(node, ast.Compare):
            return self.compile_compare(node, bound, depth)
        if isinstance(node, ast.BoolOp):
            parts = [self.compile(value, bound, depth) for value in node.values]
            if isinstance(node.op, ast.And):
                return lambda env: all(_truth(part(env), "operand of and") for part in parts)
            return lambda env: any(_truth(part(env), "operand of or") for part in parts)
        if isinstance(node, ast.IfExp):
            test = self.compile(node.test, bound, depth)
            body = self.compile(node.body, bound, depth)
            orelse = self.compile(node.orelse, bound, depth)
            return lambda env: body(env) if _truth(test(env), "condition") else orelse(env)
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [self.compile(item, bound, depth) for item in node.elts]
            return lambda env: tuple(_number(item(env), "list element") for item in items)
        if isinstance(node, ast.Subscript):
            return self.compile_subscript(node, bound, depth)
        if isinstance(node, ast.Call):
            return self.compile_call(node, bound, depth)
        raise self.fail(node, f"{type(node).__name__} is not allowed in a formula")

    def compile_compare(self, node: ast.Compare, bound: frozenset[str], depth: int) -> Evaluator:
        operands = [self.compile(node.left, bound, depth)]
        operands += [self.compile(item, bound, depth) for item in node.comparators]
        tests = []
        for comparison in node.ops:
            entry = _COMPARE.get(type(comparison))
            if entry is None:
                raise self.fail(node, f"comparison {type(comparison).__name__} is not allowed")
            tests.append(entry[0])

        if len(tests) == 1:
            return _single_comparison(tests[0], operands[0], operands[1])

        def compare(env: Env) -> bool:
            values = [_number(operand(env), "compared value") for operand in operands]
            return all(test(a, b) for test, a, b in zip(tests, values, values[1:], strict=False))

        return compare

    def compile_subscript(self, node: ast.Subscript, bound: frozenset[str], depth: int) -> Evaluator:
        if isinstance(node.slice, ast.Slice):
            raise self.fail(node, "slices are not allowed; index one element")
        sequence = self.compile(node.value, bound, depth)
        position = self.compile(node.slice, bound, depth)

        def item(env: Env) -> Value:
            values = _sequence(sequence(env), "indexed value")
            index = _index(position(env), "index")
            if not -len(values) <= index < len(values):
                raise FormulaError(f"formula {self.source!r}: index {index} is outside 0..{len(values) - 1}")
            return values[index]

        return item

    def compile_call(self, node: ast.Call, bound: frozenset[str], depth: int) -> Evaluator:
        if not isinstance(node.func, ast.Name):
            raise self.fail(node, "only the listed functions may be called (no attributes or methods)")
        name = node.func.id
        function = FUNCTIONS.get(name)
        if function is None:
            allowed = ", ".join(sorted(FUNCTIONS))
            raise self.fail(node, f"unknown function {name!r}; allowed: {allowed}")
        if node.keywords:
            raise self.fail(node, f"{name}() takes positional arguments only")
        if any(isinstance(arg, ast.Starred) for arg in node.args):
            raise self.fail(node, f"{name}() may not take *arguments")
        if not function.min_args <= len(node.args) <= function.max_args:
            raise self.fail(
                node,
                f"{name}() takes {function.min_args} to {function.max_args} arguments, got {len(node.args)}",
            )
        if function.takes_sequence and len(node.args) == 1:
            argument = node.args[0]
            if isinstance(argument, ast.GeneratorExp):
                values = self.compile_generator(argument, bound, depth)
            else:
                single = self.compile(argument, bound, depth)

                def values(env: Env) -> tuple[float, ...]:
                    return _sequence(single(env), f"argument of {name}()")

            reduce = function.scalar
            cost_per_item = function.work_per_item

            def call_on_sequence(env: Env) -> float:
                items = values(env)
                spend_work(len(items) * cost_per_item)
                if not items and function.needs_an_element:
                    raise FormulaError(f"formula {self.source!r}: {name}() of an empty sequence")
                return reduce(items)

            return call_on_sequence
        arguments = [self.compile(arg, bound, depth) for arg in node.args]
        if function.takes_sequence:
            reduce_many = function.scalar
            return lambda env: reduce_many(
                tuple(_number(arg(env), f"argument of {name}()") for arg in arguments)
            )
        scalar = function.scalar
        return lambda env: finite_real(
            scalar(*(_number(arg(env), f"argument of {name}()") for arg in arguments))
        )

    def compile_generator(
        self, node: ast.GeneratorExp, bound: frozenset[str], depth: int
    ) -> Callable[[Env], tuple[float, ...]]:
        if len(node.generators) != 1:
            raise self.fail(node, "use one 'for' clause per generator expression")
        clause = node.generators[0]
        if clause.is_async:
            raise self.fail(node, "async comprehensions are not allowed")
        targets = self.loop_targets(clause.target)
        iterate = self.compile_iterable(clause.iter, bound, depth)
        inner = bound | frozenset(targets)
        nodes_before = self.nodes
        element = self.compile(node.elt, inner, depth)
        conditions = [self.compile(condition, inner, depth) for condition in clause.ifs]
        cost_per_binding = self.nodes - nodes_before + 1

        def generate(env: Env) -> tuple[float, ...]:
            results = []
            bindings = iterate(env)
            spend_work(len(bindings) * cost_per_binding)
            for binding in bindings:
                scope = {**env, **dict(zip(targets, binding, strict=False))}
                if all(_truth(condition(scope), "if clause") for condition in conditions):
                    results.append(_number(element(scope), "generated element"))
            return tuple(results)

        return generate

    def loop_targets(self, target: ast.expr) -> list[str]:
        names = target.elts if isinstance(target, ast.Tuple) else [target]
        result = []
        for item in names:
            if not isinstance(item, ast.Name) or item.id.startswith("_") or item.id in FUNCTIONS:
                raise self.fail(target, "loop targets must be plain names")
            result.append(item.id)
        return result

    def compile_iterable(
        self, node: ast.expr, bound: frozenset[str], depth: int
    ) -> Callable[[Env], list[tuple[float, ...]]]:
        """Compile what a generator loops over; each binding is a tuple of loop values."""
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _ITERATORS:
            if node.keywords or not 1 <= len(node.args) <= 2:
                raise self.fail(node, f"{node.func.id}() takes one or two positional arguments")
            if node.func.id == "range":
                bounds = [self.compile(arg, bound, depth) for arg in node.args]

                def ranged(env: Env) -> list[tuple[float, ...]]:
                    ends = [_index(end(env), "range bound") for end in bounds]
                    return [(float(i),) for i in range(*ends)]

                return ranged
            sequence = self.compile(node.args[0], bound, depth)
            start = self.compile(node.args[1], bound, depth) if len(node.args) == 2 else None

            def enumerated(env: Env) -> list[tuple[float, ...]]:
                first = 0 if start is None else _index(start(env), "enumerate start")
                values = _sequence(sequence(env), "argument of enumerate()")
                return [(float(first + i), value) for i, value in enumerate(values)]

            return enumerated
        sequence = self.compile(node, bound, depth)
        return lambda env: [(value,) for value in _sequence(sequence(env), "loop sequence")]


@dataclass(frozen=True, eq=False)
class Formula:
    """A parsed, checked formula ready to evaluate and to render.

    Attributes:
        source: The formula as written, e.g. ``"principal * (1 + rate) ** years"``.
        names: The names the formula reads, in order of first appearance.

    """

    source: str
    names: tuple[str, ...]
    tree: ast.expr
    evaluator: Evaluator

    def evaluate(self, env: Env) -> Value:
        """Evaluate the formula with names bound by ``env``.

        Raises:
            FormulaError: If a name is unbound, a value has the wrong kind, the result is
                undefined (division by zero, log of a negative number, overflow, ...), or the
                work budget (:data:`MAX_WORK`, or an enclosing :func:`work_budget`) runs out.

        """
        if _BUDGET.get() is not None:
            return self.evaluator(env)
        with work_budget():
            return self.evaluator(env)

    def symbolic(self) -> str:
        """Render the formula in math notation with names, e.g. ``principal × (1 + rate)^years``."""
        return _Renderer("names").fixed_text(self.tree)

    def substitution_pattern(self) -> str | None:
        """Return a ``str.format`` pattern with ``{name}`` where each name's value goes.

        Formulas whose text depends on the length of a sequence (generator expressions,
        sequence arguments, indexing) have no fixed pattern and return ``None``; render
        those with :meth:`substituted`.
        """
        for node in ast.walk(self.tree):
            if isinstance(node, (ast.GeneratorExp, ast.Subscript, ast.List, ast.Tuple)):
                return None
            if isinstance(node, ast.Call) and FUNCTIONS[node.func.id].takes_sequence:  # type: ignore[attr-defined]
                return None
        return _Renderer("placeholders").fixed_text(self.tree)

    def fixed_substitution(self) -> str | None:
        """Return a ``str.format`` pattern of :meth:`substituted`'s text, where its shape never varies.

        Unlike :meth:`substitution_pattern`, calls such as ``min(a, b)`` and list literals are
        kept: only generator expressions, indexing and a function applied to a sequence by
        name (whose terms depend on the values) have no fixed shape, and return ``None``. Each
        ``{name}`` takes what :meth:`substituted` shows for a number: its formatted text, in
        parentheses where that text starts with a minus sign.
        """
        for node in ast.walk(self.tree):
            if isinstance(node, (ast.GeneratorExp, ast.Subscript)):
                return None
            if (
                isinstance(node, ast.Call)
                and len(node.args) == 1
                and isinstance(node.args[0], ast.Name)
                and FUNCTIONS[node.func.id].takes_sequence  # type: ignore[attr-defined]
            ):
                return None
        try:
            return _Renderer("placeholders").fixed_text(self.tree)
        except FormulaError:
            return None

    @cached_property
    def shape_names(self) -> tuple[str, ...] | None:
        """The names whose values, with the lengths of the sequences read, decide :meth:`substituted`'s shape.

        Rendering evaluates loop bounds, indices and a generator's filter; every other value
        is only shown. None where it evaluates a loop's values (a filter or an index over the
        elements of a sequence): the text's shape then depends on the values shown.
        """
        evaluated, looped = _evaluated_parts(self.tree)
        read = {node.id for part in evaluated for node in ast.walk(part) if isinstance(node, ast.Name)}
        if read & looped:
            return None
        return tuple(name for name in self.names if name in read)

    def substitution_fields(
        self, shape: Env, lengths: Mapping[str, int], format_number: NumberFormatter
    ) -> tuple[list[str], list[ShownValue]]:
        """Split :meth:`substituted`'s text for all values of one shape into fixed text and shown values.

        Args:
            shape: The value of each of :attr:`shape_names` (not None).
            lengths: The length of each other name that holds a sequence; the remaining names
                hold numbers.
            format_number: As for :meth:`substituted`; here it formats only what the shape fixes
                (values in ``shape``, loop indices), which becomes fixed text.

        Returns:
            The fixed texts, one more than the shown values, and the shown values in order:
            :meth:`substituted` of any such values interleaves the fixed texts with each
            value's ``format_number(shown_as, value)``, in parentheses where that text starts
            with a minus sign.

        Raises:
            FormulaError: If the text cannot be shown for this shape.
            KeyError: If the text shows a loop target that its loop leaves unbound.
            ValueError: If a value in ``shape`` is too large to tell from a shown value.

        """
        stand_ins: dict[float, tuple[str, int | None]] = {}

        def stand_in(name: str, position: int | None) -> float:
            value = _FIRST_STAND_IN + len(stand_ins)
            stand_ins[value] = (name, position)
            return value

        env: dict[str, Value] = {}
        for name in self.names:
            if name in shape:
                value = shape[name]
                if any(
                    abs(item) >= _FIRST_STAND_IN for item in (value if isinstance(value, tuple) else (value,))
                ):
                    raise ValueError(f"value {value!r} of {name!r} is too large to fix the text's shape")
                env[name] = value
            elif name in lengths:
                env[name] = tuple(stand_in(name, position) for position in range(lengths[name]))
            else:
                env[name] = stand_in(name, None)
        shown: list[ShownValue] = []

        def mark(shown_as: str, value: float) -> str:
            read = stand_ins.get(value)
            if read is None:  # a loop index or a value of the shape: the same for every instance
                return format_number(shown_as, value)
            shown.append(ShownValue(read[0], read[1], shown_as))
            return f"{_FIELD}{len(shown) - 1}{_FIELD}"

        pieces = self.substituted(env, mark).split(_FIELD)
        return pieces[0::2], [shown[int(number)] for number in pieces[1::2]]

    def substituted(self, env: Env, format_number: NumberFormatter) -> str:
        """Render the formula with every name replaced by its displayed value.

        Generator expressions are expanded term by term, so the text shows every number used.
        The rendering is compiled on the first call and reused.

        Args:
            env: The value of each name the formula reads.
            format_number: Shows a value as ``(name, value) -> text``; a loop target drawn from a
                sequence is shown under the sequence's name. Its text must depend only on its
                arguments: a name that appears twice, or a value that stays the same in every
                term of a generator expression, is formatted once and its text reused.

        Raises:
            FormulaError: If a shown value has the wrong kind or an index or loop bound is invalid.
            KeyError: If ``env`` has no value for a name the text shows.

        """
        return self._substitution(env, format_number)

    @cached_property
    def _substitution(self) -> _Slot:
        """The renderer compiled for this formula on first use."""
        return _Renderer("values").substitution(self.tree)


class ShownValue(NamedTuple):
    """One value that a substituted text shows, and how it is formatted."""

    name: str
    """The name that holds it."""
    position: int | None
    """Its position in the sequence ``name`` holds; None where ``name`` holds a number."""
    shown_as: str
    """The name whose values it is formatted like (a loop value, like its sequence)."""


_FIRST_STAND_IN = float(2**52)
"""Shown values are stood in for by whole numbers from here, beyond any index or loop bound."""
_FIELD = "\0"
"""Marks a shown value's number in a text rendered with stand-ins (no formula text holds it)."""


def _evaluated_parts(tree: ast.expr) -> tuple[list[ast.expr], set[str]]:
    """The parts of a formula that rendering it evaluates, and the loop targets bound to values.

    Rendering evaluates an index (and an indexed value other than a name), what a generator
    loops over (but the sequence itself, which it only shows) and a generator's filter. The
    targets of ``range`` and the index of ``enumerate`` are counters; the others take values.
    """
    evaluated: list[ast.expr] = []
    looped: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript):
            evaluated.append(node.slice)
            if not isinstance(node.value, ast.Name):
                evaluated.append(node.value)
        elif isinstance(node, ast.GeneratorExp):
            for clause in node.generators:
                evaluated += clause.ifs
                elements = clause.target.elts if isinstance(clause.target, ast.Tuple) else [clause.target]
                targets = {item.id for item in elements if isinstance(item, ast.Name)}
                iterable = clause.iter
                called = (
                    iterable.func.id
                    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name)
                    else ""
                )
                if called == "range" and isinstance(iterable, ast.Call):
                    evaluated += iterable.args
                    continue
                sequence = iterable
                if called == "enumerate" and isinstance(iterable, ast.Call):
                    sequence, *start = iterable.args
                    evaluated += start
                    if elements and isinstance(elements[0], ast.Name):
                        targets.discard(elements[0].id)  # the index
                if not isinstance(sequence, ast.Name):
                    evaluated.append(sequence)
                looped |= targets
    return evaluated, looped


_Slot = Callable[[Env, NumberFormatter], str]
"""Shows the part of a formula's text that depends on the values: ``(env, format_number) -> text``."""

_Pieces = tuple[str | _Slot, ...]
"""A formula's text in order: fixed strings, and slots filled in when values are substituted."""

_NameStyle = Literal["names", "placeholders", "values"]


class _Text(NamedTuple):
    """The text of a node as pieces, and its precedence (for parenthesizing)."""

    pieces: _Pieces
    precedence: int

    def at_least(self, minimum: int) -> _Pieces:
        """The pieces, parenthesized unless the node binds at least as tightly as ``minimum``."""
        return self.pieces if self.precedence >= minimum else ("(", *self.pieces, ")")


def _shown(value: Value, name: str, shown_as: str, format_number: NumberFormatter) -> str:
    """Show one value of ``name``, formatted like ``shown_as``; a sequence shows as a list."""
    if isinstance(value, tuple):
        return "[" + ", ".join(_shown(item, name, shown_as, format_number) for item in value) + "]"
    number = value if type(value) in _NUMERIC_TYPES else _number(value, name)
    text = format_number(shown_as, float(number))
    return f"({text})" if text.startswith("-") else text


def _value_slot(name: str, shown_as: str) -> _Slot:
    """The slot showing the value bound to ``name``."""
    numeric = _NUMERIC_TYPES

    def show(env: Env, format_number: NumberFormatter) -> str:
        value = env[name]
        if type(value) not in numeric:
            return _shown(value, name, shown_as, format_number)
        # The common case of _shown, inlined: this runs once per name per rendered term.
        text = format_number(shown_as, float(value))  # type: ignore[arg-type]
        return f"({text})" if text.startswith("-") else text

    return show


def _split(pieces: _Pieces) -> tuple[list[str], list[_Slot]]:
    """Return the fixed text around the slots (one more than the slots) and the slots, in order."""
    fixed = [""]
    slots: list[_Slot] = []
    for piece in pieces:
        if isinstance(piece, str):
            fixed[-1] += piece
        else:
            slots.append(piece)
            fixed.append("")
    return fixed, slots


def _assemble(pieces: _Pieces) -> _Slot:
    """Join pieces into one function of the values.

    Fixed neighbours are merged here, once. A name that appears several times is formatted once
    (its slot is shared), where it first appears.
    """
    fixed, slots = _split(pieces)
    if not slots:
        text = fixed[0]
        return lambda env, format_number: text
    if fixed == ["", ""]:
        return slots[0]
    pattern = "%s".join(part.replace("%", "%%") for part in fixed)
    if len(slots) == 1:
        only = slots[0]
        return lambda env, format_number: pattern % only(env, format_number)
    distinct = list(dict.fromkeys(slots))
    if distinct == slots and len(slots) == 2:
        first, second = slots
        return lambda env, format_number: pattern % (first(env, format_number), second(env, format_number))
    pick = operator.itemgetter(*[distinct.index(slot) for slot in slots])
    return lambda env, format_number: pattern % pick([slot(env, format_number) for slot in distinct])


def _texts_of(slots: list[_Slot]) -> Callable[[Env, NumberFormatter], str | tuple[str, ...]]:
    """The texts of ``slots`` as ``%`` takes them: one text alone, several as a tuple."""
    if len(slots) == 1:
        return slots[0]
    if len(slots) == 2:
        first, second = slots
        return lambda env, format_number: (first(env, format_number), second(env, format_number))
    return lambda env, format_number: tuple([slot(env, format_number) for slot in slots])


def _failing(error: FormulaError) -> _Slot:
    """A part that cannot be shown fails when the text reaches it, with the error it had."""

    def fail(env: Env, format_number: NumberFormatter) -> str:
        raise type(error)(*error.args)

    return fail


def _loop_sources(iterable: ast.expr, count: int) -> list[str]:
    """Name the sequence each loop target draws from, so its values format like it."""
    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name):
        if iterable.func.id == "enumerate" and isinstance(iterable.args[0], ast.Name):
            return ["", iterable.args[0].id]
        return [""] * count
    return [iterable.id] if isinstance(iterable, ast.Name) else [""] * count


class _Renderer:
    """Turns a checked formula tree back into text, compiled once into pieces.

    ``names`` says what a name becomes: itself (``"names"``), a ``{name}`` placeholder
    (``"placeholders"``), or a slot showing its value (``"values"``). With values, sequences
    are expanded too: indexing shows the element, ``sum(flows)`` and generator expressions show
    every term.
    """

    def __init__(self, names: _NameStyle) -> None:
        self.names = names
        self.aliases: dict[str, str] = {}
        """Loop targets shown like the sequence they draw from, inside a generator's element."""
        self.reads: dict[_Slot, str] = {}
        """The name each value slot shows."""
        self.value_slots: dict[tuple[str, str], _Slot] = {}
        """One slot per name and format, so that repeats of a name are formatted once."""

    def fixed_text(self, node: ast.expr) -> str:
        """The text of a node rendered without values (every piece is fixed)."""
        return "".join(cast(tuple[str, ...], self.text(node).pieces))

    def substitution(self, node: ast.expr) -> _Slot:
        """The function that renders ``node`` with every name replaced by its displayed value."""
        return _assemble(self.text(node).pieces)

    def text(self, node: ast.expr) -> _Text:
        """Return the pieces of ``node`` and its precedence."""
        if isinstance(node, ast.Constant):
            value = node.value
            assert isinstance(value, (int, float))  # checked when the formula was compiled
            return _Text((repr(value),), _PRECEDENCE_ATOM if value >= 0 else _PRECEDENCE_UNARY)
        if isinstance(node, ast.Name):
            return _Text((self.name(node.id),), _PRECEDENCE_ATOM)
        if isinstance(node, ast.BinOp):
            _, symbol, precedence = _BINARY[type(node.op)]
            left = self.text(node.left)
            right = self.text(node.right)
            if isinstance(node.op, ast.Pow):
                pieces = (*left.at_least(precedence + 1), "^", *right.at_least(precedence))
            else:
                pieces = (*left.at_least(precedence), f" {symbol} ", *right.at_least(precedence + 1))
            return _Text(pieces, precedence)
        if isinstance(node, ast.UnaryOp):
            operand = self.text(node.operand)
            if isinstance(node.op, ast.Not):
                return _Text(("not ", *operand.at_least(_PRECEDENCE_NOT)), _PRECEDENCE_NOT)
            sign = "-" if isinstance(node.op, ast.USub) else "+"
            return _Text((sign, *operand.at_least(_PRECEDENCE_UNARY + 1)), _PRECEDENCE_UNARY)
        if isinstance(node, ast.Compare):
            pieces = self.text(node.left).at_least(_PRECEDENCE_COMPARE + 1)
            for comparison, comparator in zip(node.ops, node.comparators, strict=False):
                shown = self.text(comparator).at_least(_PRECEDENCE_COMPARE + 1)
                pieces = (*pieces, f" {_COMPARE[type(comparison)][1]} ", *shown)
            return _Text(pieces, _PRECEDENCE_COMPARE)
        if isinstance(node, ast.BoolOp):
            is_and = isinstance(node.op, ast.And)
            precedence = _PRECEDENCE_AND if is_and else _PRECEDENCE_OR
            operands = [self.text(value).at_least(precedence + 1) for value in node.values]
            return _Text(self.joined(operands, " and " if is_and else " or "), precedence)
        if isinstance(node, ast.IfExp):
            body = self.text(node.body).at_least(_PRECEDENCE_IF + 1)
            test = self.text(node.test).at_least(_PRECEDENCE_IF + 1)
            orelse = self.text(node.orelse).at_least(_PRECEDENCE_IF)
            return _Text((*body, " if ", *test, " else ", *orelse), _PRECEDENCE_IF)
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [self.text(item).pieces for item in node.elts]
            return _Text(("[", *self.joined(items, ", "), "]"), _PRECEDENCE_ATOM)
        if isinstance(node, ast.Subscript):
            return _Text(self.subscript(node), _PRECEDENCE_ATOM)
        if isinstance(node, ast.Call):
            return _Text(self.call(node), _PRECEDENCE_ATOM)
        error = FormulaError(f"cannot render {type(node).__name__}")
        if self.names != "values":
            raise error
        return _Text((_failing(error),), _PRECEDENCE_ATOM)

    @staticmethod
    def joined(parts: list[_Pieces], separator: str) -> _Pieces:
        pieces: _Pieces = ()
        for index, part in enumerate(parts):
            pieces = (*pieces, separator, *part) if index else part
        return pieces

    def name(self, name: str) -> str | _Slot:
        if self.names == "values":
            shown_as = self.aliases.get(name, name)
            slot = self.value_slots.get((name, shown_as))
            if slot is None:
                slot = self.value_slots[name, shown_as] = _value_slot(name, shown_as)
                self.reads[slot] = name
            return slot
        return "{" + name + "}" if self.names == "placeholders" else name

    def subscript(self, node: ast.Subscript) -> _Pieces:
        if self.names != "values":
            return (
                *self.text(node.value).at_least(_PRECEDENCE_ATOM),
                "[",
                *self.text(node.slice).pieces,
                "]",
            )
        try:
            # Compiled on its own, as its text, so that its errors name that text. Its text can
            # still fail the length limit (normalized spacing): that error shows when reached.
            item = parse_formula(ast.unparse(node)).evaluator
        except FormulaError as error:
            return (_failing(error),)
        name = node.value.id if isinstance(node.value, ast.Name) else ""
        shown_as = self.aliases.get(name, name)

        def show(env: Env, format_number: NumberFormatter) -> str:
            return _shown(item(env), name, shown_as, format_number)

        return (show,)

    def call(self, node: ast.Call) -> _Pieces:
        assert isinstance(node.func, ast.Name)
        name = node.func.id
        if len(node.args) == 1 and isinstance(node.args[0], ast.GeneratorExp):
            if self.names == "values":
                return (self.expanded_generator(name, node.args[0]),)
            return (self.generator_formula(name, node.args[0]),)
        argument = node.args[0] if len(node.args) == 1 else None
        if self.names == "values" and FUNCTIONS[name].takes_sequence and isinstance(argument, ast.Name):
            return (self.expanded_sequence(name, argument.id),)
        shown = FUNCTIONS[name].shown_as(len(node.args))
        arguments = [self.text(arg).pieces for arg in node.args]
        return (f"{shown}(", *self.joined(arguments, ", "), ")")

    def expanded_sequence(self, function: str, name: str) -> _Slot:
        """``sum(flows)`` shows every term; other functions keep a list literal, so the text parses back."""
        shown_as = self.aliases.get(name, name)
        if function == "sum":
            opening, separator, closing = "(", " + ", ")"
        else:
            opening, separator, closing = f"{function}([", ", ", "])"
        numeric = _NUMERIC_TYPES

        def show(env: Env, format_number: NumberFormatter) -> str:
            texts = []
            for value in _sequence(env[name], name):
                if type(value) not in numeric:
                    texts.append(_shown(value, name, shown_as, format_number))
                    continue
                # The common case of _shown, inlined: this runs once per element.
                text = format_number(shown_as, float(value))
                texts.append(f"({text})" if text.startswith("-") else text)
            return opening + separator.join(texts) + closing

        return show

    def generator_formula(self, function: str, node: ast.GeneratorExp) -> str:
        clause = node.generators[0]
        loop = f"for {ast.unparse(clause.target)} in {ast.unparse(clause.iter)}"
        loop += "".join(f" if {self.fixed_text(condition)}" for condition in clause.ifs)
        return f"{function}({self.fixed_text(node.elt)} {loop})"

    def expanded_generator(self, function: str, node: ast.GeneratorExp) -> _Slot:
        """A generator expression shown term by term, each loop value formatted like its sequence."""
        clause = node.generators[0]
        targets = [
            item.id
            for item in (clause.target.elts if isinstance(clause.target, ast.Tuple) else [clause.target])
            if isinstance(item, ast.Name)
        ]
        sources = _loop_sources(clause.iter, len(targets))
        iterate = _Compiler(ast.unparse(clause.iter)).compile_iterable(clause.iter, frozenset(), 0)
        try:
            conditions = [parse_formula(ast.unparse(test)).evaluator for test in clause.ifs]
        except FormulaError as error:
            return _failing(error)
        outer = self.aliases
        self.aliases = {
            **outer,
            **{target: source for target, source in zip(targets, sources, strict=False) if source},
        }
        element = self.text(node.elt)
        self.aliases = outer
        # Terms of a sum are joined with "+", so each binds at least as tightly as "+".
        fixed, slots = _split(element.at_least(_BINARY[ast.Add][2]) if function == "sum" else element.pieces)
        first_term = "%s".join(part.replace("%", "%%") for part in fixed)
        # Values that do not change with the loop are formatted for the first term only: later terms
        # use a pattern with their text filled in (the doubled %% keeps a %s for each loop value).
        looped = [slot not in self.reads or self.reads[slot] in targets for slot in slots]
        kept = [index for index, varies in enumerate(looped) if not varies]
        later_terms = fixed[0].replace("%", "%%%%") + "".join(
            ("%%s" if varies else "%s") + part.replace("%", "%%%%")
            for varies, part in zip(looped, fixed[1:], strict=True)
        )
        varying = _texts_of([slot for slot, varies in zip(slots, looped, strict=True) if varies])
        # Each binding is an (index, value) pair under enumerate and one value otherwise; the
        # targets beyond it stay unbound, as zip(targets, binding) would leave them.
        enumerates = isinstance(clause.iter, ast.Call) and getattr(clause.iter.func, "id", "") == "enumerate"
        bound = targets[: 2 if enumerates else 1]
        first = bound[0] if bound else ""
        second = bound[1] if len(bound) == 2 else ""

        def show(env: Env, format_number: NumberFormatter) -> str:
            terms: list[str] = []
            bindings = iterate(env)
            if bindings:
                scope = {**env}
                later = ""
                for binding in bindings:
                    if second:
                        scope[first], scope[second] = binding
                    elif first:
                        scope[first] = binding[0]
                    for condition in conditions:
                        if not condition(scope):
                            break
                    else:
                        if terms:
                            terms.append(later % varying(scope, format_number))
                            continue
                        texts = [slot(scope, format_number) for slot in slots]
                        terms.append(first_term % tuple(texts))
                        later = later_terms % tuple([texts[index].replace("%", "%%") for index in kept])
            if function == "sum":
                return "(" + " + ".join(terms) + ")" if terms else "0"
            return f"{function}([" + ", ".join(terms) + "])"

        return show


@lru_cache(maxsize=4096)
def parse_formula(source: str) -> Formula:
    """Parse and check a formula; the result is cached, so repeated traces parse once.

    Args:
        source: The formula text, in the restricted grammar described in this module.

    Returns:
        The checked :class:`Formula`.

    Raises:
        FormulaError: If the text is too long, does not parse, or uses anything outside the
            allowed grammar (attributes, imports, lambdas, strings, unknown calls, ...).

    """
    if not isinstance(source, str):
        raise FormulaError(f"a formula must be text, got {type(source).__name__}")
    if len(source) > MAX_SOURCE_LENGTH:
        raise FormulaError(f"formula is longer than {MAX_SOURCE_LENGTH} characters")
    try:
        tree = ast.parse(source.strip(), mode="eval")
    except (SyntaxError, ValueError, MemoryError, RecursionError) as error:
        raise FormulaError(f"formula {source!r} does not parse: {error}") from None
    compiler = _Compiler(source)
    evaluator = compiler.compile(tree.body, frozenset(), 0)
    return Formula(source=source, names=tuple(compiler.free_names), tree=tree.body, evaluator=evaluator)
