"""The compiled plan of a FinChain template: what drawing needs, worked out once per template.

:class:`~finsynth.generators.finchain.engine.CompiledTemplate` checks a template and builds
its :class:`TemplatePlan`. Both drawers consume the plan: the scalar path
(:meth:`CompiledTemplate.instance <finsynth.generators.finchain.engine.CompiledTemplate.instance>`)
and the batch path (:class:`~finsynth.generators.finchain.batch.BatchDrawer`), so the
givens' samplers, the steps' formulas and prefixes, the question's parts, the static
trace and how each value is shown are declared in one place.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from finsynth.errors import FormulaError
from finsynth.generators.finchain.chain import ChainStep, Solution, decide
from finsynth.generators.finchain.dsl import DerivedGiven, Entity, NumberGiven, OptionGiven, SeriesGiven
from finsynth.generators.finchain.formula import Formula
from finsynth.generators.finchain.quantities import Quantity, Unit
from finsynth.seeding import RandomStream, rejection_limit

_LOOP_INDEX = Quantity(Unit.NONE, 0)
"""How a formula shows a name it binds itself (a loop index), which no quantity declares."""


class TemplateDefinitionError(FormulaError):
    """A template is malformed (unknown names, leaking placeholders, bad ranges)."""


def _grid(given: NumberGiven) -> tuple[int, int, int]:
    """Return the given's grid as integers: (low, count, spacing) in units of its last decimal."""
    scale_decimals = given.quantity.decimals
    scale = 10**scale_decimals
    low = round(given.low * scale)
    high = round(given.high * scale)
    spacing = round(given.step * scale)
    if spacing <= 0 or high < low or abs(given.step * scale - spacing) > 1e-9:
        raise TemplateDefinitionError(
            f"given {given.name!r}: range {given.low}..{given.high} with step {given.step} "
            f"is not a grid at {scale_decimals} decimals"
        )
    return low, (high - low) // spacing, spacing


class NumberSampler:
    """Draws a grid value exactly (integer arithmetic, one division at the end).

    Attributes:
        low: The grid's first point, in units of its last decimal.
        spacing: Grid spacing in those units.
        span: Number of grid points.
        divisor: ``10**decimals`` of the stored value (percentages two more).
        integral: Whether values are whole numbers (drawn as ``int``).
    """

    def __init__(self, given: NumberGiven) -> None:
        self.low, count, self.spacing = _grid(given)
        self.span = count + 1
        self.limit = rejection_limit(self.span)
        exponent = given.quantity.decimals + (2 if given.quantity.unit is Unit.PERCENT else 0)
        self.divisor = 10**exponent
        self.integral = exponent == 0

    def draw(self, stream: RandomStream) -> float:
        """Draw one value from ``stream``."""
        units = self.low + self.spacing * stream.below(self.span, self.limit)
        return units if self.integral else units / self.divisor


Sampler = NumberSampler | OptionGiven | tuple[SeriesGiven, NumberSampler] | tuple[DerivedGiven, Formula]
"""How one given is drawn: a grid number, an option, a series (length then elements) or a derived value."""


@dataclass(frozen=True)
class StepPlan:
    """What drawing needs of one step.

    Attributes:
        name: The step's name.
        formula: Its parsed formula.
        digits: Decimals its value is rounded to (the quantity's stored decimals).
        pattern: A ``str.format`` pattern of its arithmetic over shown values, or None where the
            formula is substituted value by value.
        quantity: How its value is shown.
        prefix: The step's text before the numbers: ``"Description: name = symbolic = "``.
        source: The formula as written in the template.
        rounded_before_use: Whether later steps read its rounded value.
        operands: The earlier steps it reads that are carried unrounded, with their decimals:
            what it may show with more digits so that its result can be redone
            (see :mod:`~finsynth.generators.finchain.redo`).

    """

    name: str
    formula: Formula
    digits: int
    pattern: str | None
    quantity: Quantity
    prefix: str
    source: str
    rounded_before_use: bool
    operands: Mapping[str, int]


@dataclass(frozen=True)
class TemplatePlan:
    """Everything both drawers read of a compiled template, fixed once it is compiled.

    Attributes:
        label: How errors name the template (normally its id).
        question: The question's ``str.format`` text.
        question_parts: The question split into (literal text, placeholder or None).
        samplers: How each given is drawn, in declaration order.
        entities: The named people and companies, in declaration order.
        quantities: The quantity of every given and step.
        options: The option givens by name.
        series_names: Names of the series givens.
        constraints: The constraints' formulas, checked in order.
        constraint_sources: The constraints as written (for errors).
        steps: The steps in order.
        rules: A categorical answer's rules as (label, condition), in order.
        otherwise: A categorical answer's fallback label (None for a numeric answer).
        answer_step: The step a numeric answer reads (None for a categorical answer).
        answer_quantity: How the numeric answer is shown (None for a categorical answer).
        choices: A categorical answer's labels.
        note: What the solution says before its steps.
        stated_names: The numeric givens the question states, which the trace records.
        trace_keys: Each stated name as a JSON key.
        trace_prefix: The trace JSON before its inputs object.
        trace_suffix: The trace JSON after its inputs object.
        showers: How the question shows each given's value.

    """

    label: str
    question: str
    question_parts: tuple[tuple[str, str | None], ...]
    samplers: tuple[tuple[str, Sampler], ...]
    entities: tuple[Entity, ...]
    quantities: Mapping[str, Quantity]
    options: Mapping[str, OptionGiven]
    series_names: frozenset[str]
    constraints: tuple[Formula, ...]
    constraint_sources: tuple[str, ...]
    steps: tuple[StepPlan, ...]
    rules: tuple[tuple[str, Formula], ...]
    otherwise: str | None
    answer_step: str | None
    answer_quantity: Quantity | None
    choices: tuple[str, ...]
    note: str
    stated_names: tuple[str, ...]
    trace_keys: tuple[str, ...]
    trace_prefix: str
    trace_suffix: str
    showers: Mapping[str, Callable[[Any], str]]

    def error(self, message: str) -> TemplateDefinitionError:
        """Return the error for a problem with this template, naming it."""
        return TemplateDefinitionError(f"template {self.label}: {message}")

    @cached_property
    def chain(self) -> tuple[ChainStep, ...]:
        """The steps as :func:`~finsynth.generators.finchain.chain.solve` takes them."""
        return tuple(
            ChainStep(step.name, step.formula, step.digits, step.rounded_before_use) for step in self.steps
        )

    def answer_label(self, solution: Solution) -> str:
        """The answer label of a solved instance: its first rule that holds, else its fallback."""
        assert self.otherwise is not None
        for label, formula in self.rules:
            if decide(formula, solution, self.chain) is True:
                return label
        return self.otherwise

    def formula_spec(self, name: str) -> str:
        """The format spec that :meth:`format_in_formula` shows the values of ``name`` with."""
        return self.quantities.get(name, _LOOP_INDEX).formula_spec

    def format_in_formula(self, name: str, value: float) -> str:
        """Show the value of ``name`` inside a step's arithmetic (a loop index as a whole number)."""
        return self.quantities.get(name, _LOOP_INDEX).for_formula(value)


def parse_pattern(pattern: str) -> tuple[tuple[str, str | None], ...]:
    """Split a ``str.format`` pattern into (literal text, field name or None).

    Raises:
        ValueError: If a field has a format spec or a conversion.

    """
    parsed = []
    for literal, field, spec, conversion in string.Formatter().parse(pattern):
        if spec or conversion:
            raise ValueError(f"pattern field {field!r} has a format spec or conversion")
        parsed.append((literal, field))
    return tuple(parsed)
