"""Exact evaluation of a formula, for the rounding decisions a float cannot make.

Givens are exact decimals (every drawn number lies on its decimal grid), so a formula of
``+ - × ÷``, whole powers, ``abs``, ``min``/``max``, ``floor``/``ceil``/``round`` and sums has
an exact rational value: it is computed with :class:`fractions.Fraction`. The other
functions have irrational values, which are never exactly half-way; they are computed so
that ties are decided the same on every machine:

- ``exp``, ``log``, ``log10``, ``sqrt`` and fractional powers with :mod:`decimal` at
  :data:`~finsynth.generators.finchain.functions.exact.DIGITS` significant digits (correctly
  rounded there, exact for perfect squares);
- ``normal_cdf``, ``normal_quantile`` and ``irr`` with their double-precision functions,
  the result then taken as the exact value of that double.

The evaluator reads the same checked tree as :class:`~finsynth.generators.finchain.formula.Formula`
(never ``eval``), compiled once per formula into closures for its arithmetic, comparisons and
calls on numbers; sequences and loops are walked node by node. It is slow next to the float
closures and runs only when a float result is too close to a rounding boundary to decide.

Exact numbers can grow without end where floats overflow, so every exact value is bounded and
its work counted: a value whose numerator or denominator needs more than
:data:`MAX_EXACT_BITS` bits is a :class:`~finsynth.errors.FormulaError` (a power is refused
before it is computed, from the sizes of its base and exponent), and each operation spends
work units of the enclosing :func:`~finsynth.generators.finchain.formula.work_budget` growing
with the square of its size, as its cost does. An evaluation also spends
:data:`EXACT_WORK_PER_NODE` units for each node of the formula, and a loop as many for each
node of its body on each pass, before it runs: exact steps cost about ten times their floats.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping
from decimal import localcontext
from fractions import Fraction
from functools import lru_cache, partial

from finsynth.errors import FormulaError
from finsynth.generators.finchain.formula import MAX_EXPONENT, MAX_SEQUENCE_LENGTH, Formula, Value, spend_work
from finsynth.generators.finchain.functions import FUNCTIONS
from finsynth.generators.finchain.functions.exact import GUARDED, SIGNIFICANT, as_decimal, trimmed

ExactValue = Fraction | bool | tuple[Fraction, ...]
"""What an exact formula computes: a rational number, a truth value, or a sequence of them."""

ExactEnv = Mapping[str, ExactValue]

MAX_EXACT_BITS = 1 << 16
"""Most bits of the numerator or of the denominator of an exact value (about 19,700 digits);
templates stay far below (a power of 1.05 to 360 needs about 2,400)."""
EXACT_WORK_PER_NODE = 8
"""Work units an exact evaluation spends per formula node (and per loop body node, each pass)."""
SQUARED_BITS_PER_WORK_UNIT = 1 << 16
"""An operation on ``b``-bit numbers spends ``1 + b² / this`` work units: multiplying two
numbers of :data:`MAX_EXACT_BITS` bits takes tens of milliseconds and spends 65,537."""


def sized(value: Fraction) -> Fraction:
    """Return ``value`` after checking its size and spending the work its operation cost.

    Raises:
        FormulaError: If its numerator or denominator has more than :data:`MAX_EXACT_BITS` bits.

    """
    bits = max(value.numerator.bit_length(), value.denominator.bit_length())
    if bits > MAX_EXACT_BITS:
        raise FormulaError(
            f"an exact value needs {bits:,} bits, more than the allowed {MAX_EXACT_BITS:,} (too large)"
        )
    spend_work(1 + bits * bits // SQUARED_BITS_PER_WORK_UNIT)
    return value


def exact(value: Value) -> ExactValue:
    """The exact value a given stands for: a float on a decimal grid is that decimal.

    A float's shortest form (``repr``) is the decimal it was drawn as, since every grid
    value has far fewer than 15 significant digits.
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, tuple):
        return tuple(_exact_decimal(float(item)) for item in value)
    if isinstance(value, int):
        return Fraction(value)
    return _exact_decimal(value)


