"""Value at risk: the loss a portfolio should not exceed over a horizon at a given confidence level.

Every template here is parametric (variance-covariance) VaR: returns are normal, so the loss
quantile is the standard normal z-score ``normal_quantile(confidence)`` times the standard
deviation of the portfolio's value over the horizon.
"""

import math

from finsynth.generators.finchain.dsl import (
    Template,
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

STANDARD_NORMAL_DENSITY = f"exp(-z_score ** 2 / 2) / sqrt(2 * {math.pi!r})"
"""The standard normal density φ(z) = e^(−z²/2) / √(2π) at the VaR z-score."""


@template(difficulty="basic")
def one_day_parametric_var() -> Template:
    """One-day parametric VaR with zero mean: VaR = z_c · σ_daily · V, where z_c = Φ⁻¹(c).

    Bands:
        value_at_risk / portfolio_value: 0.5% to 11%

    Relations:
        daily_volatility * sqrt(252): 5% to 150% [stock_volatility]
    """
    return Template(
        givens=[
            company("fund"),
            money("portfolio_value", 100_000, 50_000_000, step=1_000),
            rate("daily_volatility", 0.5, 4, step=0.01),
            rate("confidence", 90, 99.5, step=0.5, decimals=1),
        ],
        question=(
            "{fund} holds a portfolio worth {portfolio_value}. Its daily returns are normally distributed "
            "with a mean of zero and a standard deviation of {daily_volatility}. What is the one-day "
            "parametric value at risk (VaR) at the {confidence} confidence level? Round to the nearest "
            "cent."
        ),
        steps=[
            step(
                "z_score",
                "normal_quantile(confidence)",
                "Standard normal z-score",
                unit=Unit.NONE,
                decimals=6,
            ),
            step("value_at_risk", "z_score * daily_volatility * portfolio_value", "One-day VaR"),
        ],
        answer=numeric("value_at_risk"),
    )


@template(difficulty="basic")
def var_rescaled_to_another_confidence_and_horizon() -> Template:
    """Converting a reported VaR: VaR_target = VaR_reported · z_target / z_reported · √h.

    Under normal, zero-mean, independent daily returns VaR is z times the dollar volatility, so a
    one-day VaR at one confidence level gives the dollar volatility, and with it the VaR at any
    other level; the square-root-of-time rule scales it to h days (as Basel's 10-day 99% VaR
    was derived from a desk's daily 95% figure).

    Bands:
        horizon_var / reported_var: 1.4 to 10.1

    Relations:
        reported_confidence: 90% to 97% [var_confidence_level]
        target_confidence: 97.5% to 99.5% [var_confidence_level]
    """
    return Template(
        givens=[
            person("trader"),
            money("reported_var", 10_000, 2_000_000, step=100),
            rate("reported_confidence", 90, 97, step=0.5, decimals=1),
            rate("target_confidence", 97.5, 99.5, step=0.5, decimals=1),
            count("horizon_days", 2, 25, unit=Unit.DAYS),
        ],
        question=(
            "{trader}'s desk reports a one-day VaR of {reported_var} at the {reported_confidence} "
            "confidence level, from daily returns that are normal with mean zero and independent from day "
            "to day. Risk management wants the VaR at the {target_confidence} level over {horizon_days}. "
            "Using the square-root-of-time rule, what is it? Round to the nearest cent."
        ),
        steps=[
            step(
                "reported_z",
                "normal_quantile(reported_confidence)",
                "z-score of the reported confidence level",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "target_z",
                "normal_quantile(target_confidence)",
                "z-score of the target confidence level",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "dollar_volatility",
                "reported_var / reported_z",
                "One-day standard deviation of the position's value",
            ),
            step("one_day_target_var", "target_z * dollar_volatility", "One-day VaR at the target level"),
            step("horizon_var", "one_day_target_var * sqrt(horizon_days)", "VaR scaled to the horizon"),
        ],
        answer=numeric("horizon_var"),
    )


@template(difficulty="intermediate")
def var_with_expected_return_from_annual_figures() -> Template:
    """Parametric VaR with drift from annual figures: VaR = (z_c · σ · √(h/T) − μ · h/T) · V.

    Bands:
        value_at_risk / portfolio_value: 0% to 30%

    Relations:
        annual_volatility: 10% to 40% [stock_volatility]
    """
    return Template(
        givens=[
            company("fund"),
            money("portfolio_value", 500_000, 80_000_000, step=5_000),
            rate("annual_return", 2, 15, step=0.1, decimals=1),
            rate("annual_volatility", 10, 40, step=0.1, decimals=1),
            rate("confidence", 90, 99.5, step=0.5, decimals=1),
            count("horizon_days", 1, 20, unit=Unit.DAYS),
            count("trading_days", 252, 252),
        ],
        question=(
            "{fund} manages a portfolio worth {portfolio_value}. Its returns are normally distributed with "
            "an expected annual return of {annual_return} and an annual volatility of {annual_volatility}. "
            "Assume {trading_days} trading days in a year, that the mean scales with time and the "
            "volatility with the square root of time. What is the parametric VaR over {horizon_days} at the "
            "{confidence} confidence level, counting the expected return? Round to the nearest cent."
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
                "horizon_return",
                "annual_return * horizon_days / trading_days",
                "Expected return over the horizon",
                unit=Unit.PERCENT,
                decimals=6,
            ),
            step(
                "horizon_volatility",
                "annual_volatility * sqrt(horizon_days / trading_days)",
                "Volatility over the horizon",
                unit=Unit.PERCENT,
                decimals=6,
            ),
            step(
                "value_at_risk",
                "(z_score * horizon_volatility - horizon_return) * portfolio_value",
                "VaR net of the expected return",
            ),
        ],
        answer=numeric("value_at_risk"),
    )


