"""Every stored FinChain answer equals an independent full-precision solve, rounded once.

For each template with a reference solver (tests/generators/finchain/references), 1,000 records
are drawn in one batch, the givens are read back from each record's trace as exact decimals,
the reference computes the answer with fractions or 60-digit mpmath, and the result is rounded
once, half away from zero, to the decimals ``answer_value`` stores (percent answers are stored
as fractions, two more places). ``answer_value`` must equal it exactly; categorical answers
must carry the same label.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import all_generators
from finsynth.seeding import derive_seed
from tests.generators.finchain.references import REFERENCES
from tests.generators.finchain.references.exact import givens_of, round_half_away, solve

SEEDS = 1_000

TEMPLATES = {
    generator.info.id: generator
    for generator in all_generators("finchain")
    if isinstance(generator, FinChainGenerator)
}

# Templates whose stored answers differ from the full-precision solve on some of the 1,000 seeds
# today, for one of two engine faults named in issue #13: each step is rounded to its displayed
# decimals and the rounded value fed forward although the question does not say so, or an exact
# half is rounded the wrong way because the decision is made on a float's repr. The engine fix of
# issue #13 empties this set; a template listed here that agrees on every seed fails the test, so
# the set can only shrink.
KNOWN_INTERMEDIATE_ROUNDING: frozenset[str] = frozenset(
    "finchain/" + name
    for name in (
        "corporate_finance/capital_structure/cost_of_equity_under_mm_proposition_ii_with_taxes",
        "corporate_finance/dividend_policies/sustainable_growth_rate_from_retention",
        "corporate_finance/weighted_average_cost_of_capital/after_tax_cost_of_debt_from_a_bond_price",
        "corporate_finance/weighted_average_cost_of_capital/cost_of_equity_by_the_dividend_growth_model",
        "corporate_finance/weighted_average_cost_of_capital/wacc_from_capm_and_market_prices",
        "corporate_finance/weighted_average_cost_of_capital/wacc_from_market_values",
        "crypto_finance/crypto_regulation/after_tax_proceeds_from_short_and_long_term_lots",
        "crypto_finance/decentralized_finance/liquidation_price_after_interest_accrues",
        "crypto_finance/decentralized_finance/liquidity_provider_return_net_of_impermanent_loss",
        "crypto_finance/global_events_impact/expected_price_from_event_beta",
        "crypto_finance/global_events_impact/portfolio_loss_from_an_event_shock",
        "crypto_finance/global_events_impact/scenario_weighted_portfolio_change_after_an_event",
        "crypto_finance/sentiment_analysis/exponentially_smoothed_sentiment",
        "crypto_finance/tokenomics/real_staking_yield_after_token_inflation",
        "finance_regulation/aml_regulations/review_cost_per_suspicious_activity_report",
        "finance_regulation/kyc_requirements/indirect_ownership_through_a_holding_company",
        "financial_markets/bond_pricing/price_of_a_semiannual_coupon_bond",
        "financial_markets/bond_pricing/price_of_a_zero_coupon_bond",
        "financial_markets/forex_trading/forward_points_from_covered_interest_parity",
        "financial_markets/forex_trading/yen_from_euros_through_a_cross_rate",
        "financial_markets/option_pricing/black_scholes_straddle_cost",
        "financial_markets/option_pricing/put_price_from_put_call_parity",
        "financial_markets/stock_market_analysis/gordon_growth_value_of_a_stock",
        "financial_markets/stock_market_analysis/margin_call_price_of_a_leveraged_purchase",
        "financial_markets/stock_market_analysis/price_weighted_index_divisor_after_a_split",
        "financial_ratios/efficiency_ratios/cash_conversion_cycle",
        "financial_ratios/efficiency_ratios/interest_saved_by_tightening_working_capital",
        "financial_ratios/leverage_ratios/eps_change_from_financial_leverage",
        "financial_ratios/profitability_ratios/sales_needed_for_a_target_return_on_equity",
        "financial_reporting/depreciation_and_amortization/declining_balance_expense_in_a_given_year",
        "financial_reporting/depreciation_and_amortization/straight_line_first_year_with_monthly_proration",
        "financial_reporting/depreciation_and_amortization/units_of_production_expense_for_a_year",
        "fintech/digital_banking/customer_lifetime_value_to_acquisition_cost",
        "fintech/digital_banking/payback_period_of_customer_acquisition_cost",
        "fintech/payment_technologies/annual_savings_from_shifting_payments_to_ach",
        "fintech/payment_technologies/merchant_fee_under_interchange_plus_pricing",
        "fintech/robo_advisors/after_tax_value_of_tax_loss_harvesting",
        "investment_analysis/compound_interest/continuous_versus_monthly_compounding",
        "investment_analysis/compound_interest/deposit_plus_annual_contributions_against_a_goal",
        "investment_analysis/compound_interest/future_value_of_a_single_deposit",
        "investment_analysis/compound_interest/interest_earned_with_periodic_compounding",
        "investment_analysis/compound_interest/years_to_reach_a_savings_goal",
        "investment_analysis/internal_rate_of_return/modified_irr_with_a_mid_life_overhaul",
        "investment_analysis/net_present_value/npv_of_growing_cash_flows_with_salvage",
        "investment_analysis/net_present_value/npv_of_level_annual_cash_flows",
        "investment_analysis/net_present_value/npv_with_a_depreciation_tax_shield",
        "investment_analysis/risk_and_return/capm_required_return_on_a_stock",
        "mergers_and_acquisitions/deal_structure/eps_accretion_or_dilution_of_a_stock_acquisition",
        "mergers_and_acquisitions/deal_structure/exchange_ratio_for_an_all_stock_offer",
        "mergers_and_acquisitions/deal_structure/expected_present_value_of_a_deal_with_an_earnout",
        "mergers_and_acquisitions/post_merger_integration/net_benefit_of_a_key_employee_retention_plan",
        "mergers_and_acquisitions/synergies_and_cost_savings/profit_from_cross_selling_revenue_synergies",
        "mergers_and_acquisitions/valuation_methods/enterprise_value_from_a_five_year_dcf",
        "mergers_and_acquisitions/valuation_methods/equity_value_from_average_peer_price_earnings_ratio",
        "mergers_and_acquisitions/valuation_methods/present_value_of_a_gordon_growth_terminal_value",
        "mergers_and_acquisitions/valuation_methods/share_price_implied_by_precedent_transactions",
        "personal_finance/budgeting/next_year_savings_rate_after_a_raise_and_inflation",
        "personal_finance/loan_repayments/balance_owed_after_some_payments",
        "personal_finance/loan_repayments/months_saved_by_paying_extra_each_month",
        "personal_finance/loan_repayments/principal_repaid_by_the_first_payment",
        "personal_finance/personal_investment/real_after_tax_value_of_an_investment",
        "personal_finance/personal_investment/rebalancing_trade_after_a_year",
        "personal_finance/saving_and_retirement_planning/employer_match_value_at_retirement",
        "personal_finance/saving_and_retirement_planning/monthly_saving_needed_for_a_goal",
        "personal_finance/saving_and_retirement_planning/sustainable_monthly_retirement_income",
        "personal_finance/tax_calculation/marginal_rate_minus_average_rate",
        "risk_management/risk_appetite/largest_portfolio_within_a_ruin_probability",
        "risk_management/risk_appetite/probability_of_a_loss_beyond_tolerance",
        "risk_management/risk_appetite/stop_loss_price_from_a_loss_limit",
        "risk_management/risk_metrics/annualized_volatility_from_monthly_returns",
        "risk_management/risk_metrics/beta_from_correlation_and_volatilities",
        "risk_management/risk_metrics/sharpe_ratio",
        "risk_management/risk_metrics/sortino_ratio_from_annual_returns",
        "risk_management/scenario_planning/expected_npv_across_demand_scenarios",
        "risk_management/stress_testing/bond_loss_with_duration_and_convexity",
        "risk_management/value_at_risk/diversification_benefit_of_two_positions",
        "risk_management/value_at_risk/expected_shortfall_beyond_var",
        "risk_management/value_at_risk/multi_day_var_by_square_root_of_time",
        "risk_management/value_at_risk/one_day_parametric_var",
        "risk_management/value_at_risk/var_with_expected_return_from_annual_figures",
        "sustainable_finance/carbon_credits/hedging_allowance_purchases_with_a_forward",
        "sustainable_finance/esg_investing/return_cost_of_meeting_an_esg_score_target",
        "sustainable_finance/esg_investing/weighted_average_carbon_intensity",
        "sustainable_finance/green_bonds/greenium_against_an_interpolated_conventional_curve",
        "sustainable_finance/green_bonds/price_of_a_green_bond_from_its_conventional_twin",
        "sustainable_finance/social_impact_investing/blended_return_with_an_impact_allocation",
        "sustainable_finance/sustainability_reporting/annual_reduction_rate_to_meet_a_target",
        "sustainable_finance/sustainability_reporting/scope_3_estimate_and_intensity_change",
    )
)


def stored_decimals(record: dict[str, Any]) -> int:
    """Decimals ``answer_value`` carries: percentages are stored as fractions, two places more."""
    decimals: int = record["answer_decimals"]
    return decimals + 2 if record["answer_unit"] == "%" else decimals


def disagreements(template_id: str, seeds: int = SEEDS) -> list[tuple[int, Fraction | str, Fraction | str]]:
    """``(seed, stored, reference)`` for each seed whose stored answer differs from the reference."""
    generator = TEMPLATES[template_id]
    solver = REFERENCES[template_id]
    names = np.array([derive_seed("exact-reference", index, "names") for index in range(seeds)], np.uint64)
    values = np.array([derive_seed("exact-reference", index, "values") for index in range(seeds)], np.uint64)
    records = generator.records([f"exact-reference-{index}" for index in range(seeds)], names, values)
    found: list[tuple[int, Fraction | str, Fraction | str]] = []
    for index, record in enumerate(records):
        answer = solve(solver, givens_of(record["trace"]))
        if record["answer_label"] is not None:
            if answer != record["answer_label"]:
                found.append((index, record["answer_label"], str(answer)))
            continue
        assert not isinstance(answer, str), f"{template_id}: numeric answer but the reference gave a label"
        expected = round_half_away(answer, stored_decimals(record))
        stored = Fraction(Decimal(repr(record["answer_value"])))
        if stored != expected:
            found.append((index, stored, expected))
    return found


def described(found: list[tuple[int, Fraction | str, Fraction | str]]) -> str:
    return "; ".join(
        f"seed {index}: stored {stored if isinstance(stored, str) else float(stored)!r}, "
        f"reference {expected if isinstance(expected, str) else float(expected)!r}"
        for index, stored, expected in found[:5]
    )


@pytest.mark.slow
@pytest.mark.parametrize("template_id", sorted(REFERENCES))
def test_stored_answer_equals_the_exact_reference(template_id: str) -> None:
    found = disagreements(template_id)
    if template_id in KNOWN_INTERMEDIATE_ROUNDING:
        assert found, f"{template_id} now matches its reference on every seed: remove it from the known set"
    else:
        assert not found, f"{len(found)} of {SEEDS} seeds differ: {described(found)}"


def test_known_disagreements_have_references() -> None:
    assert set(REFERENCES) >= KNOWN_INTERMEDIATE_ROUNDING


def test_every_registered_template_has_a_reference() -> None:
    assert sorted(set(TEMPLATES) - set(REFERENCES)) == [], "templates without a reference"
    assert sorted(set(REFERENCES) - set(TEMPLATES)) == [], "references to templates that are not registered"