@lru_cache(maxsize=65_536)
def _exact_decimal(value: float) -> Fraction:
    """The decimal a float's shortest form reads (cached: grid values recur across instances)."""
    text = repr(value)
    if "e" in text or "n" in text:  # exponent form, inf, nan: Fraction reads (or rejects) them
        return Fraction(text)
    whole, _, decimals = text.partition(".")  # repr always writes the point: "12.5", "-3.0"
    return Fraction(int(whole + decimals), 10 ** len(decimals))


def _number(value: ExactValue, what: str) -> Fraction:
    if not isinstance(value, Fraction):
        raise FormulaError(f"{what} must be a number")
    return value


def _power(base: Fraction, exponent: Fraction) -> Fraction:
    if abs(exponent) > MAX_EXPONENT:
        raise FormulaError(f"exponent {float(exponent)} is larger than the allowed {MAX_EXPONENT}")
    size = max(base.numerator.bit_length(), base.denominator.bit_length())
    magnitude = abs(base.numerator.bit_length() - base.denominator.bit_length()) + 1
    if abs(exponent) * (size if exponent.denominator == 1 else magnitude) > MAX_EXACT_BITS:
        raise FormulaError(
            f"a power of a {size:,}-bit number to {float(exponent):g} needs more than the allowed "
            f"{MAX_EXACT_BITS:,} bits (numbers too large)"
        )
    if exponent.denominator == 1:
        if base == 0 and exponent < 0:
            raise FormulaError("zero raised to a negative power")
        return trimmed(base ** int(exponent))
    if base < 0:
        raise FormulaError("result is not a real number (negative base with a fractional exponent)")
    if base == 0:
        return Fraction(0)
    with localcontext(GUARDED):
        power = (as_decimal(exponent) * as_decimal(base).ln()).exp()
    with localcontext(SIGNIFICANT):
        return Fraction(+power)


_COMPARE: dict[type[ast.cmpop], Callable[[Fraction, Fraction], bool]] = {
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
}


def _divide(a: Fraction, b: Fraction) -> Fraction:
    if b == 0:
        raise FormulaError("division by zero")
    return trimmed(a / b)


