"""Profitability ratios: how much profit a company earns on its sales, equity and invested capital.

Covers net profit margin, return on average equity, the DuPont decomposition of ROE, return on
invested capital, and sales compounded at the sustainable growth rate a DuPont ROE supports.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    company,
    count,
    derived,
    money,
    number,
    numeric,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def net_profit_margin() -> Template:
    """Net profit margin = (revenue − COGS − operating expenses − interest) · (1 − tax rate) / revenue.

    Bands:
        net_margin: 1% to 55%

    Relations:
        tax_rate: 15% to 30% [corporate_income_tax_rate]
        cost_of_goods_sold / revenue: 10% to 95% [cost_of_goods_sold_to_revenue]
    """
    return Template(
        givens=[
            company("firm"),
            money("revenue", 1_000_000, 500_000_000, step=10_000),
            money("cost_of_goods_sold", 300_000, 400_000_000, step=10_000),
            money("operating_expenses", 100_000, 150_000_000, step=10_000),
            money("interest_expense", 0, 20_000_000, step=10_000),
            rate("tax_rate", 15, 30, step=1, decimals=0),
        ],
        constraints=[
            "0.3 * revenue <= cost_of_goods_sold <= 0.8 * revenue",
            "revenue - cost_of_goods_sold - operating_expenses - interest_expense >= 0.02 * revenue",
            "operating_expenses >= 0.05 * revenue",
            "interest_expense <= 0.05 * revenue",
        ],
        question=(
            "{firm} had revenue of {revenue}, cost of goods sold of {cost_of_goods_sold}, operating expenses "
            "of {operating_expenses} and interest expense of {interest_expense}. Income tax is {tax_rate} of "
            "pre-tax income. What is its net profit margin? Give the answer as a percentage to two decimal "
            "places."
        ),
        steps=[
            step(
                "pretax_income",
                "revenue - cost_of_goods_sold - operating_expenses - interest_expense",
                "Income before tax",
            ),
            step("net_income", "pretax_income * (1 - tax_rate)", "Net income after tax"),
            step(
                "net_margin",
                "net_income / revenue",
                "Net income per dollar of revenue",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("net_margin"),
    )


@template(difficulty="basic")
def return_on_average_equity() -> Template:
    """Return on average equity = NI / ((E₀ + E₁) / 2), with E₁ = E₀ + NI − dividends.

    Bands:
        return_on_equity: 0% to 40%

    Relations:
        net_income / beginning_equity: 2% to 40% [return_on_equity]
        dividends_paid / net_income: 0% to 100% [dividend_payout_ratio]
    """
    return Template(
        givens=[
            company("firm"),
            money("net_income", 100_000, 50_000_000, step=10_000),
            money("beginning_equity", 1_000_000, 300_000_000, step=10_000),
            money("dividends_paid", 0, 30_000_000, step=10_000),
        ],
        constraints=[
            "dividends_paid <= net_income",
            "0.02 <= net_income / beginning_equity <= 0.4",
        ],
        question=(
            "{firm} began the year with shareholders' equity of {beginning_equity}, earned net income of "
            "{net_income} and paid {dividends_paid} in dividends; nothing else changed its equity. What was "
            "its return on average equity? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "ending_equity",
                "beginning_equity + net_income - dividends_paid",
                "Equity at year end: retained earnings added",
            ),
            step("average_equity", "(beginning_equity + ending_equity) / 2", "Average shareholders' equity"),
            step(
                "return_on_equity",
                "net_income / average_equity",
                "Net income per dollar of equity",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("return_on_equity"),
    )


@template(difficulty="intermediate")
def roe_gain_from_a_higher_net_margin() -> Template:
    """DuPont ROE = net margin × asset turnover × equity multiplier.

    With turnover and multiplier held, ΔROE = (target margin − current margin) × turnover × multiplier.

    Bands:
        target_margin - current_margin: 0.5% to 5%
        net_income / shareholders_equity: 0% to 40%

    Relations:
        net_income / revenue: -30% to 50% [net_profit_margin]
    """
    return Template(
        givens=[
            company("firm"),
            money("revenue", 2_000_000, 500_000_000, step=10_000),
            money("net_income", 50_000, 50_000_000, step=10_000),
            money("total_assets", 2_000_000, 800_000_000, step=10_000),
            money("shareholders_equity", 500_000, 500_000_000, step=10_000),
            rate("target_margin", 3, 20, step=0.5, decimals=1),
        ],
        constraints=[
            "0.005 <= target_margin - net_income / revenue <= 0.05",
            "net_income / shareholders_equity <= 0.4",
            "0.01 <= net_income / revenue <= 0.15",
            "target_margin >= net_income / revenue + 0.005",
            "0.3 <= revenue / total_assets <= 3",
            "1.2 <= total_assets / shareholders_equity <= 5",
        ],
        question=(
            "{firm} earned net income of {net_income} on revenue of {revenue}, with total assets of "
            "{total_assets} and shareholders' equity of {shareholders_equity} (year-end figures). Using the "
            "three-step DuPont decomposition, by how many percentage points would return on equity rise if "
            "the net profit margin improved to {target_margin} while asset turnover and the equity "
            "multiplier stayed the same? Keep the margin, turnover and multiplier to six decimal places and "
            "give the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "current_margin",
                "net_income / revenue",
                "Current net profit margin",
                unit=Unit.NONE,
                decimals=6,
                rounded_before_use=True,
            ),
            step(
                "asset_turnover",
                "revenue / total_assets",
                "Asset turnover",
                unit=Unit.NONE,
                decimals=6,
                rounded_before_use=True,
            ),
            step(
                "equity_multiplier",
                "total_assets / shareholders_equity",
                "Equity multiplier",
                unit=Unit.NONE,
                decimals=6,
                rounded_before_use=True,
            ),
            step(
                "roe_increase",
                "(target_margin - current_margin) * asset_turnover * equity_multiplier",
                "Rise in return on equity",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("roe_increase"),
    )


@template(difficulty="intermediate")
def return_on_invested_capital() -> Template:
    """ROIC = EBIT · (1 − tax rate) / (debt + equity − cash).

    Bands:
        roic: 0% to 40%

    Relations:
        tax_rate: 15% to 30% [corporate_income_tax_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("ebit", 500_000, 80_000_000, step=10_000),
            rate("tax_rate", 15, 30, step=1, decimals=0),
            money("total_debt", 0, 300_000_000, step=10_000),
            money("shareholders_equity", 1_000_000, 400_000_000, step=10_000),
            money("cash", 0, 60_000_000, step=10_000),
        ],
        constraints=[
            "cash <= 0.4 * (total_debt + shareholders_equity)",
            "0.02 <= ebit * (1 - tax_rate) / (total_debt + shareholders_equity - cash) <= 0.4",
        ],
        question=(
            "{firm} reported operating income (EBIT) of {ebit} and pays tax at {tax_rate}. It has "
            "{total_debt} of interest-bearing debt, {shareholders_equity} of shareholders' equity and {cash} "
            "of cash. Measuring invested capital as debt plus equity minus cash, what is its return on "
            "invested capital? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step("nopat", "ebit * (1 - tax_rate)", "Net operating profit after tax"),
            step(
                "invested_capital",
                "total_debt + shareholders_equity - cash",
                "Capital invested in operations",
            ),
            step(
                "roic",
                "nopat / invested_capital",
                "After-tax operating return on capital",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("roic"),
    )


@template(difficulty="advanced")
def sales_after_years_of_dupont_sustainable_growth() -> Template:
    """Sales compounded at the sustainable growth rate from a DuPont ROE: S · (1 + ROE · b)ⁿ.

    ROE = net margin × asset turnover × equity multiplier; b = 1 − dividends / net income.

    Bands:
        return_on_equity: 3% to 40%
        sustainable_growth_rate: 0% to 35%
        projected_sales / sales: 1 to 10

    Relations:
        net_income / sales: -30% to 50% [net_profit_margin]
    """
    return Template(
        givens=[
            company("firm"),
            money("sales", 10_000_000, 2_000_000_000, step=100_000),
            # Net margin, asset turnover, equity multiplier and payout (not shown: they shape the statements).
            rate("net_margin", 2, 15, step=0.1, decimals=1),
            number("turnover", 0.5, 2.5, step=0.01),
            number("leverage", 1.3, 3, step=0.01),
            rate("payout", 0, 70, step=1, decimals=0),
            derived("net_income", "round(sales * net_margin / 1000) * 1000"),
            derived("total_assets", "round(sales / turnover / 1000) * 1000"),
            derived("shareholders_equity", "round(sales / turnover / leverage / 1000) * 1000"),
            derived("dividends", "round(sales * net_margin * payout / 1000) * 1000"),
            count("years", 3, 10, unit=Unit.YEARS),
        ],
        constraints=[
            # ROE of 4-35% and sales at most ten times today's, as for real companies.
            "0.04 <= net_margin * turnover * leverage <= 0.35",
            "(1 + net_margin * turnover * leverage * (1 - payout)) ** years <= 10",
        ],
        question=(
            "{firm} earned net income of {net_income} on sales of {sales}, with total assets of "
            "{total_assets} and shareholders' equity of {shareholders_equity}, and paid {dividends} of "
            "dividends. Using the DuPont identity for return on equity (on these year-end figures) and the "
            "sustainable growth rate (ROE times the retention ratio), what will sales be after {years} if "
            "they grow at the sustainable growth rate each year, compounded? Round to the nearest cent."
        ),
        steps=[
            step("net_profit_margin", "net_income / sales", "Net profit margin", unit=Unit.PERCENT),
            step(
                "asset_turnover", "sales / total_assets", "Total asset turnover", unit=Unit.TIMES, decimals=4
            ),
            step(
                "equity_multiplier",
                "total_assets / shareholders_equity",
                "Equity multiplier",
                unit=Unit.TIMES,
                decimals=4,
            ),
            step(
                "return_on_equity",
                "net_profit_margin * asset_turnover * equity_multiplier",
                "Return on equity (DuPont)",
                unit=Unit.PERCENT,
            ),
            step(
                "retention_ratio",
                "1 - dividends / net_income",
                "Share of earnings retained",
                unit=Unit.PERCENT,
            ),
            step(
                "sustainable_growth_rate",
                "return_on_equity * retention_ratio",
                "Sustainable growth rate",
                unit=Unit.PERCENT,
            ),
            step(
                "projected_sales",
                "sales * (1 + sustainable_growth_rate) ** years",
                "Sales after compounding at that rate",
            ),
        ],
        answer=numeric("projected_sales"),
    )
