"""Post-merger integration templates against textbook formulas, symbolically and over 1,000 seeds."""

from collections import Counter

import sympy

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal, draws

TOPIC = "finchain/mergers_and_acquisitions/post_merger_integration/"


def test_gross_profit_lost_to_customer_attrition() -> None:
    template_id = TOPIC + "gross_profit_lost_to_customer_attrition"

    def reference(target_revenue, attrition_rate, gross_margin):
        return target_revenue * attrition_rate * gross_margin

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        assert 0 < record["answer_value"] < givens["target_revenue"] * givens["attrition_rate"] + 1

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible)


def test_payback_period_of_integration_costs() -> None:
    template_id = TOPIC + "payback_period_of_integration_costs"

    def reference(integration_cost, gross_savings, new_recurring_costs):
        return integration_cost / (gross_savings - new_recurring_costs)

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        assert 0.3 - 0.005 <= record["answer_value"] <= 10 + 0.005
        # Net savings over the payback period repay the cost.
        repaid = record["answer_value"] * (givens["gross_savings"] - givens["new_recurring_costs"])
        assert abs(repaid - givens["integration_cost"]) <= 0.005 * givens["gross_savings"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible)


def test_net_benefit_of_a_key_employee_retention_plan() -> None:
    template_id = TOPIC + "net_benefit_of_a_key_employee_retention_plan"

    def reference(
        key_employees,
        average_salary,
        turnover_without_plan,
        turnover_with_plan,
        replacement_cost_rate,
        bonus_rate,
    ):
        avoided = key_employees * (turnover_without_plan - turnover_with_plan)
        return avoided * average_salary * replacement_cost_rate - key_employees * average_salary * bonus_rate

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        assert givens["turnover_without_plan"] > givens["turnover_with_plan"]
        # The benefit can never exceed replacing every avoided departure for free.
        ceiling = givens["key_employees"] * givens["average_salary"] * givens["replacement_cost_rate"]
        assert record["answer_value"] < ceiling

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible)
    signs = Counter(record["answer_value"] > 0 for _, record in draws(template_id))
    assert signs[True] >= 50 and signs[False] >= 50, signs


def test_integration_budget_status() -> None:
    # Categorical answer: no closed form to prove; the reference applies the stated rule to the variance
    # rounded to two decimals of a percent, as the question instructs.
    template_id = TOPIC + "integration_budget_status"

    def reference(g):
        budget = g["systems_budget"] + g["facilities_budget"] + g["severance_budget"]
        share = round((g["actual_spend"] - budget) / budget, 4)
        if share > 0.10:
            return "over budget"
        return "under budget" if share < -0.10 else "on budget"

    def plausible(givens, record):
        assert record["choices"] == ["over budget", "under budget", "on budget"]

    assert_matches_reference(template_id, reference, invariants=plausible)
    labels = Counter(record["answer_label"] for _, record in draws(template_id))
    assert all(labels[label] >= 50 for label in ("over budget", "under budget", "on budget")), labels


def test_discounted_payback_of_integration_costs() -> None:
    template_id = TOPIC + "discounted_payback_of_integration_costs"

    def reference(
        target_revenue,
        attrition_rate,
        gross_margin,
        run_rate_savings,
        integration_costs,
        tax_rate,
        discount_rate,
    ):
        benefit = (run_rate_savings - target_revenue * attrition_rate * gross_margin) * (1 - tax_rate)
        # n with benefit · (1 − (1 + r)^−n) / r = cost, i.e. (1 + r)^−n = 1 − cost · r / benefit.
        return -sympy.log(1 - integration_costs * discount_rate / benefit) / sympy.log(1 + discount_rate)

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        benefit = (
            givens["run_rate_savings"]
            - givens["target_revenue"] * givens["attrition_rate"] * givens["gross_margin"]
        ) * (1 - givens["tax_rate"])
        simple_payback = givens["integration_costs"] / benefit
        # Discounting makes the payback longer than the simple payback.
        assert record["answer_value"] >= simple_payback - 0.005
        # n years of benefits at the answer's n are worth the cost (checked without logarithms).
        years = record["answer_value"]
        rate = givens["discount_rate"]
        value = benefit * (1 - (1 + rate) ** -years) / rate
        assert abs(value - givens["integration_costs"]) <= 0.01 * benefit

    assert_matches_reference(template_id, lambda g: float(reference(**g)), invariants=plausible)
