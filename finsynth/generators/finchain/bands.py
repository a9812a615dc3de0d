"""Plausibility bands: the real-world ranges a template's key derived quantities must stay in.

A template states its bands once, in a ``Bands:`` section of its docstring, one per line::

    Bands:
        price / face_value: 60% to 150%
        debt_payments / monthly_income: 0% to 50%

Each band is a formula over the template's givens and steps (the grammar of
:mod:`~finsynth.generators.finchain.formula`), a colon, and an inclusive range ``LOW to HIGH``.
A ``%`` after a bound divides it by 100, as rates are carried as fractions; thousands may be
separated with ``,`` or ``_``. A long formula continues on lines indented deeper. The
docstring is what readers (and the published description) see, and the test that checks
every draw reads the same parsed lines, so the two cannot disagree.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from finsynth.errors import FormulaError
from finsynth.generators.finchain.chain import Solution, decide
from finsynth.generators.finchain.formula import Formula, parse_formula

SECTION = "Bands:"
"""The docstring line that opens a template's bands."""

_FLOAT_SLACK = 1e-9
"""Relative slack at the bounds, so 0.07 - 0.05 counts as the 2% it stands for."""

NUMBER = r"-?\d[\d,_]*(?:\.\d+)?%?"
_LINE = re.compile(rf"^(?P<formula>.+?):\s*(?P<low>{NUMBER})\s+to\s+(?P<high>{NUMBER})$")


@dataclass(frozen=True)
class Band:
    """An inclusive range a derived quantity must fall in for every draw.

    Attributes:
        text: The line as written in the docstring.
        formula: The quantity, over givens and steps.
        low: Smallest plausible value (as carried: rates as fractions).
        high: Largest plausible value.

    """

    text: str
    formula: Formula
    low: float
    high: float

    def value(self, solution: Solution) -> float:
        """The quantity in a solved instance.

        Raises:
            FormulaError: If the formula does not compute one number.

        """
        result = decide(self.formula, solution)
        if isinstance(result, bool) or not isinstance(result, float | int):
            raise FormulaError(f"band {self.text!r} must compute a number, not {result!r}")
        return float(result)

    def contains(self, value: float) -> bool:
        """Whether ``value`` lies inside the band (bounds included, beyond a float's last bits)."""
        slack = _FLOAT_SLACK * max(1.0, abs(self.low), abs(self.high))
        return self.low - slack <= value <= self.high + slack

    def holds(self, solution: Solution) -> bool:
        """Whether the quantity of a solved instance lies inside the band."""
        return self.contains(self.value(solution))


def parse_bound(text: str) -> float:
    """A range bound as carried: ``12%`` is 0.12; thousands may be separated with ``,`` or ``_``."""
    digits = text.replace(",", "").replace("_", "")
    if digits.endswith("%"):
        return float(Fraction(digits[:-1]) / 100)
    return float(Fraction(digits))


def section_lines(lines: list[str]) -> list[str]:
    """A docstring section's entries, one string each; a line indented deeper than the first continues one."""
    bands: list[str] = []
    margin = None
    for line in lines:
        if not line.strip() or not line.startswith((" ", "\t")):
            break
        indent = len(line) - len(line.lstrip())
        if margin is None:
            margin = indent
        if indent > margin and bands:
            bands[-1] += " " + line.strip()
        else:
            bands.append(line.strip())
    return bands


def parse_bands(docstring: str, names: Iterable[str], owner: str) -> tuple[Band, ...]:
    """Read the ``Bands:`` section of a template's docstring.

    Args:
        docstring: The cleaned docstring (``inspect.getdoc``).
        names: The givens and steps a band may read.
        owner: How to name the template in error messages.

    Returns:
        The bands in the order written; empty when the docstring has no ``Bands:`` section.

    Raises:
        FormulaError: If a line is not ``FORMULA: LOW to HIGH``, the formula is malformed or
            reads an unknown name, or LOW is above HIGH.

    """
    lines = docstring.splitlines()
    if SECTION not in (line.strip() for line in lines):
        return ()
    start = [line.strip() for line in lines].index(SECTION) + 1
    known = set(names)
    bands: list[Band] = []
    for text in section_lines(lines[start:]):
        match = _LINE.match(text)
        if match is None:
            raise FormulaError(
                f"{owner}: band {text!r} is not 'FORMULA: LOW to HIGH' (e.g. 'price: 10 to 20%')"
            )
        try:
            formula = parse_formula(match["formula"])
        except FormulaError as error:
            raise FormulaError(f"{owner}: band {text!r}: {error}") from None
        unknown = sorted(set(formula.names) - known)
        if unknown:
            raise FormulaError(f"{owner}: band {text!r} reads {unknown}, which are not givens or steps")
        low, high = parse_bound(match["low"]), parse_bound(match["high"])
        if low > high:
            raise FormulaError(f"{owner}: band {text!r} has its low bound above its high bound")
        bands.append(Band(text, formula, low, high))
    if not bands:
        raise FormulaError(f"{owner}: the {SECTION} section of the docstring lists no band")
    return tuple(bands)
