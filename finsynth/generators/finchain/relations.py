"""Joint realism: relations between a template's givens that every real case satisfies.

A band (:mod:`~finsynth.generators.finchain.bands`) keeps one quantity in range; a relation ties
givens together the way a real taxpayer, instrument or company does, and names the public
source it comes from. A template declares its relations once, in a ``Relations:`` section of its
docstring, one per line, each ending with the key of its reference in
:data:`~finsynth.generators.finchain.references.REFERENCES` in brackets::

    Relations:
        ether_price / bitcoin_price: 1.5% to 8% [ether_to_bitcoin_price]
        ordinary_tax_rate < 0.32 or long_term_gains_rate >= 0.15 [capital_gains_rate_by_income]

A relation is either a range (``FORMULA: LOW to HIGH``, as a band is written), which must lie
inside its reference's real-world range, so that no declared range is wider than reality, or a
condition over givens and steps, whose reference is a rule. The docstring is what readers see,
and the test that checks 1,000 draws of every template reads the same parsed lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from finsynth.errors import FormulaError
from finsynth.generators.finchain.bands import NUMBER, parse_bound, section_lines
from finsynth.generators.finchain.formula import Formula, parse_formula
from finsynth.generators.finchain.references import REFERENCES, Reference

SECTION = "Relations:"
"""The docstring line that opens a template's relations."""

_FLOAT_SLACK = 1e-9
"""Relative slack at a range's bounds, so a computed 0.07 - 0.05 counts as the 2% it stands for."""

_CITED = re.compile(r"^(?P<body>.+?)\s+\[(?P<key>[a-z0-9_]+)\]$")
_RANGE = re.compile(rf"^(?P<formula>.+?):\s*(?P<low>{NUMBER})\s+to\s+(?P<high>{NUMBER})$")


@dataclass(frozen=True)
class Relation:
    """A relation between givens (and steps) that every draw of a template must satisfy.

    Attributes:
        text: The line as written in the docstring.
        formula: The related quantity (a range relation) or the condition (a rule).
        reference: The real-world range or rule it comes from, with its public source.
        low: Smallest allowed value of a range relation (as carried: rates as fractions); ``None`` for a rule.
        high: Largest allowed value of a range relation; ``None`` for a rule.

    """

    text: str
    formula: Formula
    reference: Reference
    low: float | None = None
    high: float | None = None

    def holds(self, values: NDArray[Any]) -> NDArray[np.bool_]:
        """Which of the formula's values (one per draw) satisfy the relation."""
        if self.low is None or self.high is None:
            return np.asarray(values == True, dtype=bool)  # noqa: E712 (elementwise: a number is not a truth)
        slack = _FLOAT_SLACK * max(1.0, abs(self.low), abs(self.high))
        numbers = np.asarray(values, dtype=np.float64)
        return (self.low - slack <= numbers) & (numbers <= self.high + slack)


def _relation(text: str, known: set[str], owner: str) -> Relation:
    cited = _CITED.match(text)
    if cited is None:
        raise FormulaError(
            f"{owner}: relation {text!r} does not end with its reference key in brackets, "
            "e.g. '[bitcoin_price]'"
        )
    key = cited["key"]
    reference = REFERENCES.get(key)
    if reference is None:
        raise FormulaError(f"{owner}: relation {text!r} cites {key!r}, which is not in the references table")
    body = cited["body"]
    ranged = _RANGE.match(body)
    source = ranged["formula"] if ranged else body
    try:
        formula = parse_formula(source)
    except FormulaError as error:
        raise FormulaError(f"{owner}: relation {text!r}: {error}") from None
    unknown = sorted(set(formula.names) - known)
    if unknown:
        raise FormulaError(f"{owner}: relation {text!r} reads {unknown}, which are not givens or steps")
    if ranged is None:
        if reference.low is not None:
            raise FormulaError(
                f"{owner}: relation {text!r} cites the range {key!r}: "
                f"write it as 'FORMULA: LOW to HIGH [{key}]'"
            )
        return Relation(text, formula, reference)
    low, high = parse_bound(ranged["low"]), parse_bound(ranged["high"])
    if low > high:
        raise FormulaError(f"{owner}: relation {text!r} has its low bound above its high bound")
    if reference.low is None or reference.high is None:
        raise FormulaError(f"{owner}: relation {text!r} gives a range, but {key!r} is a rule, not a range")
    if low < reference.low or high > reference.high:
        raise FormulaError(
            f"{owner}: relation {text!r} is wider than reality: {key!r} is {reference.low:g} to "
            f"{reference.high:g} ({reference.source})"
        )
    return Relation(text, formula, reference, low, high)


def parse_relations(docstring: str, names: Iterable[str], owner: str) -> tuple[Relation, ...]:
    """Read the ``Relations:`` section of a template's docstring.

    Args:
        docstring: The cleaned docstring (``inspect.getdoc``).
        names: The givens and steps a relation may read.
        owner: How to name the template in error messages.

    Returns:
        The relations in the order written; empty when the docstring has no ``Relations:`` section.

    Raises:
        FormulaError: If a line does not cite a known reference, its formula is malformed or reads
            an unknown name, a range cites a rule (or a condition a range), or a range is
            upside down or wider than its reference.

    """
    lines = docstring.splitlines()
    stripped = [line.strip() for line in lines]
    if SECTION not in stripped:
        return ()
    start = stripped.index(SECTION) + 1
    known = set(names)
    relations = tuple(_relation(text, known, owner) for text in section_lines(lines[start:]))
    if not relations:
        raise FormulaError(f"{owner}: the {SECTION} section of the docstring lists no relation")
    return relations
