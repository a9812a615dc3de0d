"""The functions a FinChain formula may call, each declared once.

A :class:`FormulaFunction` names a function, its argument counts, and every form of it the
product uses: the double-precision function the formula evaluator calls, the exact function
that decides roundings, the column function of the batch evaluator (or none, in which case the
batch evaluator applies the double-precision function element by element, or row by row for a
sequence), and the sympy function of the same meaning (or none) for symbolic checks.
Everything else (the parser's whitelist, the three evaluators, the renderer and the tests'
symbolic readers) is derived from :data:`FUNCTIONS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from finsynth.generators.finchain.functions import exact, scalar
from finsynth.generators.finchain.functions import vector as columns


@dataclass(frozen=True)
class FormulaFunction:
    """One function of the formula language.

    Attributes:
        name: What formulas call it.
        min_args: Fewest arguments.
        max_args: Most arguments.
        takes_sequence: Called with one argument, that argument is a sequence (``sum(flows)``);
            called with several, they are numbers gathered into one (``max(0, x)``). The
            ``scalar`` and ``exact`` forms then take a tuple.
        scalar: The double-precision form, as the formula evaluator computes it.
        exact: The exact form on fractions, which decides roundings a float cannot.
        vector: The column form, bit for bit the scalar form element by element; None when
            the batch evaluator should apply ``scalar`` to each element (or row).
        rows: For a function of a sequence, its form over sequences of one length given as the
            rows of a 2-D array, bit for bit the scalar form row by row; None when the batch
            evaluator should apply ``scalar`` to each row.
        sympy: The name of the sympy function with the same meaning, or None where symbolic
            checks treat a call as opaque.
        keeps_integers: Whether the result is one of the arguments (or its magnitude), so it
            stays a whole number where the arguments are.
        needs_an_element: Whether a sequence argument must hold at least one element.
        work_per_item: Work units spent per element of a sequence argument.
        shown_with_one_argument: How the solution text writes a call with one argument, where
            that differs from ``name`` (``log(x)`` is written ``ln(x)``).

    """

    name: str
    min_args: int
    max_args: int
    takes_sequence: bool
    scalar: Callable[..., float]
    exact: Callable[..., Fraction]
    vector: columns.ColumnFunction | None = None
    rows: columns.ColumnFunction | None = None
    sympy: str | None = None
    keeps_integers: bool = False
    needs_an_element: bool = False
    work_per_item: int = 1
    shown_with_one_argument: str | None = None

    def shown_as(self, argument_count: int) -> str:
        """The function's name as solution text writes a call with ``argument_count`` arguments."""
        if argument_count == 1 and self.shown_with_one_argument is not None:
            return self.shown_with_one_argument
        return self.name


IRR_WORK_PER_FLOW = 256
"""Work units ``irr`` spends per cash flow: each of its up to 200 iterations walks every flow."""

FUNCTIONS: dict[str, FormulaFunction] = {
    function.name: function
    for function in (
        FormulaFunction("abs", 1, 1, False, abs, abs, columns.absolute, sympy="Abs", keeps_integers=True),
        FormulaFunction(
            "min", 1, 16, True, min, min, columns.smallest, keeps_integers=True, needs_an_element=True
        ),
        FormulaFunction(
            "max", 1, 16, True, max, max, columns.largest, keeps_integers=True, needs_an_element=True
        ),
        FormulaFunction(
            "round", 1, 2, False, scalar.round_half_away, exact.round_half_away, columns.round_half_away
        ),
        FormulaFunction(
            "log", 1, 2, False, scalar.log, exact.log, columns.log, sympy="log", shown_with_one_argument="ln"
        ),
        FormulaFunction("log10", 1, 1, False, scalar.log10, exact.log10, columns.log10),
        FormulaFunction("exp", 1, 1, False, scalar.exp, exact.exp, columns.exp, sympy="exp"),
        FormulaFunction("sqrt", 1, 1, False, scalar.sqrt, exact.sqrt, columns.sqrt, sympy="sqrt"),
        FormulaFunction("floor", 1, 1, False, scalar.floor, exact.floor, columns.floor),
        FormulaFunction("ceil", 1, 1, False, scalar.ceil, exact.ceil, columns.ceil),
        FormulaFunction("sum", 1, 1, True, scalar.total, exact.total),
        FormulaFunction("len", 1, 1, True, scalar.count, exact.count),
        FormulaFunction(
            "irr",
            1,
            1,
            True,
            scalar.internal_rate_of_return,
            exact.internal_rate_of_return,
            rows=columns.internal_rate_of_return,
            needs_an_element=True,
            work_per_item=IRR_WORK_PER_FLOW,
        ),
        FormulaFunction(
            "normal_quantile",
            1,
            1,
            False,
            scalar.normal_quantile,
            exact.through_float(scalar.normal_quantile),
            columns.normal_quantile,
        ),
        FormulaFunction(
            "normal_cdf",
            1,
            1,
            False,
            scalar.normal_cdf,
            exact.through_float(scalar.normal_cdf),
            columns.normal_cdf,
        ),
    )
}
"""The functions a formula may call, by name."""

__all__ = ["FUNCTIONS", "IRR_WORK_PER_FLOW", "FormulaFunction"]
