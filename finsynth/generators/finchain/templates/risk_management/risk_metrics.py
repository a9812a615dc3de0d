"""Risk metrics: numbers that measure how risky a return stream is, alone or per unit of return.

Covers volatility from a return history, systematic risk (beta), and risk-adjusted
performance: the Sharpe ratio, the Sortino ratio and the information ratio.
"""

from finsynth.generators.finchain.dsl import Template, company, count, number, numeric, rate, series, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

MONTHS_PER_YEAR = 12


@template(difficulty="basic")
def sharpe_ratio() -> Template:
    """Sharpe ratio: S = (R_p − R_f) / σ_p.

    Bands:
        sharpe: 0 to 1.5

    Relations:
        risk_free_rate: 0.5% to 5.5% [us_treasury_yield]
        volatility: 5% to 40% [stock_volatility]
    """
    return Template(
        givens=[
            company("fund"),
            rate("portfolio_return", 2, 25, step=0.1, decimals=1),
            rate("risk_free_rate", 0.5, 5.5, step=0.05),
            rate("volatility", 5, 40, step=0.1, decimals=1),
        ],
        constraints=[
            "portfolio_return - risk_free_rate <= 1.5 * volatility",
            "portfolio_return >= risk_free_rate + 0.01",
        ],
        question=(
            "{fund} earned an annual return of {portfolio_return} with an annual standard deviation of "
            "{volatility}, while Treasury bills returned {risk_free_rate}. What is the fund's Sharpe ratio? "
            "Round to two decimal places."
        ),
        steps=[
            step(
                "excess_return",
                "portfolio_return - risk_free_rate",
                "Return above the risk-free rate",
                unit=Unit.PERCENT,
                decimals=2,
            ),
            step(
                "sharpe",
                "excess_return / volatility",
                "Excess return per unit of risk",
                unit=Unit.NONE,
                decimals=2,
            ),
        ],
        answer=numeric("sharpe"),
    )


@template(difficulty="basic")
def beta_from_correlation_and_volatilities() -> Template:
    """Beta from its definition: β = Cov(r_i, r_m) / σ_m² with Cov = ρ · σ_i · σ_m.

    Bands:
        beta: 0.3 to 2.5

    Relations:
        stock_volatility: 10% to 60% [stock_volatility]
        market_volatility: 10% to 25% [stock_volatility]
        beta: 0.2 to 3 [stock_beta]
    """
    return Template(
        givens=[
            company("stock"),
            number("correlation", 0.1, 0.95, step=0.01),
            rate("stock_volatility", 10, 60, step=0.1, decimals=1),
            rate("market_volatility", 10, 25, step=0.1, decimals=1),
        ],
        constraints=[
            "0.3 * market_volatility <= correlation * stock_volatility <= 2.5 * market_volatility",
            # With nearly equal volatilities the beta would show as the stated correlation.
            "abs(correlation * stock_volatility / market_volatility - correlation) >= 0.01",
        ],
        question=(
            "Shares of {stock} have an annual return volatility of {stock_volatility}, the market's "
            "volatility is {market_volatility}, and the correlation between the stock's and the market's "
            "returns is {correlation}. What is the stock's beta? Round to two decimal places."
        ),
        steps=[
            step(
                "covariance",
                "correlation * stock_volatility * market_volatility",
                "Covariance of the stock with the market",
                unit=Unit.NONE,
                decimals=8,
            ),
            step("beta", "covariance / market_volatility ** 2", "Beta", unit=Unit.NONE, decimals=2),
        ],
        answer=numeric("beta"),
    )


