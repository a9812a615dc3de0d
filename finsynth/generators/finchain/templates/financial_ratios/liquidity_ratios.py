"""Liquidity ratios: whether a company can meet short-term obligations from short-term resources.

Covers the current and quick (acid-test) ratios, the defensive interval, how paying suppliers moves
the current ratio against a loan covenant, and the probability that uncertain cash outflows push the
quick ratio below one.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
    count,
    money,
    number,
    numeric,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

SHORTFALL_Z = (
    "(monthly_cash_burn * months - (cash + marketable_securities + receivables"
    " - accounts_payable - accrued_liabilities)) / (monthly_volatility * sqrt(months))"
)
"""The z-value of the quick ratio's breaking point, from the givens (keeps the probability in its band)."""


@template(difficulty="basic")
def current_ratio_from_the_balance_sheet() -> Template:
    """Current ratio = (cash + receivables + inventory) / current liabilities.

    Bands:
        current_ratio: 0.4 to 5

    Relations:
        (cash + receivables + inventory) / current_liabilities: 0.4 to 5 [current_ratio]
    """
    return Template(
        givens=[
            company("firm"),
            money("cash", 20_000, 2_000_000, step=500),
            money("receivables", 20_000, 3_000_000, step=500),
            money("inventory", 0, 4_000_000, step=500),
            money("current_liabilities", 50_000, 6_000_000, step=500),
        ],
        constraints=["0.4 <= (cash + receivables + inventory) / current_liabilities <= 5"],
        question=(
            "At year end {firm} holds {cash} in cash, {receivables} of accounts receivable and {inventory} "
            "of inventory, which are all of its current assets. Its current liabilities total "
            "{current_liabilities}. What is its current ratio? Give the answer to two decimal places."
        ),
        steps=[
            step("current_assets", "cash + receivables + inventory", "Total current assets"),
            step(
                "current_ratio",
                "current_assets / current_liabilities",
                "Current assets per dollar of current liabilities",
                unit=Unit.TIMES,
                decimals=2,
            ),
        ],
        answer=numeric("current_ratio"),
    )


@template(difficulty="basic")
def quick_ratio_excluding_inventory() -> Template:
    """Quick (acid-test) ratio = (current assets − inventory − prepaid expenses) / current liabilities.

    Bands:
        quick_ratio: 0.2 to 4

    Relations:
        current_assets / current_liabilities: 0.3 to 5 [current_ratio]
    """
    return Template(
        givens=[
            company("firm"),
            money("current_assets", 200_000, 12_000_000, step=500),
            money("inventory", 50_000, 5_000_000, step=500),
            money("prepaid_expenses", 0, 400_000, step=500),
            money("current_liabilities", 50_000, 6_000_000, step=500),
        ],
        constraints=[
            "inventory + prepaid_expenses <= 0.7 * current_assets",
            "0.2 <= (current_assets - inventory - prepaid_expenses) / current_liabilities <= 4",
            "0.3 * current_liabilities <= current_assets <= 5 * current_liabilities",
        ],
        question=(
            "{firm}'s balance sheet shows total current assets of {current_assets}, of which inventory is "
            "{inventory} and prepaid expenses are {prepaid_expenses}, against current liabilities of "
            "{current_liabilities}. What is its quick (acid-test) ratio? Give the answer to two decimal "
            "places."
        ),
        steps=[
            step(
                "quick_assets",
                "current_assets - inventory - prepaid_expenses",
                "Current assets less those not quickly convertible to cash",
            ),
            step(
                "quick_ratio",
                "quick_assets / current_liabilities",
                "Quick assets per dollar of current liabilities",
                unit=Unit.TIMES,
                decimals=2,
            ),
        ],
        answer=numeric("quick_ratio"),
    )


@template(difficulty="intermediate")
def defensive_interval_in_days() -> Template:
    """Defensive interval = (cash + securities + receivables) / ((operating expenses − depreciation)/365).

    Bands:
        defensive_interval: 10 to 380

    Relations:
        receivables / operating_expenses * 365: 5 to 110 [days_sales_outstanding]
    """
    return Template(
        givens=[
            company("firm"),
            money("cash", 20_000, 3_000_000, step=500),
            money("marketable_securities", 0, 2_000_000, step=500),
            money("receivables", 20_000, 4_000_000, step=500),
            money("operating_expenses", 500_000, 50_000_000, step=1_000),
            money("depreciation", 0, 8_000_000, step=1_000),
        ],
        constraints=[
            "depreciation <= 0.3 * operating_expenses",
            # Receivables of 5 to 110 days of spending, as a real firm's days of sales.
            "5 <= receivables / operating_expenses * 365 <= 110",
            "10 <= (cash + marketable_securities + receivables)"
            " / ((operating_expenses - depreciation) / 365) <= 400",
        ],
        question=(
            "{firm} has {cash} in cash, {marketable_securities} in marketable securities and {receivables} "
            "of accounts receivable. Its annual operating expenses are {operating_expenses}, including "
            "{depreciation} of depreciation, which uses no cash. For how many days could these liquid assets "
            "cover its cash operating expenses with no new revenue (the defensive interval)? Assume a "
            "365-day year and give the answer in days to one decimal place."
        ),
        steps=[
            step("defensive_assets", "cash + marketable_securities + receivables", "Liquid assets"),
            step("cash_expenses", "operating_expenses - depreciation", "Operating expenses paid in cash"),
            step("daily_cash_expenses", "cash_expenses / 365", "Cash expenses per day"),
            step(
                "defensive_interval",
                "defensive_assets / daily_cash_expenses",
                "Days the liquid assets last",
                unit=Unit.DAYS,
                decimals=1,
            ),
        ],
        answer=numeric("defensive_interval"),
    )


