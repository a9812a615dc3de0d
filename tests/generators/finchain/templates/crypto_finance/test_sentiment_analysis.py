"""Sentiment analysis templates against their stated rules, symbolically and over 1,000 seeds."""

import math

import sympy

from finsynth.world.rounding import round_half_up
from tests.generators.finchain.harness import (
    assert_matches_reference,
    assert_symbolically_equal,
    exact,
    rounded_exactly,
)
from tests.generators.finchain.templates.crypto_finance.labels import assert_label_mix

TOPIC = "finchain/crypto_finance/sentiment_analysis/"


def test_composite_sentiment_score() -> None:
    template_id = TOPIC + "composite_sentiment_score"

    def reference(social_score, news_score, onchain_score, social_weight, news_weight):
        onchain_weight = 1 - social_weight - news_weight
        return social_weight * social_score + news_weight * news_score + onchain_weight * onchain_score

    assert_symbolically_equal(template_id, reference)

    def stays_on_the_scale(givens, record):
        assert -1 <= record["answer_value"] <= 1
        assert 0.1 - 1e-9 <= 1 - givens["social_weight"] - givens["news_weight"] <= 0.8 + 1e-9

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=stays_on_the_scale)


def test_bull_bear_ratio_signal() -> None:
    # Categorical rule on the bullish share, stated to two decimals of a percent in the question.
    template_id = TOPIC + "bull_bear_ratio_signal"

    def reference(g):
        share = round_half_up(g["bullish_posts"] / (g["bullish_posts"] + g["bearish_posts"]), 4)
        return "buy" if share >= 0.6 else "sell" if share <= 0.4 else "hold"

    def share_is_a_fraction(givens, record):
        assert 0 < record["steps"][-1]["value"] < 1

    assert_matches_reference(template_id, reference, invariants=share_is_a_fraction)
    assert_label_mix(template_id)


def test_exponentially_smoothed_sentiment() -> None:
    # Indexes into a drawn series; the question rounds each day's value, and the reference does too.
    template_id = TOPIC + "exponentially_smoothed_sentiment"

    def reference(g):
        # In exact decimals: each day's value is rounded on its exact value, as the question says.
        alpha, scores = exact(g["smoothing"]), [exact(score) for score in g["daily_scores"]]
        smoothed = scores[0]
        for value in scores[1:]:
            smoothed = rounded_exactly(alpha * value + (1 - alpha) * smoothed, 4)
        return float(smoothed)

    def within_the_observed_range(givens, record):
        scores = givens["daily_scores"]
        assert min(scores) - 1e-4 <= record["answer_value"] <= max(scores) + 1e-4

    assert_matches_reference(template_id, reference, invariants=within_the_observed_range)


def test_sentiment_z_score_contrarian_signal() -> None:
    # Categorical rule on a z-score over a variable-length history; the question states the rounding.
    template_id = TOPIC + "sentiment_z_score_contrarian_signal"

    def reference(g):
        past = g["past_scores"]
        mean = round_half_up(sum(past) / len(past), 6)
        std_dev = round_half_up(math.sqrt(sum((s - mean) ** 2 for s in past) / (len(past) - 1)), 6)
        z = round_half_up((g["today_score"] - mean) / std_dev, 2)
        return "contrarian sell" if z >= 1.5 else "contrarian buy" if z <= -1.5 else "no signal"

    def spread_is_positive(givens, record):
        values = {item["name"]: item["value"] for item in record["steps"]}
        assert values["score_std_dev"] > 0
        assert values["observations"] == len(givens["past_scores"]) >= 5

    assert_matches_reference(template_id, reference, invariants=spread_is_positive)
    assert_label_mix(template_id)


def test_exponentially_tilted_allocation_trade() -> None:
    template_id = TOPIC + "exponentially_tilted_allocation_trade"

    def reference(
        portfolio_value, bitcoin_value, bitcoin_base_weight, tilt_strength, bitcoin_sentiment, ether_sentiment
    ):
        bitcoin = bitcoin_base_weight * sympy.exp(tilt_strength * bitcoin_sentiment)
        ether = (1 - bitcoin_base_weight) * sympy.exp(tilt_strength * ether_sentiment)
        return portfolio_value * bitcoin / (bitcoin + ether) - bitcoin_value

    assert_symbolically_equal(template_id, reference)

    directions = []

    def trade_keeps_weights_valid(givens, record):
        target = givens["bitcoin_value"] + record["answer_value"]
        assert 0 < target < givens["portfolio_value"]
        # More positive bitcoin sentiment than ether sentiment tilts the fund toward bitcoin.
        base_target = givens["bitcoin_base_weight"] * givens["portfolio_value"]
        gap = givens["bitcoin_sentiment"] - givens["ether_sentiment"]
        if abs(gap) > 1e-9:
            assert (target > base_target) == (gap > 0)
        directions.append(record["answer_value"] > 0)

    def numeric(g):
        bitcoin = g["bitcoin_base_weight"] * math.exp(g["tilt_strength"] * g["bitcoin_sentiment"])
        ether = (1 - g["bitcoin_base_weight"]) * math.exp(g["tilt_strength"] * g["ether_sentiment"])
        return g["portfolio_value"] * bitcoin / (bitcoin + ether) - g["bitcoin_value"]

    assert_matches_reference(template_id, numeric, invariants=trade_keeps_weights_valid)
    assert 0.05 <= sum(directions) / len(directions) <= 0.95  # the fund both buys and sells bitcoin
