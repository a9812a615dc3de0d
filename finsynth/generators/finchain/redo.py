"""Shown arithmetic a reader can redo: how many digits of earlier results a step shows.

Each step is computed from the unrounded values of earlier steps, and each result is shown
rounded. A reader who redoes a step from the numbers it shows would then sometimes get
another last digit (``188726.51 + 29138.06`` is ``217864.57``, where the unrounded values
give ``217864.58``), or a visibly different result (a growth rate shown as ``0.1834`` raised
to the ninth power). So where a step's shown operands do not reproduce its shown result, the
step shows the earlier results it reads with as many more digits as it takes
(``188726.506 + 29138.065 = 217864.58``), at most :data:`MOST_EXTRA_DIGITS` more. Givens
need none: every given is stated exactly.

The decision is made on floats where they decide every rounding involved, else on the exact
values (:mod:`~finsynth.generators.finchain.exact`); the batch drawer makes the same float
decisions column by column and leaves the rest to the scalar path, so both show the same.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from finsynth.errors import FormulaError
from finsynth.generators.finchain.exact import ExactValue, exact, exact_evaluate
from finsynth.generators.finchain.formula import Formula, Value
from finsynth.generators.finchain.quantities import TooCloseToCall, decided_round, rounded_units

MOST_EXTRA_DIGITS = 12
"""Most digits an earlier result is shown with beyond its own decimals inside a later step."""


def units_text(units: int, decimals: int) -> str:
    """Show ``units / 10**decimals`` with exactly ``decimals`` decimals (as ``format(x, ".Nf")`` does)."""
    sign = "-" if units < 0 else ""
    digits = str(abs(units)).rjust(decimals + 1, "0")
    if not decimals:
        return sign + digits
    return f"{sign}{digits[:-decimals]}.{digits[-decimals:]}"


def _float_reproduces(
    formula: Formula,
    values: Mapping[str, Value],
    operands: Mapping[str, int],
    extra: int,
    decimals: int,
    shown: float,
) -> tuple[bool, dict[str, float]]:
    """Whether the step redone from operands shown with ``extra`` more digits shows ``shown`` (floats).

    Raises:
        TooCloseToCall: If some rounding involved is too close for the floats to decide.

    """
    trial = dict(values)
    rounded = {}
    for name, digits in operands.items():
        rounded[name] = trial[name] = decided_round(float(values[name]), digits + extra)  # type: ignore[arg-type]
    try:
        redo = float(formula.evaluator(trial))  # type: ignore[arg-type]
    except (FormulaError, ArithmeticError, ValueError):  # an operand shown too short for the formula
        return False, rounded
    return decided_round(redo, decimals) == shown, rounded


def extra_digits(
    formula: Formula,
    decimals: int,
    shown: float,
    operands: Mapping[str, int],
    values: Mapping[str, Value],
    exact_values: Callable[[], Mapping[str, ExactValue]],
) -> tuple[int, dict[str, tuple[str, float]]]:
    """How many more digits a step shows its operands with so that its shown result can be redone.

    Args:
        formula: The step's formula.
        decimals: Decimals of the step's stored value.
        shown: The step's shown (rounded) value.
        operands: The earlier steps it reads that are carried unrounded, with their decimals.
        values: Every value the formula reads, as carried (givens, steps unrounded).
        exact_values: Returns the exact values of the chain, for decisions floats cannot make.

    Returns:
        The extra digits (0 where the shown operands already reproduce the result) and, when
        above 0, each operand's text at its decimals plus the extra digits with its value.

    """
    extra = 0
    try:
        while extra < MOST_EXTRA_DIGITS:
            reproduces, rounded = _float_reproduces(formula, values, operands, extra, decimals, shown)
            if reproduces:
                break
            extra += 1
        else:
            _, rounded = _float_reproduces(formula, values, operands, extra, decimals, shown)
        if not extra:
            return 0, {}
        return extra, {
            name: (format(value, f".{operands[name] + extra}f"), value) for name, value in rounded.items()
        }
    except TooCloseToCall:
        return _exact_extra_digits(formula, decimals, shown, operands, exact_values(), extra)


def _exact_extra_digits(
    formula: Formula,
    decimals: int,
    shown: float,
    operands: Mapping[str, int],
    exact_env: Mapping[str, ExactValue],
    extra: int,
) -> tuple[int, dict[str, tuple[str, float]]]:
    """:func:`extra_digits` on exact values, from ``extra`` on (fewer digits already failed)."""
    target = rounded_units(Fraction(exact(shown)), decimals)  # type: ignore[arg-type]
    while True:
        trial = dict(exact_env)
        units = {}
        for name, digits in operands.items():
            value = exact_env[name]
            assert isinstance(value, Fraction)
            units[name] = rounded_units(value, digits + extra)
            trial[name] = Fraction(units[name], 10 ** (digits + extra))
        try:
            redo = exact_evaluate(formula, trial)
        except (FormulaError, ArithmeticError, ValueError):
            redo = None
        reproduces = isinstance(redo, Fraction) and rounded_units(redo, decimals) == target
        if reproduces or extra >= MOST_EXTRA_DIGITS:
            break
        extra += 1
    if not extra:
        return 0, {}
    return extra, {
        name: (units_text(count, operands[name] + extra), count / 10 ** (operands[name] + extra) + 0.0)
        for name, count in units.items()
    }
