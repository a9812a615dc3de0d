"""Regulatory compliance templates against textbook formulas, symbolically and over 1,000 seeds."""

import math
from collections import Counter
from collections.abc import Mapping
from typing import Any

import sympy

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/risk_management/regulatory_compliance/"


def step_value(record: Mapping[str, Any], name: str) -> float:
    return next(item["value"] for item in record["steps"] if item["name"] == name)


def test_cet1_capital_surplus_over_the_combined_requirement() -> None:
    template_id = TOPIC + "cet1_capital_surplus_over_the_combined_requirement"

    def reference(cet1_capital, risk_weighted_assets, minimum_ratio, conservation_buffer, gsib_surcharge):
        return cet1_capital - (minimum_ratio + conservation_buffer + gsib_surcharge) * risk_weighted_assets

    assert_symbolically_equal(template_id, reference)
    signs: Counter[bool] = Counter()

    def basel_figures(givens, record):
        signs[record["answer_value"] >= 0] += 1
        assert givens["minimum_ratio"] == 0.045
        assert givens["conservation_buffer"] == 0.025
        assert 0 <= givens["gsib_surcharge"] <= 0.035

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=basel_figures)
    assert min(signs[True], signs[False]) >= 50, signs  # both surpluses and shortfalls occur


def test_liquidity_coverage_ratio() -> None:
    template_id = TOPIC + "liquidity_coverage_ratio"

    def reference(liquid_assets, stressed_outflows, stressed_inflows, inflow_cap):
        return liquid_assets / (
            stressed_outflows - sympy.Min(stressed_inflows, inflow_cap * stressed_outflows)
        )

    assert_symbolically_equal(template_id, reference)
    capped = 0

    def numeric_reference(g):
        counted = min(g["stressed_inflows"], 0.75 * g["stressed_outflows"])
        return g["liquid_assets"] / (g["stressed_outflows"] - counted)

    def net_outflows_at_least_a_quarter(givens, record):
        nonlocal capped
        assert givens["inflow_cap"] == 0.75
        net = step_value(record, "net_outflows")
        assert net >= 0.25 * givens["stressed_outflows"] - 0.01
        capped += givens["stressed_inflows"] > 0.75 * givens["stressed_outflows"]
        assert 0.5 - 1e-4 <= record["answer_value"] <= 3 + 1e-4

    assert_matches_reference(template_id, numeric_reference, invariants=net_outflows_at_least_a_quarter)
    # Both sides of the 75% inflow cap occur.
    assert 50 <= capped <= 950


def test_total_capital_surplus_over_the_requirement_with_the_buffer() -> None:
    template_id = TOPIC + "total_capital_surplus_over_the_requirement_with_the_buffer"

    def reference(
        cet1_capital,
        additional_tier1,
        tier2_capital,
        mortgage_loans,
        mortgage_weight,
        retail_loans,
        retail_weight,
        corporate_loans,
        corporate_weight,
        minimum_total_ratio,
        conservation_buffer,
    ):
        capital = cet1_capital + additional_tier1 + tier2_capital
        weighted = (
            mortgage_weight * mortgage_loans
            + retail_weight * retail_loans
            + corporate_weight * corporate_loans
        )
        return capital - (minimum_total_ratio + conservation_buffer) * weighted

    assert_symbolically_equal(template_id, reference)
    signs = set()

    def standardized_weights(givens, record):
        assert (givens["mortgage_weight"], givens["retail_weight"], givens["corporate_weight"]) == (
            0.35,
            0.75,
            1.0,
        )
        assert (givens["minimum_total_ratio"], givens["conservation_buffer"]) == (0.08, 0.025)
        exposures = givens["mortgage_loans"] + givens["retail_loans"] + givens["corporate_loans"]
        weighted = step_value(record, "risk_weighted_assets")
        assert weighted <= exposures
        assert -0.045 * weighted - 1 <= record["answer_value"] <= 0.095 * weighted + 1
        signs.add(record["answer_value"] > 0)

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=standardized_weights)
    assert signs == {True, False}  # banks above and below the requirement both occur


def test_leverage_ratio_surplus() -> None:
    template_id = TOPIC + "leverage_ratio_surplus"

    def reference(
        cet1_capital,
        additional_tier1,
        minimum_leverage,
        on_balance_exposure,
        conversion_factor,
        off_balance_commitments,
    ):
        return (
            cet1_capital
            + additional_tier1
            - minimum_leverage * (on_balance_exposure + conversion_factor * off_balance_commitments)
        )

    assert_symbolically_equal(template_id, reference)
    signs: Counter[bool] = Counter()

    def sign_matches_the_ratio(givens, record):
        exposure = (
            givens["on_balance_exposure"] + givens["conversion_factor"] * givens["off_balance_commitments"]
        )
        leverage_ratio = (givens["cet1_capital"] + givens["additional_tier1"]) / exposure
        signs[record["answer_value"] >= 0] += 1
        assert (record["answer_value"] >= 0) == (leverage_ratio >= givens["minimum_leverage"])

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sign_matches_the_ratio)
    assert min(signs.values()) >= 50, signs


def test_years_to_rebuild_the_conservation_buffer_at_the_permitted_payout() -> None:
    template_id = TOPIC + "years_to_rebuild_the_conservation_buffer_at_the_permitted_payout"
    # The payout limit is piecewise (a step function of the CET1 ratio), so there is no closed form
    # to prove symbolically; the numeric reference applies the Basel III table, then solves
    # ratio · growthⁿ = minimum + buffer for n.
    table = [(0.05125, 0.0), (0.0575, 0.2), (0.06375, 0.4), (0.07, 0.6)]

    def reference(g):
        ratio = (g["common_equity"] - g["regulatory_deductions"]) / g["risk_weighted_assets"]
        payout = next((share for upper, share in table if ratio <= upper), 1.0)
        growth = (1 + g["return_on_cet1"] * (1 - payout)) / (1 + g["rwa_growth"])
        return math.log(0.07 / ratio, growth)

    payouts: Counter[float] = Counter()

    def reaches_the_target(givens, record):
        assert (givens["minimum_ratio"], givens["conservation_buffer"]) == (0.045, 0.025)
        years = record["answer_value"]
        ratio = (givens["common_equity"] - givens["regulatory_deductions"]) / givens["risk_weighted_assets"]
        payout = step_value(record, "payout_limit")
        payouts[payout] += 1
        growth = (1 + givens["return_on_cet1"] * (1 - payout)) / (1 + givens["rwa_growth"])
        # Compounding the ratio for the answer's years (rounded to 0.01) lands on the top of the buffer.
        assert ratio * growth ** (years - 0.005) <= 0.07 * (1 + 1e-9)
        assert ratio * growth ** (years + 0.005) >= 0.07 * (1 - 1e-9)
        # A bank deeper in the buffer pays out less, so it retains more: the slowest case is capped.
        assert growth > 1

    assert_matches_reference(template_id, reference, invariants=reaches_the_target)
    # Every quartile of the buffer is exercised.
    assert set(payouts) == {0.0, 0.2, 0.4, 0.6} and min(payouts.values()) >= 50, payouts
