"""Dividend policies: how much of its earnings a company pays out, and what the payouts are worth.

Covers the payout ratio, dividend yield, the residual dividend policy, the sustainable growth
rate implied by retention, and valuing equity from a two-stage dividend forecast.
"""

from finsynth.generators.finchain.dsl import Template, company, count, money, numeric, rate, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def dividend_payout_ratio() -> Template:
    """Dividend payout ratio: payout = (dividend per share · shares outstanding) / net income.

    Bands:
        payout_ratio: 10% to 90%

    Relations:
        dividend_per_share * shares_outstanding / net_income: 10% to 90% [dividend_payout_ratio]
    """
    return Template(
        givens=[
            company("firm"),
            money("net_income", 1_000_000, 500_000_000, step=10_000),
            money("dividend_per_share", 0.05, 5, step=0.01),
            count("shares_outstanding", 1_000_000, 200_000_000, unit=Unit.SHARES),
        ],
        constraints=[
            "dividend_per_share * shares_outstanding >= 0.1 * net_income",
            "dividend_per_share * shares_outstanding <= 0.9 * net_income",
        ],
        question=(
            "{firm} earned net income of {net_income} last year and paid a dividend of {dividend_per_share} "
            "per share on each of its {shares_outstanding} outstanding. What was its dividend payout ratio? "
            "Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step("total_dividends", "dividend_per_share * shares_outstanding", "Total dividends paid"),
            step("payout_ratio", "total_dividends / net_income", "Dividend payout ratio", unit=Unit.PERCENT),
        ],
        answer=numeric("payout_ratio"),
    )


@template(difficulty="basic")
def dividend_yield_from_a_quarterly_dividend() -> Template:
    """Dividend yield: yield = annual dividend / share price, where annual dividend = 4 · quarterly.

    Bands:
        dividend_yield: 0.5% to 10%

    Relations:
        4 * quarterly_dividend / share_price: 0% to 10% [dividend_yield]
    """
    return Template(
        givens=[
            company("firm"),
            money("quarterly_dividend", 0.05, 3, step=0.01),
            money("share_price", 5, 500, step=0.01),
        ],
        constraints=[
            "4 * quarterly_dividend >= 0.005 * share_price",
            "4 * quarterly_dividend <= 0.1 * share_price",
        ],
        question=(
            "{firm} pays a regular dividend of {quarterly_dividend} per share every quarter, and its shares "
            "trade at {share_price}. Assuming the quarterly dividend stays the same for a full year, what is "
            "the stock's dividend yield? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step("annual_dividend", "quarterly_dividend * 4", "Dividends over four quarters"),
            step("dividend_yield", "annual_dividend / share_price", "Dividend yield", unit=Unit.PERCENT),
        ],
        answer=numeric("dividend_yield"),
    )


@template(difficulty="intermediate")
def dividend_per_share_under_a_residual_policy() -> Template:
    """Residual dividend policy: DPS = (net income − equity ratio · capital budget) / shares outstanding.

    Bands:
        dividend_per_share: 0.05 to 8
        residual_earnings / net_income: 0% to 100%

    Relations:
        1 - capital_budget * target_equity_ratio / net_income: 10% to 80% [dividend_payout_ratio]
        (1 - target_equity_ratio) / target_equity_ratio: 0.25 to 1.5 [debt_to_equity]
    """
    return Template(
        givens=[
            company("firm"),
            money("net_income", 2_000_000, 800_000_000, step=10_000),
            money("capital_budget", 1_000_000, 900_000_000, step=10_000),
            rate("target_equity_ratio", 40, 80, step=1),
            count("shares_outstanding", 1_000_000, 300_000_000, unit=Unit.SHARES),
        ],
        constraints=[
            "(net_income - capital_budget * target_equity_ratio) / shares_outstanding <= 8",
            "capital_budget * target_equity_ratio <= 0.9 * net_income",
            "capital_budget * target_equity_ratio >= 0.2 * net_income",
            "(net_income - capital_budget * target_equity_ratio) / shares_outstanding >= 0.05",
        ],
        question=(
            "{firm} follows a residual dividend policy. It earned {net_income} this year and plans capital "
            "spending of {capital_budget}, which it will finance to keep its target capital structure of "
            "{target_equity_ratio} equity, the rest debt. Earnings fund the equity part first and whatever "
            "is left is paid out to the {shares_outstanding} outstanding. What dividend per share will it "
            "pay? Round to the nearest cent."
        ),
        steps=[
            step(
                "equity_financing",
                "capital_budget * target_equity_ratio",
                "Equity needed for the capital budget",
            ),
            step("residual_earnings", "net_income - equity_financing", "Earnings left to pay out"),
            step(
                "dividend_per_share",
                "residual_earnings / shares_outstanding",
                "Dividend per share",
            ),
        ],
        answer=numeric("dividend_per_share"),
    )


