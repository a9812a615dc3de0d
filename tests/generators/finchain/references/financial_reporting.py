"""Financial reporting references: balance sheets, cash flow statements, depreciation, income statements."""

from __future__ import annotations

from fractions import Fraction

from tests.generators.finchain.references.exact import Domain

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
def ending_equity_from_a_statement_of_stockholders_equity(
    beginning_equity: F,
    beginning_shares: F,
    shares_issued: F,
    issue_price: F,
    shares_repurchased: F,
    repurchase_price: F,
    net_income: F,
    dividend_per_share: F,
) -> F:
    year_end_shares = beginning_shares + shares_issued - shares_repurchased
    return (
        beginning_equity
        + shares_issued * issue_price
        - shares_repurchased * repurchase_price
        + net_income
        - dividend_per_share * year_end_shares
    )


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
def ending_cash_from_a_full_indirect_statement(
    beginning_cash: F,
    net_income: F,
    depreciation: F,
    loss_on_sale: F,
    receivables_decrease: F,
    inventory_increase: F,
    accrued_liabilities_decrease: F,
    capital_expenditures: F,
    equipment_sale_proceeds: F,
    bonds_issued: F,
    dividends_paid: F,
) -> F:
    operating = (
        net_income
        + depreciation
        + loss_on_sale
        + receivables_decrease
        - inventory_increase
        - accrued_liabilities_decrease
    )
    investing = equipment_sale_proceeds - capital_expenditures
    financing = bonds_issued - dividends_paid
    return beginning_cash + operating + investing + financing


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
def gain_or_loss_on_sale_after_sum_of_years_digits(
    cost: F, salvage: F, useful_life: F, years_held: F, sale_price: F
) -> F:
    taken = sum((sum_of_years_digits_share(useful_life, k) for k in range(1, int(years_held) + 1)), F(0))
    return sale_price - (cost - (cost - salvage) * taken)


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
def basic_eps_from_a_multi_step_income_statement(
    gross_sales: F,
    sales_returns: F,
    cost_of_goods_sold: F,
    operating_expenses: F,
    interest_expense: F,
    tax_rate: F,
    preferred_dividends: F,
    weighted_shares: F,
) -> F:
    pre_tax = gross_sales - sales_returns - cost_of_goods_sold - operating_expenses - interest_expense
    return (pre_tax * (1 - tax_rate) - preferred_dividends) / weighted_shares


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
