"""The FinChain template language: givens, steps and answers.

A template declares what the question gives (numbers with units and ranges, named
people and companies), the question text, the solution steps as named formulas over
earlier names, and a typed answer::

    Template(
        givens=[person("investor"), money("principal", 1_000, 50_000, step=100),
                rate("rate", 1, 12), count("years", 2, 30, unit=Unit.YEARS)],
        question="{investor} deposits {principal} at {rate} compounded annually. "
                 "What is the balance after {years}?",
        steps=[step("growth_factor", "(1 + rate) ** years", "Growth factor", unit=Unit.NONE, decimals=6),
               step("balance", "principal * growth_factor", "Balance", unit=Unit.USD)],
        answer=numeric("balance"),
    )

Everything here is data; :mod:`finsynth.generators.finchain.engine` turns it into instances.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from finsynth.generators.finchain.quantities import Quantity, Unit


@dataclass(frozen=True)
class Entity:
    """A named party in the question, drawn from the name stream.

    Attributes:
        name: Placeholder name used in the question text.
        kind: ``"person"`` or ``"company"``.

    """

    name: str
    kind: str


@dataclass(frozen=True)
class NumberGiven:
    """A number drawn uniformly from the grid ``low, low + step, ..., high``.

    Attributes:
        name: Name used in formulas and as the question placeholder.
        low: Smallest value, in display units (percent figures for rates).
        high: Largest value, in display units.
        step: Grid spacing in display units; the default is one displayed decimal place.
        quantity: Unit and displayed decimals.

    """

    name: str
    low: float
    high: float
    step: float
    quantity: Quantity


@dataclass(frozen=True)
class SeriesGiven:
    """A sequence of numbers (cash flows, returns), each drawn like a :class:`NumberGiven`.

    Attributes:
        name: Name used in formulas and as the question placeholder.
        element: How each element is drawn.
        min_length: Fewest elements.
        max_length: Most elements.

    """

    name: str
    element: NumberGiven
    min_length: int
    max_length: int


@dataclass(frozen=True)
class OptionGiven:
    """One of several labelled options; the question shows the label, formulas use the value.

    Attributes:
        name: Name used in formulas and as the question placeholder.
        options: Label → numeric value, e.g. ``{"monthly": 12, "quarterly": 4}``.

    """

    name: str
    options: Mapping[str, float]


@dataclass(frozen=True)
class DerivedGiven:
    """A number the question states that is computed from earlier givens.

    Use it to make the givens consistent (a sale price above a purchase price, a bond
    price from its yield); it is rounded to its display precision before anything uses it.

    Attributes:
        name: Name used in formulas and as the question placeholder.
        formula: Formula over earlier givens.
        quantity: Unit and displayed decimals.

    """

    name: str
    formula: str
    quantity: Quantity


Given = Entity | NumberGiven | SeriesGiven | OptionGiven | DerivedGiven


@dataclass(frozen=True)
class Step:
    """One solution step: a named formula over givens and earlier steps.

    Attributes:
        name: Name later steps and the answer use.
        formula: Formula in the restricted grammar of :mod:`~finsynth.generators.finchain.formula`.
        description: What the step computes, in words.
        quantity: Unit and displayed decimals; the step is shown rounded to them.
        rounded_before_use: Whether later steps use the shown (rounded) value instead of the
            unrounded one. Only for practice the question states in words (a payment rounded
            to the cent, a z-value read from a table to two decimals); the question must say so
            (with "round", "decimal", "whole", "to the cent" or "nearest").

    """

    name: str
    formula: str
    description: str
    quantity: Quantity
    rounded_before_use: bool = False


@dataclass(frozen=True)
class NumericAnswer:
    """The answer is the value of a step, shown with that step's unit and precision."""

    step: str


@dataclass(frozen=True)
class Rule:
    """``label`` applies when ``when`` (a comparison over givens and steps) is true."""

    when: str
    label: str


@dataclass(frozen=True)
class CategoricalAnswer:
    """The answer is the label of the first rule that holds, else ``otherwise``.

    The question must state the rule; the labels become the record's ``choices``.
    """

    rules: tuple[Rule, ...]
    otherwise: str

    @property
    def choices(self) -> tuple[str, ...]:
        """Every label, in rule order, without repeats."""
        labels = [rule.label for rule in self.rules] + [self.otherwise]
        return tuple(dict.fromkeys(labels))


