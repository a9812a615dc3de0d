"""Risk and return: expected returns, their volatility, and the return investors require for bearing risk.

Covers probability-weighted expected return and standard deviation over economic scenarios,
the capital asset pricing model for one stock and for a portfolio, and the Sharpe ratio of a
two-asset portfolio.
"""

from finsynth.generators.finchain.dsl import (
    Given,
    Template,
    company,
    derived,
    money,
    number,
    numeric,
    person,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


def _scenario_givens() -> list[Given]:
    """Three economic scenarios whose probabilities sum to one, with the stock's return in each.

    Probabilities in steps of 10% and returns in steps of 0.5% make Σ pᵢ · Rᵢ exact at two decimals of a
    percent, so the expected return is never a rounding tie.
    """
    return [
        company("issuer"),
        rate("boom_probability", 10, 40, step=10),
        rate("recession_probability", 10, 40, step=10),
        derived("normal_probability", "1 - boom_probability - recession_probability", unit=Unit.PERCENT),
        rate("boom_return", 10, 50, step=0.5),
        rate("normal_return", 2, 18, step=0.5),
        rate("recession_return", -40, 0, step=0.5),
    ]


_SCENARIO_CONSTRAINTS = ["boom_return >= normal_return + 0.05"]
"""A boom pays clearly more than a normal year (recessions pay at most 0%, below every normal year)."""

_SCENARIO_MEAN = (
    "boom_probability * boom_return + normal_probability * normal_return"
    " + recession_probability * recession_return"
)
"""The stock's expected return over the three scenarios, written over the givens."""

_SCENARIO_TEXT = (
    "An analyst models next year's return on {issuer} stock under three economic scenarios: a boom with "
    "probability {boom_probability} and a return of {boom_return}, a normal year with probability "
    "{normal_probability} and a return of {normal_return}, and a recession with probability "
    "{recession_probability} and a return of {recession_return}. "
)


@template(difficulty="basic")
def expected_return_of_stock_and_bills_across_scenarios() -> Template:
    """Expected return of a stock-and-bills portfolio: E[R_p] = w · Σ pᵢ · Rᵢ + (1 − w) · r_f.

    Treasury bills pay r_f in every scenario, so only the stock's share is scenario-weighted.
    A stock weight in steps of 20% keeps the answer exact at two decimals of a percent.

    Bands:
        portfolio_expected_return: -10% to 25%

    Relations:
        risk_free_rate: 1% to 5% [us_treasury_yield]
    """
    return Template(
        givens=[
            *_scenario_givens(),
            rate("stock_weight", 40, 80, step=20, decimals=0),
            rate("risk_free_rate", 1, 5, step=0.05),
        ],
        constraints=_SCENARIO_CONSTRAINTS,
        question=(
            _SCENARIO_TEXT + "An investor puts {stock_weight} of a portfolio in the stock and the rest in "
            "Treasury bills yielding {risk_free_rate} whatever happens. What is the portfolio's expected "
            "return? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "stock_expected_return",
                "boom_probability * boom_return + normal_probability * normal_return"
                " + recession_probability * recession_return",
                "Probability-weighted average return of the stock",
                unit=Unit.PERCENT,
            ),
            step(
                "portfolio_expected_return",
                "stock_weight * stock_expected_return + (1 - stock_weight) * risk_free_rate",
                "Weighted average of the stock's expected return and the bill yield",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("portfolio_expected_return"),
    )


@template(difficulty="basic")
def capm_required_return_on_a_stock() -> Template:
    """Capital asset pricing model: required return = r_f + β · (E[R_m] − r_f).

    Bands:
        required_return: 3% to 31%

    Relations:
        market_return - risk_free_rate: 2% to 9% [equity_risk_premium]
        risk_free_rate: 1% to 6% [us_treasury_yield]
        beta: 0.3 to 2.5 [stock_beta]
    """
    return Template(
        givens=[
            company("issuer"),
            rate("risk_free_rate", 1, 6, step=0.05),
            rate("market_return", 6, 14, step=0.05),
            number("beta", 0.3, 2.5, step=0.01),
        ],
        # The market premium over Treasury bills is 2–9%, as analysts use it.
        constraints=["risk_free_rate + 0.02 <= market_return <= risk_free_rate + 0.09"],
        question=(
            "Treasury bills yield {risk_free_rate} and the stock market is expected to return "
            "{market_return}. {issuer} stock has a beta of {beta}. According to the capital asset pricing "
            "model, what return should investors require on the stock? Give the answer as a percentage to "
            "two decimal places."
        ),
        steps=[
            step(
                "market_risk_premium",
                "market_return - risk_free_rate",
                "Market risk premium",
                unit=Unit.PERCENT,
            ),
            step(
                "stock_risk_premium",
                "beta * market_risk_premium",
                "Risk premium for the stock",
                unit=Unit.PERCENT,
            ),
            step(
                "required_return",
                "risk_free_rate + stock_risk_premium",
                "Required return",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("required_return"),
    )


@template(difficulty="intermediate")
def coefficient_of_variation_across_economic_scenarios() -> Template:
    """Risk per unit of return: CV = σ / E[R], σ = √(Σ pᵢ · (Rᵢ − E[R])²), E[R] = Σ pᵢ · Rᵢ.

    Bands:
        standard_deviation: 3% to 45%
        coefficient_of_variation: 0.1 to 23

    Relations:
        standard_deviation: 5% to 45% [stock_volatility]
    """
    return Template(
        givens=_scenario_givens(),
        # A coefficient of variation compares risk with a positive expected return.
        constraints=[
            *_SCENARIO_CONSTRAINTS,
            f"{_SCENARIO_MEAN} >= 0.02",
            # A stock's return varies by at least 5% across the scenarios.
            f"boom_probability * (boom_return - ({_SCENARIO_MEAN})) ** 2"
            f" + normal_probability * (normal_return - ({_SCENARIO_MEAN})) ** 2"
            f" + recession_probability * (recession_return - ({_SCENARIO_MEAN})) ** 2 >= 0.05 ** 2",
        ],
        question=(
            _SCENARIO_TEXT + "What is the coefficient of variation of the stock's return (its standard "
            "deviation per unit of expected return)? Round to four decimal places."
        ),
        steps=[
            step(
                "expected_return",
                _SCENARIO_MEAN,
                "Probability-weighted average return",
                unit=Unit.PERCENT,
            ),
            step(
                "variance",
                "boom_probability * (boom_return - expected_return) ** 2"
                " + normal_probability * (normal_return - expected_return) ** 2"
                " + recession_probability * (recession_return - expected_return) ** 2",
                "Probability-weighted squared deviations (variance)",
                unit=Unit.NONE,
                decimals=8,
            ),
            step("standard_deviation", "sqrt(variance)", "Standard deviation", unit=Unit.PERCENT),
            step(
                "coefficient_of_variation",
                "standard_deviation / expected_return",
                "Standard deviation per unit of expected return",
                unit=Unit.NONE,
                decimals=4,
            ),
        ],
        answer=numeric("coefficient_of_variation"),
    )


@template(difficulty="intermediate")
def capm_required_return_on_a_portfolio() -> Template:
    """Portfolio CAPM: β_p = Σ (Vᵢ / ΣV) · βᵢ, then required return = r_f + β_p · (E[R_m] − r_f).

    Bands:
        required_return: 3% to 25%

    Relations:
        market_return - risk_free_rate: 2% to 9% [equity_risk_premium]
        risk_free_rate: 1% to 6% [us_treasury_yield]
    """
    return Template(
        givens=[
            person("investor"),
            money("holding_1", 2_000, 500_000, step=100),
            number("beta_1", 0.4, 2.2, step=0.01),
            money("holding_2", 2_000, 500_000, step=100),
            number("beta_2", 0.4, 2.2, step=0.01),
            money("holding_3", 2_000, 500_000, step=100),
            number("beta_3", 0.4, 2.2, step=0.01),
            rate("risk_free_rate", 1, 6, step=0.05),
            rate("market_return", 6, 14, step=0.05),
        ],
        # The market premium over Treasury bills is 2–9%, as analysts use it.
        constraints=["risk_free_rate + 0.02 <= market_return <= risk_free_rate + 0.09"],
        question=(
            "{investor} holds three stocks: {holding_1} in one with a beta of {beta_1}, {holding_2} in one "
            "with a beta of {beta_2}, and {holding_3} in one with a beta of {beta_3}. The risk-free rate is "
            "{risk_free_rate} and the market is expected to return {market_return}. Using the capital asset "
            "pricing model with the portfolio's value-weighted beta, what return should {investor} require "
            "on the portfolio? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step("portfolio_value", "holding_1 + holding_2 + holding_3", "Total value of the portfolio"),
            step(
                "portfolio_beta",
                "(holding_1 * beta_1 + holding_2 * beta_2 + holding_3 * beta_3) / portfolio_value",
                "Value-weighted portfolio beta",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "market_risk_premium",
                "market_return - risk_free_rate",
                "Market risk premium",
                unit=Unit.PERCENT,
            ),
            step(
                "required_return",
                "risk_free_rate + portfolio_beta * market_risk_premium",
                "Required return on the portfolio",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("required_return"),
    )


@template(difficulty="advanced")
def sharpe_ratio_of_a_two_asset_portfolio() -> Template:
    """Sharpe ratio of a two-asset portfolio: S = (E[R_p] − r_f) / σ_p.

    E[R_p] = w·R_s + (1 − w)·R_b and σ_p = √(w²σ_s² + (1 − w)²σ_b² + 2w(1 − w)ρσ_sσ_b).

    Bands:
        sharpe_ratio: 0 to 1.7

    Relations:
        risk_free_rate: 0.5% to 4% [us_treasury_yield]
    """
    return Template(
        givens=[
            person("investor"),
            # Whole-percent returns and weights keep the portfolio's expected return exact at two decimals.
            rate("stock_weight", 10, 90, step=1),
            rate("stock_return", 7, 15, step=1),
            rate("stock_volatility", 12, 35, step=0.1),
            rate("bond_return", 2, 6, step=1),
            rate("bond_volatility", 3, 10, step=0.1),
            number("correlation", -0.5, 0.9, step=0.05),
            rate("risk_free_rate", 0.5, 4, step=0.05),
        ],
        constraints=["risk_free_rate < bond_return"],
        question=(
            "{investor} puts {stock_weight} of a portfolio in a stock fund and the rest in a bond fund. The "
            "stock fund has an expected return of {stock_return} and a standard deviation of "
            "{stock_volatility}; the bond fund has an expected return of {bond_return} and a standard "
            "deviation of {bond_volatility}; the correlation between the two funds' returns is "
            "{correlation}. The risk-free rate is {risk_free_rate}. What is the portfolio's Sharpe ratio? "
            "Give the answer to two decimal places."
        ),
        steps=[
            step("bond_weight", "1 - stock_weight", "Weight in the bond fund", unit=Unit.PERCENT),
            step(
                "portfolio_return",
                "stock_weight * stock_return + bond_weight * bond_return",
                "Expected portfolio return",
                unit=Unit.PERCENT,
            ),
            step(
                "portfolio_variance",
                "stock_weight ** 2 * stock_volatility ** 2 + bond_weight ** 2 * bond_volatility ** 2"
                " + 2 * stock_weight * bond_weight * correlation * stock_volatility * bond_volatility",
                "Portfolio variance",
                unit=Unit.NONE,
                decimals=8,
            ),
            step(
                "portfolio_volatility",
                "sqrt(portfolio_variance)",
                "Portfolio standard deviation",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "sharpe_ratio",
                "(portfolio_return - risk_free_rate) / portfolio_volatility",
                "Excess return per unit of risk",
                unit=Unit.NONE,
                decimals=2,
            ),
        ],
        answer=numeric("sharpe_ratio"),
    )
