"""Financial reporting references: balance sheets, cash flow statements, depreciation, income statements."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import mpmath

from tests.generators.finchain.references.exact import Domain, mp, present_value
from tests.generators.finchain.references.exact import round_half_away as rounded

REFERENCES = Domain("financial_reporting")
reference = REFERENCES

F = Fraction

# --- balance_sheets -------------------------------------------------------------------------------


@reference("balance_sheets")
def book_value_per_common_share(
    total_assets: F, total_liabilities: F, preferred_equity: F, common_shares: F
) -> F:
    return (total_assets - total_liabilities - preferred_equity) / common_shares


@reference("balance_sheets")
def carrying_amount_of_bonds_payable_under_the_effective_interest_method(
    face_value: F, coupon_rate: F, market_yield: F, term_years: F, years_elapsed: F
) -> F:
    # Amortize year by year from the issue price: interest expense at the issue yield on the
    # carrying amount, less the coupon paid, accretes (or amortizes) the discount (or premium).
    coupon = face_value * coupon_rate
    carrying = present_value(market_yield, [coupon] * (int(term_years) - 1) + [coupon + face_value])
    for _ in range(int(years_elapsed)):
        carrying += carrying * market_yield - coupon
    return carrying


@reference("balance_sheets")
def ending_retained_earnings(
    beginning_retained_earnings: F, net_income: F, preferred_dividends: F, common_dividends: F
) -> F:
    return beginning_retained_earnings + net_income - preferred_dividends - common_dividends


@reference("balance_sheets")
def net_working_capital_from_a_classified_balance_sheet(
    cash: F,
    marketable_securities: F,
    receivables: F,
    inventory: F,
    prepaid_expenses: F,
    accounts_payable: F,
    accrued_liabilities: F,
    current_portion_of_debt: F,
) -> F:
    current_assets = cash + marketable_securities + receivables + inventory + prepaid_expenses
    return current_assets - (accounts_payable + accrued_liabilities + current_portion_of_debt)


@reference("balance_sheets")
def stockholders_equity_from_the_accounting_equation(
    cash: F, receivables: F, inventory: F, net_ppe: F, accounts_payable: F, long_term_debt: F
) -> F:
    return cash + receivables + inventory + net_ppe - accounts_payable - long_term_debt


# --- cash_flow_statements -------------------------------------------------------------------------


@reference("cash_flow_statements")
def capital_expenditure_from_ppe_rollforward(
    ppe_begin: F, ppe_end: F, depreciation: F, book_value_sold: F, sale_proceeds: F
) -> F:
    purchases = ppe_end - ppe_begin + depreciation + book_value_sold
    return sale_proceeds - purchases


@reference("cash_flow_statements")
def present_value_of_growing_free_cash_flow_from_the_indirect_method(
    net_income: F,
    depreciation: F,
    loss_on_sale: F,
    receivables_increase: F,
    inventory_increase: F,
    payables_increase: F,
    capital_expenditures: F,
    growth_rate: F,
    discount_rate: F,
    years: F,
) -> F:
    operating = (
        net_income
        + depreciation
        + loss_on_sale
        - receivables_increase
        - inventory_increase
        + payables_increase
    )
    free = operating - capital_expenditures
    # A growing annuity: C₁ / (r − g) · (1 − ((1 + g) / (1 + r))ⁿ), or n · C₁ / (1 + r) when g = r.
    first = free * (1 + growth_rate)
    if growth_rate == discount_rate:
        return years * first / (1 + discount_rate)
    ratio = (1 + growth_rate) / (1 + discount_rate)
    return first / (discount_rate - growth_rate) * (1 - ratio ** int(years))


@reference("cash_flow_statements")
def net_cash_from_investing_activities(
    capital_expenditures: F, equipment_sale_proceeds: F, securities_purchased: F, securities_sold: F
) -> F:
    return equipment_sale_proceeds + securities_sold - capital_expenditures - securities_purchased


@reference("cash_flow_statements")
def operating_cash_flow_from_comparative_balances(
    net_income: F,
    depreciation: F,
    gain_on_sale: F,
    receivables_begin: F,
    receivables_end: F,
    inventory_begin: F,
    inventory_end: F,
    payables_begin: F,
    payables_end: F,
) -> F:
    working_capital_change = (
        -(receivables_end - receivables_begin)
        - (inventory_end - inventory_begin)
        + (payables_end - payables_begin)
    )
    return net_income + depreciation - gain_on_sale + working_capital_change


@reference("cash_flow_statements")
def operating_cash_flow_from_reported_changes(
    net_income: F, depreciation: F, receivables_increase: F, inventory_increase: F, payables_increase: F
) -> F:
    return net_income + depreciation - receivables_increase - inventory_increase + payables_increase


# --- depreciation_and_amortization ----------------------------------------------------------------


def sum_of_years_digits_share(useful_life: F, year: int) -> F:
    """Year ``year``'s share of the depreciable base: remaining life over the sum of the digits."""
    life = int(useful_life)
    return F(life - year + 1, life * (life + 1) // 2)


@reference("depreciation_and_amortization")
def declining_balance_expense_in_a_given_year(cost: F, salvage: F, useful_life: F, method: F, year: F) -> F:
    rate = method / useful_life
    book = cost
    expense = F(0)
    for _ in range(int(year)):
        expense = max(min(book * rate, book - salvage), F(0))
        book -= expense
    return expense


@reference("depreciation_and_amortization")
def gain_or_loss_on_sale_after_declining_balance_depreciation(
    cost: F, salvage: F, useful_life: F, method: F, years_held: F, sale_price: F
) -> F:
    book = cost
    for _ in range(int(years_held)):
        book -= max(min(book * method / useful_life, book - salvage), F(0))
    return sale_price - book


@reference("depreciation_and_amortization")
def straight_line_first_year_with_monthly_proration(cost: F, salvage: F, useful_life: F, start_month: F) -> F:
    # The option's value is the number of months in service in the first fiscal year.
    return (cost - salvage) / useful_life * start_month / 12


@reference("depreciation_and_amortization")
def sum_of_years_digits_expense_in_a_given_year(cost: F, salvage: F, useful_life: F, year: F) -> F:
    return (cost - salvage) * sum_of_years_digits_share(useful_life, int(year))


@reference("depreciation_and_amortization")
def units_of_production_expense_for_a_year(cost: F, salvage: F, lifetime_units: F, units_this_year: F) -> F:
    return (cost - salvage) * units_this_year / lifetime_units


# --- income_statements ----------------------------------------------------------------------------


@reference("income_statements")
def compound_annual_eps_growth_from_a_multi_step_income_statement(
    gross_sales: F,
    sales_returns: F,
    cost_of_goods_sold: F,
    operating_expenses: F,
    interest_expense: F,
    tax_rate: F,
    preferred_dividends: F,
    weighted_shares: F,
    earlier_eps: F,
    years: F,
) -> Any:
    pretax = gross_sales - sales_returns - cost_of_goods_sold - operating_expenses - interest_expense
    reported_eps = rounded((pretax - pretax * tax_rate - preferred_dividends) / weighted_shares, 2)
    # The rate g with earlier EPS · (1 + g)ⁿ = reported EPS.
    return mpmath.root(mp(reported_eps / earlier_eps), int(years)) - 1


@reference("income_statements")
def ebitda_margin_rebuilt_from_net_income(
    revenue: F,
    net_income: F,
    income_tax_expense: F,
    interest_expense: F,
    depreciation: F,
    amortization: F,
) -> F:
    return (net_income + income_tax_expense + interest_expense + depreciation + amortization) / revenue


@reference("income_statements")
def gross_profit_margin(revenue: F, cost_of_goods_sold: F) -> F:
    return (revenue - cost_of_goods_sold) / revenue


@reference("income_statements")
def gross_profit_with_periodic_inventory(
    net_sales: F, beginning_inventory: F, purchases: F, freight_in: F, ending_inventory: F
) -> F:
    return net_sales - (beginning_inventory + purchases + freight_in - ending_inventory)


@reference("income_statements")
def operating_income_from_expense_lines(
    revenue: F,
    cost_of_goods_sold: F,
    selling_general_admin: F,
    research_and_development: F,
    depreciation: F,
) -> F:
    return revenue - cost_of_goods_sold - selling_general_admin - research_and_development - depreciation
