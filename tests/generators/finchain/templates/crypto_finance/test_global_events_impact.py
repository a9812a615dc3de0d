"""Global events impact templates against stress-test and event-study formulas over 1,000 seeds."""

import math
from statistics import NormalDist

import pytest

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/crypto_finance/global_events_impact/"


def test_portfolio_loss_from_an_event_shock() -> None:
    template_id = TOPIC + "portfolio_loss_from_an_event_shock"

    def reference(bitcoin_held, bitcoin_price, ether_held, ether_price, bitcoin_drop, ether_drop):
        return bitcoin_held * bitcoin_price * bitcoin_drop + ether_held * ether_price * ether_drop

    assert_symbolically_equal(template_id, reference)

    def loss_is_part_of_the_portfolio(givens, record):
        value = (
            givens["bitcoin_held"] * givens["bitcoin_price"] + givens["ether_held"] * givens["ether_price"]
        )
        assert 0 < record["answer_value"] < value

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=loss_is_part_of_the_portfolio)


def test_expected_price_from_event_beta() -> None:
    template_id = TOPIC + "expected_price_from_event_beta"

    def reference(bitcoin_price, event_beta, market_move):
        return bitcoin_price * (1 + event_beta * market_move)

    assert_symbolically_equal(template_id, reference)

    def moves_with_the_market(givens, record):
        assert record["answer_value"] > 0
        moved_up = record["answer_value"] > givens["bitcoin_price"]
        assert moved_up == (givens["market_move"] > 0)

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=moves_with_the_market)


def test_event_beta_from_paired_returns() -> None:
    # Sums over two drawn return series; the numeric reference (exact means) carries the check.
    template_id = TOPIC + "event_beta_from_paired_returns"

    def reference(g):
        market, bitcoin = g["market_returns"], g["bitcoin_returns"]
        n = len(market)
        mean_m, mean_b = sum(market) / n, sum(bitcoin) / n
        covariance = sum((b - mean_b) * (m - mean_m) for b, m in zip(bitcoin, market, strict=True)) / (n - 1)
        variance = sum((m - mean_m) ** 2 for m in market) / (n - 1)
        return covariance / variance

    def well_formed(givens, record):
        assert len(givens["market_returns"]) == len(givens["bitcoin_returns"]) == 6
        assert all(-0.04 <= r <= 0.04 for r in givens["market_returns"])
        assert math.isfinite(record["answer_value"]) and record["answer_value"] >= 0  # co-moves with stocks

    # Means rounded to 6 decimals change the beta by ~1e-12 (deviations sum to zero), far inside 0.005.
    assert_matches_reference(template_id, reference, invariants=well_formed)


def test_cumulative_abnormal_return_around_an_event() -> None:
    # Sums over two drawn return series; numeric reference only.
    template_id = TOPIC + "cumulative_abnormal_return_around_an_event"

    def reference(g):
        abnormal = [
            r - g["alpha"] - g["beta"] * m
            for r, m in zip(g["token_returns"], g["market_returns"], strict=True)
        ]
        return sum(abnormal) * g["market_cap"]

    signs = []

    def value_effect_is_bounded(givens, record):
        # Five daily abnormal returns of at most ~29% each cannot move value by more than 1.5x the cap.
        assert abs(record["answer_value"]) < 1.5 * givens["market_cap"]
        signs.append(record["answer_value"] > 0)

    assert_matches_reference(template_id, reference, invariants=value_effect_is_bounded)
    assert 0.05 <= sum(signs) / len(signs) <= 0.95


def test_beta_mapped_value_at_risk_after_an_event() -> None:
    template_id = TOPIC + "beta_mapped_value_at_risk_after_an_event"

    def reference(g):
        # The fund's daily dollar change is normal: (bitcoin value + beta x ether value) x bitcoin return.
        exposure = (
            g["bitcoin_held"] * g["bitcoin_price"] + g["ether_beta"] * g["ether_held"] * g["ether_price"]
        )
        horizon = NormalDist(0, exposure * g["event_volatility"] * math.sqrt(g["horizon_days"]))
        return -horizon.inv_cdf(1 - g["confidence"])

    def grows_with_horizon(givens, record):
        fund = givens["bitcoin_held"] * givens["bitcoin_price"] + givens["ether_held"] * givens["ether_price"]
        assert 0 < record["answer_value"] < fund
        # VaR grows with the square root of the horizon.
        one_day = reference({**givens, "horizon_days": 1})
        assert record["answer_value"] == pytest.approx(one_day * math.sqrt(givens["horizon_days"]), abs=0.01)

    assert_matches_reference(template_id, reference, invariants=grows_with_horizon)
