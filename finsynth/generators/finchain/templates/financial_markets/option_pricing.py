"""Option pricing: fair values of European options on a non-dividend-paying stock.

Covers intrinsic and time value, put-call parity, the one-step binomial model with risk-neutral
probabilities, and the Black-Scholes formula (N(·) is the standard normal distribution function),
and the delta hedge of written calls.
"""

from finsynth.generators.finchain.dsl import (
    Given,
    Step,
    Template,
    company,
    count,
    money,
    numeric,
    person,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

YEARS_TO_EXPIRY = "months / 12"
"""Time to expiry in years, from a maturity stated in months."""

D1 = f"(log(stock_price / strike) + (risk_free_rate + volatility ** 2 / 2) * {YEARS_TO_EXPIRY})" + (
    f" / (volatility * sqrt({YEARS_TO_EXPIRY}))"
)
"""Black-Scholes d1 = (ln(S/K) + (r + σ²/2)T) / (σ√T)."""


def factor(
    name: str, formula: str, description: str, decimals: int = 6, *, rounded_before_use: bool = False
) -> Step:
    """Return a dimensionless step (a d-value, a probability weight, a discount factor)."""
    return step(
        name, formula, description, unit=Unit.NONE, decimals=decimals, rounded_before_use=rounded_before_use
    )


def black_scholes_givens() -> list[Given]:
    """Return the inputs every Black-Scholes question states."""
    return [
        person("trader"),
        company("issuer"),
        money("stock_price", 20, 300, step=0.01),
        money("strike", 20, 300, step=0.5),
        rate("volatility", 10, 80, step=1, decimals=0),
        rate("risk_free_rate", 0.5, 6, step=0.05),
        count("months", 1, 24, unit=Unit.MONTHS),
    ]


MONEYNESS = [
    "strike >= 0.75 * stock_price",
    "strike <= 1.3 * stock_price",
    f"abs(log(stock_price / strike)) <= 1.5 * volatility * sqrt({YEARS_TO_EXPIRY})",
]
"""Keep strikes within a realistic band around the stock price, at most 1.5 standard deviations away."""

SHARES_PER_CONTRACT = 100
"""Shares one listed U.S. equity option contract is on."""


@template(difficulty="basic")
def put_price_from_put_call_parity() -> Template:
    """Put-call parity for European options: P = C − S + K · e^(−rT).

    Bands:
        put_price / stock_price: 0% to 50%
        call_price / stock_price: 0% to 50%

    Relations:
        risk_free_rate: 0.5% to 6% [us_treasury_yield]
        strike / stock_price: 50% to 150% [option_strike_to_spot]
    """
    return Template(
        givens=[
            person("trader"),
            company("issuer"),
            money("stock_price", 20, 300, step=0.01),
            money("strike", 20, 300, step=0.5),
            money("call_price", 0.5, 60, step=0.01),
            rate("risk_free_rate", 0.5, 6, step=0.05),
            count("months", 1, 24, unit=Unit.MONTHS),
        ],
        constraints=[
            *MONEYNESS[:2],
            f"call_price >= max(0, stock_price - strike * exp(-risk_free_rate * {YEARS_TO_EXPIRY})) + 0.25",
            f"call_price <= max(0, stock_price - strike * exp(-risk_free_rate * {YEARS_TO_EXPIRY}))"
            " + 0.2 * stock_price",
        ],
        question=(
            "{issuer} stock, which pays no dividends, trades at {stock_price}. A European call with a strike "
            "of {strike} expiring in {months} costs {call_price}. The continuously compounded risk-free rate "
            "is {risk_free_rate} a year. {trader} wants the European put with the same strike and expiry. "
            "What price does put-call parity imply for it? Round to the nearest cent."
        ),
        steps=[
            factor(
                "discount_factor",
                f"exp(-risk_free_rate * {YEARS_TO_EXPIRY})",
                "Continuous discount factor to expiry",
                decimals=8,
            ),
            step("put_price", "call_price - stock_price + strike * discount_factor", "Put price from parity"),
        ],
        answer=numeric("put_price"),
    )


@template(difficulty="basic")
def time_value_of_a_call_option() -> Template:
    """Time value of a call = premium − intrinsic value, with intrinsic value = max(S − K, 0).

    Bands:
        time_value / stock_price: 0% to 25%
        strike / stock_price: 80% to 98%

    Relations:
        strike / stock_price: 50% to 150% [option_strike_to_spot]
    """
    return Template(
        givens=[
            person("trader"),
            company("issuer"),
            money("stock_price", 20, 400, step=0.01),
            money("strike", 15, 450, step=0.5),
            money("premium", 0.5, 120, step=0.01),
        ],
        constraints=[
            # In the money, so the premium holds intrinsic value and is not itself the answer.
            "0.8 * stock_price <= strike <= 0.98 * stock_price",
            "premium >= max(stock_price - strike, 0) + 0.05",
            "premium <= 0.25 * stock_price",
        ],
        question=(
            "{issuer} stock trades at {stock_price}. {trader} looks at a European call on it with a strike "
            "of {strike}, quoted at a premium of {premium}. How much of the premium is time value rather "
            "than intrinsic value? Round to the nearest cent."
        ),
        steps=[
            step(
                "intrinsic_value", "max(stock_price - strike, 0)", "Value of exercising now (never negative)"
            ),
            step("time_value", "premium - intrinsic_value", "Premium above intrinsic value"),
        ],
        answer=numeric("time_value"),
    )


@template(difficulty="intermediate")
def one_step_binomial_call_price() -> Template:
    """One-step binomial model: q = (1 + r − d) / (u − d); C = (q · C_u + (1 − q) · C_d) / (1 + r).

    Bands:
        up_probability: 10% to 95%
        call_value / stock_price: 0% to 40%

    Relations:
        strike / stock_price: 50% to 150% [option_strike_to_spot]
    """
    return Template(
        givens=[
            person("trader"),
            company("issuer"),
            money("stock_price", 20, 300, step=1, decimals=2),
            money("strike", 20, 300, step=0.5),
            rate("up_move", 5, 40, step=1, decimals=0),
            rate("down_move", 5, 35, step=1, decimals=0),
            rate("period_rate", 0.5, 4, step=0.25),
        ],
        constraints=[
            # Mostly out of the money after a down move, sometimes in it: the down payoff is not always zero.
            "strike > 0.97 * stock_price * (1 - down_move)",
            "strike < stock_price * (1 + up_move)",
            "period_rate < up_move",
        ],
        question=(
            "{issuer} stock trades at {stock_price}. Over the next period it will either rise by {up_move} "
            "or fall by {down_move}, and the risk-free rate for the period is {period_rate}. Using a "
            "one-step binomial model with risk-neutral probabilities (computed to six decimal places), what "
            "is the value of a European call with a strike of {strike} expiring at the end of the period? "
            "Round to the nearest cent."
        ),
        steps=[
            factor(
                "up_probability",
                "(period_rate + down_move) / (up_move + down_move)",
                "Risk-neutral probability of the up move",
                rounded_before_use=True,
            ),
            step("up_payoff", "max(stock_price * (1 + up_move) - strike, 0)", "Call payoff after an up move"),
            step(
                "down_payoff",
                "max(stock_price * (1 - down_move) - strike, 0)",
                "Call payoff after a down move",
            ),
            step(
                "call_value",
                "(up_probability * up_payoff + (1 - up_probability) * down_payoff) / (1 + period_rate)",
                "Discounted expected payoff",
            ),
        ],
        answer=numeric("call_value"),
    )


@template(difficulty="intermediate")
def black_scholes_call_price() -> Template:
    """Black-Scholes call: C = S · N(d1) − K · e^(−rT) · N(d2).

    Bands:
        call_price / stock_price: 0% to 60%
        strike / stock_price: 75% to 130%

    Relations:
        risk_free_rate: 0.5% to 6% [us_treasury_yield]
        volatility: 10% to 80% [stock_volatility]
        strike / stock_price: 50% to 150% [option_strike_to_spot]
    """
    return Template(
        givens=black_scholes_givens(),
        constraints=MONEYNESS,
        question=(
            "{trader} prices a European call on {issuer} stock, which pays no dividends and trades at "
            "{stock_price}. The strike is {strike}, the option expires in {months}, volatility is "
            "{volatility} a year and the continuously compounded risk-free rate is {risk_free_rate}. Using "
            "the Black-Scholes model with d1, d2 and N(·) computed to six decimal places, what is the call "
            "worth? Round to the nearest cent."
        ),
        steps=[
            factor("d1", D1, "d1 of Black-Scholes", rounded_before_use=True),
            factor(
                "d2", f"d1 - volatility * sqrt({YEARS_TO_EXPIRY})", "d2 = d1 − σ√T", rounded_before_use=True
            ),
            factor("n_d1", "normal_cdf(d1)", "N(d1)", rounded_before_use=True),
            factor("n_d2", "normal_cdf(d2)", "N(d2)", rounded_before_use=True),
            step(
                "call_price",
                f"stock_price * n_d1 - strike * exp(-risk_free_rate * {YEARS_TO_EXPIRY}) * n_d2",
                "Call value",
            ),
        ],
        answer=numeric("call_price"),
    )


@template(difficulty="advanced")
def black_scholes_delta_hedge_of_written_calls() -> Template:
    """Delta hedge of written calls: shares = contracts × 100 × N(d1), cost = shares × S.

    A dealer who writes calls is short delta N(d1) per share of the calls' underlying and buys
    that many shares to be delta-neutral.

    Bands:
        hedge_shares / shares_under_option: 1% to 100%
        strike / stock_price: 75% to 130%

    Relations:
        risk_free_rate: 0.5% to 6% [us_treasury_yield]
        volatility: 10% to 80% [stock_volatility]
        strike / stock_price: 50% to 150% [option_strike_to_spot]
    """
    return Template(
        givens=[*black_scholes_givens(), count("contracts", 5, 200)],
        constraints=MONEYNESS,
        question=(
            "{trader}, an options dealer, writes {contracts} European call contracts on {issuer} stock, "
            f"each on {SHARES_PER_CONTRACT} shares, with a strike of {{strike}} and {{months}} to expiry. "
            "The stock pays no dividends and trades at {stock_price}, volatility is {volatility} a year "
            "and the continuously compounded risk-free rate is {risk_free_rate}. With the Black-Scholes "
            "delta N(d1) (d1 and N(d1) to six decimal places), how many dollars of stock must "
            "{trader} buy to make the position delta-neutral? Round to the nearest cent."
        ),
        steps=[
            step(
                "shares_under_option",
                f"contracts * {SHARES_PER_CONTRACT}",
                "Shares the written calls are on",
                unit=Unit.NONE,
                decimals=0,
            ),
            factor("d1", D1, "d1 of Black-Scholes", rounded_before_use=True),
            factor("call_delta", "normal_cdf(d1)", "Call delta N(d1)", rounded_before_use=True),
            step(
                "hedge_shares",
                "shares_under_option * call_delta",
                "Shares that offset the calls' delta",
                unit=Unit.NONE,
                decimals=4,
            ),
            step("hedge_cost", "hedge_shares * stock_price", "Cost of the hedge"),
        ],
        answer=numeric("hedge_cost"),
    )
