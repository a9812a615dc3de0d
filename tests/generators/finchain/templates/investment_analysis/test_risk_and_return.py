"""Risk and return templates against textbook formulas, symbolically and over 1,000 seeds."""

import math

import pytest
import sympy

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/investment_analysis/risk_and_return/"
SCENARIOS = ("boom", "normal", "recession")


def check_scenarios(givens) -> None:
    probabilities = [givens[f"{name}_probability"] for name in SCENARIOS]
    assert all(0 < p < 1 for p in probabilities)
    assert sum(probabilities) == pytest.approx(1)
    assert givens["boom_return"] > givens["normal_return"] > givens["recession_return"]


def scenario_mean(g):
    return sum(g[f"{name}_probability"] * g[f"{name}_return"] for name in SCENARIOS)


def test_expected_return_of_stock_and_bills_across_scenarios() -> None:
    template_id = TOPIC + "expected_return_of_stock_and_bills_across_scenarios"

    def reference(
        boom_probability,
        normal_probability,
        recession_probability,
        boom_return,
        normal_return,
        recession_return,
        stock_weight,
        risk_free_rate,
    ):
        stock = (
            boom_probability * boom_return
            + normal_probability * normal_return
            + recession_probability * recession_return
        )
        return stock_weight * stock + (1 - stock_weight) * risk_free_rate

    assert_symbolically_equal(template_id, reference)

    def portfolio_in_each_scenario(g):
        # Scenario by scenario, the portfolio's return, then its probability-weighted mean.
        bills = (1 - g["stock_weight"]) * g["risk_free_rate"]
        return sum(
            g[f"{name}_probability"] * (g["stock_weight"] * g[f"{name}_return"] + bills) for name in SCENARIOS
        )

    def sane(givens, record):
        check_scenarios(givens)
        # Between the stock's expected return and the bill yield.
        low, high = sorted([scenario_mean(givens), givens["risk_free_rate"]])
        assert low - 1e-9 <= record["answer_value"] <= high + 1e-9

    assert_matches_reference(template_id, portfolio_in_each_scenario, invariants=sane)


def test_capm_required_return_on_a_stock() -> None:
    template_id = TOPIC + "capm_required_return_on_a_stock"

    def reference(risk_free_rate, market_return, beta):
        return risk_free_rate + beta * (market_return - risk_free_rate)

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert 0 < givens["risk_free_rate"] < givens["market_return"] < 0.2
        assert 0 < givens["beta"] < 3
        # A beta above one demands more than the market return; below one, less.
        if givens["beta"] > 1:
            assert record["answer_value"] >= givens["market_return"] - 1e-4
        else:
            assert givens["risk_free_rate"] <= record["answer_value"] <= givens["market_return"] + 1e-4

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_coefficient_of_variation_across_economic_scenarios() -> None:
    template_id = TOPIC + "coefficient_of_variation_across_economic_scenarios"

    def reference(
        boom_probability,
        normal_probability,
        recession_probability,
        boom_return,
        normal_return,
        recession_return,
    ):
        mean = (
            boom_probability * boom_return
            + normal_probability * normal_return
            + recession_probability * recession_return
        )
        deviation = sympy.sqrt(
            boom_probability * (boom_return - mean) ** 2
            + normal_probability * (normal_return - mean) ** 2
            + recession_probability * (recession_return - mean) ** 2
        )
        return deviation / mean

    assert_symbolically_equal(template_id, reference)

    def numeric(g):
        # Variance as E[R²] − E[R]², a different route from the template's squared deviations.
        second_moment = sum(g[f"{name}_probability"] * g[f"{name}_return"] ** 2 for name in SCENARIOS)
        return math.sqrt(second_moment - scenario_mean(g) ** 2) / scenario_mean(g)

    def sane(givens, record):
        check_scenarios(givens)
        mean = scenario_mean(givens)
        assert mean >= 0.02 - 1e-12
        # No distribution on [low, high] has a standard deviation above half the range.
        spread = (givens["boom_return"] - givens["recession_return"]) / 2
        assert 0 < record["answer_value"] <= spread / mean + 1e-3

    assert_matches_reference(template_id, numeric, invariants=sane)


def test_capm_required_return_on_a_portfolio() -> None:
    template_id = TOPIC + "capm_required_return_on_a_portfolio"

    def reference(holding_1, beta_1, holding_2, beta_2, holding_3, beta_3, risk_free_rate, market_return):
        total = holding_1 + holding_2 + holding_3
        beta = (holding_1 * beta_1 + holding_2 * beta_2 + holding_3 * beta_3) / total
        return risk_free_rate + beta * (market_return - risk_free_rate)

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        betas = [givens[f"beta_{index}"] for index in (1, 2, 3)]
        premium = givens["market_return"] - givens["risk_free_rate"]
        assert premium > 0
        # The portfolio's required return lies between those of its lowest- and highest-beta holdings.
        low, high = (givens["risk_free_rate"] + beta * premium for beta in (min(betas), max(betas)))
        assert low - 1e-4 <= record["answer_value"] <= high + 1e-4

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_sharpe_ratio_of_a_two_asset_portfolio() -> None:
    template_id = TOPIC + "sharpe_ratio_of_a_two_asset_portfolio"

    def reference(
        stock_weight,
        stock_return,
        stock_volatility,
        bond_return,
        bond_volatility,
        correlation,
        risk_free_rate,
    ):
        bond_weight = 1 - stock_weight
        expected = stock_weight * stock_return + bond_weight * bond_return
        variance = (
            (stock_weight * stock_volatility) ** 2
            + (bond_weight * bond_volatility) ** 2
            + 2 * stock_weight * bond_weight * correlation * stock_volatility * bond_volatility
        )
        return (expected - risk_free_rate) / sympy.sqrt(variance)

    assert_symbolically_equal(template_id, reference)

    def numeric(g):
        # Portfolio variance as w' Σ w with the covariance matrix written out.
        weights = [g["stock_weight"], 1 - g["stock_weight"]]
        volatilities = [g["stock_volatility"], g["bond_volatility"]]
        correlations = [[1, g["correlation"]], [g["correlation"], 1]]
        variance = sum(
            weights[i] * weights[j] * volatilities[i] * volatilities[j] * correlations[i][j]
            for i in range(2)
            for j in range(2)
        )
        expected = weights[0] * g["stock_return"] + weights[1] * g["bond_return"]
        return (expected - g["risk_free_rate"]) / math.sqrt(variance)

    def sane(givens, record):
        assert -1 <= givens["correlation"] <= 1
        assert 0 < givens["stock_weight"] < 1
        sharpe = record["answer_value"]
        assert sharpe > 0
        # Diversification: the portfolio is no riskier than the weighted average of the two volatilities.
        weight = givens["stock_weight"]
        average_volatility = weight * givens["stock_volatility"] + (1 - weight) * givens["bond_volatility"]
        expected = weight * givens["stock_return"] + (1 - weight) * givens["bond_return"]
        assert sharpe >= (expected - givens["risk_free_rate"]) / average_volatility - 0.005

    assert_matches_reference(template_id, numeric, invariants=sane)
