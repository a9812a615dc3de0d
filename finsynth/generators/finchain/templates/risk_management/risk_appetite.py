"""Risk appetite: the amount and kind of risk a firm or investor is willing to accept.

An appetite is stated as limits (a maximum loss, a VaR limit, a largest acceptable chance of
losing more than a buffer); the templates turn those statements into position sizes, stop
prices, headroom and limit-utilization checks.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
    count,
    money,
    number,
    numeric,
    person,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

MONTHS_PER_YEAR = 12


@template(difficulty="basic")
def loss_headroom_under_a_board_appetite() -> Template:
    """Loss appetite in dollars L_max = a · E and remaining headroom L_max − L_est.

    Bands:
        estimated_loss / loss_limit: 30% to 150%

    Relations:
        estimated_loss / equity_capital: 0% to 15% [severe_year_loss_to_equity]
    """
    return Template(
        givens=[
            company("bank"),
            money("equity_capital", 50_000_000, 2_000_000_000, step=1_000_000),
            rate("loss_appetite", 2, 10, step=0.25),
            money("estimated_loss", 1_000_000, 150_000_000, step=100_000),
        ],
        constraints=[
            "0.3 * equity_capital * loss_appetite <= estimated_loss <= 1.5 * equity_capital * loss_appetite",
        ],
        question=(
            "The board of {bank} will accept an annual loss of at most {loss_appetite} of its equity "
            "capital of {equity_capital}. Risk managers estimate that a severe year would cost "
            "{estimated_loss}. How much loss capacity remains within the appetite? (A negative answer means "
            "the appetite is breached.) Round to the nearest cent."
        ),
        steps=[
            step("loss_limit", "equity_capital * loss_appetite", "Largest acceptable annual loss"),
            step("loss_headroom", "loss_limit - estimated_loss", "Capacity left within the appetite"),
        ],
        answer=numeric("loss_headroom"),
    )


@template(difficulty="basic")
def stop_loss_price_from_a_loss_limit() -> Template:
    """Stop-loss price that caps a long position's loss: P_stop = P_0 − L_max / N.

    Bands:
        stop_price / purchase_price: 60% to 98%

    Relations:
        purchase_price: 5 to 500 [listed_stock_price]
        max_loss / (shares * purchase_price): 2% to 40% [stop_loss_distance]
    """
    return Template(
        givens=[
            person("trader"),
            number("shares", 100, 50_000, step=100, decimals=0, unit=Unit.SHARES),
            money("purchase_price", 5, 500, step=0.01),
            money("max_loss", 500, 200_000, step=50),
        ],
        constraints=[
            "max_loss <= 0.4 * shares * purchase_price",
            "max_loss >= 0.02 * shares * purchase_price",
        ],
        question=(
            "{trader} buys {shares} at {purchase_price} per share and is willing to lose at most {max_loss} "
            "on the position. At what price should the stop-loss order be set so that the loss, if it "
            "triggers, equals that limit? Ignore commissions and slippage. Round to the nearest cent."
        ),
        steps=[
            step("loss_per_share", "max_loss / shares", "Acceptable loss per share", decimals=4),
            step("stop_price", "purchase_price - loss_per_share", "Stop-loss price"),
        ],
        answer=numeric("stop_price"),
    )


@template(difficulty="intermediate")
def var_limit_utilization_status() -> Template:
    """VaR limit utilization u = VaR / limit with VaR = z_c · σ · V, classified against a warning level.

    Bands:
        utilization: 30% to 160%

    Relations:
        daily_volatility * sqrt(252): 5% to 150% [stock_volatility]
    """
    return Template(
        givens=[
            company("firm"),
            money("position_value", 1_000_000, 100_000_000, step=10_000),
            rate("daily_volatility", 0.5, 3, step=0.01),
            rate("confidence", 95, 99.5, step=0.5, decimals=1),
            money("var_limit", 100_000, 4_000_000, step=5_000),
            rate("warning_level", 75, 90, step=5, decimals=0),
        ],
        constraints=[
            "normal_quantile(confidence) * daily_volatility * position_value >= 0.3 * var_limit",
            "normal_quantile(confidence) * daily_volatility * position_value <= 1.6 * var_limit",
        ],
        question=(
            "The trading desk of {firm} holds {position_value} of assets with normally distributed daily "
            "returns (mean zero, standard deviation {daily_volatility}). Its one-day VaR limit at the "
            "{confidence} confidence level is {var_limit}. Compute the one-day parametric VaR to the cent "
            "and the limit utilization (VaR divided by the limit) as a percentage to two decimal places. "
            "Classify the desk as 'breach' if utilization is above 100%, as 'early warning' if it is at "
            "least {warning_level}, otherwise as 'within appetite'."
        ),
        steps=[
            step(
                "z_score",
                "normal_quantile(confidence)",
                "Standard normal z-score",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "value_at_risk",
                "z_score * daily_volatility * position_value",
                "One-day VaR",
                rounded_before_use=True,
            ),
            step(
                "utilization",
                "value_at_risk / var_limit",
                "Share of the limit used",
                unit=Unit.PERCENT,
                decimals=2,
                rounded_before_use=True,
            ),
        ],
        answer=categorical(
            [("utilization > 1", "breach"), ("utilization >= warning_level", "early warning")],
            otherwise="within appetite",
        ),
    )


@template(difficulty="intermediate")
def probability_of_a_loss_beyond_tolerance() -> Template:
    """Shortfall probability under normal returns: P(loss > T) = Φ((−T / V − μ) / σ).

    Bands:
        shortfall_probability: 0.1% to 45%
        standardized_threshold: -3 to 0

    Relations:
        volatility: 8% to 30% [stock_volatility]
    """
    return Template(
        givens=[
            person("investor"),
            money("portfolio_value", 50_000, 10_000_000, step=1_000),
            rate("expected_return", 3, 12, step=0.1, decimals=1),
            rate("volatility", 8, 30, step=0.1, decimals=1),
            money("loss_tolerance", 1_000, 3_000_000, step=500),
        ],
        constraints=[
            "(-loss_tolerance / portfolio_value - expected_return) / volatility >= -3",
            "loss_tolerance >= 0.02 * portfolio_value",
            "loss_tolerance <= 0.4 * portfolio_value",
        ],
        question=(
            "{investor} has {portfolio_value} invested. Annual returns are normally distributed with a mean "
            "of {expected_return} and a standard deviation of {volatility}. {investor} cannot tolerate "
            "losing more than {loss_tolerance} in a year. What is the probability that next year's loss "
            "exceeds that tolerance? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "threshold_return",
                "-loss_tolerance / portfolio_value",
                "Return at which the loss equals the tolerance",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "standardized_threshold",
                "(threshold_return - expected_return) / volatility",
                "Threshold in standard deviations from the mean",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "shortfall_probability",
                "normal_cdf(standardized_threshold)",
                "Probability of a worse return",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("shortfall_probability"),
    )


@template(difficulty="advanced")
def largest_portfolio_within_a_ruin_probability() -> Template:
    """Position limit from a loss-probability appetite: V_max = C / (z_(1−p) · σ · √(h/12) − μ · h/12).

    The appetite is P(loss over h months > C) ≤ p for normal returns with annual mean μ and volatility σ.

    Bands:
        loss_rate: 3% to 80%

    Relations:
        volatility: 8% to 35% [stock_volatility]
    """
    return Template(
        givens=[
            company("fund"),
            money("capital_buffer", 1_000_000, 500_000_000, step=100_000),
            rate("expected_return", 2, 12, step=0.1, decimals=1),
            rate("volatility", 8, 35, step=0.1, decimals=1),
            rate("tolerance_probability", 0.5, 5, step=0.1, decimals=1),
            count("horizon_months", 1, 12, unit=Unit.MONTHS),
        ],
        question=(
            "{fund} holds a capital buffer of {capital_buffer}. Its risk appetite statement says the "
            "probability that the portfolio loses more than the buffer over the next {horizon_months} must "
            "not exceed {tolerance_probability}. Portfolio returns are normal with an annual mean of "
            "{expected_return} and an annual volatility of {volatility}; the mean scales with time and the "
            "volatility with its square root. What is the largest portfolio the fund can hold within this "
            "appetite? Round to the nearest cent."
        ),
        steps=[
            step(
                "z_score",
                "normal_quantile(1 - tolerance_probability)",
                "z-score that leaves the tolerated probability in the tail",
                unit=Unit.NONE,
                decimals=8,
            ),
            step(
                "horizon_return",
                f"expected_return * horizon_months / {MONTHS_PER_YEAR}",
                "Expected return over the horizon",
                unit=Unit.PERCENT,
                decimals=6,
            ),
            step(
                "horizon_volatility",
                f"volatility * sqrt(horizon_months / {MONTHS_PER_YEAR})",
                "Volatility over the horizon",
                unit=Unit.PERCENT,
                decimals=6,
            ),
            step(
                "loss_rate",
                "z_score * horizon_volatility - horizon_return",
                "Loss per dollar at the tolerated probability",
                unit=Unit.PERCENT,
                decimals=6,
            ),
            step("max_portfolio", "capital_buffer / loss_rate", "Largest portfolio within the appetite"),
        ],
        answer=numeric("max_portfolio"),
    )
