"""Shown arithmetic a reader can redo, questions that do not give their answer, steps that vary.

Every step of every template is redone from the text it shows, over 100 draws per template:
the arithmetic between the step's formula and its result is read back as a formula (numbers
as written), evaluated, and rounded as the result is shown.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from finsynth.generators.finchain.drawn import DrawnColumns
from finsynth.generators.finchain.dsl import NumberGiven, SeriesGiven, Template, money, numeric, step
from finsynth.generators.finchain.engine import CARRIED_UNROUNDED, CompiledTemplate, carried_note
from finsynth.generators.finchain.exact import exact_evaluate
from finsynth.generators.finchain.formula import parse_formula
from finsynth.generators.finchain.quantities import TooCloseToCall, decided_round, rounded_units
from finsynth.generators.finchain.redo import MOST_EXTRA_DIGITS, extra_digits, units_text
from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import all_generators

TEMPLATES = [
    generator for generator in all_generators("finchain") if isinstance(generator, FinChainGenerator)
]
DRAWS = 100
MOST_COINCIDENCES = 1
"""Draws in :data:`DRAWS` whose question may show the answer by coincidence of rounding."""
_AS_FORMULA = (
    ("×", "*"),
    ("^", "**"),
    (" mod ", " % "),
    ("ln(", "log("),
    ("≤", "<="),
    ("≥", ">="),
    ("≠", "!="),
)
"""How a step's shown arithmetic is written back in the formula grammar."""


def _short(generator: FinChainGenerator) -> str:
    return generator.info.id.removeprefix("finchain/")


@cache
def _drawn(generator: FinChainGenerator) -> DrawnColumns:
    """100 draws of a template, by the batch drawer (tested equal to drawing one by one)."""
    seeds = np.arange(DRAWS, dtype=np.uint64)
    return generator._drawer().columns(seeds, seeds + np.uint64(10_000))


uncached_parse = parse_formula.__wrapped__
"""``parse_formula`` past its cache: each shown arithmetic is new, and caching thousands of them only
evicts the trace formulas and keeps parsed trees alive for the garbage collector to walk."""


def redone(arithmetic: str, decimals: int) -> int:
    """The shown arithmetic of a step evaluated from its written numbers, in units of its last decimal."""
    for shown, written in _AS_FORMULA:
        arithmetic = arithmetic.replace(shown, written)
    formula = uncached_parse(arithmetic)
    try:
        value = formula.evaluator({})
        return round(decided_round(float(value), decimals) * 10**decimals)  # type: ignore[arg-type]
    except TooCloseToCall:
        result = exact_evaluate(formula, {})
        assert isinstance(result, Fraction)
        return rounded_units(result, decimals)


@pytest.mark.parametrize("generator", TEMPLATES, ids=[_short(generator) for generator in TEMPLATES])
def test_every_shown_step_can_be_redone_from_its_shown_numbers(generator: FinChainGenerator) -> None:
    drawn = _drawn(generator)
    failures = []
    for plan, columns in zip(generator.compiled.plan.steps, drawn.steps, strict=True):
        for text in columns.texts:
            assert text.startswith(plan.prefix)
            arithmetic, _, result = text[len(plan.prefix) :].rpartition(" = ")
            shown = result.split(" (")[0]
            if redone(arithmetic, plan.digits) != rounded_units(Fraction(shown), plan.digits):
                failures.append(text)
    assert failures == [], f"{len(failures)} shown steps do not redo, e.g. {failures[0]}"


def _stands_alone(shown: str, text: str) -> bool:
    """Whether ``shown`` appears in ``text`` as a whole number (not inside a longer one)."""
    return re.search(rf"(?<![\d.,]){re.escape(shown)}(?![\d]|[.,]\d)", text) is not None


@pytest.mark.parametrize("generator", TEMPLATES, ids=[_short(generator) for generator in TEMPLATES])
def test_no_question_states_its_own_answer(generator: FinChainGenerator) -> None:
    drawn = _drawn(generator)
    leaks = [
        (question, answer)
        for question, answer, value in zip(
            drawn.questions, drawn.answer_texts, drawn.answer_values, strict=True
        )
        if value is not None and _stands_alone(answer, question)
    ]
    # A rounded answer may equal a stated number by coincidence (about one draw in a thousand for
    # three templates); a question built to state it does so in many draws (a call out of the money
    # whose premium is all time value did in 61% of draws).
    assert len(leaks) <= MOST_COINCIDENCES, leaks


def _fixed_givens(compiled: CompiledTemplate) -> set[str]:
    """Givens with one possible value: stated facts (a regulatory minimum, a confidence level)."""
    fixed = set()
    for given in compiled.template.givens:
        number = given.element if isinstance(given, SeriesGiven) else given
        if isinstance(number, NumberGiven) and number.low == number.high:
            fixed.add(given.name)
    return fixed


