"""Corporate finance references: capital structure, dividends, EPS and the cost of capital."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import mpmath

from tests.generators.finchain.references.exact import Domain, mp, normal_cdf, solve_for_rate

REFERENCES = Domain("corporate_finance")
reference = REFERENCES

F = Fraction

# --- capital_structure ----------------------------------------------------------------------------


@reference("capital_structure")
def debt_to_equity_ratio_from_the_balance_sheet(total_assets: F, total_liabilities: F) -> F:
    return total_liabilities / (total_assets - total_liabilities)


@reference("capital_structure")
def levered_beta_by_the_hamada_equation(unlevered_beta: F, debt_value: F, equity_value: F, tax_rate: F) -> F:
    return unlevered_beta * (1 + (1 - tax_rate) * debt_value / equity_value)


@reference("capital_structure")
def equity_value_under_mm_proposition_i_with_taxes(
    ebit: F, tax_rate: F, unlevered_cost_of_capital: F, debt_value: F
) -> F:
    firm_without_debt = ebit * (1 - tax_rate) / unlevered_cost_of_capital
    return firm_without_debt + tax_rate * debt_value - debt_value


@reference("capital_structure")
def cost_of_equity_under_mm_proposition_ii_with_taxes(
    unlevered_cost_of_capital: F, cost_of_debt: F, debt_value: F, equity_value: F, tax_rate: F
) -> F:
    spread = unlevered_cost_of_capital - cost_of_debt
    return unlevered_cost_of_capital + spread * (1 - tax_rate) * debt_value / equity_value


@reference("capital_structure")
def probability_of_missing_a_target_return_on_equity_after_a_recapitalization(
    total_assets: F,
    expected_ebit: F,
    ebit_standard_deviation: F,
    new_debt: F,
    interest_rate: F,
    tax_rate: F,
    target_return_on_equity: F,
) -> Any:
    # Net income = (EBIT - interest)(1 - t) is normal; standardize the net income the target needs.
    keep = 1 - tax_rate
    needed_income = target_return_on_equity * (total_assets - new_debt)
    mean_income = (expected_ebit - new_debt * interest_rate) * keep
    return normal_cdf((needed_income - mean_income) / (ebit_standard_deviation * keep))


# --- dividend_policies ----------------------------------------------------------------------------


@reference("dividend_policies")
def dividend_payout_ratio(net_income: F, dividend_per_share: F, shares_outstanding: F) -> F:
    return dividend_per_share * shares_outstanding / net_income


@reference("dividend_policies")
def dividend_per_share_under_a_residual_policy(
    net_income: F, capital_budget: F, target_equity_ratio: F, shares_outstanding: F
) -> F:
    residual = net_income - target_equity_ratio * capital_budget
    return max(residual, F(0)) / shares_outstanding


@reference("dividend_policies")
def dividend_yield_from_a_quarterly_dividend(quarterly_dividend: F, share_price: F) -> F:
    return 4 * quarterly_dividend / share_price


@reference("dividend_policies")
def sustainable_growth_rate_from_retention(net_income: F, total_dividends: F, shareholders_equity: F) -> F:
    return_on_equity = net_income / shareholders_equity
    retention = 1 - total_dividends / net_income
    return return_on_equity * retention


@reference("dividend_policies")
def two_stage_dividend_discount_value_per_share(
    current_dividends: F,
    high_growth_rate: F,
    high_growth_years: F,
    stable_growth_rate: F,
    required_return: F,
    shares_outstanding: F,
) -> F:
    value = F(0)
    dividend = current_dividends
    for year in range(1, int(high_growth_years) + 1):
        dividend *= 1 + high_growth_rate
        value += dividend / (1 + required_return) ** year
    terminal = dividend * (1 + stable_growth_rate) / (required_return - stable_growth_rate)
    value += terminal / (1 + required_return) ** int(high_growth_years)
    return value / shares_outstanding


# --- earnings_per_share ---------------------------------------------------------------------------


def months_outstanding(first_month: F) -> F:
    """Months from the first day of ``first_month`` to December 31."""
    return 13 - first_month


@reference("earnings_per_share")
def basic_eps_after_preferred_dividends(
    net_income: F, preferred_shares: F, preferred_dividend_per_share: F, weighted_common_shares: F
) -> F:
    return (net_income - preferred_shares * preferred_dividend_per_share) / weighted_common_shares


@reference("earnings_per_share")
def diluted_eps_with_convertible_bonds(
    net_income: F,
    weighted_common_shares: F,
    convertible_face_value: F,
    coupon_rate: F,
    conversion_shares: F,
    tax_rate: F,
) -> F:
    saved_interest = convertible_face_value * coupon_rate * (1 - tax_rate)
    return (net_income + saved_interest) / (weighted_common_shares + conversion_shares)


@reference("earnings_per_share")
def compound_growth_of_diluted_eps_by_the_treasury_stock_method(
    net_income: F,
    preferred_dividends: F,
    weighted_common_shares: F,
    options_outstanding: F,
    exercise_price: F,
    average_share_price: F,
    past_diluted_eps: F,
    years: F,
) -> Any:
    bought_back = options_outstanding * exercise_price / average_share_price
    added = max(options_outstanding - bought_back, F(0))
    eps_now = (net_income - preferred_dividends) / (weighted_common_shares + added)
    # The rate g with past EPS · (1 + g)^n = EPS now.
    return mpmath.root(mp(eps_now / past_diluted_eps), int(years)) - 1


@reference("earnings_per_share")
def eps_restated_for_a_stock_split(
    net_income: F,
    beginning_shares: F,
    new_shares: F,
    issue_month: F,
    split_ratio: F,
) -> F:
    weighted = beginning_shares + new_shares * months_outstanding(issue_month) / 12
    # A split is restated retroactively to January 1, so its month does not matter.
    return net_income / (weighted * split_ratio)


@reference("earnings_per_share")
def eps_with_shares_issued_during_the_year(
    net_income: F, beginning_shares: F, new_shares: F, issue_month: F
) -> F:
    return net_income / (beginning_shares + new_shares * months_outstanding(issue_month) / 12)


# --- weighted_average_cost_of_capital -------------------------------------------------------------


@reference("weighted_average_cost_of_capital")
def after_tax_cost_of_debt_from_a_bond_price(
    face_value: F, coupon_rate: F, bond_price: F, flotation_cost: F, tax_rate: F
) -> Any:
    proceeds = mp(bond_price * (1 - flotation_cost))
    coupon, face = mp(face_value * coupon_rate), mp(face_value)

    def price_at(rate: Any) -> Any:
        return sum(coupon / (1 + rate) ** t for t in range(1, 6)) + face / (1 + rate) ** 5 - proceeds

    pre_tax = solve_for_rate(price_at)
    return pre_tax * (1 - mp(tax_rate))


@reference("weighted_average_cost_of_capital")
def cost_of_equity_by_the_dividend_growth_model(current_dividend: F, share_price: F, growth_rate: F) -> F:
    return current_dividend * (1 + growth_rate) / share_price + growth_rate


@reference("weighted_average_cost_of_capital")
def wacc_with_the_cost_of_debt_from_the_bond_price(
    shares_outstanding: F,
    share_price: F,
    bonds_outstanding: F,
    bond_price: F,
    coupon_rate: F,
    risk_free_rate: F,
    beta: F,
    market_risk_premium: F,
    tax_rate: F,
) -> Any:
    coupon, price = mp(1_000 * coupon_rate), mp(bond_price)

    def price_less_value(rate: Any) -> Any:
        # Ten annual coupons, the face value with the last.
        return price - sum(coupon / (1 + rate) ** t for t in range(1, 11)) - 1_000 / (1 + rate) ** 10

    yield_to_maturity = solve_for_rate(price_less_value)
    equity, debt = mp(shares_outstanding * share_price), mp(bonds_outstanding * bond_price)
    cost_of_equity = mp(risk_free_rate + beta * market_risk_premium)
    cost_of_debt = yield_to_maturity * (1 - mp(tax_rate))
    return (equity * cost_of_equity + debt * cost_of_debt) / (equity + debt)


@reference("weighted_average_cost_of_capital")
def wacc_from_market_values(
    equity_value: F, debt_value: F, cost_of_equity: F, cost_of_debt: F, tax_rate: F
) -> F:
    return (equity_value * cost_of_equity + debt_value * cost_of_debt * (1 - tax_rate)) / (
        equity_value + debt_value
    )


@reference("weighted_average_cost_of_capital")
def wacc_with_preferred_stock(
    equity_value: F,
    preferred_value: F,
    debt_value: F,
    cost_of_equity: F,
    preferred_dividend: F,
    preferred_price: F,
    cost_of_debt: F,
    tax_rate: F,
) -> F:
    cost_of_preferred = preferred_dividend / preferred_price
    weighted = (
        equity_value * cost_of_equity
        + preferred_value * cost_of_preferred
        + debt_value * cost_of_debt * (1 - tax_rate)
    )
    return weighted / (equity_value + preferred_value + debt_value)
