"""Profitability ratios: how much profit a company earns on its sales, equity and invested capital.

Covers net profit margin, return on average equity, the DuPont decomposition of ROE, return on
invested capital, and the sales a company needs to reach a target return on equity.
"""

from finsynth.generators.finchain.dsl import Template, company, money, numeric, rate, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def net_profit_margin() -> Template:
    """Net profit margin = (revenue − COGS − operating expenses − interest) · (1 − tax rate) / revenue.

    Bands:
        net_margin: 1% to 55%
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
def sales_needed_for_a_target_return_on_equity() -> Template:
    """Required sales = (ROE* · E / (1 − t) + interest + fixed costs) / (1 − variable cost ratio).

    Bands:
        required_sales / shareholders_equity: 0.3 to 15
    """
    return Template(
        givens=[
            company("firm"),
            money("shareholders_equity", 2_000_000, 200_000_000, step=10_000),
            rate("target_roe", 8, 25, step=0.5, decimals=1),
            rate("tax_rate", 15, 30, step=1, decimals=0),
            money("interest_expense", 0, 10_000_000, step=10_000),
            money("fixed_costs", 500_000, 60_000_000, step=10_000),
            rate("variable_cost_ratio", 35, 80, step=1, decimals=0),
        ],
        constraints=[
            "target_roe * shareholders_equity / (1 - tax_rate) + interest_expense + fixed_costs"
            " <= 15 * (1 - variable_cost_ratio) * shareholders_equity",
        ],
        question=(
            "{firm} has shareholders' equity of {shareholders_equity} and wants a return on equity of "
            "{target_roe} this year. Its fixed operating costs are {fixed_costs}, variable costs are "
            "{variable_cost_ratio} of sales, interest expense is {interest_expense} and the tax rate is "
            "{tax_rate}. What level of sales does it need to reach the target? Round to the nearest cent."
        ),
        steps=[
            step("target_net_income", "target_roe * shareholders_equity", "Net income the target requires"),
            step("target_pretax_income", "target_net_income / (1 - tax_rate)", "Pre-tax income required"),
            step("target_ebit", "target_pretax_income + interest_expense", "Operating income required"),
            step(
                "required_sales",
                "(target_ebit + fixed_costs) / (1 - variable_cost_ratio)",
                "Sales that cover fixed costs and deliver the EBIT",
            ),
        ],
        answer=numeric("required_sales"),
    )
