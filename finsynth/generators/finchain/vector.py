"""Evaluate a parsed formula over NumPy columns, bit for bit like the scalar evaluator.

A batch of instances of one template binds every name to a column (a 1-D ``float64`` array,
one element per instance). :func:`compile_vector` turns a :class:`Formula` into a function of
such columns whose every element is *identical* (same bits) to what
:meth:`Formula.evaluate` returns for that element, so datasets do not depend on which path
produced them. Where identity cannot be guaranteed for a batch, the function raises
:class:`NeedsScalar` and the caller evaluates the elements one by one.

How identity is kept:

- ``+ - * /`` and comparisons are IEEE operations, identical in NumPy and Python;
  ``//`` and ``%`` use the same algorithm in both (checked by property tests).
- Transcendental functions (``**``, ``exp``, ``log`` ...) run element by element through the
  same C functions the scalar evaluator calls, never through NumPy's own (possibly
  SIMD-approximated) versions; only their domain checks are vectorized.
- Every check the scalar evaluator makes (division by zero, finite results, domains, operand
  kinds) is made for the whole column; any failing element raises :class:`NeedsScalar`.
- Names may hold Python ints in the scalar path (integral givens); integer arithmetic is
  exact there, so results of integer-only sub-expressions must stay below 2**53 here. Below
  that, an int and its float column differ only in the sign of a zero result (``-0.0``
  against ``0``): no later operation turns that into a different number, truth value or
  error, and rounding clears it.
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from finsynth.errors import FormulaError
from finsynth.generators.finchain.formula import MAX_EXPONENT, MAX_SEQUENCE_LENGTH, Formula, parse_formula
from finsynth.generators.finchain.functions import FUNCTIONS, FormulaFunction
from finsynth.generators.finchain.functions.vector import (
    ColumnFunction,
    NeedsScalar,
    decided_round_array,
    each,
    finite,
    per_element,
)
from finsynth.generators.finchain.quantities import TooCloseToCall
from finsynth.generators.finchain.sequence_columns import SequenceColumn, positions_within

__all__ = [
    "Columns",
    "NeedsScalar",
    "SequenceColumn",
    "VectorEvaluator",
    "compile_vector",
    "decided_round_array",
]


Columns = Mapping[str, NDArray[Any]]
"""Name -> 1-D ``float64`` column, every column of the same length."""

VectorEvaluator = Callable[[Mapping[str, NDArray[Any]]], NDArray[Any]]
"""Evaluates a formula for a batch: ``float64`` for numbers, ``bool`` for truth values."""

_Operand = Callable[[Columns], Any]
"""A compiled sub-expression: returns a column, or a Python constant that broadcasts."""

_EXACT_INTEGERS = 2.0**53
"""Integer arithmetic on Python ints and on floats agrees while every result stays below this."""


_NUMBER = "number"
_TRUTH = "truth"
_NEVER = "never"
"""The kind of a part that always raises: it fits wherever a number or a truth value does."""
_SEQUENCE = "sequence"
"""The kind of a part that gives a :class:`SequenceColumn` (compiled only where a sequence belongs)."""


@dataclass(frozen=True)
class _Part:
    """A compiled sub-expression and what is known about it before any column is seen.

    Attributes:
        evaluate: Computes the part for a batch (a column, or a constant that broadcasts).
        kind: ``number``, ``truth`` or ``never``.
        constant: Whether the part is the same for every element (it reads no name).
        integral: Whether the scalar path may compute it with Python ints (integral givens).
        shares_input: Whether the result may be an input column itself (a bare name).

    """

    evaluate: _Operand
    kind: str
    constant: bool = False
    integral: bool = False
    shares_input: bool = False


class _ScalarOnlyError(Exception):
    """The formula uses something only the scalar evaluator handles (sequences, mixed kinds)."""


def compile_vector(formula: Formula, sequence_names: frozenset[str] = frozenset()) -> VectorEvaluator | None:
    """Column-wise evaluator for ``formula``, or None when it uses something only the scalar path handles.

    Sequences (series givens, list literals, generator expressions over a series, a list
    literal, ``range`` or ``enumerate``) are held as :class:`SequenceColumn` s: a generator's
    terms are computed for every row at once over the flat array of all rows' terms, indexing
    picks one element per row, and a function of a sequence runs its scalar form on each row.
    Not vectorized: a generator expression with an ``if`` clause or inside another one's
    term, a sequence where a number or truth value belongs (the scalar path raises), and
    ``a if c else b`` whose branches give a number and a truth value. A function with no
    declared column form is applied element by element in its scalar form.
    Sub-expressions that read no name are computed once, here, by the scalar evaluator.

    Args:
        formula: The parsed formula.
        sequence_names: Names bound to sequences (series givens) rather than numbers; their
            columns hold a :class:`SequenceColumn`, or one tuple per row.

    Returns:
        A function of the columns (1-D ``float64`` arrays of one length n ≥ 1) returning an
        array of length n: ``float64`` for numbers, ``bool`` for truth values. It raises
        :class:`NeedsScalar` when some element would make the scalar evaluator raise, or
        when identity is not guaranteed for the batch.

    Raises:
        FormulaError: If the formula always fails, whatever the values: an operand that
            is a truth value where a number is needed, or the reverse.

    """
    try:
        root = _VectorCompiler(formula.source, sequence_names).compile(formula.tree, guarded=False)
    except _ScalarOnlyError:
        return None
    evaluate = root.evaluate
    if root.constant:
        if root.kind == _NEVER:
            return evaluate
        value = evaluate({})
        if not isinstance(value, (bool, float)):
            return None
        dtype = np.bool_ if isinstance(value, bool) else np.float64
        return lambda columns: np.full(_batch_length(columns, formula.source), value, dtype=dtype)
    if root.shares_input:
        return lambda columns: np.array(evaluate(columns), dtype=np.float64)

    def evaluate_batch(columns: Columns) -> NDArray[Any]:
        # Overflow is caught by the finiteness checks; NumPy's warnings would only be noise.
        with np.errstate(all="ignore"):
            result: NDArray[Any] = evaluate(columns)
        return result

    return evaluate_batch


def _batch_length(columns: Columns, source: str) -> int:
    if isinstance(columns, _Terms):
        return len(columns.owners)
    for column in columns.values():
        return len(column)
    raise FormulaError(f"formula {source!r} reads no name: pass at least one column to size the batch")


def _exact_integers(result: NDArray[Any]) -> NDArray[Any]:
    # Also rejects non-finite elements: NaN compares false.
    if not np.abs(result).max() < _EXACT_INTEGERS:
        raise NeedsScalar("an integer result may exceed 2**53, where Python ints stay exact")
    return result


def _fails(reason: str) -> _Operand:
    """A part that always defers to the scalar path (which raises the user-facing error)."""

    def fail(columns: Columns) -> Any:
        raise NeedsScalar(reason)

    return fail


def _power(base: Any, exponent: Any) -> NDArray[Any]:
    """``**`` as formula.py's ``_power``: Python's float ``pow``, with its domain and overflow checks."""
    if np.any(np.abs(exponent) > MAX_EXPONENT):
        raise NeedsScalar("an exponent is too large")
    if np.any((base < 0) & (np.floor(exponent) != exponent)):
        raise NeedsScalar("a negative base has a fractional exponent (complex result)")
    try:
        return each(pow, base, exponent)
    except (OverflowError, ZeroDivisionError):
        raise NeedsScalar("** overflows or raises zero to a negative power") from None


def _divide(numerator: Any, denominator: Any) -> NDArray[Any]:
    if np.any(denominator == 0):
        raise NeedsScalar("division by zero")
    quotient: NDArray[Any] = numerator / denominator
    return quotient


def _floor_divide(numerator: Any, denominator: Any) -> NDArray[Any]:
    if np.any(denominator == 0):
        raise NeedsScalar("division by zero")
    quotient: NDArray[Any] = np.floor_divide(numerator, denominator)  # the algorithm of Python's float //
    return quotient


def _modulo(numerator: Any, denominator: Any) -> NDArray[Any]:
    if np.any(denominator == 0):
        raise NeedsScalar("modulo by zero")
    remainder: NDArray[Any] = np.remainder(numerator, denominator)  # the algorithm of Python's float %
    return remainder


_ARITHMETIC: dict[type[ast.operator], Callable[[Any, Any], NDArray[Any]]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: _divide,
    ast.FloorDiv: _floor_divide,
    ast.Mod: _modulo,
    ast.Pow: _power,
}
_INTEGER_PRESERVING = (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod)
"""Operators that give a Python int when both operands are ints."""

_COMPARISONS: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
}


class _VectorCompiler:
    """Compiles a checked formula tree into column closures, once per formula."""

    def __init__(
        self,
        source: str,
        sequence_names: frozenset[str] = frozenset(),
        loop_names: frozenset[str] = frozenset(),
        outer: _VectorCompiler | None = None,
    ) -> None:
        self.source = source
        self.sequence_names = sequence_names
        self.loop_names = loop_names
        """Inside a generator's term: its loop targets, bound to one value per term."""
        self.outer = outer
        """Inside a generator's term: the compiler of the scope around it."""

    def kind_error(self, node: ast.expr, message: str, guarded: bool) -> _Part:
        """A wrong-kind operand: a compile error if always evaluated, else a part that defers to scalar."""
        if not guarded:
            raise FormulaError(f"formula {self.source!r} at column {node.col_offset + 1}: {message}")
        return _Part(_fails(message), _NEVER)

    def numbers(self, node: ast.expr, operands: Iterable[ast.expr], what: str, guarded: bool) -> list[_Part]:
        """Compile operands that must be numbers (a truth value raises :class:`_WrongKindError`)."""
        parts = [self.compile(operand, guarded) for operand in operands]
        if any(part.kind == _TRUTH for part in parts):
            raise _WrongKindError(
                self.kind_error(node, f"{what} must be a number, got a truth value", guarded)
            )
        return parts

    def compile(self, node: ast.expr, guarded: bool) -> _Part:
        """Compile ``node``; ``guarded`` when the scalar path may skip it (``and``/``or``, ``if``)."""
        if self.is_constant(node):
            return self.constant(node)
        if self.outer is not None and not self.reads_loop(node):
            return self.hoisted(self.outer.compile(node, guarded=True))
        try:
            return self.compile_reading_names(node, guarded)
        except _WrongKindError as wrong:
            return wrong.part

    def is_constant(self, node: ast.AST) -> bool:
        """Whether the scalar evaluator computes ``node`` without reading any name."""
        if isinstance(node, ast.Name):
            # A function's name can only be the function called (parse_formula checks).
            return node.id in FUNCTIONS
        if isinstance(node, ast.IfExp) and self.is_constant(node.test):
            test = self.constant(node.test)
            if test.kind != _TRUTH:
                return True  # the condition always fails
            return self.is_constant(node.body if test.evaluate({}) else node.orelse)
        return all(self.is_constant(child) for child in ast.iter_child_nodes(node))

    def constant(self, node: ast.expr) -> _Part:
        """A sub-expression that reads no name: the scalar evaluator computes it once."""
        try:
            value = parse_formula(ast.unparse(node)).evaluate({})
        except (FormulaError, ArithmeticError, TooCloseToCall) as error:  # a tie is left to the scalar path
            return _Part(_fails(str(error)), _NEVER, constant=True)
        if isinstance(value, tuple):
            raise _ScalarOnlyError
        kind = _TRUTH if isinstance(value, bool) else _NUMBER
        return _Part(lambda columns: value, kind, constant=True)

    def compile_reading_names(self, node: ast.expr, guarded: bool) -> _Part:
        if isinstance(node, ast.Name):
            if node.id in self.loop_names:
                return self.loop_value(node.id)
            if node.id in self.sequence_names:
                raise _ScalarOnlyError  # a whole sequence is reduced, indexed or looped over, below
            return self.name(node.id)
        if isinstance(node, ast.Subscript):
            return self.subscript(node, guarded)
        if isinstance(node, ast.BinOp):
            return self.arithmetic(node, guarded)
        if isinstance(node, ast.UnaryOp):
            return self.unary(node, guarded)
        if isinstance(node, ast.Compare):
            return self.comparison(node, guarded)
        if isinstance(node, ast.BoolOp):
            return self.connective(node, guarded)
        if isinstance(node, ast.IfExp):
            return self.choice(node, guarded)
        if isinstance(node, ast.Call):
            return self.call(node, guarded)
        raise _ScalarOnlyError  # indexing, list literals, generator expressions

    def name(self, name: str) -> _Part:
        def lookup(columns: Columns) -> NDArray[Any]:
            try:
                column = columns[name]
            except KeyError:
                raise NeedsScalar(f"no column for {name!r}") from None
            return np.asarray(column, dtype=np.float64)

        return _Part(lookup, _NUMBER, integral=True, shares_input=True)

    def arithmetic(self, node: ast.BinOp, guarded: bool) -> _Part:
        left, right = self.numbers(node, (node.left, node.right), "an operand", guarded)
        apply = _ARITHMETIC[type(node.op)]
        first, second = left.evaluate, right.evaluate
        integral = left.integral and right.integral and isinstance(node.op, _INTEGER_PRESERVING)
        check = _exact_integers if integral else finite
        return _Part(
            lambda columns: check(apply(first(columns), second(columns))), _NUMBER, integral=integral
        )

    def unary(self, node: ast.UnaryOp, guarded: bool) -> _Part:
        if isinstance(node.op, ast.Not):
            operand = self.compile(node.operand, guarded)
            if operand.kind == _NUMBER:
                return self.kind_error(node, "operand of not must be a comparison, got a number", guarded)
            negate = operand.evaluate
            return _Part(lambda columns: np.logical_not(negate(columns)), _TRUTH)
        (operand,) = self.numbers(node, (node.operand,), "operand of - or +", guarded)
        if isinstance(node.op, ast.UAdd):
            return operand
        value = operand.evaluate
        return _Part(lambda columns: -value(columns), _NUMBER, integral=operand.integral)

    def comparison(self, node: ast.Compare, guarded: bool) -> _Part:
        parts = self.numbers(node, (node.left, *node.comparators), "a compared value", guarded)
        tests = [_COMPARISONS[type(comparison)] for comparison in node.ops]
        operands = [part.evaluate for part in parts]
        if len(tests) == 1:
            test, (left, right) = tests[0], operands
            return _Part(lambda columns: test(left(columns), right(columns)), _TRUTH)

        def chained(columns: Columns) -> Any:
            values = [operand(columns) for operand in operands]
            result = tests[0](values[0], values[1])
            for test, a, b in zip(tests[1:], values[1:], values[2:], strict=False):
                result = np.logical_and(result, test(a, b))
            return result

        return _Part(chained, _TRUTH)

    def connective(self, node: ast.BoolOp, guarded: bool) -> _Part:
        parts = []
        for position, value in enumerate(node.values):
            # The scalar path stops at the first deciding operand, so later ones may never run.
            inner = guarded or position > 0
            part = self.compile(value, inner)
            if part.kind == _NUMBER:
                part = self.kind_error(value, "operand of and/or must be a comparison, got a number", inner)
            parts.append(part.evaluate)
        combine = np.logical_and if isinstance(node.op, ast.And) else np.logical_or

        def connect(columns: Columns) -> Any:
            result = parts[0](columns)
            for part in parts[1:]:
                result = combine(result, part(columns))
            return result

        return _Part(connect, _TRUTH)

    def choice(self, node: ast.IfExp, guarded: bool) -> _Part:
        test = self.compile(node.test, guarded)
        if test.kind == _NUMBER:
            return self.kind_error(node.test, "condition must be a comparison, got a number", guarded)
        if test.constant and test.kind == _TRUTH:
            return self.compile(node.body if test.evaluate({}) else node.orelse, guarded)
        body = self.compile(node.body, guarded=True)
        orelse = self.compile(node.orelse, guarded=True)
        kinds = {body.kind, orelse.kind} - {_NEVER}
        if len(kinds) > 1:
            raise _ScalarOnlyError  # a number for some elements, a truth value for others
        condition, first, second = test.evaluate, body.evaluate, orelse.evaluate
        return _Part(
            lambda columns: np.where(condition(columns), first(columns), second(columns)),
            kinds.pop() if kinds else _NEVER,
            integral=body.integral or orelse.integral,
        )

    def call(self, node: ast.Call, guarded: bool) -> _Part:
        assert isinstance(node.func, ast.Name)  # parse_formula accepts nothing else
        function = FUNCTIONS[node.func.id]
        if function.takes_sequence and len(node.args) == 1:
            argument = node.args[0]
            if isinstance(argument, ast.GeneratorExp):
                return self.reduction(function, self.generator(argument, guarded))
            return self.reduction(function, self.sequence(argument, guarded))
        parts = self.numbers(node, node.args, f"argument of {function.name}()", guarded)
        operands = [part.evaluate for part in parts]
        apply = _column_form(function)
        integral = function.keeps_integers and any(part.integral for part in parts)
        if len(operands) == 1:
            (first,) = operands
            return _Part(lambda columns: finite(apply(first(columns))), _NUMBER, integral=integral)
        return _Part(
            lambda columns: finite(apply(*(operand(columns) for operand in operands))),
            _NUMBER,
            integral=integral,
        )

    @staticmethod
    def reduction(function: FormulaFunction, sequence: _Part) -> _Part:
        """A function of a whole sequence: its scalar form, mapped over the rows in C."""
        reduce = _ROW_FORMS.get(function.name, function.scalar)
        of_rows = function.rows
        elements = sequence.evaluate

        def each_row(columns: Columns) -> NDArray[Any]:
            sequences: SequenceColumn = elements(columns)
            lengths = sequences.lengths
            if of_rows is not None and lengths.min() == lengths.max():  # rows of one length: one 2-D array
                return finite(of_rows(sequences.values.reshape(len(lengths), int(lengths[0]))))
            rows = sequences.rows()
            try:
                return finite(np.fromiter(map(reduce, rows), np.float64, len(rows)))
            except (FormulaError, ArithmeticError, ValueError) as error:  # an empty sequence, an overflow
                raise NeedsScalar(f"{function.name}() of a sequence: {error}") from None

        return _Part(each_row, _NUMBER, integral=function.keeps_integers)

    def reads_loop(self, node: ast.expr) -> bool:
        """Whether ``node`` reads a loop target of the generator whose term is compiled."""
        return any(isinstance(inner, ast.Name) and inner.id in self.loop_names for inner in ast.walk(node))

    @staticmethod
    def hoisted(part: _Part) -> _Part:
        """A part of a generator's term that reads no loop target: once per row, spread over its terms."""
        if part.constant:
            return part
        evaluate = part.evaluate

        def spread(terms: Columns) -> Any:
            assert isinstance(terms, _Terms)
            value = evaluate(terms.outer)
            return value[terms.owners] if isinstance(value, np.ndarray) else value

        return _Part(spread, part.kind, integral=part.integral)

    @staticmethod
    def loop_value(name: str) -> _Part:
        """A loop target inside a generator's term: one value per term (a series' may be an int)."""
        return _Part(lambda terms: terms[name], _NUMBER, integral=True, shares_input=True)

    def sequence(self, node: ast.expr, guarded: bool) -> _Part:
        """Compile ``node`` where a sequence belongs: a series given or a list literal."""
        if self.outer is not None and not self.reads_loop(node):
            outside = self.outer.sequence(node, guarded=True).evaluate

            def spread(terms: Columns) -> SequenceColumn:
                assert isinstance(terms, _Terms)
                return outside(terms.outer).take(terms.owners)  # type: ignore[no-any-return]

            return _Part(spread, _SEQUENCE)
        if isinstance(node, ast.Name) and node.id in self.sequence_names and node.id not in self.loop_names:
            return self.series(node.id)
        if isinstance(node, (ast.List, ast.Tuple)):
            return self.list_literal(node, guarded)
        raise _ScalarOnlyError  # a number where a sequence belongs (the scalar path raises)

    @staticmethod
    def series(name: str) -> _Part:
        def lookup(columns: Columns) -> SequenceColumn:
            try:
                column: Any = columns[name]
            except KeyError:
                raise NeedsScalar(f"no column for {name!r}") from None
            return column if isinstance(column, SequenceColumn) else SequenceColumn.of_rows(column)

        return _Part(lookup, _SEQUENCE)

    def list_literal(self, node: ast.List | ast.Tuple, guarded: bool) -> _Part:
        items = [part.evaluate for part in self.numbers(node, node.elts, "a list element", guarded)]
        source = self.source

        def gather(columns: Columns) -> SequenceColumn:
            size = _batch_length(columns, source)
            values = np.empty((size, len(items)))
            for position, item in enumerate(items):
                values[:, position] = item(columns)
            return SequenceColumn(values.ravel(), np.full(size, len(items), dtype=np.int64))

        return _Part(gather, _SEQUENCE)

    def subscript(self, node: ast.Subscript, guarded: bool) -> _Part:
        """``sequence[index]``: one element per row, where every index is whole and inside its row."""
        sequence = self.sequence(node.value, guarded).evaluate
        (position,) = self.numbers(node, (node.slice,), "an index", guarded)
        index = position.evaluate

        def item(columns: Columns) -> NDArray[Any]:
            column: SequenceColumn = sequence(columns)
            lengths = column.lengths
            indices = _whole_numbers(index(columns), len(column), "index")
            if np.any((indices < -lengths) | (indices >= lengths)):
                raise NeedsScalar("an index is outside its sequence")
            element: NDArray[Any] = column.values[
                column.starts + np.where(indices < 0, indices + lengths, indices)
            ]
            return element

        return _Part(item, _NUMBER, integral=True)

    def generator(self, node: ast.GeneratorExp, guarded: bool) -> _Part:
        """A generator expression's terms for every row, computed over all rows' terms at once."""
        if self.outer is not None or len(node.generators) != 1 or node.generators[0].ifs:
            raise _ScalarOnlyError  # nested loops and filtered terms stay with the scalar path
        clause = node.generators[0]
        targets = [
            target.id
            for target in (clause.target.elts if isinstance(clause.target, ast.Tuple) else [clause.target])
            if isinstance(target, ast.Name)
        ]
        bind = self.bindings(clause.iter, targets, guarded)
        # The scalar path may run no term at all (an empty sequence): the term is guarded.
        term = _VectorCompiler(self.source, self.sequence_names, frozenset(targets), self).compile(
            node.elt, guarded=True
        )
        if term.kind == _TRUTH:
            raise _ScalarOnlyError  # the scalar path rejects a truth value as a term, if it reaches one
        compute = term.evaluate

        def terms(columns: Columns) -> SequenceColumn:
            lengths, bound = bind(columns)
            scope = _Terms(columns, np.repeat(np.arange(len(lengths)), lengths), bound)
            if not len(scope.owners):
                return SequenceColumn(np.empty(0), lengths)
            values = np.asarray(compute(scope), dtype=np.float64)
            if values.shape != scope.owners.shape:  # a term that is the same for all
                values = np.full(scope.owners.shape, values, dtype=np.float64)
            return SequenceColumn(values, lengths)

        return _Part(terms, _SEQUENCE)

    def bindings(
        self, node: ast.expr, targets: list[str], guarded: bool
    ) -> Callable[[Columns], tuple[NDArray[Any], dict[str, NDArray[Any]]]]:
        """What a generator loops over: each row's number of terms, and every target's value per term."""
        source = self.source
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range":
            if len(targets) != 1:
                raise _ScalarOnlyError
            bounds = [part.evaluate for part in self.numbers(node, node.args, "a range bound", guarded)]
            (target,) = targets

            def ranged(columns: Columns) -> tuple[NDArray[Any], dict[str, NDArray[Any]]]:
                size = _batch_length(columns, source)
                ends = [_whole_numbers(bound(columns), size, "range bound") for bound in bounds]
                start, stop = (np.zeros(size, dtype=np.int64), ends[0]) if len(ends) == 1 else ends
                lengths = np.maximum(stop - start, 0)
                values = np.repeat(start, lengths) + positions_within(lengths)
                return lengths, {target: values.astype(np.float64)}

            return ranged
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "enumerate":
            if len(targets) != 2:
                raise _ScalarOnlyError
            sequence = self.sequence(node.args[0], guarded).evaluate
            starts = [part.evaluate for part in self.numbers(node, node.args[1:], "enumerate start", guarded)]

            def enumerated(columns: Columns) -> tuple[NDArray[Any], dict[str, NDArray[Any]]]:
                column: SequenceColumn = sequence(columns)
                counts = positions_within(column.lengths)
                if starts:
                    first = _whole_numbers(starts[0](columns), len(column), "enumerate start")
                    counts = counts + np.repeat(first, column.lengths)
                return column.lengths, {targets[0]: counts.astype(np.float64), targets[1]: column.values}

            return enumerated
        if len(targets) != 1:
            raise _ScalarOnlyError
        looped = self.sequence(node, guarded).evaluate

        def elements(columns: Columns) -> tuple[NDArray[Any], dict[str, NDArray[Any]]]:
            column: SequenceColumn = looped(columns)
            return column.lengths, {targets[0]: column.values}

        return elements


