"""Income statements: from revenue through gross profit and operating income to net income and EPS.

A multi-step income statement subtracts cost of goods sold to reach gross profit, operating
expenses to reach operating income (EBIT), then interest and income taxes to reach net income.
Basic EPS is reported to the cent; its growth over several years is quoted as a compound annual rate.
"""

from finsynth.generators.finchain.dsl import Template, company, count, derived, money, numeric, rate, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

BASIC_EPS = (
    "((gross_sales - sales_returns - cost_of_goods_sold - operating_expenses - interest_expense)"
    " * (1 - tax_rate) - preferred_dividends) / weighted_shares"
)
"""This year's basic EPS from the givens (sets the earlier EPS the growth is measured from)."""


@template(difficulty="basic")
def gross_profit_margin() -> Template:
    """Gross margin = (revenue − cost of goods sold) / revenue.

    Bands:
        gross_margin: 5% to 80%

    Relations:
        cost_of_goods_sold / revenue: 10% to 95% [cost_of_goods_sold_to_revenue]
    """
    return Template(
        givens=[
            company("firm"),
            money("revenue", 100_000, 50_000_000, step=1_000),
            money("cost_of_goods_sold", 40_000, 45_000_000, step=1_000),
        ],
        constraints=["cost_of_goods_sold <= 0.95 * revenue", "cost_of_goods_sold >= 0.2 * revenue"],
        question=(
            "{firm} reports net sales of {revenue} and cost of goods sold of {cost_of_goods_sold} for the "
            "year. What is its gross profit margin? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step("gross_profit", "revenue - cost_of_goods_sold", "Gross profit"),
            step(
                "gross_margin", "gross_profit / revenue", "Gross profit margin", unit=Unit.PERCENT, decimals=2
            ),
        ],
        answer=numeric("gross_margin"),
    )


@template(difficulty="basic")
def operating_income_from_expense_lines() -> Template:
    """Operating income (EBIT) = revenue − COGS − SG&A − R&D − depreciation.

    Bands:
        operating_income / revenue: -20% to 50%
        selling_general_admin / revenue: 0% to 50%

    Relations:
        cost_of_goods_sold / revenue: 10% to 95% [cost_of_goods_sold_to_revenue]
    """
    return Template(
        givens=[
            company("firm"),
            money("revenue", 500_000, 80_000_000, step=1_000),
            money("cost_of_goods_sold", 200_000, 50_000_000, step=1_000),
            money("selling_general_admin", 50_000, 15_000_000, step=500),
            money("research_and_development", 0, 8_000_000, step=500),
            money("depreciation", 10_000, 4_000_000, step=500),
        ],
        constraints=[
            "cost_of_goods_sold <= 0.8 * revenue",
            "cost_of_goods_sold >= 0.2 * revenue",
            "selling_general_admin <= 0.5 * revenue",
            "research_and_development <= 0.25 * revenue",
            "depreciation <= 0.1 * revenue",
            "-0.2 * revenue <= revenue - cost_of_goods_sold - selling_general_admin"
            " - research_and_development - depreciation <= 0.5 * revenue",
        ],
        question=(
            "{firm} had revenue of {revenue}, cost of goods sold of {cost_of_goods_sold}, selling, general "
            "and administrative expenses of {selling_general_admin}, research and development spending of "
            "{research_and_development}, and depreciation of {depreciation}. What is its operating income? "
            "(A negative answer means an operating loss.) Round to the nearest cent."
        ),
        steps=[
            step("gross_profit", "revenue - cost_of_goods_sold", "Gross profit"),
            step(
                "operating_income",
                "gross_profit - selling_general_admin - research_and_development - depreciation",
                "Operating income (EBIT)",
            ),
        ],
        answer=numeric("operating_income"),
    )


@template(difficulty="intermediate")
def ebitda_margin_rebuilt_from_net_income() -> Template:
    """EBITDA margin = (net income + taxes + interest + depreciation + amortization) / revenue.

    Bands:
        ebitda_margin: 5% to 60%

    Relations:
        net_income / revenue: -30% to 50% [net_profit_margin]
    """
    return Template(
        givens=[
            company("firm"),
            money("revenue", 1_000_000, 90_000_000, step=1_000),
            money("net_income", 10_000, 12_000_000, step=500),
            money("income_tax_expense", 2_000, 4_000_000, step=500),
            money("interest_expense", 0, 3_000_000, step=500),
            money("depreciation", 10_000, 5_000_000, step=500),
            money("amortization", 0, 2_000_000, step=500),
        ],
        constraints=[
            "net_income + income_tax_expense + interest_expense + depreciation + amortization"
            " <= 0.6 * revenue",
            "income_tax_expense <= 0.5 * net_income",
        ],
        question=(
            "{firm} reported revenue of {revenue} and net income of {net_income}. Its income statement also "
            "shows income tax expense of {income_tax_expense}, interest expense of {interest_expense}, "
            "depreciation of {depreciation}, and amortization of intangibles of {amortization}. What is its "
            "EBITDA margin? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "operating_income",
                "net_income + income_tax_expense + interest_expense",
                "EBIT: add back taxes and interest",
            ),
            step("ebitda", "operating_income + depreciation + amortization", "EBITDA: add back D&A"),
            step("ebitda_margin", "ebitda / revenue", "EBITDA margin", unit=Unit.PERCENT, decimals=2),
        ],
        answer=numeric("ebitda_margin"),
    )


