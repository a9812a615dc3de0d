"""Post-merger integration templates against textbook formulas, symbolically and over 1,000 seeds."""

from collections import Counter

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


def test_first_year_earnings_effect_of_integration() -> None:
    template_id = TOPIC + "first_year_earnings_effect_of_integration"

    def reference(
        target_revenue,
        attrition_rate,
        gross_margin,
        run_rate_savings,
        realized_share,
        integration_costs,
        tax_rate,
    ):
        lost = target_revenue * attrition_rate * gross_margin
        return (run_rate_savings * realized_share - lost - integration_costs) * (1 - tax_rate)

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        best_case = givens["run_rate_savings"] * givens["realized_share"] * (1 - givens["tax_rate"])
        assert record["answer_value"] < best_case

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible)
