"""Sensitivity analysis templates against textbook formulas, symbolically and over 1,000 seeds."""

from collections import Counter
from collections.abc import Mapping
from typing import Any

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/risk_management/sensitivity_analysis/"


def step_value(record: Mapping[str, Any], name: str) -> float:
    return next(item["value"] for item in record["steps"] if item["name"] == name)


def present_value_of_level_flows(cash_flow: float, rate: float, years: int) -> float:
    """Discount each year's flow separately (no annuity formula), as a check on the template's factor."""
    return sum(cash_flow / (1 + rate) ** t for t in range(1, years + 1))


def test_net_income_impact_of_a_floating_rate_rise() -> None:
    template_id = TOPIC + "net_income_impact_of_a_floating_rate_rise"

    def reference(floating_debt, rate_increase, tax_rate):
        # Interest is tax deductible, so the after-tax cost is the pre-tax cost less the tax shield.
        extra_interest = floating_debt * rate_increase / 10_000
        return extra_interest - tax_rate * extra_interest

    assert_symbolically_equal(template_id, reference)

    def smaller_than_pre_tax_cost(givens, record):
        assert 25 <= givens["rate_increase"] <= 300
        assert 0 < givens["tax_rate"] < 1
        assert 0 < record["answer_value"] < givens["floating_debt"] * givens["rate_increase"] / 10_000

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=smaller_than_pre_tax_cost)


def test_degree_of_operating_leverage() -> None:
    template_id = TOPIC + "degree_of_operating_leverage"

    def reference(units_sold, unit_price, unit_variable_cost, fixed_costs):
        contribution = units_sold * (unit_price - unit_variable_cost)
        return contribution / (contribution - fixed_costs)

    assert_symbolically_equal(template_id, reference)

    def numeric_reference(g):
        # DOL as the ratio of the percentage change in EBIT to a 1% change in volume.
        def ebit(units):
            return units * (g["unit_price"] - g["unit_variable_cost"]) - g["fixed_costs"]

        base = ebit(g["units_sold"])
        return (ebit(g["units_sold"] * 1.01) - base) / base / 0.01

    def above_one(givens, record):
        assert record["answer_value"] >= 1
        assert step_value(record, "operating_income") > 0

    assert_matches_reference(template_id, numeric_reference, invariants=above_one)


def test_switching_value_of_annual_cash_flow() -> None:
    template_id = TOPIC + "switching_value_of_annual_cash_flow"

    def reference(initial_investment, annual_cash_flow, discount_rate, years):
        annuity = (1 - (1 + discount_rate) ** -years) / discount_rate
        return (annual_cash_flow * annuity - initial_investment) / (annual_cash_flow * annuity)

    assert_symbolically_equal(template_id, reference)

    def numeric_reference(g):
        # The cushion is NPV / PV(inflows): cutting every flow by that share leaves NPV = 0.
        inflows = present_value_of_level_flows(g["annual_cash_flow"], g["discount_rate"], g["years"])
        return (inflows - g["initial_investment"]) / inflows

    def zero_npv_at_the_switching_value(givens, record):
        assert 0 < record["answer_value"] < 1
        breakeven = step_value(record, "breakeven_cash_flow")
        assert breakeven < givens["annual_cash_flow"]
        npv = present_value_of_level_flows(breakeven, givens["discount_rate"], givens["years"])
        assert abs(npv - givens["initial_investment"]) < 1e-6 * givens["initial_investment"]

    assert_matches_reference(template_id, numeric_reference, invariants=zero_npv_at_the_switching_value)


def test_price_elasticity_of_operating_profit() -> None:
    template_id = TOPIC + "price_elasticity_of_operating_profit"

    def reference(units_sold, unit_price, unit_variable_cost, fixed_costs, price_change):
        # With volume fixed the elasticity is revenue over EBIT, whatever the size of the change.
        return units_sold * unit_price / (units_sold * (unit_price - unit_variable_cost) - fixed_costs)

    assert_symbolically_equal(template_id, reference)

    def exceeds_one(givens, record):
        assert givens["price_change"] > 0
        assert record["answer_value"] > 1
        assert step_value(record, "new_profit") > step_value(record, "base_profit") > 0

    assert_matches_reference(
        template_id,
        lambda g: reference(**g),
        invariants=exceeds_one,
    )


def test_tornado_ranking_of_two_npv_drivers() -> None:
    template_id = TOPIC + "tornado_ranking_of_two_npv_drivers"
    # A categorical answer: no closed form to prove, so the numeric reference decides each seed.

    def reference(g):
        years, rate, cash_flow = g["years"], g["discount_rate"], g["annual_cash_flow"]
        base = present_value_of_level_flows(cash_flow, rate, years)
        shortfall_loss = base - present_value_of_level_flows(
            cash_flow * (1 - g["cash_flow_shortfall"]), rate, years
        )
        rate_loss = base - present_value_of_level_flows(cash_flow, rate + g["rate_increase"] / 10_000, years)
        return "annual cash flow" if shortfall_loss > rate_loss else "discount rate"

    labels: Counter[str] = Counter()

    def both_swings_lower_npv(givens, record):
        labels[record["answer_label"]] += 1
        assert record["choices"] == ["annual cash flow", "discount rate"]
        assert step_value(record, "base_npv") > 0
        assert step_value(record, "cash_flow_swing") > 0
        assert step_value(record, "rate_swing") > 0

    assert_matches_reference(template_id, reference, invariants=both_swings_lower_npv)
    assert min(labels.values()) >= 50 and len(labels) == 2, labels
