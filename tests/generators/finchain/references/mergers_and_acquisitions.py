"""Mergers and acquisitions references: deal structure, diligence, integration, synergies, valuation."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tests.generators.finchain.references.exact import Domain, mp, present_value, solve_for_rate
from tests.generators.finchain.references.exact import round_half_away as rounded

REFERENCES = Domain("mergers_and_acquisitions")
reference = REFERENCES

F = Fraction


def growing_perpetuity(first_payment: F, rate: F, growth: F) -> F:
    """Value one period before the first payment of a perpetuity growing at ``growth``."""
    return first_payment / (rate - growth)


# --- deal_structure -------------------------------------------------------------------------------


@reference("deal_structure")
def eps_accretion_or_dilution_in_a_forecast_year(
    acquirer_eps: F,
    acquirer_shares: F,
    acquirer_price: F,
    acquirer_growth: F,
    target_eps: F,
    target_shares: F,
    target_growth: F,
    offer_price: F,
    pretax_synergies: F,
    tax_rate: F,
    forecast_year: F,
) -> F:
    year = int(forecast_year)
    # Only the share count is rounded (whole shares), as the question says.
    issued = rounded(offer_price * target_shares / acquirer_price, 0)
    acquirer_income = acquirer_eps * acquirer_shares
    for _ in range(year):
        acquirer_income *= 1 + acquirer_growth
    target_income = target_eps * target_shares
    for _ in range(year):
        target_income *= 1 + target_growth
    standalone = acquirer_income / acquirer_shares
    combined = (acquirer_income + target_income + pretax_synergies - pretax_synergies * tax_rate) / (
        acquirer_shares + issued
    )
    return (combined - standalone) / standalone


@reference("deal_structure")
def exchange_ratio_for_an_all_stock_offer(target_price: F, premium: F, acquirer_price: F) -> F:
    return rounded(target_price * (1 + premium), 2) / acquirer_price


@reference("deal_structure")
def expected_present_value_of_a_deal_with_an_earnout(
    upfront_cash: F, earnout_payment: F, earnout_probability: F, earnout_years: F, discount_rate: F
) -> F:
    return upfront_cash + earnout_probability * earnout_payment / (1 + discount_rate) ** int(earnout_years)


@reference("deal_structure")
def premium_of_a_cash_and_stock_offer(
    cash_per_share: F, exchange_ratio: F, acquirer_price: F, target_price: F
) -> F:
    offer_value = cash_per_share + rounded(exchange_ratio * acquirer_price, 2)
    return offer_value / target_price - 1


@reference("deal_structure")
def target_holders_stake_after_a_share_exchange(exchange_ratio: F, target_shares: F, acquirer_shares: F) -> F:
    issued = exchange_ratio * target_shares
    return issued / (acquirer_shares + issued)


# --- due_diligence --------------------------------------------------------------------------------


@reference("due_diligence")
def customer_concentration_screen(
    total_revenue: F, largest_customer: F, second_customer: F, third_customer: F
) -> str:
    largest = rounded(largest_customer / total_revenue, 4)
    top_three = rounded((largest_customer + second_customer + third_customer) / total_revenue, 4)
    return "high concentration" if largest > F(1, 10) or top_three > F(1, 4) else "acceptable"


@reference("due_diligence")
def equity_purchase_price_net_of_a_settlement_paid_in_installments(
    reported_ebitda: F,
    nonrecurring_expenses: F,
    nonrecurring_gains: F,
    ev_multiple: F,
    debt: F,
    cash: F,
    settlement_installment: F,
    installment_years: F,
    discount_rate: F,
) -> F:
    normalized = reported_ebitda + nonrecurring_expenses - nonrecurring_gains
    # Closed-form ordinary annuity: A · (1 − v^n) / r with v = 1 / (1 + r).
    v = 1 / (1 + discount_rate)
    settlement = settlement_installment * (1 - v ** int(installment_years)) / discount_rate
    return ev_multiple * normalized - debt + cash - settlement


@reference("due_diligence")
def normalized_ebitda_after_quality_of_earnings_adjustments(
    reported_ebitda: F, one_time_legal_costs: F, excess_owner_compensation: F, gain_on_asset_sale: F
) -> F:
    return reported_ebitda + one_time_legal_costs + excess_owner_compensation - gain_on_asset_sale


@reference("due_diligence")
def valuation_net_of_expected_contingent_liabilities(
    standalone_value: F,
    lawsuit_claim: F,
    lawsuit_probability: F,
    remediation_cost: F,
    remediation_probability: F,
    tax_assessment: F,
) -> F:
    expected = (
        lawsuit_probability * lawsuit_claim + remediation_probability * remediation_cost + tax_assessment
    )
    return standalone_value - expected


@reference("due_diligence")
def working_capital_adjustment_to_the_purchase_price(
    headline_price: F, receivables: F, inventory: F, payables: F, nwc_peg: F
) -> F:
    return headline_price + (receivables + inventory - payables - nwc_peg)


# --- post_merger_integration ----------------------------------------------------------------------


@reference("post_merger_integration")
def discounted_payback_of_integration_costs(
    target_revenue: F,
    attrition_rate: F,
    gross_margin: F,
    run_rate_savings: F,
    integration_costs: F,
    tax_rate: F,
    discount_rate: F,
) -> Any:
    benefit = mp((run_rate_savings - target_revenue * attrition_rate * gross_margin) * (1 - tax_rate))
    rate = mp(discount_rate)

    # Solve PV(n) = cost for the number of years n by root finding on the annuity's present value.
    def excess(years: Any) -> Any:
        return benefit * (1 - (1 + rate) ** -years) / rate - mp(integration_costs)

    return solve_for_rate(excess, 0.01, 60.0)


@reference("post_merger_integration")
def gross_profit_lost_to_customer_attrition(target_revenue: F, attrition_rate: F, gross_margin: F) -> F:
    return target_revenue * attrition_rate * gross_margin


@reference("post_merger_integration")
def integration_budget_status(
    systems_budget: F, facilities_budget: F, severance_budget: F, actual_spend: F
) -> str:
    budget = systems_budget + facilities_budget + severance_budget
    share = rounded((actual_spend - budget) / budget, 4)
    if share > F(1, 10):
        return "over budget"
    return "under budget" if share < F(-1, 10) else "on budget"


@reference("post_merger_integration")
def net_benefit_of_a_key_employee_retention_plan(
    key_employees: F,
    average_salary: F,
    turnover_without_plan: F,
    turnover_with_plan: F,
    replacement_cost_rate: F,
    bonus_rate: F,
) -> F:
    departures_avoided = key_employees * (turnover_without_plan - turnover_with_plan)
    saved = departures_avoided * replacement_cost_rate * average_salary
    return saved - key_employees * average_salary * bonus_rate


@reference("post_merger_integration")
def payback_period_of_integration_costs(integration_cost: F, gross_savings: F, new_recurring_costs: F) -> F:
    return integration_cost / (gross_savings - new_recurring_costs)


# --- synergies_and_cost_savings -------------------------------------------------------------------


@reference("synergies_and_cost_savings")
def acquirer_net_present_value_of_synergies_over_a_finite_horizon(
    cost_synergies: F,
    revenue_synergies: F,
    synergy_margin: F,
    tax_rate: F,
    synergy_growth: F,
    synergy_years: F,
    discount_rate: F,
    target_price: F,
    target_shares: F,
    premium: F,
    integration_costs: F,
) -> F:
    first_year = (cost_synergies + revenue_synergies * synergy_margin) * (1 - tax_rate)
    flows = []
    flow = first_year
    for _ in range(int(synergy_years)):
        flows.append(flow)
        flow *= 1 + synergy_growth
    return present_value(discount_rate, flows) - premium * target_price * target_shares - integration_costs


@reference("synergies_and_cost_savings")
def maximum_price_per_share_justified_by_synergies(
    target_price: F,
    target_shares: F,
    annual_synergies: F,
    tax_rate: F,
    synergy_growth: F,
    discount_rate: F,
    integration_costs: F,
) -> F:
    synergy_value = growing_perpetuity(annual_synergies * (1 - tax_rate), discount_rate, synergy_growth)
    return target_price + (synergy_value - integration_costs) / target_shares


@reference("synergies_and_cost_savings")
def net_present_value_of_phased_in_cost_synergies(
    run_rate_savings: F, first_year_share: F, second_year_share: F, discount_rate: F, integration_cost: F
) -> F:
    shares = [first_year_share, second_year_share, F(1)]
    value = sum(
        (
            run_rate_savings * share / (1 + discount_rate) ** year
            for year, share in enumerate(shares, start=1)
        ),
        F(0),
    )
    return value - integration_cost


@reference("synergies_and_cost_savings")
def profit_from_cross_selling_revenue_synergies(
    target_customers: F, take_up_rate: F, revenue_per_customer: F, contribution_margin: F
) -> F:
    buyers = rounded(target_customers * take_up_rate, 0)
    return buyers * revenue_per_customer * contribution_margin


@reference("synergies_and_cost_savings")
def value_of_perpetual_cost_synergies(annual_savings: F, tax_rate: F, discount_rate: F) -> F:
    return annual_savings * (1 - tax_rate) / discount_rate


# --- valuation_methods ----------------------------------------------------------------------------


@reference("valuation_methods")
def enterprise_value_from_a_five_year_dcf(forecast_fcf: list[F], wacc: F, growth_rate: F) -> F:
    explicit = sum((fcf / (1 + wacc) ** year for year, fcf in enumerate(forecast_fcf, start=1)), F(0))
    terminal = growing_perpetuity(forecast_fcf[-1] * (1 + growth_rate), wacc, growth_rate)
    return explicit + terminal / (1 + wacc) ** len(forecast_fcf)


@reference("valuation_methods")
def equity_value_from_harmonic_mean_peer_price_earnings_ratio(
    first_peer_pe: F, second_peer_pe: F, third_peer_pe: F, net_income: F
) -> F:
    earnings_yields = [1 / first_peer_pe, 1 / second_peer_pe, 1 / third_peer_pe]
    return 3 / sum(earnings_yields) * net_income


@reference("valuation_methods")
def present_value_of_a_gordon_growth_terminal_value(
    final_year_fcf: F, growth_rate: F, wacc: F, forecast_years: F
) -> F:
    terminal = growing_perpetuity(final_year_fcf * (1 + growth_rate), wacc, growth_rate)
    return terminal / (1 + wacc) ** int(forecast_years)


@reference("valuation_methods")
def share_price_implied_by_precedent_transactions(
    first_deal_multiple: F,
    second_deal_multiple: F,
    third_deal_multiple: F,
    revenue: F,
    debt: F,
    cash: F,
    shares_outstanding: F,
) -> F:
    enterprise = (first_deal_multiple + second_deal_multiple + third_deal_multiple) / 3 * revenue
    return (enterprise - debt + cash) / shares_outstanding


@reference("valuation_methods")
def value_per_share_from_a_two_stage_dcf(
    current_fcf: F,
    high_growth_rate: F,
    high_growth_years: F,
    stable_growth_rate: F,
    wacc: F,
    net_debt: F,
    shares_outstanding: F,
) -> F:
    years = int(high_growth_years)
    flows = [current_fcf * (1 + high_growth_rate) ** t for t in range(1, years + 1)]
    explicit = sum((fcf / (1 + wacc) ** t for t, fcf in enumerate(flows, start=1)), F(0))
    terminal = growing_perpetuity(flows[-1] * (1 + stable_growth_rate), wacc, stable_growth_rate)
    enterprise = explicit + terminal / (1 + wacc) ** years
    return (enterprise - net_debt) / shares_outstanding
