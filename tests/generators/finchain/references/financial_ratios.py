"""Financial ratio references: efficiency, leverage, liquidity and profitability."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import mpmath

from tests.generators.finchain.references.exact import Domain, mp, normal_cdf, power
from tests.generators.finchain.references.exact import round_half_away as rounded

REFERENCES = Domain("financial_ratios")
reference = REFERENCES

F = Fraction
DAYS_IN_YEAR = 365

# --- efficiency_ratios ----------------------------------------------------------------------------


@reference("efficiency_ratios")
def cash_conversion_cycle(revenue: F, cost_of_goods_sold: F, receivables: F, inventory: F, payables: F) -> F:
    inventory_days = rounded(DAYS_IN_YEAR * inventory / cost_of_goods_sold, 2)
    sales_days = rounded(DAYS_IN_YEAR * receivables / revenue, 2)
    payables_days = rounded(DAYS_IN_YEAR * payables / cost_of_goods_sold, 2)
    return inventory_days + sales_days - payables_days


@reference("efficiency_ratios")
def collection_period_on_credit_sales(
    net_sales: F, credit_share: F, beginning_receivables: F, ending_receivables: F
) -> F:
    turnover = rounded(net_sales * credit_share / ((beginning_receivables + ending_receivables) / 2), 4)
    return DAYS_IN_YEAR / turnover


@reference("efficiency_ratios")
def days_of_inventory_on_hand(cost_of_goods_sold: F, beginning_inventory: F, ending_inventory: F) -> F:
    turnover = rounded(cost_of_goods_sold / ((beginning_inventory + ending_inventory) / 2), 4)
    return DAYS_IN_YEAR / turnover


@reference("efficiency_ratios")
def effective_annual_cost_of_trade_credit_at_the_payables_period(
    purchases: F, discount_rate: F, discount_days: F, accounts_payable: F
) -> Any:
    # Forgoing the discount pays the full invoice instead of (1 − d) of it, for the days of credit
    # beyond the discount window; that period repeats 365 / days times a year, compounded.
    days_paid = DAYS_IN_YEAR * accounts_payable / purchases
    return power(1 / (1 - discount_rate), DAYS_IN_YEAR / (days_paid - discount_days)) - 1


@reference("efficiency_ratios")
def total_asset_turnover(revenue: F, beginning_total_assets: F, ending_total_assets: F) -> F:
    return revenue / ((beginning_total_assets + ending_total_assets) / 2)


# --- leverage_ratios ------------------------------------------------------------------------------


@reference("leverage_ratios")
def debt_to_capital_after_a_debt_funded_buyback(
    total_debt: F, shareholders_equity: F, buyback_amount: F
) -> F:
    debt = total_debt + buyback_amount
    return debt / (debt + shareholders_equity - buyback_amount)


@reference("leverage_ratios")
def debt_to_equity_ratio(short_term_debt: F, long_term_debt: F, shareholders_equity: F) -> F:
    return (short_term_debt + long_term_debt) / shareholders_equity


@reference("leverage_ratios")
def years_of_ebitda_growth_to_meet_a_leverage_covenant(
    sales: F,
    variable_cost_ratio: F,
    fixed_costs: F,
    depreciation_and_amortization: F,
    covenant_limit: F,
    debt: F,
    ebitda_growth: F,
) -> Any:
    # n solves EBITDA · (1 + g)ⁿ = debt / cap.
    ebitda = sales - sales * variable_cost_ratio - fixed_costs + depreciation_and_amortization
    return mpmath.log(mp(debt / covenant_limit / ebitda)) / mpmath.log(mp(1 + ebitda_growth))


@reference("leverage_ratios")
def net_debt_to_ebitda_covenant_check(
    ebit: F, depreciation_and_amortization: F, total_debt: F, cash: F, covenant_limit: F
) -> str:
    ratio = rounded((total_debt - cash) / (ebit + depreciation_and_amortization), 2)
    return "within covenant" if ratio <= covenant_limit else "covenant breach"


@reference("leverage_ratios")
def times_interest_earned(revenue: F, operating_costs: F, interest_expense: F) -> F:
    return (revenue - operating_costs) / interest_expense


# --- liquidity_ratios -----------------------------------------------------------------------------


@reference("liquidity_ratios")
def probability_the_quick_ratio_falls_below_one(
    cash: F,
    marketable_securities: F,
    receivables: F,
    accounts_payable: F,
    accrued_liabilities: F,
    monthly_cash_burn: F,
    monthly_volatility: F,
    months: F,
) -> Any:
    # The total outflow over n independent normal months is normal with mean n·μ and variance n·σ²;
    # the ratio ends below 1 when that outflow exceeds quick assets less current liabilities.
    cushion = cash + marketable_securities + receivables - accounts_payable - accrued_liabilities
    mean, variance = months * monthly_cash_burn, months * monthly_volatility**2
    return 1 - normal_cdf(mp(cushion - mean) / mpmath.sqrt(mp(variance)))


@reference("liquidity_ratios")
def current_ratio_covenant_after_paying_suppliers(
    current_assets: F, current_liabilities: F, payment: F, covenant_minimum: F
) -> str:
    ratio = rounded((current_assets - payment) / (current_liabilities - payment), 2)
    return "meets covenant" if ratio >= covenant_minimum else "breaches covenant"


@reference("liquidity_ratios")
def current_ratio_from_the_balance_sheet(cash: F, receivables: F, inventory: F, current_liabilities: F) -> F:
    return (cash + receivables + inventory) / current_liabilities


@reference("liquidity_ratios")
def defensive_interval_in_days(
    cash: F, marketable_securities: F, receivables: F, operating_expenses: F, depreciation: F
) -> F:
    daily_cash_spending = (operating_expenses - depreciation) / DAYS_IN_YEAR
    return (cash + marketable_securities + receivables) / daily_cash_spending


@reference("liquidity_ratios")
def quick_ratio_excluding_inventory(
    current_assets: F, inventory: F, prepaid_expenses: F, current_liabilities: F
) -> F:
    return (current_assets - inventory - prepaid_expenses) / current_liabilities


# --- profitability_ratios -------------------------------------------------------------------------


@reference("profitability_ratios")
def net_profit_margin(
    revenue: F, cost_of_goods_sold: F, operating_expenses: F, interest_expense: F, tax_rate: F
) -> F:
    pre_tax = revenue - cost_of_goods_sold - operating_expenses - interest_expense
    return pre_tax * (1 - tax_rate) / revenue


@reference("profitability_ratios")
def return_on_average_equity(net_income: F, beginning_equity: F, dividends_paid: F) -> F:
    ending_equity = beginning_equity + net_income - dividends_paid  # clean surplus: nothing else moved it
    return net_income / ((beginning_equity + ending_equity) / 2)


@reference("profitability_ratios")
def return_on_invested_capital(ebit: F, tax_rate: F, total_debt: F, shareholders_equity: F, cash: F) -> F:
    return ebit * (1 - tax_rate) / (total_debt + shareholders_equity - cash)


@reference("profitability_ratios")
def roe_gain_from_a_higher_net_margin(
    revenue: F, net_income: F, total_assets: F, shareholders_equity: F, target_margin: F
) -> F:
    margin = rounded(net_income / revenue, 6)
    turnover = rounded(revenue / total_assets, 6)
    multiplier = rounded(total_assets / shareholders_equity, 6)
    return (target_margin - margin) * turnover * multiplier


@reference("profitability_ratios")
def sales_after_years_of_dupont_sustainable_growth(
    sales: F, net_income: F, total_assets: F, shareholders_equity: F, dividends: F, years: F
) -> F:
    # The DuPont factors multiply back to net income over equity; retained earnings grow equity.
    growth = net_income / shareholders_equity * (net_income - dividends) / net_income
    projected = sales
    for _ in range(int(years)):
        projected *= 1 + growth
    return projected
