"""Return on investment: the gain or loss on money put to work, as a share of what it cost.

Covers the simple ROI of a purchase and sale, the ROI of a business outlay, leveraged
(equity) ROI, and ROI restated per year, before and after costs and taxes.
"""

from finsynth.generators.finchain.dsl import Template, company, count, money, numeric, person, rate, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def roi_on_a_purchase_and_resale() -> Template:
    """ROI of a purchase and resale: ROI = (sale price − cost) / cost.

    Bands:
        roi: -50% to 200%

    Relations:
        sale_price / purchase_price: 50% to 300% [collector_car_resale_ratio]
    """
    return Template(
        givens=[
            person("collector"),
            money("purchase_price", 1_000, 500_000, step=50),
            money("sale_price", 500, 1_500_000, step=50),
        ],
        constraints=["sale_price >= 0.5 * purchase_price", "sale_price <= 3 * purchase_price"],
        question=(
            "{collector} bought a vintage car for {purchase_price} and later sold it for {sale_price}. "
            "Ignoring all other costs, what was the return on investment? Give the answer as a percentage "
            "to two decimal places (negative for a loss)."
        ),
        steps=[
            step("net_gain", "sale_price - purchase_price", "Gain (or loss) on the sale"),
            step("roi", "net_gain / purchase_price", "Return on investment", unit=Unit.PERCENT, decimals=2),
        ],
        answer=numeric("roi"),
    )


@template(difficulty="basic")
def roi_of_a_marketing_campaign() -> Template:
    """Marketing ROI: ROI = (incremental revenue · gross margin − campaign cost) / campaign cost.

    Bands:
        roi: -50% to 300%

    Relations:
        1 - gross_margin: 30% to 80% [cost_of_goods_sold_to_revenue]
    """
    return Template(
        givens=[
            company("retailer"),
            money("campaign_cost", 5_000, 500_000, step=500),
            money("incremental_revenue", 10_000, 5_000_000, step=1_000),
            rate("gross_margin", 20, 70, step=0.5),
        ],
        constraints=[
            "incremental_revenue * gross_margin >= 0.5 * campaign_cost",
            "incremental_revenue * gross_margin <= 4 * campaign_cost",
        ],
        question=(
            "{retailer} spent {campaign_cost} on an advertising campaign that brought in "
            "{incremental_revenue} of additional sales. Those sales carry a gross margin of {gross_margin}. "
            "What was the campaign's return on investment, measured on gross profit? Give the answer as a "
            "percentage to two decimal places (negative if the campaign lost money)."
        ),
        steps=[
            step(
                "incremental_gross_profit",
                "incremental_revenue * gross_margin",
                "Gross profit from the extra sales",
            ),
            step(
                "net_return",
                "incremental_gross_profit - campaign_cost",
                "Profit after paying for the campaign",
            ),
            step(
                "roi", "net_return / campaign_cost", "Return on the campaign", unit=Unit.PERCENT, decimals=2
            ),
        ],
        answer=numeric("roi"),
    )


