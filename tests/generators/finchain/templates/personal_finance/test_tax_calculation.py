"""Tax calculation templates against an independent bracket-by-bracket tax, over 1,000 seeds.

The bracket tax is piecewise (min/max), which the symbolic harness does not compose, so each
template is checked numerically against a reference written from the printed 2024 single-filer
schedule, plus invariants that hold for any progressive schedule.
"""

from collections import Counter

import pytest

from tests.generators.finchain.harness import assert_matches_reference, draws

TOPIC = "finchain/personal_finance/tax_calculation/"

# (upper edge of the bracket, rate), as printed in every question.
SCHEDULE = [
    (11_600, 0.10),
    (47_150, 0.12),
    (100_525, 0.22),
    (191_950, 0.24),
    (243_725, 0.32),
    (609_350, 0.35),
    (float("inf"), 0.37),
]


def tax(income):
    owed, lower = 0.0, 0.0
    for upper, bracket_rate in SCHEDULE:
        if income > lower:
            owed += bracket_rate * (min(income, upper) - lower)
        lower = upper
    return owed


def marginal_rate(income):
    return next(bracket_rate for upper, bracket_rate in SCHEDULE if income <= upper)


def test_reference_schedule_matches_known_values() -> None:
    # Spot checks of the reference itself against hand-computed 2024 single-filer taxes.
    assert tax(11_600) == pytest.approx(1_160)
    assert tax(47_150) == pytest.approx(1_160 + 0.12 * 35_550)
    assert tax(100_000) == pytest.approx(5_426 + 0.22 * (100_000 - 47_150))
    assert marginal_rate(11_600) == 0.10 and marginal_rate(11_601) == 0.12


def test_tax_owed_after_a_heat_pump_credit() -> None:
    template_id = TOPIC + "tax_owed_after_a_heat_pump_credit"
    brackets = Counter()

    def credit(givens):
        return min(0.30 * givens["heat_pump_cost"], 2_000)

    def sane(givens, record):
        income = givens["taxable_income"]
        owed = record["answer_value"]
        # Progressive: between the lowest and the highest rate applied to all income, less the credit.
        assert 0.10 * income - credit(givens) - 0.01 <= owed <= 0.37 * income - credit(givens) + 0.01
        assert owed > 0  # the smallest income's tax exceeds the largest credit
        brackets[marginal_rate(income)] += 1

    assert_matches_reference(template_id, lambda g: tax(g["taxable_income"]) - credit(g), invariants=sane)
    # Every bracket above the first is exercised (income starts at $20,000, inside the 12% bracket).
    assert len(brackets) == len(SCHEDULE) - 1, brackets


def test_effective_tax_rate_after_the_standard_deduction() -> None:
    template_id = TOPIC + "effective_tax_rate_after_the_standard_deduction"

    def reference(g):
        return tax(g["gross_income"] - 14_600) / g["gross_income"]

    def sane(givens, record):
        effective = record["answer_value"]
        taxable = givens["gross_income"] - 14_600
        # The deduction keeps the effective rate below both the average rate on taxable income and 37%.
        assert 0 < effective <= tax(taxable) / taxable + 5e-5
        assert effective < 0.37

    assert_matches_reference(template_id, reference, invariants=sane)


def test_marginal_rate_minus_average_rate() -> None:
    template_id = TOPIC + "marginal_rate_minus_average_rate"

    def reference(g):
        income = g["taxable_income"]
        return marginal_rate(income) - tax(income) / income

    def sane(givens, record):
        steps = {step["name"]: step["value"] for step in record["steps"]}
        assert steps["marginal_tax_rate"] in {bracket_rate for _, bracket_rate in SCHEDULE}
        # Under progressive brackets the marginal rate is never below the average rate.
        assert steps["marginal_tax_rate"] >= steps["average_tax_rate"]
        assert 0 <= record["answer_value"] < 0.37

    assert_matches_reference(template_id, reference, invariants=sane)


def test_share_of_a_raise_paid_in_tax() -> None:
    template_id = TOPIC + "share_of_a_raise_paid_in_tax"

    def reference(g):
        income, extra = g["taxable_income"], g["raise_amount"]
        return (tax(income + extra) - tax(income)) / extra

    crossings = Counter()

    def sane(givens, record):
        income, extra = givens["taxable_income"], givens["raise_amount"]
        share = record["answer_value"]
        # The raise is taxed between the marginal rate now and the marginal rate after the raise.
        assert marginal_rate(income) - 5e-5 <= share <= marginal_rate(income + extra) + 5e-5
        crossings[marginal_rate(income) != marginal_rate(income + extra)] += 1

    assert_matches_reference(template_id, reference, invariants=sane)
    # Some raises cross into a higher bracket, where the share is a blend of two rates.
    assert crossings[True] >= 20, crossings


def test_traditional_401k_advantage_over_a_taxable_account() -> None:
    template_id = TOPIC + "traditional_401k_advantage_over_a_taxable_account"

    def reference(g):
        rate_now = marginal_rate(g["taxable_income"])
        growth, years = g["annual_return"], g["years"]
        deferred = g["contribution"] * (1 + growth) ** years * (1 - g["retirement_tax_rate"])
        taxable = g["contribution"] * (1 - rate_now) * (1 + growth * (1 - rate_now)) ** years
        return deferred - taxable

    def sane(givens, record):
        # Deferral wins whenever the tax rate in retirement is no higher than the rate now: the
        # taxable account pays the same rate up front and again on every year's income.
        if givens["retirement_tax_rate"] <= marginal_rate(givens["taxable_income"]):
            assert record["answer_value"] > 0
        assert (
            record["answer_value"] < givens["contribution"] * (1 + givens["annual_return"]) ** givens["years"]
        )

    assert_matches_reference(template_id, reference, invariants=sane)
    outcomes = Counter(record["answer_value"] > 0 for _, record in draws(template_id))
    assert outcomes[True] >= 500 and outcomes[False] >= 5, outcomes
