"""Solving a chain of steps: carried at full precision, shown rounded once, exactly.

Every step computes from the unrounded values of the steps before it; what a reader sees
(and what the answer keys store) is each value rounded once, halves away from zero, on its
exact decimal value. A step is rounded before later steps use it only where the question
says so in words (``rounded_before_use``: a payment to the cent, a z-value from a table).

The chain is computed in floats first. Where some rounding decision is too close for the
float to make (a half-way point for a shown value or ``round()``, a whole number for
``floor``/``ceil``), the whole chain is computed again exactly
(:mod:`~finsynth.generators.finchain.exact`) and every value comes from that. Drawing,
batches and trace replay all solve through this module, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from finsynth.errors import FormulaError
from finsynth.generators.finchain.exact import ExactValue, exact, exact_evaluate
from finsynth.generators.finchain.formula import Formula, Value
from finsynth.generators.finchain.quantities import TooCloseToCall, decided_round, round_exact, rounded_units

_NUMBERS = frozenset({float, int})


@dataclass(frozen=True)
class ChainStep:
    """What solving needs of one step.

    Attributes:
        name: The step's name.
        formula: Its parsed formula.
        decimals: Decimals of the stored value it is shown with (percentages: of the fraction).
        rounded_before_use: Whether later steps use the shown value (the question says to round).

    """

    name: str
    formula: Formula
    decimals: int
    rounded_before_use: bool = False


@dataclass(frozen=True)
class Solution:
    """A solved chain.

    Attributes:
        values: Givens and every step's carried value (full precision, as floats).
        shown: Every step's value rounded to what is shown.
        exact_values: The exact givens and steps, when a decision needed them; else ``None``.

    """

    values: dict[str, Value]
    shown: dict[str, float]
    exact_values: dict[str, ExactValue] | None


def exact_givens(givens: Mapping[str, Value]) -> dict[str, ExactValue]:
    """The exact value of every given (each is a decimal on its grid)."""
    return {name: exact(value) for name, value in givens.items()}


def _float_chain(steps: Sequence[ChainStep], givens: Mapping[str, Value], label: str) -> Solution:
    values: dict[str, Value] = dict(givens)
    shown: dict[str, float] = {}
    for item in steps:
        raw = item.formula.evaluator(values)
        if type(raw) not in _NUMBERS:
            raise FormulaError(f"{label}step {item.name!r} must compute a number")
        value = float(raw)  # type: ignore[arg-type]
        shown[item.name] = decided_round(value, item.decimals)
        values[item.name] = shown[item.name] if item.rounded_before_use else value
    return Solution(values, shown, None)


def solve_exactly(steps: Sequence[ChainStep], givens: Mapping[str, Value], label: str = "") -> Solution:
    """Compute every step exactly, as :func:`solve` does where the floats cannot decide a rounding.

    For a caller that already knows the float chain of these givens meets a rounding it cannot
    decide (the batch drawer, which ran it column-wise): :func:`solve` would compute it only to
    get here.

    Raises:
        FormulaError: If a step fails or does not compute a number.

    """
    exact_values = exact_givens(givens)
    values: dict[str, Value] = dict(givens)
    shown: dict[str, float] = {}
    for item in steps:
        result = exact_evaluate(item.formula, exact_values)
        if not isinstance(result, Fraction):
            raise FormulaError(f"{label}step {item.name!r} must compute a number")
        units = rounded_units(result, item.decimals)
        try:
            # int / int is correctly rounded: the same double as float(round_exact(...)), without a Fraction.
            shown[item.name] = units / 10**item.decimals + 0.0
        except OverflowError:
            raise FormulaError(f"{label}step {item.name!r} is too large for a float") from None
        if item.rounded_before_use:
            exact_values[item.name] = Fraction(units, 10**item.decimals)
            values[item.name] = shown[item.name]
        else:
            exact_values[item.name] = result
            values[item.name] = _float(result, f"{label}step {item.name!r}")
    return Solution(values, shown, exact_values)


def solve(steps: Sequence[ChainStep], givens: Mapping[str, Value], label: str = "") -> Solution:
    """Compute every step from the givens; floats where they decide, exact values where not.

    Args:
        steps: The steps in order.
        givens: The value of every given the steps read.
        label: Prefix for error messages (e.g. ``"template x: "``).

    Raises:
        FormulaError: If a step fails or does not compute a number.

    """
    try:
        return _float_chain(steps, givens, label)
    except TooCloseToCall:
        return solve_exactly(steps, givens, label)


def decide(formula: Formula, solution: Solution, steps: Sequence[ChainStep] = ()) -> Value:
    """Evaluate a condition (a rule or a constraint) on a solved chain, exactly where the floats cannot.

    Args:
        formula: The condition.
        solution: The solved chain (for a constraint: the givens alone, no steps).
        steps: The chain's steps, to solve exactly if the condition cannot be decided in floats.

    """
    exact_values = solution.exact_values
    if exact_values is None:
        try:
            return formula.evaluator(solution.values)
        except TooCloseToCall:
            step_names = {item.name for item in steps}
            givens = {name: value for name, value in solution.values.items() if name not in step_names}
            exact_values = solve_exactly(steps, givens).exact_values
            assert exact_values is not None
    return _as_value(exact_evaluate(formula, exact_values))


def stated_value(formula: Formula, givens: Mapping[str, Value], decimals: int) -> float:
    """A derived given: its formula over earlier givens, rounded once to the decimals it is stated with."""
    try:
        raw = formula.evaluator(givens)
        if type(raw) in _NUMBERS:
            return decided_round(float(raw), decimals)  # type: ignore[arg-type]
    except TooCloseToCall:
        pass
    result = exact_evaluate(formula, exact_givens(givens))
    if not isinstance(result, Fraction):
        raise FormulaError(f"derived given {formula.source!r} must compute a number")
    return _float(round_exact(result, decimals), f"derived given {formula.source!r}")


def _float(value: Fraction, what: str) -> float:
    """``value`` as the nearest double (never ``-0.0``).

    Raises:
        FormulaError: If it is too large for a double.

    """
    try:
        return float(value) + 0.0
    except OverflowError:
        raise FormulaError(f"{what} is too large for a float") from None


def _as_value(result: ExactValue) -> Value:
    if isinstance(result, Fraction):
        return _float(result, "a condition's value")
    if isinstance(result, tuple):
        return tuple(_float(item, "a condition's value") for item in result)
    return result