@template(difficulty="intermediate")
def annualized_roi_of_a_stock_with_dividends() -> Template:
    """Annualized holding-period return: ROI = (ending value / cost)^(1/n) − 1.

    The ending value counts dividends without reinvestment: shares · (sale price + dividends per share).

    Bands:
        annualized_roi: -15% to 30%

    Relations:
        buy_price: 5 to 400 [listed_stock_price]
        dividends_per_share / buy_price / years: 0% to 5% [dividend_yield]
    """
    return Template(
        givens=[
            person("investor"),
            count("shares", 10, 5_000, unit=Unit.SHARES),
            money("buy_price", 5, 400, step=0.01),
            money("sell_price", 3, 1_600, step=0.01),
            money("dividends_per_share", 0, 40, step=0.01),
            count("years", 2, 15, unit=Unit.YEARS),
        ],
        constraints=[
            "0.85 <= ((sell_price + dividends_per_share) / buy_price) ** (1 / years) <= 1.3",
            "sell_price >= 0.6 * buy_price",
            "sell_price <= 3.5 * buy_price",
            "dividends_per_share <= 0.1 * buy_price",
        ],
        question=(
            "{investor} bought {shares} of a stock at {buy_price} per share, collected dividends totalling "
            "{dividends_per_share} per share while holding it, and sold all of the shares at {sell_price} "
            "per share after {years}. Counting the dividends in the ending value (without reinvesting them), "
            "what was the annualized return on investment? Give the answer as a percentage to two decimal "
            "places."
        ),
        steps=[
            step("total_cost", "shares * buy_price", "Amount invested"),
            step(
                "ending_value", "shares * (sell_price + dividends_per_share)", "Sale proceeds plus dividends"
            ),
            step(
                "growth_multiple",
                "ending_value / total_cost",
                "Ending value per dollar invested",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "annualized_roi",
                "growth_multiple ** (1 / years) - 1",
                "Annualized return",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("annualized_roi"),
    )


@template(difficulty="intermediate")
def equity_roi_on_a_leveraged_property() -> Template:
    """Leveraged (cash-on-cash) ROI over one year: ROI = profit / down payment.

    Profit = sale price + net rent − purchase price − interest on the borrowed part of the price.

    Bands:
        sale_price / purchase_price: 80% to 140%
        net_rental_income / purchase_price: 0% to 10%

    Relations:
        net_rental_income / purchase_price: 2% to 10% [rental_cap_rate]
        loan_rate: 3% to 9% [mortgage_rate]
    """
    return Template(
        givens=[
            person("investor"),
            money("purchase_price", 100_000, 2_000_000, step=1_000),
            rate("down_payment_rate", 10, 50, step=0.5),
            rate("loan_rate", 3, 9, step=0.05),
            money("net_rental_income", 2_000, 200_000, step=100),
            money("sale_price", 85_000, 2_600_000, step=1_000),
        ],
        constraints=[
            "0.8 * purchase_price <= sale_price <= 1.4 * purchase_price",
            "net_rental_income <= 0.1 * purchase_price",
            "net_rental_income >= 0.02 * purchase_price",
            "net_rental_income <= 0.1 * purchase_price",
            "sale_price >= 0.85 * purchase_price",
            "sale_price <= 1.3 * purchase_price",
        ],
        question=(
            "{investor} buys a rental property for {purchase_price}, paying {down_payment_rate} of the price "
            "in cash and borrowing the rest with an interest-only loan at {loan_rate} a year. Over the next "
            "year the property earns {net_rental_income} of net rental income, and at the end of the year it "
            "is sold for {sale_price} and the loan principal is repaid. Ignoring taxes and transaction "
            "costs, what is the return on the cash {investor} put in? Give the answer as a percentage to two "
            "decimal places (negative for a loss)."
        ),
        steps=[
            step("down_payment", "purchase_price * down_payment_rate", "Cash invested (down payment)"),
            step(
                "loan_interest",
                "(purchase_price - down_payment) * loan_rate",
                "Interest on the loan for the year",
            ),
            step(
                "net_profit",
                "sale_price + net_rental_income - purchase_price - loan_interest",
                "Profit after repaying the loan",
            ),
            step("equity_roi", "net_profit / down_payment", "Return on the cash invested", unit=Unit.PERCENT),
        ],
        answer=numeric("equity_roi"),
    )


@template(difficulty="advanced")
def after_tax_annualized_roi_with_commissions() -> Template:
    """After-tax annualized ROI: ROI = ((proceeds − tax) / basis)^(1/years) − 1.

    With basis = n·P₀ + c, proceeds = n·P₁ − c and tax = t·(proceeds − basis).

    Bands:
        annualized_roi: 0% to 30%

    Relations:
        tax_rate: 10% to 25% [combined_long_term_gains_rate]
    """
    return Template(
        givens=[
            person("investor"),
            count("shares", 50, 5_000, unit=Unit.SHARES),
            money("buy_price", 5, 400, step=0.01),
            money("sell_price", 6, 2_000, step=0.01),
            money("commission", 5, 50, step=0.5),
            rate("tax_rate", 10, 25, step=0.5),
            count("years", 2, 20, unit=Unit.YEARS),
        ],
        constraints=[
            "(sell_price / buy_price) ** (1 / years) <= 1.3",
            "sell_price >= 1.05 * buy_price",
            "sell_price <= 5 * buy_price",
            "shares * (sell_price - buy_price) >= 10 * commission",
        ],
        question=(
            "{investor} bought {shares} at {buy_price} per share, paying a {commission} commission on the "
            "purchase, and sold them after {years} at {sell_price} per share, paying another {commission} "
            "commission. The capital gain (net proceeds minus the cost basis including the purchase "
            "commission) is taxed at {tax_rate} on the sale. What was the annualized after-tax return on "
            "investment? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "cost_basis",
                "shares * buy_price + commission",
                "Cost basis including the purchase commission",
            ),
            step(
                "net_proceeds", "shares * sell_price - commission", "Sale proceeds after the sale commission"
            ),
            step("capital_gain", "net_proceeds - cost_basis", "Taxable capital gain"),
            step("capital_gains_tax", "capital_gain * tax_rate", "Tax on the gain"),
            step("after_tax_proceeds", "net_proceeds - capital_gains_tax", "Proceeds kept after tax"),
            step(
                "after_tax_multiple",
                "after_tax_proceeds / cost_basis",
                "After-tax ending value per dollar invested",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "annualized_roi",
                "after_tax_multiple ** (1 / years) - 1",
                "Annualized after-tax return",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("annualized_roi"),
    )
