"""Scenario planning templates against textbook formulas, symbolically and over 1,000 seeds."""

import math
from collections.abc import Mapping
from statistics import NormalDist
from typing import Any

import pytest

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/risk_management/scenario_planning/"


def step_value(record: Mapping[str, Any], name: str) -> float:
    return next(item["value"] for item in record["steps"] if item["name"] == name)


def check_probabilities(*probabilities: float) -> None:
    assert all(0 < p < 1 for p in probabilities)
    assert sum(probabilities) == pytest.approx(1)


def test_expected_operating_income_from_scenario_revenues() -> None:
    template_id = TOPIC + "expected_operating_income_from_scenario_revenues"

    def reference(
        boom_probability,
        boom_revenue,
        base_probability,
        base_revenue,
        recession_probability,
        recession_revenue,
        variable_cost_ratio,
        fixed_costs,
    ):
        # The expectation of each scenario's operating income.
        return (
            boom_probability * (boom_revenue * (1 - variable_cost_ratio) - fixed_costs)
            + base_probability * (base_revenue * (1 - variable_cost_ratio) - fixed_costs)
            + recession_probability * (recession_revenue * (1 - variable_cost_ratio) - fixed_costs)
        )

    def linear_in_revenue(
        boom_probability,
        boom_revenue,
        base_probability,
        base_revenue,
        recession_probability,
        recession_revenue,
        variable_cost_ratio,
        fixed_costs,
    ):
        # The identity the steps use (with probabilities that add up to one, as drawn).
        expected_revenue = (
            boom_probability * boom_revenue
            + base_probability * base_revenue
            + recession_probability * recession_revenue
        )
        return expected_revenue * (1 - variable_cost_ratio) - fixed_costs

    assert_symbolically_equal(template_id, linear_in_revenue)

    def between_worst_and_best(givens, record):
        check_probabilities(
            givens["boom_probability"], givens["base_probability"], givens["recession_probability"]
        )
        margin = 1 - givens["variable_cost_ratio"]
        worst = givens["recession_revenue"] * margin - givens["fixed_costs"]
        best = givens["boom_revenue"] * margin - givens["fixed_costs"]
        assert worst - 0.01 <= record["answer_value"] <= best + 0.01

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=between_worst_and_best)


def test_operating_profit_in_a_downside_scenario() -> None:
    template_id = TOPIC + "operating_profit_in_a_downside_scenario"

    def reference(base_revenue, revenue_decline, variable_cost_ratio, fixed_costs):
        revenue = base_revenue * (1 - revenue_decline)
        return revenue - variable_cost_ratio * revenue - fixed_costs

    assert_symbolically_equal(template_id, reference)

    def downside_is_worse(givens, record):
        assert 0 < givens["revenue_decline"] < 1
        base_profit = givens["base_revenue"] * (1 - givens["variable_cost_ratio"]) - givens["fixed_costs"]
        assert record["answer_value"] < base_profit
        assert record["answer_value"] > -givens["fixed_costs"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=downside_is_worse)


def test_credit_line_needed_in_the_downturn_scenario() -> None:
    template_id = TOPIC + "credit_line_needed_in_the_downturn_scenario"

    def reference(g):
        ending = g["opening_cash"] + g["downturn_cash_flow"] - g["debt_due"] - g["capital_spending"]
        return max(0.0, g["minimum_cash"] - ending)

    def sane(givens, record):
        # The constraints make the downturn fall short of the minimum while the base case does not.
        base_ending = givens["opening_cash"] + givens["base_cash_flow"] - givens["debt_due"]
        base_ending -= givens["capital_spending"]
        assert base_ending >= givens["minimum_cash"]
        assert 0 < record["answer_value"] <= givens["base_cash_flow"] - givens["downturn_cash_flow"] + 0.5

    assert_matches_reference(template_id, reference, invariants=sane)


def test_expected_npv_across_demand_scenarios() -> None:
    template_id = TOPIC + "expected_npv_across_demand_scenarios"

    def reference(
        strong_probability,
        strong_cash_flow,
        weak_probability,
        weak_cash_flow,
        discount_rate,
        years,
        initial_investment,
    ):
        annuity = (1 - (1 + discount_rate) ** -years) / discount_rate
        return strong_probability * (strong_cash_flow * annuity - initial_investment) + weak_probability * (
            weak_cash_flow * annuity - initial_investment
        )

    assert_symbolically_equal(template_id, reference)

    def numeric_reference(g):
        # Discount each year's probability-weighted cash flow one by one.
        expected_flow = (
            g["strong_probability"] * g["strong_cash_flow"] + g["weak_probability"] * g["weak_cash_flow"]
        )
        present_value = sum(expected_flow / (1 + g["discount_rate"]) ** t for t in range(1, g["years"] + 1))
        return present_value - g["initial_investment"]

    def ordered(givens, record):
        check_probabilities(givens["strong_probability"], givens["weak_probability"])
        assert step_value(record, "weak_npv") <= record["answer_value"] <= step_value(record, "strong_npv")

    assert_matches_reference(template_id, numeric_reference, invariants=ordered)


def test_shortfall_probability_from_scenario_returns() -> None:
    template_id = TOPIC + "shortfall_probability_from_scenario_returns"

    def reference(g):
        probabilities = (g["boom_probability"], g["base_probability"], g["recession_probability"])
        returns = (g["boom_return"], g["base_return"], g["recession_return"])
        mean = sum(p * r for p, r in zip(probabilities, returns, strict=True))
        deviation = math.sqrt(sum(p * (r - mean) ** 2 for p, r in zip(probabilities, returns, strict=True)))
        return NormalDist(mean, deviation).cdf(g["threshold_return"])

    def sane(givens, record):
        check_probabilities(
            givens["boom_probability"], givens["base_probability"], givens["recession_probability"]
        )
        # The minimum is below the mean, so a shortfall is less likely than not.
        assert 0 < record["answer_value"] < 0.5
        # A normal with the same mean and spread puts some weight below the minimum even where the
        # three scenarios alone never fall short.
        if givens["recession_return"] >= givens["threshold_return"]:
            assert record["answer_value"] > 0

    assert_matches_reference(template_id, reference, invariants=sane)
