"""Efficiency (activity) ratios: how fast a company turns assets and working capital into sales and cash.

Covers inventory turnover and days, total asset turnover, the cash conversion cycle, the collection
period on credit sales, and the compounded cost of paying suppliers late instead of taking a discount.
All day counts use a 365-day year.
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
def days_of_inventory_on_hand() -> Template:
    """Days in inventory = 365 / inventory turnover, with turnover = COGS / average inventory.

    Bands:
        days_in_inventory: 10 to 190

    Relations:
        ending_inventory / beginning_inventory: 60% to 160% [balance_sheet_item_over_a_year]
    """
    return Template(
        givens=[
            company("firm"),
            money("cost_of_goods_sold", 1_000_000, 200_000_000, step=10_000),
            money("beginning_inventory", 100_000, 40_000_000, step=10_000),
            money("ending_inventory", 100_000, 40_000_000, step=10_000),
        ],
        constraints=[
            "2 <= cost_of_goods_sold / ((beginning_inventory + ending_inventory) / 2) <= 30",
            "0.6 * beginning_inventory <= ending_inventory <= 1.6 * beginning_inventory",
        ],
        question=(
            "{firm}'s cost of goods sold for the year was {cost_of_goods_sold}. Inventory was "
            "{beginning_inventory} at the start of the year and {ending_inventory} at the end. Using average "
            "inventory, compute the inventory turnover to four decimal places and then the average number of "
            "days inventory is held. Assume a 365-day year and give the answer in days to one decimal place."
        ),
        steps=[
            step(
                "average_inventory",
                "(beginning_inventory + ending_inventory) / 2",
                "Average inventory",
            ),
            step(
                "inventory_turnover",
                "cost_of_goods_sold / average_inventory",
                "Times inventory is sold through in a year",
                unit=Unit.TIMES,
                decimals=4,
                rounded_before_use=True,
            ),
            step(
                "days_in_inventory",
                "365 / inventory_turnover",
                "Average days inventory is held",
                unit=Unit.DAYS,
                decimals=1,
            ),
        ],
        answer=numeric("days_in_inventory"),
    )


@template(difficulty="basic")
def total_asset_turnover() -> Template:
    """Total asset turnover = revenue / ((beginning total assets + ending total assets) / 2).

    Bands:
        asset_turnover: 0.2 to 4

    Relations:
        ending_total_assets / beginning_total_assets: 50% to 200% [balance_sheet_item_over_a_year]
    """
    return Template(
        givens=[
            company("firm"),
            money("revenue", 1_000_000, 500_000_000, step=10_000),
            money("beginning_total_assets", 1_000_000, 600_000_000, step=10_000),
            money("ending_total_assets", 1_000_000, 600_000_000, step=10_000),
        ],
        constraints=[
            "0.2 <= revenue / ((beginning_total_assets + ending_total_assets) / 2) <= 4",
            "0.7 <= ending_total_assets / beginning_total_assets <= 1.5",
        ],
        question=(
            "{firm} generated revenue of {revenue} this year. Its total assets were {beginning_total_assets} "
            "at the start of the year and {ending_total_assets} at the end. What was its total asset "
            "turnover based on average total assets? Give the answer to two decimal places."
        ),
        steps=[
            step(
                "average_total_assets",
                "(beginning_total_assets + ending_total_assets) / 2",
                "Average total assets",
            ),
            step(
                "asset_turnover",
                "revenue / average_total_assets",
                "Revenue per dollar of assets",
                unit=Unit.TIMES,
                decimals=2,
            ),
        ],
        answer=numeric("asset_turnover"),
    )


@template(difficulty="intermediate")
def cash_conversion_cycle() -> Template:
    """Cash conversion cycle = DIO + DSO − DPO.

    DIO = 365 · inventory / COGS, DSO = 365 · receivables / sales and DPO = 365 · payables / COGS.

    Bands:
        cash_conversion_cycle: -60 to 220

    Relations:
        365 * receivables / revenue: 5 to 120 [days_sales_outstanding]
        365 * inventory / cost_of_goods_sold: 3 to 250 [days_inventory_outstanding]
        cost_of_goods_sold / revenue: 10% to 95% [cost_of_goods_sold_to_revenue]
    """
    return Template(
        givens=[
            company("firm"),
            money("revenue", 2_000_000, 300_000_000, step=10_000),
            money("cost_of_goods_sold", 1_000_000, 250_000_000, step=10_000),
            money("receivables", 100_000, 60_000_000, step=10_000),
            money("inventory", 100_000, 60_000_000, step=10_000),
            money("payables", 50_000, 40_000_000, step=10_000),
        ],
        constraints=[
            "0.4 * revenue <= cost_of_goods_sold <= 0.9 * revenue",
            "10 <= 365 * receivables / revenue <= 90",
            "10 <= 365 * inventory / cost_of_goods_sold <= 150",
            "10 <= 365 * payables / cost_of_goods_sold <= 90",
        ],
        question=(
            "{firm} reported revenue of {revenue} and cost of goods sold of {cost_of_goods_sold}. At year "
            "end it had {receivables} of accounts receivable, {inventory} of inventory and {payables} of "
            "accounts payable. Using these year-end balances and a 365-day year, compute days inventory "
            "outstanding, days sales outstanding and days payables outstanding (each to two decimal places), "
            "then the cash conversion cycle. Give the answer in days to one decimal place."
        ),
        steps=[
            step(
                "days_inventory_outstanding",
                "365 * inventory / cost_of_goods_sold",
                "Days inventory outstanding",
                unit=Unit.DAYS,
                decimals=2,
                rounded_before_use=True,
            ),
            step(
                "days_sales_outstanding",
                "365 * receivables / revenue",
                "Days sales outstanding",
                unit=Unit.DAYS,
                decimals=2,
                rounded_before_use=True,
            ),
            step(
                "days_payables_outstanding",
                "365 * payables / cost_of_goods_sold",
                "Days payables outstanding",
                unit=Unit.DAYS,
                decimals=2,
                rounded_before_use=True,
            ),
            step(
                "cash_conversion_cycle",
                "days_inventory_outstanding + days_sales_outstanding - days_payables_outstanding",
                "Days between paying suppliers and collecting from customers",
                unit=Unit.DAYS,
                decimals=1,
            ),
        ],
        answer=numeric("cash_conversion_cycle"),
    )


@template(difficulty="intermediate")
def collection_period_on_credit_sales() -> Template:
    """Average collection period = 365 / (credit sales / average receivables).

    Bands:
        collection_period: 10 to 120

    Relations:
        ending_receivables / beginning_receivables: 60% to 160% [balance_sheet_item_over_a_year]
    """
    return Template(
        givens=[
            company("firm"),
            money("net_sales", 1_000_000, 300_000_000, step=10_000),
            rate("credit_share", 40, 100, step=5, decimals=0),
            money("beginning_receivables", 50_000, 60_000_000, step=10_000),
            money("ending_receivables", 50_000, 60_000_000, step=10_000),
        ],
        constraints=[
            "12 <= 365 * (beginning_receivables + ending_receivables) / 2 / (net_sales * credit_share)",
            "365 * (beginning_receivables + ending_receivables) / 2 / (net_sales * credit_share) <= 120",
            "0.6 * beginning_receivables <= ending_receivables <= 1.6 * beginning_receivables",
        ],
        question=(
            "{firm} had net sales of {net_sales}, of which {credit_share} were on credit. Accounts "
            "receivable were {beginning_receivables} at the start of the year and {ending_receivables} at "
            "the end. Compute the receivables turnover on credit sales (using average receivables) to four "
            "decimal places, then the average collection period. Assume a 365-day year and give the answer "
            "in days to one decimal place."
        ),
        steps=[
            step("credit_sales", "net_sales * credit_share", "Sales made on credit"),
            step(
                "average_receivables",
                "(beginning_receivables + ending_receivables) / 2",
                "Average accounts receivable",
            ),
            step(
                "receivables_turnover",
                "credit_sales / average_receivables",
                "Times receivables are collected in a year",
                unit=Unit.TIMES,
                decimals=4,
                rounded_before_use=True,
            ),
            step(
                "collection_period",
                "365 / receivables_turnover",
                "Average days to collect",
                unit=Unit.DAYS,
                decimals=1,
            ),
        ],
        answer=numeric("collection_period"),
    )


@template(difficulty="advanced")
def effective_annual_cost_of_trade_credit_at_the_payables_period() -> Template:
    """Cost of forgoing an early-payment discount when paying at the firm's DPO, compounded over a year.

    DPO = payables / purchases × 365; EAR = (1 + d / (1 − d))^(365 / (DPO − discount days)) − 1.

    Bands:
        days_payable_outstanding: 25 to 95
        effective_annual_cost: 3% to 150%

    Relations:
        discount_rate: 1% to 3% [early_payment_discount]
        accounts_payable / purchases * 365: 29.9 to 90.1 [days_payables_outstanding]
    """
    return Template(
        givens=[
            company("firm"),
            money("purchases", 2_000_000, 200_000_000, step=10_000),
            rate("discount_rate", 1, 3, step=0.25),
            count("discount_days", 7, 15, unit=Unit.DAYS),
            # Days the firm takes to pay (not shown: it sets the payables balance in proportion).
            number("payment_days", 30, 90, step=0.1, decimals=1),
            derived("accounts_payable", "purchases * payment_days / 365", decimals=0),
        ],
        question=(
            "{firm} buys {purchases} a year on credit. Its suppliers offer a {discount_rate} discount for "
            "payment within {discount_days}; the firm never takes it and instead pays, on average, at its "
            "days payable outstanding. Accounts payable stand at {accounts_payable}. Using a 365-day year "
            "and compounding the cost of each period of credit, what is the effective annual cost of "
            "forgoing the discount? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "days_payable_outstanding",
                "accounts_payable / purchases * 365",
                "Days payable outstanding",
                unit=Unit.DAYS,
            ),
            step(
                "extra_days",
                "days_payable_outstanding - discount_days",
                "Days of credit gained by forgoing the discount",
                unit=Unit.DAYS,
            ),
            step(
                "cost_per_period",
                "discount_rate / (1 - discount_rate)",
                "Cost of the credit for one such period",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "periods_per_year",
                "365 / extra_days",
                "Periods of that length in a year",
                unit=Unit.NONE,
                decimals=4,
            ),
            step(
                "effective_annual_cost",
                "(1 + cost_per_period) ** periods_per_year - 1",
                "Effective annual cost, compounded",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("effective_annual_cost"),
    )
