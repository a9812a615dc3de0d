"""Risk appetite templates against textbook formulas, symbolically and over 1,000 seeds."""

import math
from collections import Counter
from collections.abc import Mapping
from statistics import NormalDist
from typing import Any

import pytest
import sympy

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/risk_management/risk_appetite/"
STANDARD_NORMAL = NormalDist()
normal_quantile = sympy.Function("normal_quantile")


def step_value(record: Mapping[str, Any], name: str) -> float:
    return next(item["value"] for item in record["steps"] if item["name"] == name)


def test_loss_headroom_under_a_board_appetite() -> None:
    template_id = TOPIC + "loss_headroom_under_a_board_appetite"

    def reference(equity_capital, loss_appetite, estimated_loss):
        return loss_appetite * equity_capital - estimated_loss

    assert_symbolically_equal(template_id, reference)
    signs: Counter[bool] = Counter()

    def bounded(givens, record):
        assert 0.02 <= givens["loss_appetite"] <= 0.10
        signs[record["answer_value"] >= 0] += 1
        assert record["answer_value"] <= givens["loss_appetite"] * givens["equity_capital"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=bounded)
    # Both outcomes (room left, appetite breached) occur.
    assert min(signs.values()) >= 50


def test_stop_loss_price_from_a_loss_limit() -> None:
    template_id = TOPIC + "stop_loss_price_from_a_loss_limit"

    def reference(purchase_price, max_loss, shares):
        return purchase_price - max_loss / shares

    assert_symbolically_equal(template_id, reference)

    def loss_at_stop_matches_limit(givens, record):
        stop = record["answer_value"]
        assert 0 < stop < givens["purchase_price"]
        # Selling every share at the stop price loses the limit, give or take the rounding of the two steps.
        loss = (givens["purchase_price"] - stop) * givens["shares"]
        assert loss == pytest.approx(givens["max_loss"], abs=0.00505 * givens["shares"])

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=loss_at_stop_matches_limit)


def test_var_limit_utilization_status() -> None:
    template_id = TOPIC + "var_limit_utilization_status"
    # A categorical answer: the numeric reference decides each seed.

    def reference(g):
        var = STANDARD_NORMAL.inv_cdf(g["confidence"]) * g["daily_volatility"] * g["position_value"]
        # The question has the utilization stated as a percentage to two decimals before classifying.
        utilization = round(var / g["var_limit"], 4)
        if utilization > 1:
            return "breach"
        return "early warning" if utilization >= g["warning_level"] else "within appetite"

    labels: Counter[str] = Counter()

    def sane(givens, record):
        labels[record["answer_label"]] += 1
        assert record["choices"] == ["breach", "early warning", "within appetite"]
        assert step_value(record, "z_score") == pytest.approx(
            STANDARD_NORMAL.inv_cdf(givens["confidence"]), abs=5e-7
        )
        assert 0.75 <= givens["warning_level"] <= 0.9

    assert_matches_reference(template_id, reference, invariants=sane)
    assert len(labels) == 3 and min(labels.values()) >= 50, labels


def test_probability_of_a_loss_beyond_tolerance() -> None:
    template_id = TOPIC + "probability_of_a_loss_beyond_tolerance"
    normal_cdf = sympy.Function("normal_cdf")

    def closed_form(loss_tolerance, portfolio_value, expected_return, volatility):
        # P(R < −T / V) with the dollar loss standardized: (−T − μV) / (σV).
        return normal_cdf(
            -(loss_tolerance + expected_return * portfolio_value) / (volatility * portfolio_value)
        )

    assert_symbolically_equal(template_id, closed_form)

    def reference(g):
        # P(V · R < −T) for R ~ N(μ, σ²), written with the distribution of the dollar result.
        dollar_result = NormalDist(
            g["portfolio_value"] * g["expected_return"], g["portfolio_value"] * g["volatility"]
        )
        return dollar_result.cdf(-g["loss_tolerance"])

    def probability(givens, record):
        assert 0 <= record["answer_value"] <= 0.5
        assert step_value(record, "threshold_return") < 0

    assert_matches_reference(template_id, reference, invariants=probability)


def test_largest_portfolio_within_a_ruin_probability() -> None:
    template_id = TOPIC + "largest_portfolio_within_a_ruin_probability"

    def reference(capital_buffer, tolerance_probability, volatility, expected_return, horizon_months):
        years = horizon_months / 12
        return capital_buffer / (
            normal_quantile(1 - tolerance_probability) * volatility * sympy.sqrt(years)
            - expected_return * years
        )

    assert_symbolically_equal(template_id, reference)

    def numeric_reference(g):
        years = g["horizon_months"] / 12
        z_score = -STANDARD_NORMAL.inv_cdf(g["tolerance_probability"])
        return g["capital_buffer"] / (
            z_score * g["volatility"] * math.sqrt(years) - g["expected_return"] * years
        )

    def probability_equals_tolerance(givens, record):
        size = record["answer_value"]
        assert size > givens["capital_buffer"]
        years = givens["horizon_months"] / 12
        returns = NormalDist(givens["expected_return"] * years, givens["volatility"] * math.sqrt(years))
        # At the limit, the chance of losing more than the buffer is exactly the tolerated probability.
        assert returns.cdf(-givens["capital_buffer"] / size) == pytest.approx(
            givens["tolerance_probability"], rel=1e-4
        )

    assert_matches_reference(template_id, numeric_reference, invariants=probability_equals_tolerance)