@template(difficulty="intermediate")
def gross_profit_with_periodic_inventory() -> Template:
    """Periodic inventory: gross profit = sales − (opening inventory + purchases + freight-in − closing).

    Bands:
        cost_of_goods_sold / net_sales: 30% to 95%

    Relations:
        ending_inventory / beginning_inventory: 60% to 160% [balance_sheet_item_over_a_year]
        freight_in / purchases: 0% to 8% [freight_in_share_of_purchases]
    """
    return Template(
        givens=[
            company("firm"),
            money("net_sales", 200_000, 30_000_000, step=1_000),
            money("beginning_inventory", 20_000, 5_000_000, step=500),
            money("purchases", 100_000, 20_000_000, step=500),
            money("freight_in", 0, 600_000, step=250),
            money("ending_inventory", 20_000, 5_000_000, step=500),
        ],
        constraints=[
            "ending_inventory < beginning_inventory + purchases + freight_in",
            "0.6 * beginning_inventory <= ending_inventory <= 1.6 * beginning_inventory",
            "freight_in <= 0.08 * purchases",
            "beginning_inventory + purchases + freight_in - ending_inventory <= 0.95 * net_sales",
            "beginning_inventory + purchases + freight_in - ending_inventory >= 0.3 * net_sales",
        ],
        question=(
            "{firm} uses a periodic inventory system. It began the year with inventory of "
            "{beginning_inventory}, bought merchandise for {purchases}, and paid {freight_in} in freight-in "
            "on those purchases. A year-end count puts ending inventory at {ending_inventory}. If net sales "
            "were {net_sales}, what is gross profit? Round to the nearest cent."
        ),
        steps=[
            step(
                "goods_available_for_sale",
                "beginning_inventory + purchases + freight_in",
                "Cost of goods available for sale",
            ),
            step("cost_of_goods_sold", "goods_available_for_sale - ending_inventory", "Cost of goods sold"),
            step("gross_profit", "net_sales - cost_of_goods_sold", "Gross profit"),
        ],
        answer=numeric("gross_profit"),
    )


@template(difficulty="advanced")
def compound_annual_eps_growth_from_a_multi_step_income_statement() -> Template:
    """EPS compound annual growth = (EPS now / EPS n years ago)^(1/n) − 1, EPS from a multi-step statement.

    Net income = (gross sales − returns − COGS − operating expenses − interest) · (1 − tax rate);
    basic EPS = (net income − preferred dividends) / weighted shares, reported to the cent.

    Bands:
        operating_income / net_sales: 2% to 50%
        basic_eps: 0.1 to 150
        eps_growth_rate: -8% to 28%

    Relations:
        tax_rate: 15% to 35% [corporate_income_tax_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("gross_sales", 1_000_000, 100_000_000, step=1_000),
            money("sales_returns", 0, 3_000_000, step=500),
            money("cost_of_goods_sold", 300_000, 60_000_000, step=1_000),
            money("operating_expenses", 100_000, 20_000_000, step=1_000),
            money("interest_expense", 0, 4_000_000, step=500),
            rate("tax_rate", 15, 35, step=0.5),
            money("preferred_dividends", 0, 1_500_000, step=500),
            count("weighted_shares", 100_000, 20_000_000, unit=Unit.SHARES),
            count("years", 3, 10, unit=Unit.YEARS),
            # Yearly EPS growth over the period (not shown: it sets the earlier EPS).
            rate("eps_trend", -5, 25, step=0.1, decimals=1),
            derived("earlier_eps", f"({BASIC_EPS}) / (1 + eps_trend) ** years"),
        ],
        constraints=[
            "cost_of_goods_sold + operating_expenses >= 0.5 * gross_sales",
            "sales_returns <= 0.08 * gross_sales",
            "cost_of_goods_sold <= 0.75 * gross_sales",
            "gross_sales - sales_returns - cost_of_goods_sold - operating_expenses - interest_expense"
            " >= 0.02 * gross_sales",
            "(gross_sales - sales_returns - cost_of_goods_sold - operating_expenses - interest_expense)"
            " * (1 - tax_rate) > preferred_dividends",
            "weighted_shares >= gross_sales / 200",
            "weighted_shares <= gross_sales / 20",
            f"{BASIC_EPS} >= 0.1",
            "earlier_eps >= 0.05",
        ],
        question=(
            "{firm} recorded gross sales of {gross_sales} and sales returns and allowances of "
            "{sales_returns}. Cost of goods sold was {cost_of_goods_sold}, operating expenses were "
            "{operating_expenses}, and interest expense was {interest_expense}. Income is taxed at "
            "{tax_rate}. The company declared preferred dividends of {preferred_dividends} and had "
            "{weighted_shares} of common stock outstanding on a weighted-average basis. Its basic earnings "
            "per share {years} ago were {earlier_eps}. Compute this year's basic EPS and round it to the "
            "nearest cent, as reported. At what compound annual rate has basic EPS grown since then? Give "
            "the answer as a percentage to two decimal places."
        ),
        steps=[
            step("net_sales", "gross_sales - sales_returns", "Net sales"),
            step("gross_profit", "net_sales - cost_of_goods_sold", "Gross profit"),
            step("operating_income", "gross_profit - operating_expenses", "Operating income"),
            step("pretax_income", "operating_income - interest_expense", "Income before taxes"),
            step("net_income", "pretax_income * (1 - tax_rate)", "Net income"),
            step(
                "basic_eps",
                "(net_income - preferred_dividends) / weighted_shares",
                "Basic EPS, reported to the cent",
                rounded_before_use=True,
            ),
            step(
                "eps_growth_rate",
                "(basic_eps / earlier_eps) ** (1 / years) - 1",
                "Compound annual growth of basic EPS",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("eps_growth_rate"),
    )