@template(difficulty="intermediate")
def diversification_benefit_of_two_positions() -> Template:
    """Two-position VaR aggregation: VaR_p = √(VaR₁² + VaR₂² + 2ρ · VaR₁ · VaR₂).

    Each stand-alone VaR_i = z_c · σ_i · V_i; the diversification benefit is VaR₁ + VaR₂ − VaR_p.

    Bands:
        diversification_benefit / (equity_var + bond_var): 0% to 60%

    Relations:
        equity_volatility * sqrt(252): 12% to 48% [stock_volatility]
    """
    return Template(
        givens=[
            company("bank"),
            money("equity_position", 1_000_000, 30_000_000, step=10_000),
            rate("equity_volatility", 0.8, 3, step=0.01),
            money("bond_position", 1_000_000, 30_000_000, step=10_000),
            rate("bond_volatility", 0.2, 1.5, step=0.01),
            number("correlation", -0.5, 0.9, step=0.01),
            rate("confidence", 95, 99.5, step=0.5, decimals=1),
        ],
        question=(
            "{bank} holds {equity_position} of equities with a daily volatility of {equity_volatility} and "
            "{bond_position} of bonds with a daily volatility of {bond_volatility}. The correlation between "
            "the two daily returns is {correlation}, and returns are normal with mean zero. By how much "
            "does diversification reduce the one-day parametric VaR at the {confidence} confidence level, "
            "compared with adding up the two stand-alone VaRs? Round to the nearest cent."
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
                "equity_var",
                "z_score * equity_volatility * equity_position",
                "Stand-alone VaR of the equities",
            ),
            step("bond_var", "z_score * bond_volatility * bond_position", "Stand-alone VaR of the bonds"),
            step(
                "portfolio_var",
                "sqrt(equity_var ** 2 + bond_var ** 2 + 2 * correlation * equity_var * bond_var)",
                "VaR of the combined portfolio",
            ),
            step(
                "diversification_benefit", "equity_var + bond_var - portfolio_var", "Diversification benefit"
            ),
        ],
        answer=numeric("diversification_benefit"),
    )


@template(difficulty="advanced")
def expected_shortfall_beyond_var() -> Template:
    """Tail loss under normality: ES = s · φ(z_c) / (1 − c) versus VaR = z_c · s.

    Here s = σ_daily · √h · V is the dollar volatility over h days and φ the standard normal density.

    Bands:
        expected_shortfall / value_at_risk: 1.1 to 1.3

    Relations:
        daily_volatility * sqrt(252): 5% to 150% [stock_volatility]
    """
    return Template(
        givens=[
            company("fund"),
            money("portfolio_value", 200_000, 60_000_000, step=1_000),
            rate("daily_volatility", 0.5, 3.5, step=0.01),
            rate("confidence", 95, 99.5, step=0.5, decimals=1),
            count("horizon_days", 1, 10, unit=Unit.DAYS),
        ],
        question=(
            "{fund} has a portfolio worth {portfolio_value} with normally distributed daily returns of mean "
            "zero and standard deviation {daily_volatility}, independent across days. Over {horizon_days} "
            "at the {confidence} confidence level, by how much does the expected shortfall (the average "
            "loss in the tail beyond the VaR) exceed the parametric VaR? Round to the nearest cent."
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
                "dollar_volatility",
                "daily_volatility * sqrt(horizon_days) * portfolio_value",
                "Standard deviation of the portfolio value over the horizon",
            ),
            step("value_at_risk", "z_score * dollar_volatility", "Parametric VaR"),
            step(
                "density_at_z",
                STANDARD_NORMAL_DENSITY,
                "Standard normal density at z",
                unit=Unit.NONE,
                decimals=8,
            ),
            step(
                "expected_shortfall",
                "dollar_volatility * density_at_z / (1 - confidence)",
                "Expected shortfall",
            ),
            step("shortfall_excess", "expected_shortfall - value_at_risk", "Excess of ES over VaR"),
        ],
        answer=numeric("shortfall_excess"),
    )