@template(difficulty="intermediate")
def annualized_volatility_from_monthly_returns() -> Template:
    """Sample volatility s = √(Σ (r_t − r̄)² / (n − 1)) of monthly returns, annualized as s · √12.

    Bands:
        annual_volatility: 10% to 30%

    Relations:
        annual_volatility: 10% to 30% [stock_volatility]
    """
    return Template(
        givens=[
            company("fund"),
            count("months", 12, 12, unit=Unit.MONTHS),
            series("monthly_returns", rate("r", -10, 10, step=0.1, decimals=1), length=12),
        ],
        question=(
            "Over the last {months}, {fund} reported these monthly returns: {monthly_returns}. Using the "
            "sample standard deviation (dividing by n − 1) and scaling by the square root of time, what is "
            "the fund's annualized volatility? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "mean_return",
                "sum(monthly_returns) / months",
                "Average monthly return",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "sample_variance",
                "sum((r - mean_return) ** 2 for r in monthly_returns) / (months - 1)",
                "Sample variance of monthly returns",
                unit=Unit.NONE,
                decimals=8,
            ),
            step(
                "monthly_volatility",
                "sqrt(sample_variance)",
                "Monthly standard deviation",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "annual_volatility",
                f"monthly_volatility * sqrt({MONTHS_PER_YEAR})",
                "Annualized volatility",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("annual_volatility"),
    )


@template(difficulty="intermediate")
def sortino_ratio_from_annual_returns() -> Template:
    """Sortino ratio: (r̄ − T) / DD with downside deviation DD = √(Σ min(r_t − T, 0)² / n).

    Bands:
        sortino: -1 to 4

    Relations:
        sqrt(sum((r - sum(annual_returns) / years) ** 2 for r in annual_returns) / (years - 1)):
            5% to 30% [stock_volatility]
    """
    return Template(
        givens=[
            company("fund"),
            count("years", 8, 8, unit=Unit.YEARS),
            series("annual_returns", rate("r", -25, 35, step=0.1, decimals=1), length=8),
            rate("target_return", 0, 6, step=0.5, decimals=1),
        ],
        constraints=[
            # A Sortino ratio of at most 4.
            "sum(annual_returns) / years - target_return"
            " <= 4 * sqrt(sum(min(r - target_return, 0) ** 2 for r in annual_returns) / years)",
            "min(annual_returns) <= target_return - 0.03",
            "sum(annual_returns) > 0",
        ],
        question=(
            "Over the last {years}, {fund} returned {annual_returns}. Its minimum acceptable return is "
            "{target_return} a year. Measuring downside deviation over all years (shortfalls below the "
            "target, squared, averaged over the number of years, then square-rooted), what is the fund's "
            "Sortino ratio? Round to two decimal places."
        ),
        steps=[
            step(
                "mean_return",
                "sum(annual_returns) / years",
                "Average annual return",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "downside_deviation",
                "sqrt(sum(min(r - target_return, 0) ** 2 for r in annual_returns) / years)",
                "Downside deviation below the target",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "sortino",
                "(mean_return - target_return) / downside_deviation",
                "Sortino ratio",
                unit=Unit.NONE,
                decimals=2,
            ),
        ],
        answer=numeric("sortino"),
    )


FUND_BENCHMARK_CORRELATION = (
    "sum((r - sum(portfolio_returns) / 8) * (benchmark_returns[t] - sum(benchmark_returns) / 8)"
    " for t, r in enumerate(portfolio_returns))"
    " / sqrt(sum((r - sum(portfolio_returns) / 8) ** 2 for r in portfolio_returns)"
    " * sum((r - sum(benchmark_returns) / 8) ** 2 for r in benchmark_returns))"
)
"""Sample correlation of the eight quarterly fund and benchmark returns, over the givens."""


@template(difficulty="advanced")
def information_ratio_against_a_benchmark() -> Template:
    """Information ratio: IR = mean(r_p − r_b) / TE.

    The tracking error TE is the sample standard deviation of the active returns r_p − r_b.

    Bands:
        sum((r - sum(portfolio_returns) / 8) * (benchmark_returns[t] - sum(benchmark_returns) / 8)
            for t, r in enumerate(portfolio_returns))
            / sqrt(sum((r - sum(portfolio_returns) / 8) ** 2 for r in portfolio_returns)
            * sum((r - sum(benchmark_returns) / 8) ** 2 for r in benchmark_returns)): 0.6 to 1
        tracking_error: 0.3% to 5%
        mean_active: -1.5% to 1.5%
        information_ratio: -2 to 2

    Relations:
        tracking_error * sqrt(4): 1% to 10% [active_fund_tracking_error]
        information_ratio * sqrt(4): -2 to 2 [active_fund_information_ratio]
    """
    return Template(
        givens=[
            company("fund"),
            count("quarters", 8, 8, unit=Unit.QUARTERS),
            series("portfolio_returns", rate("r", -6, 8, step=0.1, decimals=1), length=8),
            series("benchmark_returns", rate("r", -6, 8, step=0.1, decimals=1), length=8),
        ],
        # A fund tracks its benchmark: returns move together (correlation at least 0.6) and the
        # average active return stays within 1.5% a quarter.
        constraints=[
            "abs(sum(portfolio_returns) - sum(benchmark_returns)) / 8 <= 0.015",
            f"{FUND_BENCHMARK_CORRELATION} >= 0.6",
        ],
        question=(
            "Over the last {quarters}, {fund} returned {portfolio_returns}, while its benchmark index "
            "returned {benchmark_returns} in the same quarters. Using the sample standard deviation (n − 1) "
            "of the quarterly active returns as the tracking error, what is the fund's quarterly "
            "information ratio? Round to two decimal places."
        ),
        steps=[
            step(
                "mean_portfolio",
                "sum(portfolio_returns) / quarters",
                "Average portfolio return",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "mean_benchmark",
                "sum(benchmark_returns) / quarters",
                "Average benchmark return",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "mean_active",
                "mean_portfolio - mean_benchmark",
                "Average active return",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "tracking_error",
                "sqrt(sum((r - benchmark_returns[t] - mean_active) ** 2"
                " for t, r in enumerate(portfolio_returns)) / (quarters - 1))",
                "Tracking error",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "information_ratio",
                "mean_active / tracking_error",
                "Active return per unit of tracking error",
                unit=Unit.NONE,
                decimals=2,
            ),
        ],
        answer=numeric("information_ratio"),
    )
