"""Financial markets references: bonds, foreign exchange, options and stock valuation."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import mpmath

from tests.generators.finchain.references.exact import Domain, internal_rate, mp, normal_cdf, solve_for_rate
from tests.generators.finchain.references.exact import round_half_away as rounded

REFERENCES = Domain("financial_markets")
reference = REFERENCES

F = Fraction


def bond_price(face: Any, coupon_per_period: Any, rate_per_period: Any, periods: int) -> Any:
    """Present value of ``periods`` coupons and the face value, discounted period by period."""
    coupons = sum(coupon_per_period / (1 + rate_per_period) ** t for t in range(1, periods + 1))
    return coupons + face / (1 + rate_per_period) ** periods


def yield_per_period(price: F, face: F, coupon_per_period: F, periods: int) -> Any:
    """The per-period rate that discounts the bond's flows to ``price`` (a root finder)."""
    target, coupon, principal = mp(price), mp(coupon_per_period), mp(face)
    return solve_for_rate(lambda rate: bond_price(principal, coupon, rate, periods) - target)


# --- bond_pricing ---------------------------------------------------------------------------------


@reference("bond_pricing")
def credit_spread_from_a_semiannual_yield_to_maturity(
    face_value: F, coupon_rate: F, price_quote: F, treasury_yield: F
) -> F:
    semiannual = rounded(
        yield_per_period(face_value * price_quote, face_value, face_value * coupon_rate / 2, 8), 8
    )
    bond_equivalent = rounded(2 * semiannual, 5)
    return (bond_equivalent - treasury_yield) * 10_000


@reference("bond_pricing")
def price_of_a_semiannual_coupon_bond(face_value: F, coupon_rate: F, market_yield: F, years: F) -> F:
    return F(bond_price(face_value, face_value * coupon_rate / 2, market_yield / 2, 2 * int(years)))


@reference("bond_pricing")
def yield_of_a_zero_coupon_bond_from_its_price(face_value: F, price_quote: F, years: F) -> Any:
    growth = face_value / (face_value * price_quote)
    return 2 * (mpmath.root(mp(growth), 2 * int(years)) - 1)


@reference("bond_pricing")
def price_of_an_annual_coupon_bond(face_value: F, coupon_rate: F, market_yield: F, years: F) -> F:
    return F(bond_price(face_value, face_value * coupon_rate, market_yield, int(years)))


@reference("bond_pricing")
def yield_to_maturity_of_a_five_year_annual_bond(face_value: F, coupon_rate: F, price_quote: F) -> Any:
    return yield_per_period(face_value * price_quote, face_value, face_value * coupon_rate, 5)


# --- forex_trading --------------------------------------------------------------------------------


@reference("forex_trading")
def forward_points_from_covered_interest_parity(spot: F, usd_rate: F, eur_rate: F, days: F) -> F:
    forward = spot * (1 + usd_rate * days / 360) / (1 + eur_rate * days / 360)
    return (forward - spot) * 10_000


@reference("forex_trading")
def return_on_margin_of_a_leveraged_currency_trade(
    pounds: F, entry_rate: F, exit_rate: F, margin_requirement: F
) -> F:
    return pounds * (exit_rate - entry_rate) / (pounds * entry_rate * margin_requirement)


@reference("forex_trading")
def round_trip_cost_of_the_bid_ask_spread(dollars: F, bid: F, ask: F) -> F:
    euros = rounded(dollars / ask, 2)
    return dollars - rounded(euros * bid, 2)


@reference("forex_trading")
def covered_interest_arbitrage_profit_over_several_years(
    dollars: F, spot_rate: F, dollar_rate: F, euro_rate: F, years: F, forward_rate: F
) -> F:
    # Borrow dollars, lend the euros they buy, and sell the euro deposit forward: each leg grows
    # by one year's interest at a time.
    euros, owed = dollars / spot_rate, dollars
    for _ in range(int(years)):
        euros += euros * euro_rate
        owed += owed * dollar_rate
    return euros * forward_rate - owed


@reference("forex_trading")
def yen_from_euros_through_a_cross_rate(euros: F, eur_usd: F, usd_jpy: F) -> F:
    return euros * rounded(eur_usd * usd_jpy, 4)


# --- option_pricing -------------------------------------------------------------------------------


