"""Stress testing templates against textbook formulas, symbolically and over 1,000 seeds."""

import math
from collections.abc import Mapping
from statistics import NormalDist
from typing import Any

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/risk_management/stress_testing/"


def step_value(record: Mapping[str, Any], name: str) -> float:
    return next(item["value"] for item in record["steps"] if item["name"] == name)


def test_equity_loss_under_a_market_crash() -> None:
    template_id = TOPIC + "equity_loss_under_a_market_crash"

    def reference(portfolio_value, beta, market_decline):
        return beta * market_decline * portfolio_value

    assert_symbolically_equal(template_id, reference)

    def loss_within_the_portfolio(givens, record):
        assert 0 < givens["market_decline"] < 1
        assert 0 < record["answer_value"] < givens["portfolio_value"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=loss_within_the_portfolio)


def test_extra_credit_loss_from_stressed_default_rates() -> None:
    template_id = TOPIC + "extra_credit_loss_from_stressed_default_rates"

    def reference(loan_exposure, loss_given_default, stressed_default_rate, baseline_default_rate):
        return loan_exposure * loss_given_default * (stressed_default_rate - baseline_default_rate)

    assert_symbolically_equal(template_id, reference)

    def stress_adds_loss(givens, record):
        assert 0 < givens["baseline_default_rate"] < givens["stressed_default_rate"] < 1
        assert 0 < givens["loss_given_default"] <= 1
        assert 0 < record["answer_value"] < givens["loan_exposure"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=stress_adds_loss)


def test_bond_loss_with_duration_and_convexity() -> None:
    template_id = TOPIC + "bond_loss_with_duration_and_convexity"

    def reference(bond_value, modified_duration, convexity, rate_shock):
        shift = rate_shock / 10_000
        return bond_value * (modified_duration * shift - convexity * shift**2 / 2)

    assert_symbolically_equal(template_id, reference)

    def convexity_cushions_the_loss(givens, record):
        shift = givens["rate_shock"] / 10_000
        duration_only = givens["bond_value"] * givens["modified_duration"] * shift
        assert givens["convexity"] >= givens["modified_duration"] ** 2
        assert 0 < record["answer_value"] < duration_only
        assert step_value(record, "convexity_effect") > 0 > step_value(record, "duration_effect")

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=convexity_cushions_the_loss)


def test_post_stress_cet1_ratio() -> None:
    template_id = TOPIC + "post_stress_cet1_ratio"

    def reference(
        cet1_capital,
        loan_book,
        stressed_default_rate,
        loss_given_default,
        equity_holdings,
        equity_shock,
        risk_weighted_assets,
    ):
        losses = loan_book * stressed_default_rate * loss_given_default + equity_holdings * equity_shock
        return (cet1_capital - losses) / risk_weighted_assets

    assert_symbolically_equal(template_id, reference)

    def ratio_falls(givens, record):
        starting_ratio = givens["cet1_capital"] / givens["risk_weighted_assets"]
        assert 0.08 <= starting_ratio <= 0.16
        assert 0 < record["answer_value"] < starting_ratio

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=ratio_falls)


def test_probability_of_staying_above_the_minimum_under_the_vasicek_model() -> None:
    template_id = TOPIC + "probability_of_staying_above_the_minimum_under_the_vasicek_model"
    standard = NormalDist()

    def breaking_rate(g):
        capacity = (
            g["cet1_capital"] + g["pre_provision_profit"] - g["minimum_ratio"] * g["risk_weighted_assets"]
        )
        return capacity / (g["loan_book"] * g["loss_given_default"])

    def reference(g):
        rho = g["asset_correlation"]
        factor = (
            math.sqrt(1 - rho) * standard.inv_cdf(breaking_rate(g))
            - standard.inv_cdf(g["average_default_probability"])
        ) / math.sqrt(rho)
        return standard.cdf(factor)

    def sane(givens, record):
        survival = record["answer_value"]
        rho, pd = givens["asset_correlation"], givens["average_default_probability"]

        # Basel's Vasicek default rate at the answer's confidence (± its rounding) brackets the breaking rate.
        def worst_rate(confidence):
            z = standard.inv_cdf(min(max(confidence, 1e-12), 1 - 1e-12))
            return standard.cdf((standard.inv_cdf(pd) + math.sqrt(rho) * z) / math.sqrt(1 - rho))

        assert worst_rate(survival - 0.00005) <= breaking_rate(givens) * (1 + 1e-9)
        assert worst_rate(survival + 0.00005) >= breaking_rate(givens) * (1 - 1e-9)
        # A breaking rate above the average default rate is survived more often than not.
        assert survival > 0.5

    assert_matches_reference(template_id, reference, invariants=sane)
