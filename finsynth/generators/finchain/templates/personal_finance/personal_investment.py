"""Personal investment: the returns an individual investor earns and keeps.

Covers dividend reinvestment, dollar-cost averaging, tax-exempt versus taxable
bonds, returns after tax and inflation, and rebalancing a two-asset portfolio.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    count,
    money,
    numeric,
    option,
    person,
    rate,
    series,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

FEDERAL_BRACKET_RATES = {
    "10%": 0.10,
    "12%": 0.12,
    "22%": 0.22,
    "24%": 0.24,
    "32%": 0.32,
    "35%": 0.35,
    "37%": 0.37,
}
"""U.S. federal ordinary-income marginal rates an investor's bracket can carry."""


@template(difficulty="basic")
def shares_held_after_dividend_reinvestment() -> Template:
    """Dividend reinvestment: shares after = n + n · D / P (fractional shares at the reinvestment price).

    Bands:
        dividend_per_share / reinvestment_price: 0.5% to 8%

    Relations:
        dividend_per_share / reinvestment_price: 0.2% to 3% [dividend_yield]
    """
    return Template(
        givens=[
            person("investor"),
            count("shares", 10, 5_000, unit=Unit.SHARES),
            money("dividend_per_share", 0.05, 3, step=0.01),
            money("reinvestment_price", 5, 400, step=0.01),
        ],
        constraints=[
            "0.005 * reinvestment_price <= dividend_per_share <= 0.08 * reinvestment_price",
            "0.002 <= dividend_per_share / reinvestment_price <= 0.03",
        ],
        question=(
            "{investor} holds {shares} of a fund enrolled in a dividend reinvestment plan. The fund pays a "
            "dividend of {dividend_per_share} per share, and the plan reinvests the whole dividend in "
            "fractional shares at {reinvestment_price} per share. How many shares does {investor} hold "
            "afterwards? Give the answer to four decimal places."
        ),
        steps=[
            step("dividend_received", "shares * dividend_per_share", "Cash dividend on the holding"),
            step(
                "shares_bought",
                "dividend_received / reinvestment_price",
                "Fractional shares the dividend buys",
                unit=Unit.SHARES,
                decimals=4,
            ),
            step(
                "shares_after",
                "shares + shares_bought",
                "Shares held after reinvestment",
                unit=Unit.SHARES,
                decimals=4,
            ),
        ],
        answer=numeric("shares_after"),
    )


@template(difficulty="basic")
def average_cost_per_share_with_dollar_cost_averaging() -> Template:
    """Dollar-cost averaging: average cost = n · A / Σ (A / Pₖ), the harmonic mean of the prices paid.

    Bands:
        average_cost: 20 to 35

    Relations:
        max(prices) / min(prices): 1 to 1.75 [stock_price_change_over_months]
    """
    return Template(
        givens=[
            person("investor"),
            money("monthly_amount", 100, 5_000, step=25),
            series("prices", money("price", 20, 35, step=0.01), length=(4, 12)),
        ],
        # The average cost (the prices' harmonic mean) is not one of the prices the question lists.
        constraints=[
            "min(abs(sum(1 for price in prices) / sum(1 / price for price in prices) - price)"
            " for price in prices) >= 0.01"
        ],
        question=(
            "{investor} invests {monthly_amount} in an index fund on the first trading day of each month, "
            "buying fractional shares. The fund's prices on those days were {prices}. What is {investor}'s "
            "average cost per share? Keep shares to four decimal places and round the average cost to the "
            "nearest cent."
        ),
        steps=[
            step(
                "shares_bought",
                "sum(monthly_amount / price for price in prices)",
                "Shares bought over all months",
                unit=Unit.SHARES,
                decimals=4,
                rounded_before_use=True,
            ),
            step("total_invested", "sum(monthly_amount for price in prices)", "Total amount invested"),
            step("average_cost", "total_invested / shares_bought", "Average cost per share"),
        ],
        answer=numeric("average_cost"),
    )