def black_scholes_d1(stock: F, strike: F, volatility: F, rate: F, years: F) -> Any:
    sigma, horizon = mp(volatility), mp(years)
    drift = (mp(rate) + sigma**2 / 2) * horizon
    return (mpmath.log(mp(stock / strike)) + drift) / (sigma * mpmath.sqrt(horizon))


def sigma_root_t(volatility: F, years: F) -> Any:
    return mp(volatility) * mpmath.sqrt(mp(years))


def discounted_strike(strike: F, rate: F, years: F) -> Any:
    return mp(strike) * mpmath.exp(-mp(rate) * mp(years))


@reference("option_pricing")
def black_scholes_call_price(stock_price: F, strike: F, volatility: F, risk_free_rate: F, months: F) -> Any:
    years = months / 12
    d1 = rounded(black_scholes_d1(stock_price, strike, volatility, risk_free_rate, years), 6)
    d2 = rounded(mp(d1) - sigma_root_t(volatility, years), 6)
    n1, n2 = rounded(normal_cdf(d1), 6), rounded(normal_cdf(d2), 6)
    return mp(stock_price * n1) - discounted_strike(strike, risk_free_rate, years) * mp(n2)


@reference("option_pricing")
def black_scholes_delta_hedge_of_written_calls(
    stock_price: F, strike: F, volatility: F, risk_free_rate: F, months: F, contracts: F
) -> Any:
    d1 = rounded(black_scholes_d1(stock_price, strike, volatility, risk_free_rate, months / 12), 6)
    delta = rounded(normal_cdf(d1), 6)
    return contracts * 100 * delta * stock_price


@reference("option_pricing")
def one_step_binomial_call_price(stock_price: F, strike: F, up_move: F, down_move: F, period_rate: F) -> F:
    up, down = 1 + up_move, 1 - down_move
    probability = rounded((1 + period_rate - down) / (up - down), 6)
    payoff_up = max(stock_price * up - strike, F(0))
    payoff_down = max(stock_price * down - strike, F(0))
    return (probability * payoff_up + (1 - probability) * payoff_down) / (1 + period_rate)


@reference("option_pricing")
def put_price_from_put_call_parity(
    stock_price: F, strike: F, call_price: F, risk_free_rate: F, months: F
) -> Any:
    return call_price - stock_price + discounted_strike(strike, risk_free_rate, months / 12)


@reference("option_pricing")
def time_value_of_a_call_option(stock_price: F, strike: F, premium: F) -> F:
    intrinsic = max(stock_price - strike, F(0))  # exercising now is worth nothing out of the money
    return premium - intrinsic


# --- stock_market_analysis ------------------------------------------------------------------------


@reference("stock_market_analysis")
def expected_return_from_a_price_target_against_capm(
    market_price: F,
    current_dividend: F,
    growth_rate: F,
    target_price: F,
    risk_free_rate: F,
    beta: F,
    market_return: F,
) -> str:
    dividends = [current_dividend * (1 + growth_rate) ** year for year in (1, 2, 3)]
    flows = [-market_price, dividends[0], dividends[1], dividends[2] + target_price]
    excess = internal_rate(flows) - mp(risk_free_rate + beta * (market_return - risk_free_rate))
    if excess > mp(F(1, 100)):
        return "undervalued"
    return "overvalued" if excess < -mp(F(1, 100)) else "fairly valued"


@reference("stock_market_analysis")
def dividend_growth_implied_by_a_stock_price(share_price: F, next_dividend: F, required_return: F) -> F:
    # Solve P = D1 / (r - g) for g.
    return required_return - next_dividend / share_price


@reference("stock_market_analysis")
def holding_period_return_with_dividends(purchase_price: F, sale_price: F, dividends: F) -> F:
    return (sale_price - purchase_price + dividends) / purchase_price


@reference("stock_market_analysis")
def margin_call_price_of_a_leveraged_purchase(
    shares: F, purchase_price: F, initial_margin: F, maintenance_margin: F
) -> F:
    loan = shares * purchase_price * (1 - initial_margin)
    return loan / (shares * (1 - maintenance_margin))


@reference("stock_market_analysis")
def price_weighted_index_divisor_after_a_split(
    first_price: F, second_price: F, third_price: F, divisor: F, split: F
) -> F:
    level = rounded((first_price + second_price + third_price) / divisor, 4)
    return (first_price / split + second_price + third_price) / level