def _floor_divide(a: Fraction, b: Fraction) -> Fraction:
    if b == 0:
        raise FormulaError("division by zero")
    return Fraction(a // b)


def _modulo(a: Fraction, b: Fraction) -> Fraction:
    if b == 0:
        raise FormulaError("division by zero")
    return a % b


_ARITHMETIC: dict[type[ast.operator], Callable[[Fraction, Fraction], Fraction]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: lambda a, b: trimmed(a * b),
    ast.Pow: _power,
    ast.Div: _divide,
    ast.FloorDiv: _floor_divide,
    ast.Mod: _modulo,
}
"""Each arithmetic operator on exact numbers (the checked tree admits no other)."""


def exact_evaluate(formula: Formula, env: ExactEnv) -> ExactValue:
    """Evaluate a checked formula exactly (see the module docstring for what "exactly" means).

    Args:
        formula: A formula from :func:`~finsynth.generators.finchain.formula.parse_formula`.
        env: The exact value of every name it reads (see :func:`exact`).

    Raises:
        FormulaError: If a value has the wrong kind or the result is undefined.

    """
    spend_work(EXACT_WORK_PER_NODE * _size(formula.tree))
    return exact_evaluator(formula)(env)


@lru_cache(maxsize=4_096)
def _size(node: ast.AST) -> int:
    """The number of nodes of a tree."""
    return sum(1 for _ in ast.walk(node))


_ExactPart = Callable[[ExactEnv], ExactValue]


@lru_cache(maxsize=4_096)
def exact_evaluator(formula: Formula) -> _ExactPart:
    """The formula compiled once into closures that compute what the tree walk computes.

    Every node is evaluated as :func:`_evaluate` evaluates it, in the same order, with the same
    checks and errors: constants are read once, names, arithmetic, signs, comparisons,
    connectives, conditionals and calls on numbers become closures, and anything over a
    sequence (list literals, indexing, loops, a function of one sequence) is walked.
    """
    return _compile(formula.tree)


def _compile(node: ast.expr) -> _ExactPart:
    if isinstance(node, ast.Constant):
        value = _evaluate(node, {})
        return lambda env: value
    if isinstance(node, ast.Name):
        return partial(_lookup, node.id)
    if isinstance(node, ast.BinOp):
        return partial(_binary, _ARITHMETIC[type(node.op)], _compile(node.left), _compile(node.right))
    if isinstance(node, ast.UnaryOp):
        operand = _compile(node.operand)
        if isinstance(node.op, ast.Not):
            return lambda env: not operand(env)
        if isinstance(node.op, ast.USub):
            return lambda env: -_number(operand(env), "operand")
        return lambda env: _number(operand(env), "operand")
    if isinstance(node, ast.Compare):
        return partial(
            _compare,
            [_COMPARE[type(test)] for test in node.ops],
            [_compile(item) for item in (node.left, *node.comparators)],
        )
    if isinstance(node, ast.BoolOp):
        values = [_compile(value) for value in node.values]
        if isinstance(node.op, ast.And):
            return lambda env: all(value(env) is True for value in values)
        return lambda env: any(value(env) is True for value in values)
    if isinstance(node, ast.IfExp):
        test, body, orelse = _compile(node.test), _compile(node.body), _compile(node.orelse)
        return lambda env: body(env) if test(env) is True else orelse(env)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        function = FUNCTIONS[node.func.id]
        if not (function.takes_sequence and len(node.args) == 1):
            what = f"argument of {node.func.id}()"
            arguments = [_compile(argument) for argument in node.args]
            if function.takes_sequence:
                return lambda env: sized(function.exact(tuple(_number(arg(env), what) for arg in arguments)))
            return lambda env: sized(function.exact(*[_number(arg(env), what) for arg in arguments]))
    return partial(_evaluate, node)


def _lookup(name: str, env: ExactEnv) -> ExactValue:
    try:
        return env[name]
    except KeyError:
        raise FormulaError(f"no value for {name!r}") from None


def _binary(
    operation: Callable[[Fraction, Fraction], Fraction], left: _ExactPart, right: _ExactPart, env: ExactEnv
) -> Fraction:
    a = _number(left(env), "operand")
    return sized(operation(a, _number(right(env), "operand")))


def _compare(
    tests: list[Callable[[Fraction, Fraction], bool]], items: list[_ExactPart], env: ExactEnv
) -> bool:
    values = [_number(item(env), "compared value") for item in items]
    return all(test(a, b) for test, a, b in zip(tests, values, values[1:], strict=False))


def _evaluate(node: ast.expr, env: ExactEnv) -> ExactValue:
    if isinstance(node, ast.Constant):
        assert isinstance(node.value, (int, float))  # parse_formula admits only numbers
        return Fraction(repr(float(node.value)))
    if isinstance(node, ast.Name):
        try:
            return env[node.id]
        except KeyError:
            raise FormulaError(f"no value for {node.id!r}") from None
    if isinstance(node, ast.BinOp):
        left = _number(_evaluate(node.left, env), "operand")
        right = _number(_evaluate(node.right, env), "operand")
        return sized(_ARITHMETIC[type(node.op)](left, right))
    if isinstance(node, ast.UnaryOp):
        operand = _evaluate(node.operand, env)
        if isinstance(node.op, ast.Not):
            return not operand
        number = _number(operand, "operand")
        return -number if isinstance(node.op, ast.USub) else number
    if isinstance(node, ast.Compare):
        values = [_number(_evaluate(item, env), "compared value") for item in (node.left, *node.comparators)]
        return all(
            _COMPARE[type(test)](a, b) for test, a, b in zip(node.ops, values, values[1:], strict=False)
        )
    if isinstance(node, ast.BoolOp):
        if isinstance(node.op, ast.And):
            return all(_evaluate(value, env) is True for value in node.values)
        return any(_evaluate(value, env) is True for value in node.values)
    if isinstance(node, ast.IfExp):
        return _evaluate(node.body if _evaluate(node.test, env) is True else node.orelse, env)
    if isinstance(node, (ast.List, ast.Tuple)):
        return tuple(_number(_evaluate(item, env), "list element") for item in node.elts)
    if isinstance(node, ast.Subscript):
        sequence = _evaluate(node.value, env)
        position = _number(_evaluate(node.slice, env), "index")
        if not isinstance(sequence, tuple) or position.denominator != 1:
            raise FormulaError("only a sequence can be indexed, by a whole number")
        return sequence[int(position)]
    if isinstance(node, ast.Call):
        return sized(_call(node, env))
    raise FormulaError(f"{type(node).__name__} is not allowed in a formula")


def _call(node: ast.Call, env: ExactEnv) -> Fraction:
    assert isinstance(node.func, ast.Name)  # parse_formula accepts nothing else
    name = node.func.id
    function = FUNCTIONS[name]
    if function.takes_sequence and len(node.args) == 1:
        argument = node.args[0]
        if isinstance(argument, ast.GeneratorExp):
            items = _generate(argument, env)
        else:
            value = _evaluate(argument, env)
            if not isinstance(value, tuple):
                raise FormulaError(f"argument of {name}() must be a sequence of numbers")
            items = value
        if not items and function.needs_an_element:
            raise FormulaError(f"{name}() of an empty sequence")
        return function.exact(items)
    arguments = [_number(_evaluate(argument, env), f"argument of {name}()") for argument in node.args]
    if function.takes_sequence:
        return function.exact(tuple(arguments))
    return function.exact(*arguments)


def _generate(node: ast.GeneratorExp, env: ExactEnv) -> tuple[Fraction, ...]:
    clause = node.generators[0]
    targets = [
        item.id
        for item in (clause.target.elts if isinstance(clause.target, ast.Tuple) else [clause.target])
        if isinstance(item, ast.Name)
    ]
    results = []
    bindings = _bindings(clause.iter, env)
    body = 1 + _size(node.elt) + sum(_size(condition) for condition in clause.ifs)
    spend_work(len(bindings) * body * EXACT_WORK_PER_NODE)
    for binding in bindings:
        scope = {**env, **dict(zip(targets, binding, strict=False))}
        if all(_evaluate(condition, scope) is True for condition in clause.ifs):
            results.append(_number(_evaluate(node.elt, scope), "generated element"))
    return tuple(results)


def _whole(value: ExactValue, what: str) -> int:
    number = _number(value, what)
    if number.denominator != 1 or abs(number) > MAX_SEQUENCE_LENGTH:
        raise FormulaError(f"{what} must be a whole number of at most {MAX_SEQUENCE_LENGTH}")
    return int(number)


def _bindings(node: ast.expr, env: ExactEnv) -> list[tuple[Fraction, ...]]:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range":
        ends = [_whole(_evaluate(argument, env), "range bound") for argument in node.args]
        return [(Fraction(index),) for index in range(*ends)]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "enumerate":
        values = _evaluate(node.args[0], env)
        first = _whole(_evaluate(node.args[1], env), "enumerate start") if len(node.args) == 2 else 0
        if not isinstance(values, tuple):
            raise FormulaError("argument of enumerate() must be a sequence")
        return [(Fraction(first + index), value) for index, value in enumerate(values)]
    values = _evaluate(node, env)
    if not isinstance(values, tuple):
        raise FormulaError("a loop must run over a sequence")
    return [(value,) for value in values]
