"""Personal finance references: budgeting, loans, investing, retirement saving and income tax."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import mpmath

from tests.generators.finchain.references.exact import Domain, mp
from tests.generators.finchain.references.exact import round_half_away as rounded

REFERENCES = Domain("personal_finance")
reference = REFERENCES

F = Fraction

# 2024 U.S. single-filer brackets as the questions state them: (lower edge, rate).
SINGLE_BRACKETS = (
    (F(0), F(10, 100)),
    (F(11_600), F(12, 100)),
    (F(47_150), F(22, 100)),
    (F(100_525), F(24, 100)),
    (F(191_950), F(32, 100)),
    (F(243_725), F(35, 100)),
    (F(609_350), F(37, 100)),
)
STANDARD_DEDUCTION = F(14_600)


def bracket_tax(taxable_income: F) -> F:
    """Each rate applies to the part of income between its lower edge and the next one."""
    tax = F(0)
    edges = [edge for edge, _ in SINGLE_BRACKETS[1:]] + [None]
    for (lower, rate), upper in zip(SINGLE_BRACKETS, edges, strict=True):
        top = taxable_income if upper is None else min(taxable_income, upper)
        tax += rate * max(top - lower, F(0))
    return tax


def marginal_rate(taxable_income: F) -> F:
    """The rate on the last dollar: the bracket with lower edge < income ≤ upper edge."""
    return [rate for lower, rate in SINGLE_BRACKETS if taxable_income > lower][-1]


def level_payment(principal: F, monthly_rate: F, payments: int) -> F:
    return principal * monthly_rate / (1 - 1 / (1 + monthly_rate) ** payments)


def growth_of_deposits(deposit: F, rate: F, periods: int) -> F:
    """Value right after the last of ``periods`` end-of-period deposits, summed deposit by deposit."""
    return sum((deposit * (1 + rate) ** (periods - t) for t in range(1, periods + 1)), F(0))


# --- budgeting ------------------------------------------------------------------------------------


@reference("budgeting")
def debt_to_income_ratio_check(
    gross_annual_income: F,
    housing_payment: F,
    car_payment: F,
    student_loan_payment: F,
    card_minimum: F,
    dti_limit: F,
) -> str:
    payments = housing_payment + car_payment + student_loan_payment + card_minimum
    ratio = rounded(payments / (gross_annual_income / 12), 4)
    return "qualifies" if ratio <= dti_limit else "does not qualify"


@reference("budgeting")
def monthly_savings_under_a_percentage_budget(annual_take_home: F, needs_share: F, wants_share: F) -> F:
    return annual_take_home / 12 * (1 - needs_share - wants_share)


@reference("budgeting")
def monthly_surplus_from_itemized_expenses(monthly_income: F, expenses: list[F]) -> F:
    return monthly_income - sum(expenses, F(0))


@reference("budgeting")
def months_to_fund_an_emergency_reserve(
    monthly_take_home: F,
    monthly_spending: F,
    essential_expenses: F,
    months_of_cover: F,
    current_savings: F,
) -> F:
    still_needed = months_of_cover * essential_expenses - current_savings
    return F(max(math.ceil(still_needed / (monthly_take_home - monthly_spending)), 0))


@reference("budgeting")
def months_to_a_savings_goal_from_the_monthly_surplus(
    monthly_take_home: F, fixed_costs: F, variable_costs: F, savings_goal: F, annual_rate: F
) -> F:
    deposit = monthly_take_home - fixed_costs - variable_costs
    # Run the account month by month: interest on the balance, then the end-of-month deposit.
    balance, months = F(0), 0
    while balance < savings_goal:
        balance = balance * (1 + annual_rate / 12) + deposit
        months += 1
    return F(months)


# --- loan_repayments ------------------------------------------------------------------------------


@reference("loan_repayments")
def balance_owed_after_some_payments(principal: F, annual_rate: F, monthly_payment: F, payments_made: F) -> F:
    balance = principal
    for _ in range(int(payments_made)):
        balance = balance * (1 + annual_rate / 12) - monthly_payment
    return balance


@reference("loan_repayments")
def monthly_payment_on_an_amortizing_loan(principal: F, annual_rate: F, years: F) -> F:
    return level_payment(principal, annual_rate / 12, 12 * int(years))


def payments_to_retire(principal: F, monthly_rate: F, payment: F) -> Any:
    """Solve P = PMT · (1 − (1 + i)^−n) / i for a continuous n."""
    return -mpmath.log(1 - mp(principal * monthly_rate / payment)) / mpmath.log(mp(1 + monthly_rate))


@reference("loan_repayments")
def months_saved_by_paying_extra_each_month(
    principal: F, annual_rate: F, monthly_payment: F, extra_payment: F
) -> Any:
    monthly_rate = annual_rate / 12
    scheduled = payments_to_retire(principal, monthly_rate, monthly_payment)
    return scheduled - payments_to_retire(principal, monthly_rate, monthly_payment + extra_payment)


@reference("loan_repayments")
def principal_repaid_by_the_first_payment(principal: F, annual_rate: F, monthly_payment: F) -> F:
    return monthly_payment - rounded(principal * annual_rate / 12, 2)


@reference("loan_repayments")
def total_interest_on_a_car_loan(car_price: F, down_payment: F, annual_rate: F, years: F) -> F:
    financed = car_price - down_payment
    payments = 12 * int(years)
    payment = rounded(level_payment(financed, annual_rate / 12, payments), 2)
    return payments * payment - financed


# --- personal_investment --------------------------------------------------------------------------


@reference("personal_investment")
def average_cost_per_share_with_dollar_cost_averaging(monthly_amount: F, prices: list[F]) -> F:
    shares = sum((rounded(monthly_amount / price, 4) for price in prices), F(0))
    return len(prices) * monthly_amount / shares


@reference("personal_investment")
def shares_held_after_dividend_reinvestment(shares: F, dividend_per_share: F, reinvestment_price: F) -> F:
    return shares + shares * dividend_per_share / reinvestment_price


@reference("personal_investment")
def municipal_versus_taxable_bond_choice(
    taxable_yield: F, muni_yield: F, federal_rate: F, state_rate: F
) -> str:
    equivalent = rounded(muni_yield / (1 - federal_rate - state_rate), 4)
    return "municipal" if equivalent > taxable_yield else "corporate"


@reference("personal_investment")
def real_after_tax_value_of_an_investment(
    amount: F, nominal_return: F, tax_rate: F, inflation_rate: F, years: F
) -> F:
    yearly = (1 + nominal_return * (1 - tax_rate)) / (1 + inflation_rate)
    return amount * yearly ** int(years)


@reference("personal_investment")
def rebalancing_trade_after_years_of_drift(
    portfolio_value: F, stock_weight: F, stock_return: F, bond_return: F, years: F
) -> F:
    stock = portfolio_value * stock_weight
    bonds = portfolio_value - stock
    for _ in range(int(years)):
        stock += stock * stock_return
        bonds += bonds * bond_return
    # Selling x of stock leaves (stock − x) / (stock + bonds) = weight.
    return stock - stock_weight * (stock + bonds)


# --- saving_and_retirement_planning ---------------------------------------------------------------


@reference("saving_and_retirement_planning")
def employer_match_value_at_retirement(
    salary: F, contribution_rate: F, match_rate: F, match_cap: F, annual_return: F, years: F
) -> F:
    yearly = salary * contribution_rate + salary * match_rate * min(contribution_rate, match_cap)
    return growth_of_deposits(yearly, annual_return, int(years))


@reference("saving_and_retirement_planning")
def todays_dollars_value_of_monthly_contributions(
    monthly_contribution: F, annual_rate: F, inflation_rate: F, years: F
) -> F:
    monthly_rate, months = annual_rate / 12, 12 * int(years)
    nominal = monthly_contribution * ((1 + monthly_rate) ** months - 1) / monthly_rate
    return nominal / (1 + inflation_rate) ** int(years)


@reference("saving_and_retirement_planning")
def monthly_saving_needed_for_a_goal(goal: F, current_savings: F, annual_rate: F, years: F) -> F:
    monthly_rate, months = annual_rate / 12, 12 * int(years)
    growth = (1 + monthly_rate) ** months
    return (goal - current_savings * growth) * monthly_rate / (growth - 1)


@reference("saving_and_retirement_planning")
def nest_egg_needed_under_a_withdrawal_rate(desired_income: F, social_security: F, withdrawal_rate: F) -> F:
    return (desired_income - social_security) / withdrawal_rate


@reference("saving_and_retirement_planning")
def sustainable_monthly_retirement_income(
    current_savings: F,
    monthly_contribution: F,
    years_to_retirement: F,
    growth_rate: F,
    retirement_rate: F,
    years_in_retirement: F,
) -> F:
    saving_rate, saving_months = growth_rate / 12, 12 * int(years_to_retirement)
    growth = (1 + saving_rate) ** saving_months
    balance = current_savings * growth + monthly_contribution * (growth - 1) / saving_rate
    return level_payment(balance, retirement_rate / 12, 12 * int(years_in_retirement))


# --- tax_calculation ------------------------------------------------------------------------------


@reference("tax_calculation")
def traditional_401k_advantage_over_a_taxable_account(
    taxable_income: F, contribution: F, annual_return: F, years: F, retirement_tax_rate: F
) -> F:
    rate_now = marginal_rate(taxable_income)
    deferred = contribution
    taxable = contribution - contribution * rate_now
    for _ in range(int(years)):
        deferred += deferred * annual_return
        # The year's income is taxed in the year it is earned.
        income = taxable * annual_return
        taxable += income - income * rate_now
    return deferred - deferred * retirement_tax_rate - taxable


@reference("tax_calculation")
def effective_tax_rate_after_the_standard_deduction(gross_income: F) -> F:
    return bracket_tax(max(gross_income - STANDARD_DEDUCTION, F(0))) / gross_income


@reference("tax_calculation")
def marginal_rate_minus_average_rate(taxable_income: F) -> F:
    return marginal_rate(taxable_income) - bracket_tax(taxable_income) / taxable_income


@reference("tax_calculation")
def share_of_a_raise_paid_in_tax(taxable_income: F, raise_amount: F) -> F:
    return (bracket_tax(taxable_income + raise_amount) - bracket_tax(taxable_income)) / raise_amount


@reference("tax_calculation")
def tax_owed_after_a_heat_pump_credit(taxable_income: F, heat_pump_cost: F) -> F:
    return bracket_tax(taxable_income) - min(F(3, 10) * heat_pump_cost, F(2_000))