Answer = NumericAnswer | CategoricalAnswer


@dataclass(frozen=True)
class Template:
    """A parameterized financial problem with its worked solution.

    A numeric given that the question does not show and no step reads is a *sampling
    helper*: it only shapes other givens (a ratio that keeps a derived cost in proportion,
    say), so constraints hold by construction instead of by rejection. Helpers are left out
    of the trace.

    Attributes:
        givens: What the question states, in drawing order.
        question: Question text with ``{name}`` placeholders for givens (never for steps).
        steps: Solution steps in order.
        answer: The typed answer.
        constraints: Conditions over givens (formulas) that every instance must satisfy;
            draws that violate one are rejected and redrawn.
        small_space: Why this template has fewer distinct questions than usual, if it does.

    """

    givens: Sequence[Given]
    question: str
    steps: Sequence[Step]
    answer: Answer
    constraints: Sequence[str] = field(default_factory=tuple)
    small_space: str | None = None


def _default_step(decimals: int) -> float:
    return 10.0**-decimals


def person(name: str) -> Entity:
    """A person's full name, e.g. the investor or the borrower."""
    return Entity(name, "person")


def company(name: str) -> Entity:
    """A company name."""
    return Entity(name, "company")


def money(name: str, low: float, high: float, *, step: float | None = None, decimals: int = 2) -> NumberGiven:
    """A U.S. dollar amount between ``low`` and ``high`` (multiples of ``step``)."""
    return NumberGiven(name, low, high, step or _default_step(decimals), Quantity(Unit.USD, decimals))


def rate(name: str, low: float, high: float, *, step: float | None = None, decimals: int = 2) -> NumberGiven:
    """A percentage between ``low``% and ``high``%, used in formulas as a fraction."""
    return NumberGiven(name, low, high, step or _default_step(decimals), Quantity(Unit.PERCENT, decimals))


def count(name: str, low: int, high: int, *, unit: Unit = Unit.NONE) -> NumberGiven:
    """A whole number (years, periods, shares) between ``low`` and ``high``."""
    return NumberGiven(name, low, high, 1, Quantity(unit, 0))


def number(
    name: str,
    low: float,
    high: float,
    *,
    step: float | None = None,
    decimals: int = 2,
    unit: Unit = Unit.NONE,
) -> NumberGiven:
    """A plain number (a beta, a multiple, a price per unit) between ``low`` and ``high``."""
    return NumberGiven(name, low, high, step or _default_step(decimals), Quantity(unit, decimals))


def series(name: str, element: NumberGiven, *, length: int | tuple[int, int]) -> SeriesGiven:
    """A sequence whose elements are drawn like ``element`` (its name is ignored)."""
    low, high = (length, length) if isinstance(length, int) else length
    return SeriesGiven(name, element, low, high)


def option(name: str, options: Mapping[str, float]) -> OptionGiven:
    """One labelled option among several, e.g. a compounding frequency."""
    return OptionGiven(name, dict(options))


def derived(name: str, formula: str, *, unit: Unit = Unit.USD, decimals: int = 2) -> DerivedGiven:
    """A stated number computed from earlier givens, rounded to its display precision."""
    return DerivedGiven(name, formula, Quantity(unit, decimals))


def step(
    name: str,
    formula: str,
    description: str,
    *,
    unit: Unit = Unit.USD,
    decimals: int = 2,
    rounded_before_use: bool = False,
) -> Step:
    """A solution step, shown rounded to ``decimals`` in ``unit`` and carried unrounded.

    Pass ``rounded_before_use=True`` only where the question tells the solver to round this
    value before using it (see :class:`Step`).
    """
    return Step(name, formula, description, Quantity(unit, decimals), rounded_before_use)


def numeric(step_name: str) -> NumericAnswer:
    """Answer with the value of the step named ``step_name``."""
    return NumericAnswer(step_name)


def categorical(rules: Sequence[tuple[str, str]], *, otherwise: str) -> CategoricalAnswer:
    """Answer with the label of the first ``(condition, label)`` rule that holds."""
    return CategoricalAnswer(tuple(Rule(when, label) for when, label in rules), otherwise)
