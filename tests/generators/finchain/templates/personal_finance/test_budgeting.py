"""Budgeting templates against textbook budget arithmetic, symbolically and over 1,000 seeds."""

import math
from collections import Counter

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal, draws

TOPIC = "finchain/personal_finance/budgeting/"


def test_monthly_savings_under_a_percentage_budget() -> None:
    template_id = TOPIC + "monthly_savings_under_a_percentage_budget"

    def savings(annual_take_home, needs_share, wants_share):
        return annual_take_home / 12 * (1 - needs_share - wants_share)

    assert_symbolically_equal(template_id, savings)

    def sane(givens, record):
        assert 0 < record["answer_value"] < givens["annual_take_home"] / 12
        assert 0.05 <= 1 - givens["needs_share"] - givens["wants_share"] <= 0.45 + 1e-9

    assert_matches_reference(template_id, lambda g: savings(**g), invariants=sane)


def test_monthly_surplus_from_itemized_expenses() -> None:
    template_id = TOPIC + "monthly_surplus_from_itemized_expenses"
    # The expenses are a sequence of varying length, which sympy cannot sum symbolically; the numeric
    # reference below checks the arithmetic on every draw.
    signs = Counter()

    def sane(givens, record):
        assert 4 <= len(givens["expenses"]) <= 8
        assert all(expense > 0 for expense in givens["expenses"])
        signs[record["answer_value"] >= 0] += 1

    assert_matches_reference(
        template_id, lambda g: g["monthly_income"] - math.fsum(g["expenses"]), invariants=sane
    )
    # Both surpluses and deficits occur, so the sign is worth reasoning about.
    assert min(signs.values()) >= 50, signs


def test_months_to_fund_an_emergency_reserve() -> None:
    template_id = TOPIC + "months_to_fund_an_emergency_reserve"
    # The answer rounds up to a whole month (a ceiling), so it is not a closed form sympy can compare;
    # every draw is checked numerically instead.

    def reference(g):
        shortfall = g["months_of_cover"] * g["essential_expenses"] - g["current_savings"]
        return math.ceil(shortfall / (g["monthly_take_home"] - g["monthly_spending"]))

    def sane(givens, record):
        months = record["answer_value"]
        saving = givens["monthly_take_home"] - givens["monthly_spending"]
        shortfall = givens["months_of_cover"] * givens["essential_expenses"] - givens["current_savings"]
        assert 1 <= months <= 120
        # Enough months, and one fewer would not be enough.
        assert months * saving >= shortfall > (months - 1) * saving

    assert_matches_reference(template_id, reference, invariants=sane)


def test_debt_to_income_ratio_check() -> None:
    template_id = TOPIC + "debt_to_income_ratio_check"
    # A categorical answer: checked label by label against the lender's rule.

    def reference(g):
        payments = g["housing_payment"] + g["car_payment"] + g["student_loan_payment"] + g["card_minimum"]
        ratio = round(payments / (g["gross_annual_income"] / 12), 4)  # stated: a percentage to 2 decimals
        return "qualifies" if ratio <= g["dti_limit"] else "does not qualify"

    def sane(givens, record):
        assert givens["dti_limit"] in (0.36, 0.43)
        assert record["choices"] == ["qualifies", "does not qualify"]
        ratio = record["steps"][-1]["value"]
        assert 0 < ratio < 3

    assert_matches_reference(template_id, reference, invariants=sane)
    labels = Counter(record["answer_label"] for _, record in draws(template_id))
    assert all(labels[label] >= 50 for label in ("qualifies", "does not qualify")), labels


def test_months_to_a_savings_goal_from_the_monthly_surplus() -> None:
    template_id = TOPIC + "months_to_a_savings_goal_from_the_monthly_surplus"

    def reference(g):
        deposit = g["monthly_take_home"] - g["fixed_costs"] - g["variable_costs"]
        monthly_rate = g["annual_rate"] / 12
        # Solve deposit · ((1 + i)^n − 1) / i = goal for n, then count the partial month.
        exact_months = math.log(1 + g["savings_goal"] * monthly_rate / deposit) / math.log(1 + monthly_rate)
        return math.ceil(exact_months)

    def sane(givens, record):
        months = record["answer_value"]
        deposit = givens["monthly_take_home"] - givens["fixed_costs"] - givens["variable_costs"]
        monthly_rate = givens["annual_rate"] / 12

        def balance(n):
            return deposit * ((1 + monthly_rate) ** n - 1) / monthly_rate

        # The goal is reached at the answer's deposit and not one deposit earlier.
        assert balance(months) >= givens["savings_goal"] - 1e-6
        assert balance(months - 1) < givens["savings_goal"]
        # Interest makes it no slower than saving in a drawer.
        assert months <= math.ceil(givens["savings_goal"] / deposit)

    assert_matches_reference(template_id, reference, invariants=sane)
    assert len(Counter(record["answer_value"] for _, record in draws(template_id))) >= 30
