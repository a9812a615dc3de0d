"""Risk metric templates against textbook formulas, symbolically and over 1,000 seeds.

The three templates over return histories use generator expressions, which sympy cannot
compose, so they rely on the numeric reference (written with the statistics module).
"""

import math
import statistics
from collections.abc import Mapping
from typing import Any

import pytest

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/risk_management/risk_metrics/"


def step_value(record: Mapping[str, Any], name: str) -> float:
    return next(item["value"] for item in record["steps"] if item["name"] == name)


def test_sharpe_ratio() -> None:
    template_id = TOPIC + "sharpe_ratio"

    def reference(portfolio_return, risk_free_rate, volatility):
        return (portfolio_return - risk_free_rate) / volatility

    assert_symbolically_equal(template_id, reference)

    def positive(givens, record):
        assert 0.05 <= givens["volatility"] <= 0.40
        assert 0 < record["answer_value"] < 5

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=positive)


def test_beta_from_correlation_and_volatilities() -> None:
    template_id = TOPIC + "beta_from_correlation_and_volatilities"

    def reference(correlation, stock_volatility, market_volatility):
        return correlation * stock_volatility / market_volatility

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        assert 0 < givens["correlation"] < 1
        # Beta can never exceed the ratio of volatilities when the correlation is below one.
        assert 0 < record["answer_value"] <= givens["stock_volatility"] / givens["market_volatility"] + 0.005

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible)


def test_annualized_volatility_from_monthly_returns() -> None:
    template_id = TOPIC + "annualized_volatility_from_monthly_returns"

    def reference(g):
        return statistics.stdev(g["monthly_returns"]) * math.sqrt(12)

    def plausible(givens, record):
        assert givens["months"] == len(givens["monthly_returns"]) == 12
        assert 0 <= record["answer_value"] <= 0.1 * math.sqrt(12) * 2
        assert step_value(record, "monthly_volatility") >= 0

    assert_matches_reference(template_id, reference, invariants=plausible)


def test_sortino_ratio_from_annual_returns() -> None:
    template_id = TOPIC + "sortino_ratio_from_annual_returns"

    def reference(g):
        returns, target = g["annual_returns"], g["target_return"]
        shortfalls = [min(r - target, 0.0) for r in returns]
        downside = math.sqrt(statistics.fmean(s * s for s in shortfalls))
        return (statistics.fmean(returns) - target) / downside

    def sign_follows_the_mean(givens, record):
        assert givens["years"] == len(givens["annual_returns"]) == 8
        assert min(givens["annual_returns"]) < givens["target_return"]
        assert step_value(record, "downside_deviation") > 0
        mean_above_target = statistics.fmean(givens["annual_returns"]) > givens["target_return"]
        assert (record["answer_value"] >= 0) == mean_above_target or record["answer_value"] == 0

    assert_matches_reference(template_id, reference, invariants=sign_follows_the_mean)


def test_information_ratio_against_a_benchmark() -> None:
    template_id = TOPIC + "information_ratio_against_a_benchmark"

    def reference(g):
        active = [p - b for p, b in zip(g["portfolio_returns"], g["benchmark_returns"], strict=True)]
        return statistics.fmean(active) / statistics.stdev(active)

    def consistent(givens, record):
        assert givens["quarters"] == len(givens["portfolio_returns"]) == len(givens["benchmark_returns"]) == 8
        assert step_value(record, "tracking_error") > 0
        mean_active = step_value(record, "mean_active")
        assert mean_active == pytest.approx(
            step_value(record, "mean_portfolio") - step_value(record, "mean_benchmark")
        )

    assert_matches_reference(template_id, reference, invariants=consistent)
