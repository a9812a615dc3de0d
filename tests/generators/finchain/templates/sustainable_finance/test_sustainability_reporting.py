"""Sustainability reporting templates against textbook formulas, symbolically and over 1,000 seeds."""

import math
from collections import Counter

import sympy

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal, draws

TOPIC = "finchain/sustainable_finance/sustainability_reporting/"


def test_emissions_intensity_per_million_of_revenue() -> None:
    template_id = TOPIC + "emissions_intensity_per_million_of_revenue"

    def reference(scope_1_emissions, scope_2_emissions, revenue_millions):
        return (scope_1_emissions + scope_2_emissions) / revenue_millions

    assert_symbolically_equal(template_id, reference)

    def positive_tons(givens, record):
        assert record["answer_unit"] == "tons"
        assert record["answer_value"] > 0

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=positive_tons)


def test_market_based_scope_2_emissions() -> None:
    template_id = TOPIC + "market_based_scope_2_emissions"

    def reference(electricity_mwh, certificates_mwh, residual_mix_factor):
        return (electricity_mwh - certificates_mwh) * residual_mix_factor

    assert_symbolically_equal(template_id, reference)

    def certificates_only_lower_emissions(givens, record):
        assert 0 < record["answer_value"] <= givens["electricity_mwh"] * givens["residual_mix_factor"]
        assert 0.2 <= givens["residual_mix_factor"] <= 0.9

    assert_matches_reference(
        template_id, lambda g: reference(**g), invariants=certificates_only_lower_emissions
    )


def test_on_track_against_a_linear_reduction_target() -> None:
    # A categorical verdict: the numeric reference compares current emissions with the pathway.
    template_id = TOPIC + "on_track_against_a_linear_reduction_target"

    def reference(g):
        pathway = g["base_emissions"] * (1 - g["target_cut"] * g["years_elapsed"] / g["target_horizon"])
        return "on track" if g["current_emissions"] <= pathway else "off track"

    def pathway_between_base_and_target(givens, record):
        pathway = record["steps"][1]["value"]
        target = givens["base_emissions"] * (1 - givens["target_cut"])
        assert target <= pathway <= givens["base_emissions"]
        assert givens["years_elapsed"] < givens["target_horizon"]

    assert_matches_reference(template_id, reference, invariants=pathway_between_base_and_target)
    labels = Counter(record["answer_label"] for _, record in draws(template_id))
    assert min(labels[label] for label in ("on track", "off track")) >= 50, labels


def test_annual_reduction_rate_to_meet_a_target() -> None:
    template_id = TOPIC + "annual_reduction_rate_to_meet_a_target"

    def reference(base_emissions, target_cut, current_emissions, years_to_target):
        return 1 - (base_emissions * (1 - target_cut) / current_emissions) ** (1 / years_to_target)

    assert_symbolically_equal(template_id, reference)

    def lands_on_target(givens, record):
        cut = record["answer_value"]
        assert 0 < cut < 1
        landed = givens["current_emissions"] * (1 - cut) ** givens["years_to_target"]
        target = givens["base_emissions"] * (1 - givens["target_cut"])
        assert abs(landed / target - 1) < 2e-3

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=lands_on_target)


def test_years_to_an_intensity_target_at_the_pace_since_the_base_year() -> None:
    template_id = TOPIC + "years_to_an_intensity_target_at_the_pace_since_the_base_year"

    def intensity(g):
        scope_3 = g["purchased_spend_millions"] * g["spend_emission_factor"]
        return (g["scope_1_emissions"] + g["scope_2_emissions"] + scope_3) / g["revenue_millions"]

    def closed_form(base_year_intensity, years_since_base, target_cut, revenue_millions, **emissions):
        now = (
            emissions["scope_1_emissions"]
            + emissions["scope_2_emissions"]
            + emissions["purchased_spend_millions"] * emissions["spend_emission_factor"]
        ) / revenue_millions
        ratio = now / base_year_intensity
        return years_since_base * sympy.log(base_year_intensity * (1 - target_cut) / now) / sympy.log(ratio)

    assert_symbolically_equal(template_id, closed_form)

    def reference(g):
        now = intensity(g)
        pace = (now / g["base_year_intensity"]) ** (1 / g["years_since_base"])
        return math.log(g["base_year_intensity"] * (1 - g["target_cut"]) / now, pace)

    def sane(givens, record):
        years = record["answer_value"]
        pace = (intensity(givens) / givens["base_year_intensity"]) ** (1 / givens["years_since_base"])
        # Compounding today's intensity at the pace for the answer's years lands on the target.
        target = givens["base_year_intensity"] * (1 - givens["target_cut"])
        assert intensity(givens) * pace ** (years + 0.005) <= target * (1 + 1e-9)
        assert intensity(givens) * pace ** (years - 0.005) >= target * (1 - 1e-9)

    assert_matches_reference(template_id, reference, invariants=sane)
