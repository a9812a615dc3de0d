"""Sustainable finance references: carbon markets, ESG investing, green bonds, impact, reporting."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import mpmath

from tests.generators.finchain.references.exact import Domain, annuity_factor, mp, normal_cdf, power
from tests.generators.finchain.references.exact import round_half_away as rounded

REFERENCES = Domain("sustainable_finance")
reference = REFERENCES

F = Fraction
BASIS_POINTS = 10_000


# --- carbon_credits -------------------------------------------------------------------------------


@reference("carbon_credits")
def carbon_cost_avoided_by_an_efficiency_retrofit(baseline_emissions: F, reduction: F, carbon_price: F) -> F:
    return baseline_emissions * reduction * carbon_price


@reference("carbon_credits")
def cost_of_buying_allowances_to_cover_a_shortfall(
    verified_emissions: F, allowances_held: F, allowance_price: F
) -> F:
    return max(verified_emissions - allowances_held, F(0)) * allowance_price


@reference("carbon_credits")
def hedging_allowance_purchases_with_a_forward(
    expected_emissions: F,
    free_allocation: F,
    spot_price: F,
    financing_rate: F,
    months_to_delivery: F,
    spot_at_delivery: F,
) -> F:
    forward = rounded(mp(spot_price) * power(1 + financing_rate, months_to_delivery / 12), 2)
    return (expected_emissions - free_allocation) * (spot_at_delivery - forward)


@reference("carbon_credits")
def marginal_abatement_cost_of_a_project(
    capital_cost: F,
    discount_rate: F,
    project_life: F,
    annual_operating_cost: F,
    annual_energy_savings: F,
    tons_abated: F,
) -> F:
    yearly_capital = capital_cost / annuity_factor(discount_rate, int(project_life))
    return (yearly_capital + annual_operating_cost - annual_energy_savings) / tons_abated


@reference("carbon_credits")
def offsets_or_in_house_abatement(
    tons_to_cut: F,
    offset_price: F,
    broker_fee: F,
    fixed_abatement_cost: F,
    variable_abatement_cost: F,
) -> str:
    offsets = tons_to_cut * offset_price * (1 + broker_fee)
    in_house = fixed_abatement_cost + tons_to_cut * variable_abatement_cost
    return "buy offsets" if offsets < in_house else "abate in house"


# --- esg_investing --------------------------------------------------------------------------------


@reference("esg_investing")
def composite_esg_rating_from_pillar_scores(
    environmental_weight: F,
    social_weight: F,
    governance_weight: F,
    environmental_score: F,
    social_score: F,
    governance_score: F,
) -> str:
    composite = (
        environmental_weight * environmental_score
        + social_weight * social_score
        + governance_weight * governance_score
    )
    if composite >= 65:
        return "leader"
    return "average" if composite >= 45 else "laggard"


@reference("esg_investing")
def portfolio_carbon_footprint_per_million_invested(
    first_investment_millions: F,
    first_evic_millions: F,
    first_emissions: F,
    second_investment_millions: F,
    second_evic_millions: F,
    second_emissions: F,
    third_investment_millions: F,
    third_evic_millions: F,
    third_emissions: F,
    annual_cut: F,
    target_footprint: F,
) -> Any:
    holdings = [
        (first_investment_millions, first_evic_millions, first_emissions),
        (second_investment_millions, second_evic_millions, second_emissions),
        (third_investment_millions, third_evic_millions, third_emissions),
    ]
    financed = sum((invested / evic * emissions for invested, evic, emissions in holdings), F(0))
    footprint = financed / sum((invested for invested, _, _ in holdings), F(0))
    # footprint · (1 − cut)^n = target, n continuous.
    return mpmath.log(mp(target_footprint / footprint)) / mpmath.log(mp(1 - annual_cut))


@reference("esg_investing")
def return_cost_of_meeting_an_esg_score_target(
    leader_score: F, leader_return: F, conventional_score: F, conventional_return: F, target_score: F
) -> F:
    leader_weight = (target_score - conventional_score) / (leader_score - conventional_score)
    mixed = leader_weight * leader_return + (1 - leader_weight) * conventional_return
    return (conventional_return - mixed) * BASIS_POINTS


@reference("esg_investing")
def portfolio_esg_score_after_divesting_the_laggard(
    first_value: F, first_score: F, second_value: F, second_score: F, third_value: F, third_score: F
) -> F:
    del third_score  # sold: it no longer counts
    weighted = (first_value + third_value) * first_score + second_value * second_score
    return weighted / (first_value + second_value + third_value)


@reference("esg_investing")
def weighted_average_carbon_intensity(
    first_weight: F,
    first_emissions: F,
    first_revenue_millions: F,
    second_weight: F,
    second_emissions: F,
    second_revenue_millions: F,
    third_weight: F,
    third_emissions: F,
    third_revenue_millions: F,
) -> F:
    return (
        first_weight * first_emissions / first_revenue_millions
        + second_weight * second_emissions / second_revenue_millions
        + third_weight * third_emissions / third_revenue_millions
    )


# --- green_bonds ----------------------------------------------------------------------------------


@reference("green_bonds")
def greenium_against_an_interpolated_conventional_curve(
    short_maturity: F,
    short_yield: F,
    long_maturity: F,
    long_yield: F,
    green_maturity: F,
    green_yield: F,
) -> F:
    slope = (long_yield - short_yield) / (long_maturity - short_maturity)
    twin = short_yield + slope * (green_maturity - short_maturity)
    return (twin - green_yield) * BASIS_POINTS


@reference("green_bonds")
def investor_share_of_avoided_emissions(
    project_avoided_emissions: F, financed_share: F, issue_size: F, holding: F
) -> F:
    return project_avoided_emissions * financed_share * holding / issue_size


@reference("green_bonds")
def net_present_benefit_of_issuing_green(
    issue_size: F,
    greenium_bp: F,
    upfront_costs: F,
    annual_reporting_cost: F,
    conventional_yield: F,
    years: F,
) -> F:
    yearly = issue_size * greenium_bp / BASIS_POINTS - annual_reporting_cost
    return yearly * annuity_factor(conventional_yield, int(years)) - upfront_costs


@reference("green_bonds")
def price_of_a_green_bond_from_its_conventional_twin(
    face_value: F, coupon_rate: F, years: F, conventional_yield: F, greenium_bp: F
) -> F:
    half_year_rate = (conventional_yield - greenium_bp / BASIS_POINTS) / 2
    periods = 2 * int(years)
    coupons = face_value * coupon_rate / 2 * annuity_factor(half_year_rate, periods)
    return coupons + face_value / (1 + half_year_rate) ** periods


@reference("green_bonds")
def share_of_green_bond_proceeds_allocated(
    issue_size: F,
    issuance_costs: F,
    renewables_allocation: F,
    buildings_allocation: F,
    transport_allocation: F,
) -> F:
    allocated = renewables_allocation + buildings_allocation + transport_allocation
    return allocated / (issue_size * (1 - issuance_costs))


# --- social_impact_investing ----------------------------------------------------------------------


@reference("social_impact_investing")
def blended_return_with_an_impact_allocation(impact_weight: F, impact_return: F, market_return: F) -> F:
    return impact_weight * impact_return + (1 - impact_weight) * market_return


@reference("social_impact_investing")
def discounted_sroi_with_deadweight_and_attribution(
    investment: F,
    gross_outcome_value: F,
    deadweight: F,
    attribution: F,
    discount_rate: F,
    years: F,
) -> F:
    net_yearly = gross_outcome_value * (1 - deadweight) * (1 - attribution)
    return net_yearly * annuity_factor(discount_rate, int(years)) / investment


@reference("social_impact_investing")
def expected_return_on_a_social_impact_bond(
    success_premium: F, success_probability: F, recovery_rate: F, years: F
) -> Any:
    expected = success_probability * (1 + success_premium) + (1 - success_probability) * recovery_rate
    return power(expected, 1 / years) - 1


@reference("social_impact_investing")
def probability_of_a_senior_loss_in_a_first_loss_blended_fund(
    first_loss_share: F, portfolio_yield: F, expected_loss_rate: F, loss_volatility: F
) -> Any:
    # Per dollar of fund: the senior holds 1 − f, earns (1 − f) · y, and loses max(L − f, 0).
    # Its return is negative when L − f > (1 − f) · y.
    senior = 1 - first_loss_share
    breakeven = first_loss_share + senior * portfolio_yield
    return 1 - normal_cdf((breakeven - expected_loss_rate) / loss_volatility)


@reference("social_impact_investing")
def social_return_on_investment_ratio(investment: F, placements: F, value_per_placement: F) -> F:
    return placements * value_per_placement / investment


# --- sustainability_reporting ---------------------------------------------------------------------


@reference("sustainability_reporting")
def annual_reduction_rate_to_meet_a_target(
    base_emissions: F, target_cut: F, current_emissions: F, years_to_target: F
) -> Any:
    target = base_emissions * (1 - target_cut)
    return 1 - power(target / current_emissions, 1 / years_to_target)


@reference("sustainability_reporting")
def emissions_intensity_per_million_of_revenue(
    scope_1_emissions: F, scope_2_emissions: F, revenue_millions: F
) -> F:
    return (scope_1_emissions + scope_2_emissions) / revenue_millions


@reference("sustainability_reporting")
def market_based_scope_2_emissions(electricity_mwh: F, certificates_mwh: F, residual_mix_factor: F) -> F:
    return max(electricity_mwh - certificates_mwh, F(0)) * residual_mix_factor


@reference("sustainability_reporting")
def on_track_against_a_linear_reduction_target(
    base_emissions: F, target_cut: F, target_horizon: F, years_elapsed: F, current_emissions: F
) -> str:
    pathway = base_emissions - base_emissions * target_cut * years_elapsed / target_horizon
    return "on track" if current_emissions <= pathway else "off track"


@reference("sustainability_reporting")
def years_to_an_intensity_target_at_the_pace_since_the_base_year(
    scope_1_emissions: F,
    scope_2_emissions: F,
    purchased_spend_millions: F,
    spend_emission_factor: F,
    revenue_millions: F,
    base_year_intensity: F,
    years_since_base: F,
    target_cut: F,
) -> Any:
    total = scope_1_emissions + scope_2_emissions + purchased_spend_millions * spend_emission_factor
    intensity = total / revenue_millions
    target = base_year_intensity * (1 - target_cut)
    # Falling by the factor (I / I_base) every k years, ln I drops by ln(I / I_base) / k a year, so it
    # reaches ln T after ln(T / I) / that many more years.
    return (
        years_since_base
        * mpmath.log(mp(target / intensity))
        / mpmath.log(mp(intensity / base_year_intensity))
    )