@template(difficulty="intermediate")
def municipal_versus_taxable_bond_choice() -> Template:
    """Tax-equivalent yield: TEY = muni yield / (1 − combined tax rate), compared with the taxable yield.

    Bands:
        muni_yield / taxable_yield: 60% to 100%
        combined_tax_rate: 10% to 47%

    Relations:
        taxable_yield: 2.5% to 8% [corporate_borrowing_rate]
    """
    return Template(
        givens=[
            person("investor"),
            rate("taxable_yield", 2.5, 8, step=0.05),
            rate("muni_yield", 1.5, 6, step=0.05),
            option("federal_rate", FEDERAL_BRACKET_RATES),
            rate("state_rate", 0, 10, step=0.25),
        ],
        constraints=["0.6 * taxable_yield <= muni_yield <= taxable_yield", "muni_yield < taxable_yield"],
        question=(
            "{investor} is choosing between a corporate bond yielding {taxable_yield} and an in-state "
            "municipal bond yielding {muni_yield} of similar quality and maturity. The municipal interest is "
            "exempt from federal and state income tax; the corporate interest is taxed at {investor}'s "
            "federal marginal rate of {federal_rate} plus a state rate of {state_rate} (add the two rates to "
            "get the combined rate). Compute the municipal bond's tax-equivalent yield as a percentage to "
            "two decimal places, then answer 'municipal' if it is higher than the corporate yield, otherwise "
            "'corporate'."
        ),
        steps=[
            step(
                "combined_tax_rate",
                "federal_rate + state_rate",
                "Combined marginal tax rate",
                unit=Unit.PERCENT,
                decimals=2,
            ),
            step(
                "tax_equivalent_yield",
                "muni_yield / (1 - combined_tax_rate)",
                "Taxable yield that matches the municipal yield after tax",
                unit=Unit.PERCENT,
                decimals=2,
                rounded_before_use=True,
            ),
            step(
                "yield_advantage",
                "tax_equivalent_yield - taxable_yield",
                "Tax-equivalent yield less the corporate yield",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=categorical([("yield_advantage > 0", "municipal")], otherwise="corporate"),
    )


@template(difficulty="intermediate")
def real_after_tax_value_of_an_investment() -> Template:
    """Real after-tax growth: V = A · ((1 + r(1 − t)) / (1 + π))^n, the Fisher relation applied each year.

    Bands:
        real_growth_factor: 0.95 to 1.09

    Relations:
        inflation_rate: 1% to 6% [us_consumer_price_inflation]
        tax_rate: 10% to 40% [personal_marginal_income_tax_rate]
    """
    return Template(
        givens=[
            person("investor"),
            money("amount", 1_000, 500_000, step=100),
            rate("nominal_return", 2, 12, step=0.05),
            rate("tax_rate", 10, 40, step=1, decimals=0),
            rate("inflation_rate", 1, 6, step=0.05),
            count("years", 1, 30, unit=Unit.YEARS),
        ],
        question=(
            "{investor} puts {amount} in a taxable bond fund that returns {nominal_return} a year. The "
            "return is taxed each year at {tax_rate}, the tax is paid from the fund, and inflation runs at "
            "{inflation_rate} a year. What will the investment be worth after {years}, measured in today's "
            "dollars? Round to the nearest cent."
        ),
        steps=[
            step(
                "after_tax_return",
                "nominal_return * (1 - tax_rate)",
                "Return kept after tax",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "real_growth_factor",
                "(1 + after_tax_return) / (1 + inflation_rate)",
                "Growth in purchasing power per year",
                unit=Unit.NONE,
                decimals=8,
            ),
            step("real_value", "amount * real_growth_factor ** years", "Value in today's dollars"),
        ],
        answer=numeric("real_value"),
    )


@template(difficulty="advanced")
def rebalancing_trade_after_years_of_drift() -> Template:
    """Rebalancing to a target weight w after n years without trading: sell Sₙ − w · (Sₙ + Bₙ) of stock.

    Here Sₙ = V · w · (1 + r_s)^n and Bₙ = V · (1 − w) · (1 + r_b)^n are the stock and bond holdings after
    n years of compound returns.

    Bands:
        abs(stock_to_sell) / total_value: 0% to 25%
        stock_value / total_value: 25% to 95%

    Relations:
        stock_return: -4% to 14% [stock_return_over_several_years]
        bond_return: 0% to 6% [bond_return_over_several_years]
    """
    return Template(
        givens=[
            person("investor"),
            money("portfolio_value", 10_000, 2_000_000, step=500),
            rate("stock_weight", 40, 80, step=5, decimals=0),
            rate("stock_return", -4, 14, step=0.1, decimals=1),
            rate("bond_return", 0, 6, step=0.1, decimals=1),
            count("years", 2, 8, unit=Unit.YEARS),
        ],
        question=(
            "{investor} invested {portfolio_value} {years} ago, {stock_weight} in a stock fund and the rest "
            "in a bond fund, and has not rebalanced since. The stock fund has returned {stock_return} a year "
            "and the bond fund {bond_return} a year, compounded annually, with all income reinvested. To "
            "restore the {stock_weight} stock weight today, how much of the stock fund must {investor} sell "
            "(moving the proceeds into bonds)? Give a negative number if stock must be bought instead. Round "
            "to the nearest cent."
        ),
        steps=[
            step(
                "stock_value",
                "portfolio_value * stock_weight * (1 + stock_return) ** years",
                "Stock fund today",
            ),
            step(
                "bond_value",
                "portfolio_value * (1 - stock_weight) * (1 + bond_return) ** years",
                "Bond fund today",
            ),
            step("total_value", "stock_value + bond_value", "Portfolio today"),
            step("target_stock_value", "total_value * stock_weight", "Stock holding at the target weight"),
            step("stock_to_sell", "stock_value - target_stock_value", "Stock to sell to rebalance"),
        ],
        answer=numeric("stock_to_sell"),
    )
