"""The template language: shape checks at definition time, rounding, streams, constraints."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from finsynth.errors import UnsatisfiableConstraintsError
from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    count,
    derived,
    money,
    numeric,
    option,
    person,
    rate,
    series,
    step,
)
from finsynth.generators.finchain.engine import CompiledTemplate
from finsynth.generators.finchain.plan import TemplateDefinitionError
from finsynth.generators.finchain.quantities import Unit


def loan_template(**changes) -> Template:
    fields = dict(
        givens=[
            person("borrower"),
            money("amount", 1_000, 9_000, step=100),
            rate("annual_rate", 1, 9),
            count("years", 1, 10, unit=Unit.YEARS),
        ],
        question="{borrower} borrows {amount} at {annual_rate} for {years}. What is owed at the end?",
        steps=[
            step("growth", "(1 + annual_rate) ** years", "Growth factor", unit=Unit.NONE, decimals=4),
            step("owed", "amount * growth", "Amount owed"),
        ],
        answer=numeric("owed"),
    )
    fields.update(changes)
    return Template(**fields)


def test_later_steps_use_the_unrounded_value_and_show_it_rounded():
    from fractions import Fraction

    compiled = CompiledTemplate(loan_template(), "test/loan")
    for seed in range(200):
        instance = compiled.instance(seed, seed + 1)
        growth, owed = instance.steps
        assert f"= {growth.value:.4f}" in growth.text
        amount, rate, years = (Fraction(repr(value)) for value in instance.trace["inputs"].values())
        carried = dict(owed.inputs)["growth"]
        # Carried unrounded (to float precision), not as the 4-decimal growth shown.
        assert abs(carried - float((1 + rate) ** int(years))) <= 1e-14
        exact = amount * (1 + rate) ** int(years)
        cents = exact * 100
        assert Fraction(owed.value).limit_denominator(100) == (int(cents + Fraction(1, 2))) / Fraction(100)


def test_a_step_rounded_before_use_is_used_as_shown():
    template = loan_template(
        question="{borrower} borrows {amount} at {annual_rate} for {years}; the growth factor is rounded to "
        "four decimals. What is owed at the end?",
        steps=[
            step(
                "growth",
                "(1 + annual_rate) ** years",
                "Growth",
                unit=Unit.NONE,
                decimals=4,
                rounded_before_use=True,
            ),
            step("owed", "amount * growth", "Amount owed"),
        ],
    )
    compiled = CompiledTemplate(template, "test/rounded")
    for seed in range(50):
        growth, owed = compiled.instance(seed, seed + 1).steps
        assert dict(owed.inputs)["growth"] == growth.value == round(growth.value, 4)


@given(st.integers(0, 2**62), st.integers(0, 2**62), st.integers(0, 2**62))
def test_name_and_value_streams_vary_independently(names_seed, values_seed, other_seed):
    compiled = CompiledTemplate(loan_template(), "test/loan")
    base = compiled.instance(names_seed, values_seed)
    new_names = compiled.instance(other_seed, values_seed)
    new_values = compiled.instance(names_seed, other_seed)
    assert new_names.trace["inputs"] == base.trace["inputs"]
    assert new_values.question.split(" borrows ")[0] == base.question.split(" borrows ")[0]


def test_question_may_not_show_a_step():
    with pytest.raises(TemplateDefinitionError, match="not givens"):
        CompiledTemplate(
            loan_template(question="{borrower} owes {owed} after {amount} {annual_rate} {years}"), "t"
        )


def test_every_given_the_solution_reads_must_be_stated():
    with pytest.raises(TemplateDefinitionError, match="never stated"):
        CompiledTemplate(loan_template(question="{borrower} borrows {amount} for {years}."), "t")


def test_formulas_may_read_only_earlier_names():
    steps = [
        step("owed", "amount * growth", "Owed"),
        step("growth", "(1 + annual_rate) ** years", "G", unit=Unit.NONE),
    ]
    with pytest.raises(TemplateDefinitionError, match="not declared before"):
        CompiledTemplate(loan_template(steps=steps), "t")


def test_dangling_steps_are_rejected():
    steps = [
        step("growth", "(1 + annual_rate) ** years", "G", unit=Unit.NONE, decimals=4),
        step("unused", "amount * 2", "Noise"),
        step("owed", "amount * growth", "Owed"),
    ]
    with pytest.raises(TemplateDefinitionError, match="never used"):
        CompiledTemplate(loan_template(steps=steps), "t")


def test_unsatisfiable_constraints_fail_with_a_clear_error():
    compiled = CompiledTemplate(loan_template(constraints=["amount > 10000"]), "test/impossible")
    with pytest.raises(UnsatisfiableConstraintsError, match=r"test/impossible.*amount > 10000.*widen"):
        compiled.instance(1, 2)


def test_constraints_hold_on_every_instance():
    compiled = CompiledTemplate(loan_template(constraints=["amount >= 5000", "years >= 3"]), "t")
    for seed in range(300):
        inputs = compiled.instance(seed, seed).trace["inputs"]
        assert inputs["amount"] >= 5000 and inputs["years"] >= 3


def test_bad_grids_and_duplicate_names_are_rejected():
    with pytest.raises(TemplateDefinitionError, match="grid"):
        CompiledTemplate(loan_template(givens=[money("amount", 10, 5)]), "t")
    givens = [person("borrower"), money("amount", 1, 9), money("amount", 1, 9)]
    with pytest.raises(TemplateDefinitionError, match="twice"):
        CompiledTemplate(loan_template(givens=givens), "t")


def test_options_series_derived_and_categorical_answers():
    template = Template(
        givens=[
            option("periods_per_year", {"annually": 1, "semiannually": 2}),
            series("cash_flows", money("x", 100, 900, step=10), length=(2, 4)),
            rate("hurdle_rate", 1, 30),
            derived("investment", "sum(cash_flows) * 0.95", unit=Unit.USD),
        ],
        question="Cash flows {cash_flows} ({periods_per_year}) cost {investment}. Hurdle {hurdle_rate}. "
        "Answer 'accept' if the NPV is positive, otherwise 'reject'.",
        steps=[
            step(
                "npv",
                "sum(cf / (1 + hurdle_rate / periods_per_year) ** t for t, cf in enumerate(cash_flows, 1))"
                " - investment",
                "NPV",
            ),
        ],
        answer=categorical([("npv > 0", "accept")], otherwise="reject"),
    )
    compiled = CompiledTemplate(template, "t")
    labels = set()
    for seed in range(300):
        instance = compiled.instance(seed, seed)
        labels.add(instance.answer_label)
        assert instance.choices == ("accept", "reject")
        assert instance.answer_value is None and instance.answer_text == instance.answer_label
        assert "annually" in instance.question
        inputs = instance.trace["inputs"]
        assert 2 <= len(inputs["cash_flows"]) <= 4
        assert inputs["investment"] == round(sum(inputs["cash_flows"]) * 0.95, 2)
    assert labels == {"accept", "reject"}


def test_percent_givens_are_stored_as_the_displayed_fraction():
    compiled = CompiledTemplate(loan_template(), "t")
    for seed in range(300):
        instance = compiled.instance(seed, seed)
        shown_rate = instance.question.split(" at ")[1].split("%")[0]
        assert instance.trace["inputs"]["annual_rate"] == round(float(shown_rate) / 100, 4)
