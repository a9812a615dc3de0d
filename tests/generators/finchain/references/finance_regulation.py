"""Finance regulation references: AML, Basel capital and liquidity, compliance risk, KYC, securities law.

Where a question says a ratio is computed "as a percentage to two decimal places" before it is
classified, the reference rounds it to four decimals of a fraction before comparing, as asked.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import mpmath

from tests.generators.finchain.references.exact import Domain, mp, normal_cdf, normal_quantile
from tests.generators.finchain.references.exact import round_half_away as rounded

REFERENCES = Domain("finance_regulation")
reference = REFERENCES

F = Fraction


def as_percent_to_two_places(share: F) -> F:
    return rounded(share, 4)


# --- aml_regulations ------------------------------------------------------------------------------


@reference("aml_regulations")
def alert_backlog_clearance_time(
    backlog_alerts: F, new_alerts_per_day: F, analysts: F, reviews_per_analyst_per_day: F
) -> F:
    return backlog_alerts / (analysts * reviews_per_analyst_per_day - new_alerts_per_day)


@reference("aml_regulations")
def currency_transaction_report_aggregation(cash_deposits: list[F], ctr_threshold: F) -> str:
    return "CTR required" if sum(cash_deposits, F(0)) > ctr_threshold else "no CTR required"


@reference("aml_regulations")
def false_positive_rate_of_monitoring_alerts(alerts_reviewed: F, alerts_leading_to_sar: F) -> F:
    return (alerts_reviewed - alerts_leading_to_sar) / alerts_reviewed


@reference("aml_regulations")
def cost_of_a_discovery_sample_of_closed_alerts(
    confidence: F, tolerable_error_rate: F, minutes_per_alert: F, hourly_cost: F
) -> F:
    # The smallest n for which n clean draws would be unlikely (at most 1 - C) at the tolerable rate.
    size, chance_all_clean = 0, F(1)
    while chance_all_clean > 1 - confidence:
        size += 1
        chance_all_clean *= 1 - tolerable_error_rate
    return size * minutes_per_alert * hourly_cost / 60


@reference("aml_regulations")
def structuring_red_flag_from_near_threshold_deposits(
    cash_deposits: list[F], ctr_threshold: F, band_share: F, flag_share: F
) -> str:
    in_band = [d for d in cash_deposits if band_share * ctr_threshold <= d <= ctr_threshold]
    share = as_percent_to_two_places(F(len(in_band), len(cash_deposits)))
    return "flag for review" if share >= flag_share else "no flag"


# --- basel_accords --------------------------------------------------------------------------------


@reference("basel_accords")
def cet1_after_deductions_against_the_buffer(
    common_stock_and_surplus: F,
    retained_earnings: F,
    accumulated_oci: F,
    goodwill: F,
    other_intangibles: F,
    risk_weighted_assets: F,
    cet1_minimum: F,
    conservation_buffer: F,
) -> str:
    capital = common_stock_and_surplus + retained_earnings + accumulated_oci - goodwill - other_intangibles
    ratio = as_percent_to_two_places(capital / risk_weighted_assets)
    if ratio >= cet1_minimum + conservation_buffer:
        return "meets buffer"
    return "buffer breached" if ratio >= cet1_minimum else "below minimum"


@reference("basel_accords")
def cet1_ratio_against_minimum_plus_buffer(
    cet1_capital: F, risk_weighted_assets: F, cet1_minimum: F, conservation_buffer: F
) -> str:
    ratio = as_percent_to_two_places(cet1_capital / risk_weighted_assets)
    return "compliant" if ratio >= cet1_minimum + conservation_buffer else "not compliant"


@reference("basel_accords")
def leverage_ratio_with_off_balance_sheet_exposures(
    tier1_capital: F,
    on_balance_sheet_exposures: F,
    derivative_exposures: F,
    undrawn_commitments: F,
    conversion_factor: F,
) -> F:
    exposure = on_balance_sheet_exposures + derivative_exposures + conversion_factor * undrawn_commitments
    return tier1_capital / exposure


@reference("basel_accords")
def irb_risk_weighted_assets_of_a_residential_mortgage_portfolio(
    exposure_at_default: F,
    probability_of_default: F,
    loss_given_default: F,
    asset_correlation: F,
    confidence_level: F,
) -> Any:
    # Vasicek one-factor model: the default rate when the systematic factor sits at its worst
    # (1 - confidence) quantile; capital covers the loss above the expected loss, at an 8% minimum.
    worst_factor = normal_quantile(1 - confidence_level)
    rho = mp(asset_correlation)
    stressed_rate = normal_cdf(
        (normal_quantile(probability_of_default) - mpmath.sqrt(rho) * worst_factor) / mpmath.sqrt(1 - rho)
    )
    unexpected_loss = mp(loss_given_default) * (stressed_rate - mp(probability_of_default))
    return unexpected_loss * mp(exposure_at_default) / mp(F(8, 100))


@reference("basel_accords")
def total_capital_ratio_from_risk_weighted_assets(
    treasury_holdings: F,
    treasury_weight: F,
    bank_claims: F,
    bank_weight: F,
    residential_mortgages: F,
    mortgage_weight: F,
    corporate_loans: F,
    corporate_weight: F,
    tier1_capital: F,
    tier2_capital: F,
) -> F:
    weighted_assets = (
        treasury_holdings * treasury_weight
        + bank_claims * bank_weight
        + residential_mortgages * mortgage_weight
        + corporate_loans * corporate_weight
    )
    return (tier1_capital + tier2_capital) / weighted_assets


# --- compliance_risk_management -------------------------------------------------------------------


def residual(likelihood: F, impact: F, controls: F) -> F:
    return likelihood * impact * (1 - controls)


@reference("compliance_risk_management")
def annual_breach_probability_against_appetite(
    aml_frequency: F,
    aml_controls: F,
    privacy_frequency: F,
    privacy_controls: F,
    conduct_frequency: F,
    conduct_controls: F,
    risk_appetite: F,
) -> str:
    # Independent Poisson areas: no breach anywhere is the product of each area's e^(-rate).
    chance_of_none = mpmath.fprod(
        mpmath.exp(-mp(frequency * (1 - controls)))
        for frequency, controls in (
            (aml_frequency, aml_controls),
            (privacy_frequency, privacy_controls),
            (conduct_frequency, conduct_controls),
        )
    )
    return "within appetite" if 1 - chance_of_none <= mp(risk_appetite) else "outside appetite"


@reference("compliance_risk_management")
def control_test_exception_rate_against_tolerance(items_tested: F, exceptions: F, tolerable_rate: F) -> str:
    rate = as_percent_to_two_places(exceptions / items_tested)
    return "effective" if rate <= tolerable_rate else "deficient"


@reference("compliance_risk_management")
def deviation_rate_bound_after_a_clean_control_test(confidence: F, items_tested: F) -> Any:
    # The rate p with (1 − p)^n = 1 − confidence.
    return 1 - mpmath.root(mp(1 - confidence), int(items_tested))


@reference("compliance_risk_management")
def net_benefit_of_a_compliance_control(
    violation_probability: F, expected_penalty: F, remediation_cost: F, risk_reduction: F, control_cost: F
) -> F:
    avoided = violation_probability * risk_reduction * (expected_penalty + remediation_cost)
    return avoided - control_cost


@reference("compliance_risk_management")
def residual_risk_score_after_controls(likelihood: F, impact: F, control_effectiveness: F) -> F:
    return residual(likelihood, impact, control_effectiveness)


# --- kyc_requirements -----------------------------------------------------------------------------


@reference("kyc_requirements")
def annual_cost_of_risk_based_kyc_refresh(
    high_risk_customers: F,
    medium_risk_customers: F,
    low_risk_customers: F,
    high_cycle: F,
    medium_cycle: F,
    low_cycle: F,
    high_review_hours: F,
    medium_review_hours: F,
    low_review_hours: F,
    hourly_cost: F,
    wage_growth: F,
    discount_rate: F,
    years: F,
) -> F:
    hours = (
        high_risk_customers / high_cycle * high_review_hours
        + medium_risk_customers / medium_cycle * medium_review_hours
        + low_risk_customers / low_cycle * low_review_hours
    )
    first_year = hours * hourly_cost / (high_risk_customers + medium_risk_customers + low_risk_customers)
    # Year t's cost, c·(1+g)^(t-1), paid at the end of year t and discounted at r.
    return sum(
        (
            first_year * (1 + wage_growth) ** (t - 1) / (1 + discount_rate) ** t
            for t in range(1, int(years) + 1)
        ),
        F(0),
    )


@reference("kyc_requirements")
def beneficial_owners_to_identify(
    first_direct: F,
    second_direct: F,
    holding_company_stake: F,
    first_share_of_holding: F,
    second_share_of_holding: F,
    ownership_threshold: F,
) -> F:
    stakes = [
        first_direct + first_share_of_holding * holding_company_stake,
        second_direct + second_share_of_holding * holding_company_stake,
    ]
    return F(sum(1 for stake in stakes if as_percent_to_two_places(stake) >= ownership_threshold))


@reference("kyc_requirements")
def customer_risk_rating_from_weighted_factors(
    geography_score: F,
    product_score: F,
    business_score: F,
    geography_weight: F,
    product_weight: F,
    business_weight: F,
    pep_status: F,
    pep_add_on: F,
    high_cutoff: F,
    medium_cutoff: F,
) -> str:
    weighted = geography_weight * geography_score + product_weight * product_score
    weighted += business_weight * business_score
    score = rounded(weighted + (pep_add_on if pep_status == 1 else 0), 2)
    if score >= high_cutoff:
        return "high risk"
    return "medium risk" if score >= medium_cutoff else "low risk"


@reference("kyc_requirements")
def indirect_ownership_through_a_holding_company(
    direct_stake: F, stake_in_holding_company: F, holding_company_stake: F
) -> F:
    return direct_stake + stake_in_holding_company * holding_company_stake


@reference("kyc_requirements")
def onboarding_approval_rate_with_manual_review(applications: F, auto_verified: F, manual_pass_rate: F) -> F:
    return (auto_verified + manual_pass_rate * (applications - auto_verified)) / applications


# --- securities_regulations -----------------------------------------------------------------------


@reference("securities_regulations")
def accredited_investor_status_with_thresholds_indexed_to_inflation(
    total_assets: F,
    home_value: F,
    total_liabilities: F,
    mortgage_balance: F,
    income_last_year: F,
    income_prior_year: F,
    net_worth_threshold: F,
    income_threshold: F,
    inflation_rate: F,
    years_since_set: F,
) -> str:
    # Whole years of compounding keep the indexed thresholds exact fractions.
    price_level = (1 + inflation_rate) ** int(years_since_set)
    net_worth = (total_assets - home_value) - (total_liabilities - min(mortgage_balance, home_value))
    if net_worth > net_worth_threshold * price_level:
        return "accredited"
    if min(income_last_year, income_prior_year) > income_threshold * price_level:
        return "accredited"
    return "not accredited"


@reference("securities_regulations")
def regulation_crowdfunding_investment_limit(
    annual_income: F,
    net_worth: F,
    income_threshold: F,
    minimum_limit: F,
    lower_percent: F,
    higher_percent: F,
    maximum_limit: F,
) -> F:
    greater = max(annual_income, net_worth)
    if min(annual_income, net_worth) < income_threshold:
        return max(minimum_limit, lower_percent * greater)
    return min(maximum_limit, higher_percent * greater)


@reference("securities_regulations")
def rule_144_volume_limit(shares_outstanding: F, weekly_volumes: list[F], outstanding_percent: F) -> F:
    average_volume = sum(weekly_volumes, F(0)) / len(weekly_volumes)
    return F(math.floor(max(outstanding_percent * shares_outstanding, average_volume)))


@reference("securities_regulations")
def schedule_13d_filing_trigger(
    shares_held: F, shares_bought: F, shares_outstanding: F, disclosure_threshold: F
) -> str:
    ownership = as_percent_to_two_places((shares_held + shares_bought) / shares_outstanding)
    return "Schedule 13D required" if ownership > disclosure_threshold else "no filing required"


@reference("securities_regulations")
def short_swing_profit_disgorgement(shares_bought: F, purchase_price: F, shares_sold: F, sale_price: F) -> F:
    return min(shares_bought, shares_sold) * max(sale_price - purchase_price, F(0))