@template(difficulty="intermediate")
def current_ratio_covenant_after_paying_suppliers() -> Template:
    """Current ratio after paying payables with cash, (CA − payment) / (CL − payment), against a covenant.

    Bands:
        current_ratio_after: 0.5 to 5

    Relations:
        current_assets / current_liabilities: 0.3 to 5 [current_ratio]
    """
    return Template(
        givens=[
            company("firm"),
            money("current_assets", 200_000, 8_000_000, step=1_000),
            money("current_liabilities", 100_000, 6_000_000, step=1_000),
            money("payment", 10_000, 1_500_000, step=1_000),
            number("covenant_minimum", 1.1, 2.0, step=0.05, unit=Unit.TIMES),
        ],
        constraints=[
            "payment <= 0.5 * current_liabilities",
            "payment <= 0.5 * current_assets",
            "0.7 <= current_assets / current_liabilities <= 3",
        ],
        question=(
            "{firm} has current assets of {current_assets} and current liabilities of {current_liabilities}. "
            "It uses {payment} of its cash to pay suppliers' invoices before year end. Its bank loan "
            "requires a current ratio of at least {covenant_minimum} at year end. Compute the current ratio "
            "after the payment to two decimal places, then classify the company as 'meets covenant' if it is "
            "at least the minimum, otherwise 'breaches covenant'."
        ),
        steps=[
            step("assets_after_payment", "current_assets - payment", "Current assets after paying"),
            step(
                "liabilities_after_payment",
                "current_liabilities - payment",
                "Current liabilities after paying",
            ),
            step(
                "current_ratio_after",
                "assets_after_payment / liabilities_after_payment",
                "Current ratio after the payment",
                unit=Unit.TIMES,
                decimals=2,
                rounded_before_use=True,
            ),
        ],
        answer=categorical(
            [("current_ratio_after >= covenant_minimum", "meets covenant")], otherwise="breaches covenant"
        ),
    )


@template(difficulty="advanced")
def probability_the_quick_ratio_falls_below_one() -> Template:
    """Probability that normally distributed monthly cash flows push the quick ratio below 1 within n months.

    The quick ratio falls below 1 when the cumulative net outflow exceeds net quick assets
    Q − CL; with monthly outflows ~ N(μ, σ²), independent, P = Φ((n · μ − (Q − CL)) / (σ · √n)).

    Bands:
        quick_assets / current_liabilities: 1.2 to 2.5
        shortfall_probability: 0.5% to 40%

    Relations:
        (cash + marketable_securities + receivables) / (accounts_payable + accrued_liabilities): 1.2 to 2.5
            [quick_ratio]
    """
    return Template(
        givens=[
            company("firm"),
            money("cash", 1_000_000, 30_000_000, step=10_000),
            money("marketable_securities", 0, 10_000_000, step=10_000),
            money("receivables", 1_000_000, 30_000_000, step=10_000),
            money("accounts_payable", 1_000_000, 25_000_000, step=10_000),
            money("accrued_liabilities", 200_000, 8_000_000, step=10_000),
            money("monthly_cash_burn", 50_000, 2_000_000, step=10_000),
            money("monthly_volatility", 100_000, 4_000_000, step=10_000),
            count("months", 3, 12, unit=Unit.MONTHS),
        ],
        constraints=[
            "1.2 * (accounts_payable + accrued_liabilities)"
            " <= cash + marketable_securities + receivables"
            " <= 2.5 * (accounts_payable + accrued_liabilities)",
            f"{SHORTFALL_Z} >= -2.57",
            f"{SHORTFALL_Z} <= -0.26",
        ],
        question=(
            "{firm} holds {cash} in cash, {marketable_securities} in marketable securities and {receivables} "
            "of receivables against current liabilities of {accounts_payable} of accounts payable and "
            "{accrued_liabilities} of accrued liabilities. Its net cash outflow averages {monthly_cash_burn} "
            "a month with a standard deviation of {monthly_volatility}; months are independent and normally "
            "distributed, the outflows come out of cash, and current liabilities stay the same. What is the "
            "probability that its quick ratio is below 1.0 at the end of {months}? Give the answer as a "
            "percentage to two decimal places."
        ),
        steps=[
            step("quick_assets", "cash + marketable_securities + receivables", "Quick assets"),
            step("current_liabilities", "accounts_payable + accrued_liabilities", "Current liabilities"),
            step(
                "net_quick_assets",
                "quick_assets - current_liabilities",
                "Outflow the quick assets can absorb before the ratio falls below 1",
            ),
            step("expected_outflow", "monthly_cash_burn * months", "Expected outflow over the horizon"),
            step(
                "outflow_volatility",
                "monthly_volatility * sqrt(months)",
                "Standard deviation of the outflow over the horizon",
            ),
            step(
                "z_score",
                "(expected_outflow - net_quick_assets) / outflow_volatility",
                "Standard normal value of the breaking point",
                unit=Unit.NONE,
                decimals=4,
            ),
            step(
                "shortfall_probability",
                "normal_cdf(z_score)",
                "Probability the outflow exceeds the net quick assets",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("shortfall_probability"),
    )