class _Terms(Mapping[str, Any]):
    """The scope of a generator's term: every loop target's value for every term of every row.

    Args:
        outer: The columns of the scope around the generator (one element per row).
        owners: The row of every term.
        bound: The loop targets, one element per term.

    """

    def __init__(self, outer: Columns, owners: NDArray[Any], bound: dict[str, NDArray[Any]]) -> None:
        self.outer = outer
        self.owners = owners
        self.bound = bound

    def __getitem__(self, name: str) -> NDArray[Any]:
        return self.bound[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.bound)

    def __len__(self) -> int:
        return len(self.bound)


def _whole_numbers(value: Any, size: int, what: str) -> NDArray[Any]:
    """Indices or range bounds as the scalar path takes them: whole numbers of at most MAX_SEQUENCE_LENGTH."""
    column = np.broadcast_to(np.asarray(value, dtype=np.float64), (size,))
    if not np.all((np.floor(column) == column) & (np.abs(column) <= MAX_SEQUENCE_LENGTH)):
        raise NeedsScalar(f"a {what} is not a whole number of at most {MAX_SEQUENCE_LENGTH}")
    whole: NDArray[Any] = column.astype(np.int64)
    return whole


_ROW_FORMS: dict[str, Callable[[Sequence[float]], float]] = {"sum": math.fsum}
"""Scalar forms of sequence functions without their finiteness check, which :func:`finite` makes
for the whole column (``sum`` is :func:`math.fsum` checked finite)."""


def _column_form(function: FormulaFunction) -> ColumnFunction:
    """The function's declared column form, or its scalar form applied element by element."""
    if function.vector is not None:
        return function.vector
    if function.takes_sequence:
        gathered = function.scalar
        return per_element(lambda *numbers: gathered(numbers))
    return per_element(function.scalar)


class _WrongKindError(Exception):
    """Carries the part that stands for an operand of the wrong kind in a skippable branch."""

    def __init__(self, part: _Part) -> None:
        super().__init__("operand of the wrong kind")
        self.part = part
