"""Global events impact: how macro and regulatory news moves crypto prices and portfolios.

Analysts stress-test holdings with price shocks, scale a market move by the asset's beta to
that market, estimate the beta from event-day returns, measure an event's effect with the
cumulative abnormal return of a market-model event study, and size the value at risk of a
beta-mapped portfolio while volatility stays high after an event.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    count,
    money,
    number,
    numeric,
    option,
    person,
    rate,
    series,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

EVENT_DAYS = 6
"""Event-day returns drawn for the beta estimate (the question lists them all)."""

WINDOW_DAYS = 5
"""Days in the event window, two before the announcement to two after."""


ETHER_TO_BITCOIN = "0.02 * bitcoin_price <= ether_price <= 0.085 * bitcoin_price"
"""Ether's price as a share of bitcoin's, within its real range (reference ``ether_to_bitcoin_price``)."""


CO_MOVEMENT = (
    f"{EVENT_DAYS} * sum(bitcoin_returns[t] * m for t, m in enumerate(market_returns))"
    " - sum(bitcoin_returns) * sum(market_returns)"
)
"""n Σ(bitcoin × market) − Σ bitcoin × Σ market, over the givens (beta's numerator, times n²)."""

MARKET_SPREAD = f"{EVENT_DAYS} * sum(m ** 2 for m in market_returns) - sum(market_returns) ** 2"
"""n Σ market² − (Σ market)², over the givens (beta's denominator, times n²)."""


@template(difficulty="basic")
def portfolio_loss_from_an_event_shock() -> Template:
    """Stress-test loss: L = Q_BTC · P_BTC · d_BTC + Q_ETH · P_ETH · d_ETH for stated price drops d.

    Bands:
        portfolio_loss / (bitcoin_held * bitcoin_price + ether_held * ether_price): 3% to 45%

    Relations:
        bitcoin_price: 20,000 to 110,000 [bitcoin_price]
        ether_price: 900 to 4,900 [ether_price]
        ether_price / bitcoin_price: 2% to 8.5% [ether_to_bitcoin_price]
    """
    return Template(
        givens=[
            person("investor"),
            number("bitcoin_held", 0.1, 25, step=0.01, unit=Unit.BTC),
            money("bitcoin_price", 20_000, 110_000, step=50),
            number("ether_held", 1, 400, step=0.01, unit=Unit.ETH),
            money("ether_price", 900, 4_900, step=1),
            rate("bitcoin_drop", 3, 35, step=0.5),
            rate("ether_drop", 3, 45, step=0.5),
        ],
        # Ether trades at 2–8.5% of bitcoin's price, as it has since 2018.
        constraints=[ETHER_TO_BITCOIN],
        question=(
            "{investor} holds {bitcoin_held} at {bitcoin_price} and {ether_held} at {ether_price}. "
            "A risk desk models a surprise interest-rate hike in which bitcoin falls {bitcoin_drop} and "
            "ether falls {ether_drop}. How much would the portfolio lose in this scenario? "
            "Round to the nearest cent."
        ),
        steps=[
            step("bitcoin_loss", "bitcoin_held * bitcoin_price * bitcoin_drop", "Loss on the bitcoin"),
            step("ether_loss", "ether_held * ether_price * ether_drop", "Loss on the ether"),
            step("portfolio_loss", "bitcoin_loss + ether_loss", "Total portfolio loss"),
        ],
        answer=numeric("portfolio_loss"),
    )


@template(difficulty="basic")
def expected_price_from_event_beta() -> Template:
    """Beta-scaled event move: E[R] = β · R_market; expected price P₁ = P₀ · (1 + β · R_market).

    Bands:
        expected_return: -12.5% to 12.5%

    Relations:
        bitcoin_price: 20,000 to 110,000 [bitcoin_price]
        event_beta: 0.5 to 2.5 [bitcoin_beta_to_nasdaq_100]
        market_move: -5% to 5% [nasdaq_100_move_on_a_jobs_report]
    """
    return Template(
        givens=[
            person("analyst"),
            money("bitcoin_price", 20_000, 110_000, step=50),
            number("event_beta", 0.5, 2.5, step=0.01),
            rate("market_move", -5, 5, step=0.05),
        ],
        constraints=["market_move != 0"],
        question=(
            "{analyst} estimates that on macroeconomic announcement days bitcoin has a beta of "
            "{event_beta} to the Nasdaq-100. Bitcoin trades at {bitcoin_price}, and a weak jobs report is "
            "expected to move the Nasdaq-100 by {market_move}. What bitcoin price does the beta imply after "
            "the announcement? Round to the nearest cent."
        ),
        steps=[
            step(
                "expected_return",
                "event_beta * market_move",
                "Expected bitcoin return",
                unit=Unit.NONE,
                decimals=6,
            ),
            step("expected_price", "bitcoin_price * (1 + expected_return)", "Expected bitcoin price"),
        ],
        answer=numeric("expected_price"),
    )


@template(difficulty="intermediate")
def event_beta_from_paired_returns() -> Template:
    """Beta as covariance over variance: β = Σ (a_t − ā)(m_t − m̄) / Σ (m_t − m̄)².

    Bands:
        event_beta: 0.5 to 2.5

    Relations:
        event_beta: 0.5 to 2.5 [bitcoin_beta_to_nasdaq_100]
    """
    market = rate("market_return", -4, 4, step=0.01)
    return Template(
        givens=[
            person("analyst"),
            series("market_returns", market, length=EVENT_DAYS),
            series("bitcoin_returns", rate("bitcoin_return", -9, 9, step=0.01), length=EVENT_DAYS),
        ],
        # Bitcoin has moved with stocks on these days: keep draws whose sample covariance is positive.
        constraints=[
            # In events bitcoin moves about one to two and a half times the market: beta between 0.5 and 2.5.
            f"0.5 * ({MARKET_SPREAD}) <= {CO_MOVEMENT} <= 2.5 * ({MARKET_SPREAD})",
            f"{EVENT_DAYS} * sum(bitcoin_returns[t] * m for t, m in enumerate(market_returns))"
            " > sum(bitcoin_returns) * sum(market_returns)",
        ],
        question=(
            "{analyst} collects returns on the last six Federal Reserve announcement days. The S&P 500 "
            "returned {market_returns} and bitcoin returned {bitcoin_returns} on the same days, in the same "
            "order. Estimate bitcoin's beta to the S&P 500 on announcement days as the covariance of the two "
            "return series divided by the variance of the S&P 500 returns. Keep the mean returns to six "
            "decimals (as fractions) and give the beta to two decimal places."
        ),
        steps=[
            step(
                "mean_market",
                f"sum(market_returns) / {EVENT_DAYS}",
                "Mean S&P 500 return",
                unit=Unit.NONE,
                decimals=6,
                rounded_before_use=True,
            ),
            step(
                "mean_bitcoin",
                f"sum(bitcoin_returns) / {EVENT_DAYS}",
                "Mean bitcoin return",
                unit=Unit.NONE,
                decimals=6,
                rounded_before_use=True,
            ),
            step(
                "event_beta",
                "sum((bitcoin_returns[t] - mean_bitcoin) * (m - mean_market)"
                " for t, m in enumerate(market_returns))"
                " / sum((m - mean_market) ** 2 for m in market_returns)",
                "Beta: co-movement over market variance",
                unit=Unit.NONE,
                decimals=2,
            ),
        ],
        answer=numeric("event_beta"),
    )


@template(difficulty="intermediate")
def cumulative_abnormal_return_around_an_event() -> Template:
    """Market-model event study: CAR = Σ (R_t − α − β · M_t); value effect = CAR · market cap.

    Bands:
        cumulative_abnormal_return: -30% to 30%

    Relations:
        beta: 0.6 to 2.2 [stock_beta]
    """
    return Template(
        givens=[
            person("analyst"),
            series("token_returns", rate("token_return", -15, 15, step=0.01), length=WINDOW_DAYS),
            series("market_returns", rate("market_return", -6, 6, step=0.01), length=WINDOW_DAYS),
            rate("alpha", -0.2, 0.3, step=0.01),
            number("beta", 0.6, 2.2, step=0.01),
            money("market_cap", 500_000_000, 50_000_000_000, step=10_000_000, decimals=0),
        ],
        constraints=[
            "abs(sum(token_returns) - sum(alpha + beta * m for m in market_returns)) <= 0.3",
        ],
        question=(
            "A token was listed by a major U.S. exchange. Over the five-day window around the "
            "announcement the token returned {token_returns} and the crypto market index returned "
            "{market_returns}, day by day. {analyst}'s market model, fitted before the event, is "
            "R = {alpha} + {beta} × M per day. "
            "The token's market capitalization before the window was {market_cap}. Estimate the value the "
            "listing added or destroyed as the cumulative abnormal return times that market capitalization "
            "(negative if destroyed). Keep the cumulative abnormal return to six decimals and round the "
            "answer to the nearest dollar."
        ),
        steps=[
            step(
                "actual_return_sum",
                "sum(token_returns)",
                "Sum of the token's returns",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "expected_return_sum",
                "sum(alpha + beta * m for m in market_returns)",
                "Sum of the market model's expected returns",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "cumulative_abnormal_return",
                "actual_return_sum - expected_return_sum",
                "Cumulative abnormal return",
                unit=Unit.NONE,
                decimals=6,
                rounded_before_use=True,
            ),
            step(
                "value_effect",
                "cumulative_abnormal_return * market_cap",
                "Value effect of the listing",
                decimals=0,
            ),
        ],
        answer=numeric("value_effect"),
    )


@template(difficulty="advanced")
def beta_mapped_value_at_risk_after_an_event() -> Template:
    """Event-window VaR with ether mapped to bitcoin by its beta: z_c · σ_event · √h · (V_BTC + β · V_ETH).

    Returns are normal with zero mean; daily volatility scales to h days by √h.

    Bands:
        value_at_risk / (bitcoin_value + ether_value): 2% to 80%
        ether_value / (bitcoin_value + ether_value): 5% to 80%

    Relations:
        bitcoin_price: 20,000 to 110,000 [bitcoin_price]
        ether_price: 900 to 4,900 [ether_price]
        ether_price / bitcoin_price: 2% to 8.5% [ether_to_bitcoin_price]
    """
    return Template(
        givens=[
            person("manager"),
            number("bitcoin_held", 1, 200, step=0.01, unit=Unit.BTC),
            money("bitcoin_price", 20_000, 110_000, step=50),
            number("ether_held", 10, 3_000, step=0.1, decimals=1, unit=Unit.ETH),
            money("ether_price", 900, 4_900, step=1),
            number("ether_beta", 0.8, 1.8, step=0.01),
            rate("event_volatility", 2.5, 8, step=0.1),
            count("horizon_days", 1, 5, unit=Unit.DAYS),
            option("confidence", {"95%": 0.95, "99%": 0.99}),
        ],
        constraints=[
            ETHER_TO_BITCOIN,
            "ether_held * ether_price >= 0.05 * (bitcoin_held * bitcoin_price + ether_held * ether_price)",
            "ether_held * ether_price <= 0.8 * (bitcoin_held * bitcoin_price + ether_held * ether_price)",
        ],
        question=(
            "{manager} runs a fund holding {bitcoin_held} at {bitcoin_price} and {ether_held} at "
            "{ether_price}. After a regulator's surprise ruling, {manager} expects bitcoin's daily "
            "volatility to stay at {event_volatility} for the next {horizon_days}. Ether moves "
            "{ether_beta} times as much as bitcoin, so {manager} maps the ether position to an equivalent "
            "bitcoin exposure. Assuming normally distributed returns with a mean of zero and volatility "
            "that scales with the square root of time, what is the fund's value at risk over those "
            "{horizon_days} at {confidence} confidence? Round to the nearest cent."
        ),
        steps=[
            step("bitcoin_value", "bitcoin_held * bitcoin_price", "Value of the bitcoin position"),
            step("ether_value", "ether_held * ether_price", "Value of the ether position"),
            step(
                "bitcoin_equivalent",
                "bitcoin_value + ether_beta * ether_value",
                "Bitcoin-equivalent exposure (ether scaled by its beta)",
            ),
            step(
                "z_score",
                "normal_quantile(confidence)",
                "Standard normal quantile at the confidence level",
                unit=Unit.NONE,
                decimals=4,
            ),
            step(
                "horizon_volatility",
                "event_volatility * sqrt(horizon_days)",
                "Volatility over the horizon",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "value_at_risk",
                "z_score * horizon_volatility * bitcoin_equivalent",
                "Value at risk over the horizon",
            ),
        ],
        answer=numeric("value_at_risk"),
    )
