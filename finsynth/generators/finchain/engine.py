"""Turns a :class:`~finsynth.generators.finchain.dsl.Template` into concrete instances.

Compiling a template parses every formula once and checks the template's shape: names are
unique, each formula reads only earlier names, question placeholders name givens (so no
question can leak an intermediate result), and every given a step reads is stated in the
question. Drawing an instance then only evaluates precompiled closures.
"""

from __future__ import annotations

import json
import string
from collections.abc import Callable, Sequence
from functools import cache, partial
from typing import Any, NamedTuple

from finsynth.errors import FormulaError, UnsatisfiableConstraintsError
from finsynth.generators.finchain.chain import (
    ChainStep,
    Solution,
    decide,
    solve,
    solve_exactly,
    stated_value,
)
from finsynth.generators.finchain.dsl import (
    Entity,
    NumberGiven,
    NumericAnswer,
    OptionGiven,
    SeriesGiven,
    Template,
)
from finsynth.generators.finchain.exact import ExactValue
from finsynth.generators.finchain.formula import Formula, Value, parse_formula
from finsynth.generators.finchain.plan import (
    NumberSampler,
    Sampler,
    StepPlan,
    TemplateDefinitionError,
    TemplatePlan,
    parse_pattern,
)
from finsynth.generators.finchain.quantities import Quantity, Unit
from finsynth.generators.finchain.redo import extra_digits
from finsynth.generators.finchain.showing import (
    in_arithmetic,
    result_suffix,
    series_in_question,
    series_in_trace,
)
from finsynth.generators.finchain.trace import TRACE_VERSION
from finsynth.seeding import RandomStream, SplitMixStream
from finsynth.world.names import company_name, person_name

MAX_ATTEMPTS = 1_000
"""Draws tried per instance before a template's constraints are declared unsatisfiable."""

CARRIED_UNROUNDED = (
    "Intermediate values are shown rounded (with more digits where a step needs them to be redone); "
    "each step uses the unrounded values of earlier steps"
)
"""How the solution's opening note begins (see :func:`carried_note`)."""


def carried_note(rounded: Sequence[str]) -> str:
    """What a solution of several steps says once, before its steps: how it carries values.

    Args:
        rounded: The steps the question orders rounded before later steps use them.

    """
    if not rounded:
        return CARRIED_UNROUNDED + "."
    which = rounded[0] if len(rounded) == 1 else ", ".join(rounded[:-1]) + " and " + rounded[-1]
    return f"{CARRIED_UNROUNDED}, except {which}, rounded as the question says before later steps use it."


_STATED_ROUNDING = ("round", "decimal", "whole", "to the cent", "nearest")
"""Words one of which a question uses when it tells the solver to round an intermediate value."""


class StepResult(NamedTuple):
    """A computed step as stored in a record.

    Attributes:
        name: The step's name.
        text: The step in words, with its formula, the numbers used and the result.
        formula: The formula as written in the template.
        inputs: The value of each name the formula reads.
        value: The result, rounded to its displayed precision (later steps use it unrounded).

    """

    name: str
    text: str
    formula: str
    inputs: tuple[tuple[str, Value], ...]
    value: float


class Instance(NamedTuple):
    """One drawn problem with its worked solution and replayable trace."""

    question: str
    steps: tuple[StepResult, ...]
    answer_value: float | None
    answer_label: str | None
    answer_text: str
    answer_quantity: Quantity | None
    choices: tuple[str, ...]
    trace_json: str
    """The replayable trace as compact JSON (see :mod:`~finsynth.generators.finchain.trace`)."""
    note: str
    """Said once before the steps: how intermediate values are rounded (empty for one step)."""

    @property
    def trace(self) -> dict[str, Any]:
        """The trace decoded from :attr:`trace_json`."""
        decoded: dict[str, Any] = json.loads(self.trace_json)
        return decoded

    @property
    def solution(self) -> str:
        """The chain of thought as text: one line per step, then the answer."""
        pattern = solution_pattern(self.note, len(self.steps))
        return pattern.format(*[item.text for item in self.steps], self.answer_text)