def _reads(compiled: CompiledTemplate) -> dict[str, set[str]]:
    """The givens each step reads, directly or through earlier steps."""
    reads: dict[str, set[str]] = {}
    for item, formula, _, _ in compiled.steps:
        reads[item.name] = set()
        for name in formula.names:
            reads[item.name] |= reads.get(name, {name})
    return reads


@pytest.mark.parametrize("generator", TEMPLATES, ids=[_short(generator) for generator in TEMPLATES])
def test_no_step_is_constant_unless_it_computes_stated_facts(generator: FinChainGenerator) -> None:
    compiled = generator.compiled
    fixed = _fixed_givens(compiled)
    reads = _reads(compiled)
    constant = [
        columns.name
        for columns in _drawn(generator).steps
        if len(set(columns.values)) == 1 and not reads[columns.name] <= fixed
    ]
    assert constant == []


def test_the_stated_facts_rule_sees_a_constant_step() -> None:
    template = Template(
        givens=[money("price", 10, 20, step=1)],
        question="A price of {price}. Round to the nearest cent.",
        steps=[
            step("excess", "max(price - 100, 0)", "Never positive"),
            step("total", "price + excess", "Total"),
        ],
        answer=numeric("total"),
    )
    compiled = CompiledTemplate(template, "test")
    values = {compiled.instance(seed, seed).steps[0].value for seed in range(20)}
    assert values == {0.0} and not _reads(compiled)["excess"] <= _fixed_givens(compiled)


def test_the_note_says_which_steps_are_carried_rounded() -> None:
    assert carried_note([]) == CARRIED_UNROUNDED + "."
    assert "except z_score," in carried_note(["z_score"])
    assert "except payment and z_score," in carried_note(["payment", "z_score"])
    for generator in TEMPLATES:
        compiled = generator.compiled
        rounded = [item.name for item in compiled.template.steps if item.rounded_before_use]
        note = generator.compiled.instance(1, 1).note
        assert note == ("" if len(compiled.template.steps) == 1 else carried_note(rounded))
        for name in rounded if note else ():
            assert name in note


def _sum_of_two() -> CompiledTemplate:
    template = Template(
        givens=[money("first", 1, 9, step=0.01), money("second", 1, 9, step=0.01)],
        question="{first} and {second}. Round to the nearest cent.",
        steps=[
            step("third_of_first", "first / 3", "A third of the first"),
            step("third_of_second", "second / 3", "A third of the second"),
            step("total", "third_of_first + third_of_second", "Total"),
        ],
        answer=numeric("total"),
    )
    return CompiledTemplate(template, "test")


def test_a_step_shows_more_digits_exactly_where_its_shown_operands_would_not_redo() -> None:
    compiled = _sum_of_two()
    more = plain = 0
    for seed in range(200):
        instance = compiled.instance(seed, seed)
        first, second, total = instance.steps
        arithmetic = total.text.split(" = ")[2]
        operands = arithmetic.split(" + ")
        from_shown = round(first.value + second.value, 2)
        if from_shown == total.value:
            plain += 1
            assert operands == [f"{first.value:.2f}", f"{second.value:.2f}"]
        else:
            more += 1
            assert all(len(operand.split(".")[1]) > 2 for operand in operands)
        assert redone(arithmetic, 2) == round(total.value * 100)
    assert more and plain  # both cases occur: a third of a cent is lost in a third of the sums


def test_extra_digits_in_floats_and_exactly() -> None:
    formula = parse_formula("a * 3")
    # A sixth shown to two decimals is 0.17, and 0.17 * 3 = 0.51 where the answer shows 0.50.
    extra, shown = extra_digits(formula, 2, 0.5, {"a": 2}, {"a": 1 / 6}, lambda: {"a": Fraction(1, 6)})
    assert (extra, shown["a"][0]) == (1, "0.167")
    # An eighth lies on a half-way point at two decimals (floats cannot decide it): 0.13 * 2 = 0.26,
    # where the answer shows 0.25; exactly, one more digit gives 0.125 * 2 = 0.25.
    twice = parse_formula("a * 2")
    extra, shown = extra_digits(twice, 2, 0.25, {"a": 2}, {"a": 0.125}, lambda: {"a": Fraction(1, 8)})
    assert (extra, shown["a"][0]) == (1, "0.125")
    assert extra_digits(twice, 2, 0.26, {"a": 2}, {"a": 0.13}, lambda: {"a": Fraction(13, 100)}) == (0, {})
    assert MOST_EXTRA_DIGITS > 0
    assert units_text(-5, 3) == "-0.005" and units_text(12345, 2) == "123.45" and units_text(7, 0) == "7"
