"""Fintech references: digital banking, payment technologies and robo-advisors."""

from __future__ import annotations

from fractions import Fraction

from tests.generators.finchain.references.exact import Domain

REFERENCES = Domain("fintech")
reference = REFERENCES

F = Fraction
BASIS_POINTS = 10_000

# --- digital_banking ------------------------------------------------------------------------------


@reference("digital_banking")
def cost_to_income_ratio(net_interest_income: F, fee_income: F, operating_expenses: F) -> F:
    return operating_expenses / (net_interest_income + fee_income)


@reference("digital_banking")
def customer_lifetime_value_to_acquisition_cost(
    annual_revenue: F, annual_cost: F, retention_rate: F, discount_rate: F, acquisition_cost: F
) -> F:
    # Σₜ₌₁^∞ m · rᵗ / (1 + d)ᵗ, a geometric series with ratio r / (1 + d).
    ratio = retention_rate / (1 + discount_rate)
    lifetime_value = (annual_revenue - annual_cost) * ratio / (1 - ratio)
    return lifetime_value / acquisition_cost


@reference("digital_banking")
def net_interest_margin_after_a_rate_rise_and_deposit_runoff(
    loans: F,
    loan_yield: F,
    reserves: F,
    policy_rate: F,
    deposits: F,
    deposit_rate: F,
    rate_rise_bp: F,
    loan_beta: F,
    deposit_beta: F,
    monthly_runoff: F,
    months: F,
    wholesale_spread: F,
) -> F:
    rise = rate_rise_bp / BASIS_POINTS
    kept = deposits
    for _ in range(int(months)):
        kept -= kept * monthly_runoff
    income = loans * (loan_yield + loan_beta * rise) + reserves * (policy_rate + rise)
    expense = kept * (deposit_rate + deposit_beta * rise) + (deposits - kept) * (
        policy_rate + rise + wholesale_spread
    )
    return (income - expense) / (loans + reserves)


@reference("digital_banking")
def net_interest_margin_from_the_income_statement(
    interest_income: F, interest_expense: F, earning_assets_begin: F, earning_assets_end: F
) -> F:
    return (interest_income - interest_expense) / ((earning_assets_begin + earning_assets_end) / 2)


@reference("digital_banking")
def payback_period_of_customer_acquisition_cost(
    acquisition_cost: F,
    average_balance: F,
    deposit_spread: F,
    monthly_card_spend: F,
    interchange_rate: F,
    servicing_cost: F,
) -> F:
    monthly = average_balance * deposit_spread / 12 + monthly_card_spend * interchange_rate - servicing_cost
    return acquisition_cost / monthly


# --- payment_technologies -------------------------------------------------------------------------


@reference("payment_technologies")
def annual_savings_from_shifting_payments_to_ach(
    card_volume: F, card_payments: F, card_rate: F, shift_share: F, ach_fee: F
) -> F:
    return shift_share * card_volume * card_rate - shift_share * card_payments * ach_fee


@reference("payment_technologies")
def effective_rate_of_flat_rate_processing(
    monthly_volume: F, transactions: F, percentage_fee: F, fixed_fee: F
) -> F:
    return (monthly_volume * percentage_fee + transactions * fixed_fee) / monthly_volume


@reference("payment_technologies")
def flat_rate_or_interchange_plus(
    monthly_volume: F,
    transactions: F,
    flat_rate: F,
    flat_fixed_fee: F,
    average_interchange: F,
    markup_rate: F,
    ic_plus_fixed_fee: F,
    monthly_account_fee: F,
) -> str:
    flat = monthly_volume * flat_rate + transactions * flat_fixed_fee
    pass_through = (
        monthly_volume * (average_interchange + markup_rate)
        + transactions * ic_plus_fixed_fee
        + monthly_account_fee
    )
    return "interchange-plus" if pass_through < flat else "flat rate"


@reference("payment_technologies")
def merchant_fee_under_interchange_plus_pricing(
    sale_amount: F, interchange_rate: F, assessment_rate: F, markup_rate: F, fixed_fee: F
) -> F:
    return sale_amount * (interchange_rate + assessment_rate + markup_rate) + fixed_fee


@reference("payment_technologies")
def payment_facilitator_net_revenue_over_months_of_volume_growth(
    monthly_volume: F,
    average_ticket: F,
    merchant_rate: F,
    merchant_fixed_fee: F,
    interchange_rate: F,
    assessment_rate: F,
    fraud_loss_bp: F,
    monthly_growth: F,
    months: F,
) -> F:
    # Month by month: fees on the volume and its transaction count, less what is passed on or lost.
    revenue, volume = F(0), monthly_volume
    for _ in range(int(months)):
        volume *= 1 + monthly_growth
        fees = volume * merchant_rate + volume / average_ticket * merchant_fixed_fee
        revenue += fees - volume * (interchange_rate + assessment_rate + fraud_loss_bp / BASIS_POINTS)
    return revenue


# --- robo_advisors --------------------------------------------------------------------------------


@reference("robo_advisors")
def after_tax_value_of_tax_loss_harvesting(
    cost_basis: F,
    market_value: F,
    ordinary_tax_rate: F,
    long_term_gains_rate: F,
    years_until_sale: F,
    discount_rate: F,
) -> F:
    loss = cost_basis - market_value
    later_tax = loss * long_term_gains_rate / (1 + discount_rate) ** int(years_until_sale)
    return loss * ordinary_tax_rate - later_tax


@reference("robo_advisors")
def annual_fee_under_a_tiered_schedule(
    balance: F, breakpoint: F, first_tier_rate: F, upper_tier_rate: F
) -> F:
    return first_tier_rate * min(balance, breakpoint) + upper_tier_rate * max(balance - breakpoint, F(0))


@reference("robo_advisors")
def fee_drag_on_terminal_wealth(
    initial_investment: F, gross_return: F, advisory_fee: F, fund_expense_ratio: F, years: F
) -> F:
    periods = int(years)
    net_growth = (1 + gross_return - advisory_fee - fund_expense_ratio) ** periods
    return 1 - initial_investment * net_growth / (initial_investment * (1 + gross_return) ** periods)


@reference("robo_advisors")
def rebalancing_trade_back_to_target_weights(stock_value: F, bond_value: F, target_stock_weight: F) -> F:
    return stock_value - target_stock_weight * (stock_value + bond_value)


@reference("robo_advisors")
def threshold_rebalancing_check(target_stock_weight: F, stock_return: F, bond_return: F, band: F) -> str:
    stocks = target_stock_weight * (1 + stock_return)
    bonds = (1 - target_stock_weight) * (1 + bond_return)
    drift = abs(stocks / (stocks + bonds) - target_stock_weight)
    return "rebalance" if drift > band else "hold"
