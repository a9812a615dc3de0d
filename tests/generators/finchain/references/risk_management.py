"""Risk management references: bank capital, risk appetite, risk metrics, scenarios, stress tests, VaR.

Normal quantiles come from mpmath's inverse error function and probabilities from its normal cdf,
at 60 digits; nothing is read from a z table unless the question says so.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import mpmath

from tests.generators.finchain.references.exact import (
    Domain,
    annuity_factor,
    mp,
    normal_cdf,
    normal_quantile,
    solve_for_rate,
)
from tests.generators.finchain.references.exact import round_half_away as rounded

REFERENCES = Domain("risk_management")
reference = REFERENCES

F = Fraction
BASIS_POINTS = 10_000


def sample_standard_deviation(values: list[F]) -> Any:
    mean = sum(values, F(0)) / len(values)
    return mpmath.sqrt(mp(sum(((v - mean) ** 2 for v in values), F(0)) / (len(values) - 1)))


# --- regulatory_compliance ------------------------------------------------------------------------


@reference("regulatory_compliance")
def cet1_capital_surplus_over_the_combined_requirement(
    cet1_capital: F, risk_weighted_assets: F, minimum_ratio: F, conservation_buffer: F, gsib_surcharge: F
) -> F:
    return cet1_capital - (minimum_ratio + conservation_buffer + gsib_surcharge) * risk_weighted_assets


@reference("regulatory_compliance")
def leverage_ratio_surplus(
    cet1_capital: F,
    additional_tier1: F,
    on_balance_exposure: F,
    off_balance_commitments: F,
    conversion_factor: F,
    minimum_leverage: F,
) -> F:
    exposure = on_balance_exposure + conversion_factor * off_balance_commitments
    return cet1_capital + additional_tier1 - minimum_leverage * exposure


@reference("regulatory_compliance")
def liquidity_coverage_ratio(liquid_assets: F, stressed_outflows: F, stressed_inflows: F, inflow_cap: F) -> F:
    return liquid_assets / (stressed_outflows - min(stressed_inflows, inflow_cap * stressed_outflows))


@reference("regulatory_compliance")
def years_to_rebuild_the_conservation_buffer_at_the_permitted_payout(
    common_equity: F,
    regulatory_deductions: F,
    risk_weighted_assets: F,
    minimum_ratio: F,
    conservation_buffer: F,
    return_on_cet1: F,
    rwa_growth: F,
) -> Any:
    ratio = (common_equity - regulatory_deductions) / risk_weighted_assets
    headroom = ratio - minimum_ratio
    payout = F(1)
    for quarters, limit in ((4, F(60, 100)), (3, F(40, 100)), (2, F(20, 100)), (1, F(0))):
        if headroom <= conservation_buffer * quarters / 4:
            payout = limit
    capital_growth = mp(1 + return_on_cet1 * (1 - payout))
    assets_growth = mp(1 + rwa_growth)
    target = mp(minimum_ratio + conservation_buffer)

    # Capital and RWA compound separately; find the (fractional) year their ratio hits the target.
    def excess(years: Any) -> Any:
        return mp(ratio) * capital_growth**years / assets_growth**years - target

    return solve_for_rate(excess, 0.0, 40.0)


@reference("regulatory_compliance")
def total_capital_surplus_over_the_requirement_with_the_buffer(
    mortgage_loans: F,
    retail_loans: F,
    corporate_loans: F,
    mortgage_weight: F,
    retail_weight: F,
    corporate_weight: F,
    cet1_capital: F,
    additional_tier1: F,
    tier2_capital: F,
    minimum_total_ratio: F,
    conservation_buffer: F,
) -> F:
    weighted = (
        mortgage_loans * mortgage_weight + retail_loans * retail_weight + corporate_loans * corporate_weight
    )
    return (
        cet1_capital
        + additional_tier1
        + tier2_capital
        - (minimum_total_ratio + conservation_buffer) * weighted
    )


# --- risk_appetite --------------------------------------------------------------------------------


@reference("risk_appetite")
def largest_portfolio_within_a_ruin_probability(
    capital_buffer: F, expected_return: F, volatility: F, tolerance_probability: F, horizon_months: F
) -> Any:
    horizon = horizon_months / 12
    z = normal_quantile(1 - tolerance_probability)
    loss_per_dollar = z * mp(volatility) * mpmath.sqrt(mp(horizon)) - mp(expected_return * horizon)
    return mp(capital_buffer) / loss_per_dollar


@reference("risk_appetite")
def loss_headroom_under_a_board_appetite(equity_capital: F, loss_appetite: F, estimated_loss: F) -> F:
    return loss_appetite * equity_capital - estimated_loss


@reference("risk_appetite")
def probability_of_a_loss_beyond_tolerance(
    portfolio_value: F, expected_return: F, volatility: F, loss_tolerance: F
) -> Any:
    return normal_cdf((-loss_tolerance / portfolio_value - expected_return) / volatility)


@reference("risk_appetite")
def stop_loss_price_from_a_loss_limit(shares: F, purchase_price: F, max_loss: F) -> F:
    return purchase_price - max_loss / shares


@reference("risk_appetite")
def var_limit_utilization_status(
    position_value: F, daily_volatility: F, confidence: F, var_limit: F, warning_level: F
) -> str:
    value_at_risk = rounded(normal_quantile(confidence) * mp(daily_volatility * position_value), 2)
    utilization = rounded(value_at_risk / var_limit, 4)
    if utilization > 1:
        return "breach"
    return "early warning" if utilization >= warning_level else "within appetite"


# --- risk_metrics ---------------------------------------------------------------------------------


@reference("risk_metrics")
def annualized_volatility_from_monthly_returns(monthly_returns: list[F]) -> Any:
    return sample_standard_deviation(monthly_returns) * mpmath.sqrt(12)


@reference("risk_metrics")
def beta_from_correlation_and_volatilities(correlation: F, stock_volatility: F, market_volatility: F) -> F:
    return correlation * stock_volatility * market_volatility / market_volatility**2


@reference("risk_metrics")
def information_ratio_against_a_benchmark(portfolio_returns: list[F], benchmark_returns: list[F]) -> Any:
    active = [p - b for p, b in zip(portfolio_returns, benchmark_returns, strict=True)]
    return mp(sum(active, F(0)) / len(active)) / sample_standard_deviation(active)


@reference("risk_metrics")
def sharpe_ratio(portfolio_return: F, risk_free_rate: F, volatility: F) -> F:
    return (portfolio_return - risk_free_rate) / volatility


@reference("risk_metrics")
def sortino_ratio_from_annual_returns(annual_returns: list[F], target_return: F) -> Any:
    count = len(annual_returns)
    shortfalls = sum((min(r - target_return, F(0)) ** 2 for r in annual_returns), F(0)) / count
    return mp(sum(annual_returns, F(0)) / count - target_return) / mpmath.sqrt(mp(shortfalls))


# --- scenario_planning ----------------------------------------------------------------------------


@reference("scenario_planning")
def expected_operating_income_from_scenario_revenues(
    boom_probability: F,
    recession_probability: F,
    base_probability: F,
    boom_revenue: F,
    base_revenue: F,
    recession_revenue: F,
    variable_cost_ratio: F,
    fixed_costs: F,
) -> F:
    # Operating income scenario by scenario, then its expectation (equal to that of the expected revenue).
    incomes = [
        (probability, revenue * (1 - variable_cost_ratio) - fixed_costs)
        for probability, revenue in (
            (boom_probability, boom_revenue),
            (base_probability, base_revenue),
            (recession_probability, recession_revenue),
        )
    ]
    return sum((probability * income for probability, income in incomes), F(0))


@reference("scenario_planning")
def expected_npv_across_demand_scenarios(
    initial_investment: F,
    strong_cash_flow: F,
    weak_cash_flow: F,
    strong_probability: F,
    weak_probability: F,
    years: F,
    discount_rate: F,
) -> F:
    factor = annuity_factor(discount_rate, int(years))
    strong = strong_cash_flow * factor - initial_investment
    weak = weak_cash_flow * factor - initial_investment
    return strong_probability * strong + weak_probability * weak


@reference("scenario_planning")
def shortfall_probability_from_scenario_returns(
    boom_probability: F,
    recession_probability: F,
    boom_return: F,
    base_return: F,
    recession_return: F,
    threshold_return: F,
) -> Any:
    scenarios = [
        (boom_probability, boom_return),
        (1 - boom_probability - recession_probability, base_return),
        (recession_probability, recession_return),
    ]
    mean = sum((p * r for p, r in scenarios), F(0))
    # Variance as E[R²] − E[R]².
    variance = sum((p * r * r for p, r in scenarios), F(0)) - mean * mean
    return normal_cdf((mp(threshold_return) - mp(mean)) / mpmath.sqrt(mp(variance)))


@reference("scenario_planning")
def operating_profit_in_a_downside_scenario(
    base_revenue: F, revenue_decline: F, variable_cost_ratio: F, fixed_costs: F
) -> F:
    revenue = base_revenue * (1 - revenue_decline)
    return revenue - variable_cost_ratio * revenue - fixed_costs


@reference("scenario_planning")
def credit_line_needed_in_the_downturn_scenario(
    opening_cash: F, downturn_cash_flow: F, debt_due: F, capital_spending: F, minimum_cash: F
) -> F:
    year_end_cash = opening_cash + downturn_cash_flow - debt_due - capital_spending
    return max(F(0), minimum_cash - year_end_cash)


# --- sensitivity_analysis -------------------------------------------------------------------------


@reference("sensitivity_analysis")
def degree_of_operating_leverage(units_sold: F, unit_price: F, unit_variable_cost: F, fixed_costs: F) -> F:
    contribution = units_sold * (unit_price - unit_variable_cost)
    return contribution / (contribution - fixed_costs)


@reference("sensitivity_analysis")
def net_income_impact_of_a_floating_rate_rise(floating_debt: F, rate_increase: F, tax_rate: F) -> F:
    return floating_debt * rate_increase / BASIS_POINTS * (1 - tax_rate)


@reference("sensitivity_analysis")
def price_elasticity_of_operating_profit(
    units_sold: F, unit_price: F, unit_variable_cost: F, fixed_costs: F, price_change: F
) -> F:
    profit = units_sold * (unit_price - unit_variable_cost) - fixed_costs
    # "as a percentage to four decimal places": six decimals of the fraction.
    profit_change = rounded(units_sold * unit_price * price_change / profit, 6)
    return profit_change / price_change


@reference("sensitivity_analysis")
def switching_value_of_annual_cash_flow(
    initial_investment: F, annual_cash_flow: F, years: F, discount_rate: F
) -> F:
    break_even = initial_investment / annuity_factor(discount_rate, int(years))
    return 1 - break_even / annual_cash_flow


@reference("sensitivity_analysis")
def tornado_ranking_of_two_npv_drivers(
    annual_cash_flow: F,
    years: F,
    discount_rate: F,
    cash_flow_shortfall: F,
    rate_increase: F,
) -> str:
    periods = int(years)
    base = annuity_factor(discount_rate, periods)
    cash_flow_swing = annual_cash_flow * cash_flow_shortfall * base
    rate_swing = annual_cash_flow * (
        base - annuity_factor(discount_rate + rate_increase / BASIS_POINTS, periods)
    )
    return "annual cash flow" if cash_flow_swing > rate_swing else "discount rate"


# --- stress_testing -------------------------------------------------------------------------------


@reference("stress_testing")
def bond_loss_with_duration_and_convexity(
    bond_value: F, modified_duration: F, convexity: F, rate_shock: F
) -> F:
    shift = rate_shock / BASIS_POINTS
    return bond_value * (modified_duration * shift - convexity * shift**2 / 2)


@reference("stress_testing")
def equity_loss_under_a_market_crash(portfolio_value: F, beta: F, market_decline: F) -> F:
    return portfolio_value * beta * abs(market_decline)


@reference("stress_testing")
def extra_credit_loss_from_stressed_default_rates(
    loan_exposure: F, baseline_default_rate: F, stressed_default_rate: F, loss_given_default: F
) -> F:
    return loan_exposure * loss_given_default * (stressed_default_rate - baseline_default_rate)


@reference("stress_testing")
def post_stress_cet1_ratio(
    cet1_capital: F,
    risk_weighted_assets: F,
    loan_book: F,
    stressed_default_rate: F,
    loss_given_default: F,
    equity_holdings: F,
    equity_shock: F,
) -> F:
    losses = loan_book * stressed_default_rate * loss_given_default + equity_holdings * equity_shock
    return (cet1_capital - losses) / risk_weighted_assets


@reference("stress_testing")
def probability_of_staying_above_the_minimum_under_the_vasicek_model(
    cet1_capital: F,
    risk_weighted_assets: F,
    minimum_ratio: F,
    pre_provision_profit: F,
    loan_book: F,
    loss_given_default: F,
    average_default_probability: F,
    asset_correlation: F,
) -> Any:
    capacity = cet1_capital + pre_provision_profit - minimum_ratio * risk_weighted_assets
    breaking_rate = capacity / (loan_book * loss_given_default)
    # Vasicek: DR = N((N⁻¹(PD) + √ρ · Z) / √(1 − ρ)) with Z the systematic factor's adverse draw; DR ≤ d*
    # exactly when Z ≤ (√(1 − ρ) N⁻¹(d*) − N⁻¹(PD)) / √ρ.
    rho = mp(asset_correlation)
    factor = (
        mpmath.sqrt(1 - rho) * normal_quantile(breaking_rate) - normal_quantile(average_default_probability)
    ) / (mpmath.sqrt(rho))
    return normal_cdf(factor)


# --- value_at_risk --------------------------------------------------------------------------------


@reference("value_at_risk")
def diversification_benefit_of_two_positions(
    equity_position: F,
    equity_volatility: F,
    bond_position: F,
    bond_volatility: F,
    correlation: F,
    confidence: F,
) -> Any:
    z = normal_quantile(confidence)
    equity_var = z * mp(equity_position * equity_volatility)
    bond_var = z * mp(bond_position * bond_volatility)
    combined = mpmath.sqrt(equity_var**2 + bond_var**2 + 2 * mp(correlation) * equity_var * bond_var)
    return equity_var + bond_var - combined


@reference("value_at_risk")
def expected_shortfall_beyond_var(
    portfolio_value: F, daily_volatility: F, confidence: F, horizon_days: F
) -> Any:
    dollar_volatility = mp(portfolio_value * daily_volatility) * mpmath.sqrt(mp(horizon_days))
    z = normal_quantile(confidence)
    density = mpmath.npdf(z)
    return dollar_volatility * (density / mp(1 - confidence) - z)


@reference("value_at_risk")
def var_rescaled_to_another_confidence_and_horizon(
    reported_var: F, reported_confidence: F, target_confidence: F, horizon_days: F
) -> Any:
    dollar_volatility = mp(reported_var) / normal_quantile(reported_confidence)
    return normal_quantile(target_confidence) * dollar_volatility * mpmath.sqrt(mp(horizon_days))


@reference("value_at_risk")
def one_day_parametric_var(portfolio_value: F, daily_volatility: F, confidence: F) -> Any:
    return normal_quantile(confidence) * mp(daily_volatility * portfolio_value)


@reference("value_at_risk")
def var_with_expected_return_from_annual_figures(
    portfolio_value: F,
    annual_return: F,
    annual_volatility: F,
    confidence: F,
    horizon_days: F,
    trading_days: F,
) -> Any:
    horizon = horizon_days / trading_days
    per_dollar = normal_quantile(confidence) * mp(annual_volatility) * mpmath.sqrt(mp(horizon))
    return (per_dollar - mp(annual_return * horizon)) * mp(portfolio_value)