@cache
def solution_pattern(note: str, step_count: int) -> str:
    """The solution's ``str.format`` pattern: ``note`` (if any), one line per step, then the answer.

    Its fields are the step texts in order, then the answer text; formatting a batch's columns
    with it gives each instance's :attr:`Instance.solution`.
    """
    lines = [note.replace("{", "{{").replace("}", "}}")] if note else []
    lines += [f"Step {number}: {{}}" for number in range(1, step_count + 1)]
    lines.append("Answer: {}")
    return "\n".join(lines)


class CompiledTemplate:
    """A checked template ready to draw instances from seeds.

    Args:
        template: The declaration.
        label: How to name the template in error messages (normally its id).

    """

    def __init__(self, template: Template, label: str) -> None:
        self.template = template
        self.label = label
        self.quantities: dict[str, Quantity] = {}
        self.entities: list[Entity] = []
        self.options: dict[str, OptionGiven] = {}
        self.series_names: set[str] = set()
        known: list[str] = []
        self.drawers: list[tuple[str, Sampler]] = []
        for given in template.givens:
            self._declare(given.name, known)
            if isinstance(given, Entity):
                if given.kind not in ("person", "company"):
                    raise self.error(f"entity {given.name!r} has unknown kind {given.kind!r}")
                self.entities.append(given)
                continue
            if isinstance(given, NumberGiven):
                self.quantities[given.name] = given.quantity
                self.drawers.append((given.name, NumberSampler(given)))
            elif isinstance(given, SeriesGiven):
                if not 1 <= given.min_length <= given.max_length:
                    raise self.error(f"series {given.name!r} has bad length bounds")
                self.quantities[given.name] = given.element.quantity
                self.series_names.add(given.name)
                self.drawers.append((given.name, (given, NumberSampler(given.element))))
            elif isinstance(given, OptionGiven):
                if not given.options:
                    raise self.error(f"option {given.name!r} has no options")
                self.options[given.name] = given
                self.quantities[given.name] = Quantity(Unit.NONE, _decimals_of(given.options.values()))
                self.drawers.append((given.name, given))
            else:
                formula = self._formula(given.formula, given.name, known[:-1])
                self.quantities[given.name] = given.quantity
                self.drawers.append((given.name, (given, formula)))
        self.given_names = tuple(known)
        numeric_givens = [name for name in known if name not in {e.name for e in self.entities}]
        self.constraints = tuple(
            self._formula(text, "constraint", numeric_givens) for text in template.constraints
        )
        self.steps = []
        for item in template.steps:
            self._declare(item.name, known)
            formula = self._formula(item.formula, item.name, known[:-1])
            self.quantities[item.name] = item.quantity
            self.steps.append((item, formula, formula.substitution_pattern(), formula.symbolic()))
        self.rules: tuple[tuple[str, Formula], ...] = ()
        answer = template.answer
        if isinstance(answer, NumericAnswer):
            if answer.step not in {item.name for item in template.steps}:
                raise self.error(f"answer names unknown step {answer.step!r}")
            self.choices: tuple[str, ...] = ()
        else:
            self.rules = tuple(
                (rule.label, self._formula(rule.when, "answer rule", known)) for rule in answer.rules
            )
            self.choices = answer.choices
        self._check_question(numeric_givens)
        self._check_every_step_is_used()
        self.chain = tuple(
            ChainStep(item.name, formula, item.quantity.stored_decimals, item.rounded_before_use)
            for item, formula, _, _ in self.steps
        )
        rounded = [item.name for item, _, _, _ in self.steps if item.rounded_before_use]
        self.note = carried_note(rounded) if len(self.steps) > 1 else ""
        question = template.question.lower()
        if rounded and not any(word in question for word in _STATED_ROUNDING):
            raise self.error(
                f"steps {rounded} are rounded before use, so the question must tell the solver to round them"
            )
        answer_step = getattr(answer, "step", None)
        self.answer_quantity = None if answer_step is None else self.quantities[answer_step]
        self.plan = self._plan(answer_step)
        self._given_plan = [
            (name, self.plan.showers[name], self._formula_shower(name)) for name, _ in self.drawers
        ]
        self._entity_plan = [
            (e.name, person_name if e.kind == "person" else company_name) for e in self.entities
        ]

    def _plan(self, answer_step: str | None) -> TemplatePlan:
        """Build the plan both drawers read (see :mod:`~finsynth.generators.finchain.plan`)."""
        carried_unrounded = {item.name for item, _, _, _ in self.steps if not item.rounded_before_use}
        steps = tuple(
            StepPlan(
                item.name,
                formula,
                item.quantity.stored_decimals,
                pattern,
                item.quantity,
                f"{item.description}: {item.name} = {symbolic} = ",
                item.formula,
                item.rounded_before_use,
                {
                    name: self.quantities[name].stored_decimals
                    for name in formula.names
                    if name in carried_unrounded
                },
            )
            for item, formula, pattern, symbolic in self.steps
        )
        # Inputs are written at the decimals they are drawn and shown with. That text is exact:
        # every stated given is a value on its decimal grid, so it parses back to the same float.
        trace_prefix, trace_suffix = self._static_trace_parts()
        answer = self.template.answer
        return TemplatePlan(
            label=self.label,
            question=self.template.question,
            question_parts=parse_pattern(self.template.question),
            samplers=tuple(self.drawers),
            entities=tuple(self.entities),
            quantities=dict(self.quantities),
            options=dict(self.options),
            series_names=frozenset(self.series_names),
            constraints=self.constraints,
            constraint_sources=tuple(self.template.constraints),
            steps=steps,
            rules=self.rules,
            otherwise=None if isinstance(answer, NumericAnswer) else answer.otherwise,
            answer_step=answer_step,
            answer_quantity=self.answer_quantity,
            choices=self.choices,
            note=self.note,
            stated_names=self.stated_names,
            trace_keys=tuple(json.dumps(name) for name in self.stated_names),
            trace_prefix=trace_prefix,
            trace_suffix=trace_suffix,
            showers={name: self._shower(name) for name, _ in self.drawers},
        )

    def error(self, message: str) -> TemplateDefinitionError:
        """Return the error for a problem with this template, naming it."""
        return TemplateDefinitionError(f"template {self.label}: {message}")

    def _declare(self, name: str, known: list[str]) -> None:
        if not name.isidentifier() or name.startswith("_"):
            raise self.error(f"{name!r} is not a valid name (use snake_case letters, digits and _)")
        if name in known:
            raise self.error(f"name {name!r} is declared twice")
        known.append(name)

    def _formula(self, source: str, owner: str, allowed: list[str]) -> Formula:
        try:
            formula = parse_formula(source)
        except FormulaError as error:
            raise self.error(f"{owner}: {error}") from None
        unknown = [name for name in formula.names if name not in allowed]
        if unknown:
            raise self.error(f"{owner}: formula {source!r} reads {unknown}, which are not declared before it")
        return formula

    def _check_question(self, numeric_givens: list[str]) -> None:
        placeholders = {field for _, field, _, _ in string.Formatter().parse(self.template.question) if field}
        allowed = set(self.given_names)
        leaking = placeholders - allowed
        if leaking:
            raise self.error(
                f"question placeholders {sorted(leaking)} are not givens (steps may not be shown)"
            )
        used = {name for _, formula, _, _ in self.steps for name in formula.names}
        used |= {name for _, formula in self.rules for name in formula.names}
        unstated = [name for name in numeric_givens if name in used and name not in placeholders]
        if unstated:
            raise self.error(f"givens {unstated} are used by the solution but never stated in the question")
        # Givens the question does not show only shape the draw (sampling helpers); replay never needs them.
        self.stated_names = tuple(name for name in numeric_givens if name in placeholders)

    def _check_every_step_is_used(self) -> None:
        """Every step must feed a later step or the answer; a dangling step is noise."""
        read = {name for _, formula, _, _ in self.steps for name in formula.names}
        read |= {name for _, formula in self.rules for name in formula.names}
        answer_step = getattr(self.template.answer, "step", None)
        unused = [
            item.name for item, _, _, _ in self.steps if item.name not in read and item.name != answer_step
        ]
        if unused:
            raise self.error(f"steps {unused} are computed but never used by a later step or the answer")

    def draw_values(self, stream: RandomStream) -> dict[str, Value]:
        """Draw every numeric given, redrawing until all constraints hold.

        Raises:
            UnsatisfiableConstraintsError: If no draw satisfies the constraints within
                :data:`MAX_ATTEMPTS` attempts.

        """
        for _ in range(MAX_ATTEMPTS):
            values: dict[str, Value] = {}
            for name, drawer in self.drawers:
                if isinstance(drawer, NumberSampler):
                    values[name] = drawer.draw(stream)
                elif isinstance(drawer, OptionGiven):
                    values[name] = drawer.options[stream.choice(tuple(drawer.options))]
                elif isinstance(drawer[0], SeriesGiven):
                    series, sampler = drawer
                    length = stream.randint(series.min_length, series.max_length)
                    values[name] = tuple(sampler.draw(stream) for _ in range(length))
                else:
                    derived, formula = drawer
                    values[name] = stated_value(formula, values, derived.quantity.stored_decimals)
            drawn = Solution(values, {}, None)
            for constraint in self.constraints:
                if decide(constraint, drawn) is not True:
                    break
            else:
                return values
        conditions = "; ".join(self.template.constraints)
        raise UnsatisfiableConstraintsError(
            f"template {self.label}: no draw in {MAX_ATTEMPTS} attempts satisfied its constraints "
            f"({conditions}); widen the given ranges or relax the constraints"
        )

    def instance(self, names_seed: int, values_seed: int) -> Instance:
        """Draw the instance for a pair of seeds (names and values vary independently)."""
        plan = self.plan
        names_stream = SplitMixStream(names_seed)
        shown: dict[str, str] = {}
        for entity_name, draw_name in self._entity_plan:
            shown[entity_name] = draw_name(names_stream)
        values = self.draw_values(SplitMixStream(values_seed))
        in_formula: dict[str, str] = {}
        for name, show, in_steps in self._given_plan:
            value = values[name]
            shown[name] = show(value)
            if in_steps is not None:
                in_formula[name] = in_steps(value)
        question = plan.question.format_map(shown)
        solution = solve(self.chain, values, f"template {self.label}: ")
        env = solution.values
        shown_env: dict[str, Value] = {**values, **solution.shown}
        results = []
        for step_plan in plan.steps:
            value = solution.shown[step_plan.name]
            result = step_plan.quantity.for_formula(value)
            in_formula[step_plan.name] = in_arithmetic(result, value)
            more: dict[str, tuple[str, float]] = {}
            if step_plan.operands:
                _, more = extra_digits(
                    step_plan.formula,
                    step_plan.digits,
                    value,
                    step_plan.operands,
                    env,
                    partial(_exact_values, self.chain, values, solution),
                )
            if step_plan.pattern is not None:
                texts = in_formula
                if more:
                    texts = {**in_formula, **{name: in_arithmetic(*shown) for name, shown in more.items()}}
                numbers = step_plan.pattern.format_map(texts)
            elif more:
                numbers = step_plan.formula.substituted(shown_env, partial(_more_digits, plan, more))
            else:
                numbers = step_plan.formula.substituted(shown_env, plan.format_in_formula)
            result += result_suffix(step_plan.quantity, value, result)
            inputs = tuple([(name, env[name]) for name in step_plan.formula.names])
            results.append(
                StepResult(
                    step_plan.name,
                    f"{step_plan.prefix}{numbers} = {result}",
                    step_plan.source,
                    inputs,
                    value,
                )
            )
        if plan.answer_step is not None:
            answer_value: float | None = solution.shown[plan.answer_step]
            answer_label = None
            assert plan.answer_quantity is not None and answer_value is not None
            answer_text = plan.answer_quantity.for_answer(answer_value)
        else:
            answer_value = None
            answer_label = answer_text = self.decide(solution)
        trace_inputs = []
        for name, key in zip(plan.stated_names, plan.trace_keys, strict=True):
            value = values[name]
            quantity = plan.quantities[name]
            text = (
                series_in_trace(quantity, value) if isinstance(value, tuple) else quantity.for_formula(value)
            )
            trace_inputs.append(f"{key}:{text}")
        return Instance(
            question=question,
            steps=tuple(results),
            answer_value=answer_value,
            answer_label=answer_label,
            answer_text=answer_text,
            answer_quantity=plan.answer_quantity,
            choices=plan.choices,
            trace_json=plan.trace_prefix + "{" + ",".join(trace_inputs) + "}" + plan.trace_suffix,
            note=plan.note,
        )

    def decide(self, solution: Solution) -> str:
        """Return the label of the first rule that holds for a solved instance, else the fallback."""
        return self.plan.answer_label(solution)

    def _static_trace_parts(self) -> tuple[str, str]:
        """Return the trace JSON around its inputs; everything but the inputs is fixed per template."""
        answer = self.template.answer
        answer_trace: dict[str, Any]
        if isinstance(answer, NumericAnswer):
            answer_trace = {"kind": "numeric", "step": answer.step}
        else:
            answer_trace = {
                "kind": "categorical",
                "rules": [{"when": rule.when, "label": rule.label} for rule in answer.rules],
                "otherwise": answer.otherwise,
            }
        steps = [
            {
                "name": item.name,
                "formula": item.formula,
                "round_to": item.quantity.stored_decimals,
                "rounded_before_use": item.rounded_before_use,
            }
            for item, _, _, _ in self.steps
        ]
        compact = (",", ":")
        prefix = '{"version":' + json.dumps(TRACE_VERSION) + ',"inputs":'
        steps_json = json.dumps(steps, separators=compact)
        suffix = f',"steps":{steps_json},"answer":{json.dumps(answer_trace, separators=compact)}}}'
        return prefix, suffix

    def _shower(self, name: str) -> Callable[[Any], str]:
        """Return the function that shows a given's value in the question."""
        option = self.options.get(name)
        if option is not None:
            labels = {value: label for label, value in reversed(list(option.options.items()))}
            return labels.__getitem__
        quantity = self.quantities[name]
        if name in self.series_names:
            return partial(series_in_question, quantity)
        return quantity.for_question

    def _formula_shower(self, name: str) -> Callable[[Any], str] | None:
        """Return the function that shows a scalar given inside step arithmetic (None for series)."""
        if name in self.series_names:
            return None
        quantity = self.quantities[name]

        def show(value: float) -> str:
            return in_arithmetic(quantity.for_formula(value), value)

        return show

    def shown_value(self, name: str, value: Value) -> str:
        """Return how the question shows the value of a given."""
        return self.plan.showers[name](value)

    def shower(self, name: str) -> Callable[[Any], str]:
        """Return the function that shows a given's value in the question."""
        return self.plan.showers[name]


def _exact_values(
    chain: tuple[ChainStep, ...], givens: dict[str, Value], solution: Solution
) -> dict[str, ExactValue]:
    """The exact values of a solved chain: its own where it was solved exactly, else solved now."""
    exact_values = solution.exact_values or solve_exactly(chain, givens).exact_values
    assert exact_values is not None
    return exact_values


def _more_digits(plan: TemplatePlan, more: dict[str, tuple[str, float]], name: str, value: float) -> str:
    """Show ``name`` in a substituted step: with its extra digits where it has them."""
    shown = more.get(name)
    return plan.format_in_formula(name, value) if shown is None else shown[0]


def _decimals_of(values: Any) -> int:
    """Fewest decimals that show every option value exactly."""
    decimals = 0
    for value in values:
        while round(float(value), decimals) != float(value) and decimals < 10:
            decimals += 1
    return decimals
