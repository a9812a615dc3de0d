"""Investment analysis references: compounding, IRR, NPV, return on investment, risk and return."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import mpmath

from tests.generators.finchain.references.exact import (
    Domain,
    annuity_factor,
    internal_rate,
    mp,
    power,
    present_value,
)

REFERENCES = Domain("investment_analysis")
reference = REFERENCES

F = Fraction


# --- compound_interest ----------------------------------------------------------------------------


@reference("compound_interest")
def continuous_versus_monthly_compounding(principal: F, annual_rate: F, years: F) -> Any:
    continuous = mp(principal) * mpmath.exp(mp(annual_rate * years))
    monthly = principal * (1 + annual_rate / 12) ** (12 * int(years))
    return continuous - mp(monthly)


@reference("compound_interest")
def deposit_plus_annual_contributions_against_a_goal(
    initial_deposit: F, yearly_contribution: F, annual_rate: F, years: F, goal: F
) -> F:
    balance = initial_deposit
    for _ in range(int(years)):
        balance = balance * (1 + annual_rate) + yearly_contribution
    return balance - goal


@reference("compound_interest")
def future_value_of_a_single_deposit(principal: F, annual_rate: F, years: F) -> F:
    return principal * (1 + annual_rate) ** int(years)


@reference("compound_interest")
def interest_earned_with_periodic_compounding(
    principal: F, annual_rate: F, periods_per_year: F, years: F
) -> F:
    periods = int(periods_per_year * years)
    return principal * (1 + annual_rate / periods_per_year) ** periods - principal


@reference("compound_interest")
def years_to_reach_a_savings_goal(principal: F, goal: F, annual_rate: F) -> Any:
    return mpmath.log(mp(goal / principal)) / mpmath.log(mp(1 + annual_rate))


# --- internal_rate_of_return ----------------------------------------------------------------------


@reference("internal_rate_of_return")
def accept_or_reject_by_irr_against_a_hurdle_rate(
    investment: F, unit_margin: F, units_year_1: F, units_year_2: F, units_year_3: F, hurdle_rate: F
) -> str:
    flows = [units * unit_margin for units in (units_year_1, units_year_2, units_year_3)]
    # With one sign change, IRR ≥ hurdle exactly when the NPV at the hurdle rate is not negative.
    return "accept" if present_value(hurdle_rate, flows) - investment >= 0 else "reject"


@reference("internal_rate_of_return")
def irr_of_level_annual_savings(machine_price: F, installation_cost: F, annual_savings: F) -> Any:
    return internal_rate([-(machine_price + installation_cost)] + [annual_savings] * 5)


@reference("internal_rate_of_return")
def irr_with_salvage_and_working_capital_recovery(
    equipment_cost: F, working_capital: F, operating_cash_flow: F, salvage_value: F, tax_rate: F
) -> Any:
    final = operating_cash_flow + salvage_value * (1 - tax_rate) + working_capital
    return internal_rate([-(equipment_cost + working_capital)] + [operating_cash_flow] * 3 + [final])


@reference("internal_rate_of_return")
def modified_irr_with_a_mid_life_overhaul(
    investment: F,
    annual_inflow: F,
    life: F,
    overhaul_cost: F,
    overhaul_year: F,
    finance_rate: F,
    reinvestment_rate: F,
) -> Any:
    years = int(life)
    outflows_today = investment + overhaul_cost / (1 + finance_rate) ** int(overhaul_year)
    inflows_at_end = sum(
        (annual_inflow * (1 + reinvestment_rate) ** (years - t) for t in range(1, years + 1)), F(0)
    )
    return power(inflows_at_end / outflows_today, F(1, years)) - 1


@reference("internal_rate_of_return")
def two_year_project_irr_by_the_quadratic_formula(
    investment: F, year_1_cash_flow: F, year_2_cash_flow: F
) -> Any:
    discriminant = mp(year_1_cash_flow**2 + 4 * investment * year_2_cash_flow)
    growth = (mp(year_1_cash_flow) + mpmath.sqrt(discriminant)) / mp(2 * investment)
    return growth - 1


# --- net_present_value ----------------------------------------------------------------------------


@reference("net_present_value")
def choose_between_machines_by_equivalent_annual_annuity(
    cost_a: F,
    life_a: F,
    cash_flow_a: F,
    cost_b: F,
    life_b: F,
    cash_flow_b: F,
    discount_rate: F,
) -> str:
    def equivalent_annuity(cost: F, cash_flow: F, life: F) -> F:
        factor = annuity_factor(discount_rate, int(life))
        return (cash_flow * factor - cost) / factor

    better_a = equivalent_annuity(cost_a, cash_flow_a, life_a) > equivalent_annuity(
        cost_b, cash_flow_b, life_b
    )
    return "machine A" if better_a else "machine B"


@reference("net_present_value")
def npv_of_growing_cash_flows_with_salvage(
    investment: F,
    first_year_cash_flow: F,
    growth_rate: F,
    years: F,
    salvage_value: F,
    discount_rate: F,
) -> F:
    flows = [first_year_cash_flow * (1 + growth_rate) ** (t - 1) for t in range(1, int(years) + 1)]
    flows[-1] += salvage_value
    return present_value(discount_rate, flows) - investment


@reference("net_present_value")
def npv_of_level_cash_flows_after_a_construction_period(
    investment: F, annual_cash_flow: F, construction_years: F, years: F, discount_rate: F
) -> F:
    value_when_built = annual_cash_flow * annuity_factor(discount_rate, int(years))
    return value_when_built / (1 + discount_rate) ** int(construction_years) - investment


@reference("net_present_value")
def npv_of_uneven_cash_flows(investment: F, cash_flows: list[F], discount_rate: F) -> F:
    return present_value(discount_rate, cash_flows) - investment


@reference("net_present_value")
def npv_with_a_depreciation_tax_shield(
    equipment_cost: F,
    life: F,
    annual_revenue: F,
    annual_cash_costs: F,
    tax_rate: F,
    discount_rate: F,
) -> F:
    depreciation = equipment_cost / life
    operating = (annual_revenue - annual_cash_costs) * (1 - tax_rate) + tax_rate * depreciation
    return operating * annuity_factor(discount_rate, int(life)) - equipment_cost


# --- return_on_investment -------------------------------------------------------------------------


@reference("return_on_investment")
def after_tax_annualized_roi_with_commissions(
    shares: F, buy_price: F, sell_price: F, commission: F, tax_rate: F, years: F
) -> Any:
    basis = shares * buy_price + commission
    proceeds = shares * sell_price - commission
    kept = proceeds - tax_rate * (proceeds - basis)
    return power(kept / basis, 1 / years) - 1


@reference("return_on_investment")
def annualized_roi_of_a_stock_with_dividends(
    buy_price: F, sell_price: F, dividends_per_share: F, years: F
) -> Any:
    growth = (sell_price + dividends_per_share) / buy_price
    return power(growth, 1 / years) - 1


@reference("return_on_investment")
def equity_roi_on_a_leveraged_property(
    purchase_price: F, down_payment_rate: F, loan_rate: F, net_rental_income: F, sale_price: F
) -> F:
    cash_in = purchase_price * down_payment_rate
    interest = (purchase_price - cash_in) * loan_rate
    return (sale_price + net_rental_income - purchase_price - interest) / cash_in


@reference("return_on_investment")
def roi_of_a_marketing_campaign(campaign_cost: F, incremental_revenue: F, gross_margin: F) -> F:
    return (incremental_revenue * gross_margin - campaign_cost) / campaign_cost


@reference("return_on_investment")
def roi_on_a_purchase_and_resale(purchase_price: F, sale_price: F) -> F:
    return (sale_price - purchase_price) / purchase_price


# --- risk_and_return ------------------------------------------------------------------------------


@reference("risk_and_return")
def capm_required_return_on_a_portfolio(
    holding_1: F,
    beta_1: F,
    holding_2: F,
    beta_2: F,
    holding_3: F,
    beta_3: F,
    risk_free_rate: F,
    market_return: F,
) -> F:
    beta = (holding_1 * beta_1 + holding_2 * beta_2 + holding_3 * beta_3) / (
        holding_1 + holding_2 + holding_3
    )
    return risk_free_rate + beta * (market_return - risk_free_rate)


@reference("risk_and_return")
def capm_required_return_on_a_stock(risk_free_rate: F, market_return: F, beta: F) -> F:
    return risk_free_rate + beta * (market_return - risk_free_rate)


def scenario_mean(probabilities: list[F], returns: list[F]) -> F:
    return sum((p * r for p, r in zip(probabilities, returns, strict=True)), F(0))


@reference("risk_and_return")
def expected_return_of_stock_and_bills_across_scenarios(
    boom_probability: F,
    recession_probability: F,
    normal_probability: F,
    boom_return: F,
    normal_return: F,
    recession_return: F,
    stock_weight: F,
    risk_free_rate: F,
) -> F:
    stock = scenario_mean(
        [boom_probability, normal_probability, recession_probability],
        [boom_return, normal_return, recession_return],
    )
    return stock_weight * stock + (1 - stock_weight) * risk_free_rate


@reference("risk_and_return")
def sharpe_ratio_of_a_two_asset_portfolio(
    stock_weight: F,
    stock_return: F,
    stock_volatility: F,
    bond_return: F,
    bond_volatility: F,
    correlation: F,
    risk_free_rate: F,
) -> Any:
    bond_weight = 1 - stock_weight
    excess = stock_weight * stock_return + bond_weight * bond_return - risk_free_rate
    variance = (
        (stock_weight * stock_volatility) ** 2
        + (bond_weight * bond_volatility) ** 2
        + 2 * stock_weight * bond_weight * correlation * stock_volatility * bond_volatility
    )
    return mp(excess) / mpmath.sqrt(mp(variance))


@reference("risk_and_return")
def coefficient_of_variation_across_economic_scenarios(
    boom_probability: F,
    recession_probability: F,
    normal_probability: F,
    boom_return: F,
    normal_return: F,
    recession_return: F,
) -> Any:
    probabilities = [boom_probability, normal_probability, recession_probability]
    returns = [boom_return, normal_return, recession_return]
    mean = scenario_mean(probabilities, returns)
    variance = sum((p * (r - mean) ** 2 for p, r in zip(probabilities, returns, strict=True)), F(0))
    return mpmath.sqrt(mp(variance)) / mp(mean)