@template(difficulty="intermediate")
def sustainable_growth_rate_from_retention() -> Template:
    """Sustainable growth rate: g = ROE · b, where ROE = net income / equity, b = 1 − payout ratio.

    Bands:
        sustainable_growth_rate: 1% to 25%
        return_on_equity: 5% to 30%

    Relations:
        net_income / shareholders_equity: 5% to 30% [return_on_equity]
        total_dividends / net_income: 10% to 80% [dividend_payout_ratio]
    """
    return Template(
        givens=[
            company("firm"),
            money("net_income", 1_000_000, 300_000_000, step=10_000),
            money("total_dividends", 100_000, 250_000_000, step=10_000),
            money("shareholders_equity", 5_000_000, 3_000_000_000, step=100_000),
        ],
        constraints=[
            "total_dividends >= 0.1 * net_income",
            "total_dividends <= 0.8 * net_income",
            "net_income >= 0.05 * shareholders_equity",
            "net_income <= 0.3 * shareholders_equity",
        ],
        question=(
            "{firm} earned {net_income} on shareholders' equity of {shareholders_equity} and paid "
            "{total_dividends} in dividends. If it keeps the same return on equity and payout policy and "
            "issues no new shares, at what rate can it grow? Give the sustainable growth rate as a "
            "percentage to two decimal places."
        ),
        steps=[
            step(
                "return_on_equity",
                "net_income / shareholders_equity",
                "Return on equity",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "payout_ratio",
                "total_dividends / net_income",
                "Dividend payout ratio",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step("retention_ratio", "1 - payout_ratio", "Retention ratio", unit=Unit.PERCENT, decimals=4),
            step(
                "sustainable_growth_rate",
                "return_on_equity * retention_ratio",
                "Sustainable growth rate",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("sustainable_growth_rate"),
    )


@template(difficulty="advanced")
def two_stage_dividend_discount_value_per_share() -> Template:
    """Two-stage dividend discount model over an n-year high-growth stage, then growth g₂ forever.

    P₀ = [Σₜ₌₁ⁿ D₀(1 + g₁)ᵗ/(1 + r)ᵗ + D₀(1 + g₁)ⁿ(1 + g₂)/(r − g₂)/(1 + r)ⁿ] / shares.

    Bands:
        value_per_share: 2 to 500
        required_return - stable_growth_rate: 4% to 14%
        terminal_value_today / equity_value: 35% to 95%

    Relations:
        stable_growth_rate: 1% to 4% [perpetual_growth_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("current_dividends", 1_000_000, 200_000_000, step=10_000),
            rate("high_growth_rate", 8, 25, step=0.5),
            count("high_growth_years", 2, 7, unit=Unit.YEARS),
            rate("stable_growth_rate", 1, 4, step=0.1),
            rate("required_return", 8, 15, step=0.05),
            count("shares_outstanding", 1_000_000, 500_000_000, unit=Unit.SHARES),
        ],
        constraints=[
            "required_return >= stable_growth_rate + 0.04",
            "current_dividends / shares_outstanding >= 0.3",
            "current_dividends / shares_outstanding <= 8",
            # Dividends at most quadruple over the high-growth stage.
            "(1 + high_growth_rate) ** high_growth_years <= 4",
        ],
        question=(
            "{firm} just paid total dividends of {current_dividends}. Analysts expect dividends to grow "
            "{high_growth_rate} a year for the next {high_growth_years} and {stable_growth_rate} a year "
            "forever after that. Shareholders require a return of {required_return}, and there are "
            "{shares_outstanding} outstanding. Using a two-stage dividend discount model, what is the "
            "intrinsic value of one share? Round to the nearest cent."
        ),
        steps=[
            step(
                "pv_of_high_growth_dividends",
                "sum(current_dividends * (1 + high_growth_rate) ** year / (1 + required_return) ** year"
                " for year in range(1, high_growth_years + 1))",
                "Present value of the high-growth dividends",
            ),
            step(
                "last_high_growth_dividends",
                "current_dividends * (1 + high_growth_rate) ** high_growth_years",
                "Dividends in the last high-growth year",
            ),
            step(
                "terminal_value",
                "last_high_growth_dividends * (1 + stable_growth_rate)"
                " / (required_return - stable_growth_rate)",
                "Value at the end of the high-growth stage of all later dividends (Gordon growth)",
            ),
            step(
                "terminal_value_today",
                "terminal_value / (1 + required_return) ** high_growth_years",
                "Terminal value discounted to today",
            ),
            step(
                "equity_value",
                "pv_of_high_growth_dividends + terminal_value_today",
                "Intrinsic value of all the equity today",
            ),
            step("value_per_share", "equity_value / shares_outstanding", "Intrinsic value per share"),
        ],
        answer=numeric("value_per_share"),
    )
