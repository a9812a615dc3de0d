"""Robo-advisors: automated portfolio management and what its fees, rebalancing and tax features are worth.

The templates cover tiered advisory fees, the trade that restores target weights, the drag of fees
on long-run wealth, threshold-based rebalancing after market moves, and the after-tax value of
tax-loss harvesting.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    count,
    derived,
    money,
    numeric,
    option,
    person,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

ORDINARY_BRACKETS = {"22%": 0.22, "24%": 0.24, "32%": 0.32, "35%": 0.35, "37%": 0.37}
"""Federal ordinary income brackets at which harvested losses typically offset short-term gains."""

LONG_TERM_GAINS_RATES = {"15%": 0.15, "18.8%": 0.188, "20%": 0.2, "23.8%": 0.238}
"""Federal long-term capital gains rates, with and without the 3.8% net investment income tax."""

GAINS_RATE_BY_BRACKET = (
    "ordinary_tax_rate == 0.22 and long_term_gains_rate == 0.15"
    " or 0.24 <= ordinary_tax_rate <= 0.32 and long_term_gains_rate <= 0.188"
    " or ordinary_tax_rate == 0.35"
    " or ordinary_tax_rate == 0.37 and long_term_gains_rate >= 0.2"
)
"""Which long-term rate goes with which ordinary bracket (IRS 2025 schedules; the 3.8% net investment
income tax only above the 22% bracket's incomes)."""


@template(difficulty="basic")
def annual_fee_under_a_tiered_schedule() -> Template:
    """Tiered advisory fee = r₁ · min(A, B) + r₂ · max(A − B, 0) for balance A and breakpoint B.

    Bands:
        annual_fee / balance: 0.1% to 0.5%

    Relations:
        first_tier_rate: 0.25% to 0.5% [robo_advisory_fee]
        upper_tier_rate: 0.1% to 0.3% [robo_advisory_fee]
        annual_fee / balance: 0.1% to 0.5% [robo_advisory_fee]
    """
    return Template(
        givens=[
            person("client"),
            money("balance", 5_000, 2_000_000, step=50),
            money("breakpoint", 50_000, 250_000, step=10_000),
            rate("first_tier_rate", 0.25, 0.5, step=0.05),
            rate("upper_tier_rate", 0.1, 0.3, step=0.05),
        ],
        constraints=["upper_tier_rate < first_tier_rate"],
        question=(
            "{client}'s robo-advisor charges an annual advisory fee of {first_tier_rate} on the first "
            "{breakpoint} of assets and {upper_tier_rate} on assets above that. {client} has {balance} in "
            "the account. What is the annual fee? Round to the nearest cent."
        ),
        steps=[
            step("first_tier_fee", "first_tier_rate * min(balance, breakpoint)", "Fee on the first tier"),
            step(
                "upper_tier_fee", "upper_tier_rate * max(balance - breakpoint, 0)", "Fee on assets above it"
            ),
            step("annual_fee", "first_tier_fee + upper_tier_fee", "Total annual fee"),
        ],
        answer=numeric("annual_fee"),
    )


@template(difficulty="basic")
def rebalancing_trade_back_to_target_weights() -> Template:
    """Stock trade to restore the target = current stock value − target weight × portfolio value.

    Bands:
        abs(stock_to_sell) / portfolio_value: 0% to 20%

    Relations:
        stock_value / (stock_value + bond_value) - target_stock_weight: -20% to 20%
            [stock_weight_drift_before_rebalancing]
    """
    return Template(
        givens=[
            person("client"),
            money("stock_value", 5_000, 1_000_000, step=10),
            money("bond_value", 5_000, 1_000_000, step=10),
            rate("target_stock_weight", 30, 90, step=5, decimals=0),
        ],
        constraints=[
            "abs(stock_value / (stock_value + bond_value) - target_stock_weight) <= 0.2",
            "abs(stock_value / (stock_value + bond_value) - target_stock_weight) <= 0.2",
        ],
        question=(
            "{client}'s robo-advisor portfolio holds {stock_value} in a stock ETF and {bond_value} in a bond "
            "ETF. The target allocation is {target_stock_weight} stocks and the rest bonds. How much of the "
            "stock ETF must be sold to restore the target? (A negative answer means stock must be bought.) "
            "Round to the nearest cent."
        ),
        steps=[
            step("portfolio_value", "stock_value + bond_value", "Portfolio value"),
            step(
                "target_stock_value", "target_stock_weight * portfolio_value", "Stock holding at the target"
            ),
            step("stock_to_sell", "stock_value - target_stock_value", "Stock to sell"),
        ],
        answer=numeric("stock_to_sell"),
    )


@template(difficulty="intermediate")
def fee_drag_on_terminal_wealth() -> Template:
    """Fee drag = 1 − FV_net / FV_gross, with FV_gross = P(1 + r)^n and FV_net = P(1 + r − f)^n.

    The all-in fee f is the advisory fee plus the funds' expense ratio, taken off the return each year.

    Bands:
        fee_drag: 1% to 25%

    Relations:
        advisory_fee: 0.15% to 0.5% [robo_advisory_fee]
        fund_expense_ratio: 0.03% to 0.25% [fund_expense_ratio]
    """
    return Template(
        givens=[
            person("client"),
            money("initial_investment", 10_000, 1_000_000, step=500),
            rate("gross_return", 4, 10, step=0.05),
            rate("advisory_fee", 0.15, 0.5, step=0.01),
            rate("fund_expense_ratio", 0.03, 0.25, step=0.01),
            count("years", 10, 40, unit=Unit.YEARS),
        ],
        question=(
            "{client} invests {initial_investment} with a robo-advisor for {years}. The portfolio earns "
            "{gross_return} a year before costs; the advisory fee is {advisory_fee} a year and the ETFs' "
            "expense ratio is {fund_expense_ratio}. Treat the net annual return as the gross return less "
            "both costs. What share of the fee-free ending balance do the costs consume? Give the answer as "
            "a percentage to two decimal places."
        ),
        steps=[
            step(
                "all_in_fee",
                "advisory_fee + fund_expense_ratio",
                "All-in yearly cost",
                unit=Unit.PERCENT,
                decimals=2,
            ),
            step(
                "gross_balance",
                "initial_investment * (1 + gross_return) ** years",
                "Ending balance with no costs",
            ),
            step(
                "net_balance",
                "initial_investment * (1 + gross_return - all_in_fee) ** years",
                "Ending balance after costs",
            ),
            step("cost_of_fees", "gross_balance - net_balance", "Wealth lost to costs"),
            step(
                "fee_drag",
                "cost_of_fees / gross_balance",
                "Share of the fee-free balance lost",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("fee_drag"),
    )


@template(difficulty="intermediate")
def threshold_rebalancing_check() -> Template:
    """Drifted weight w' = w(1 + R_s) / [w(1 + R_s) + (1 − w)(1 + R_b)]; rebalance when |w' − w| > band.

    Bands:
        drift: 0% to 11%

    Relations:
        stock_return: -30% to 30% [us_stock_annual_return]
        bond_return: -8% to 8% [us_bond_annual_return]
    """
    return Template(
        givens=[
            person("client"),
            money("portfolio_value", 10_000, 2_000_000, step=100),
            rate("target_stock_weight", 40, 90, step=5, decimals=0),
            rate("stock_return", -30, 30, step=0.1, decimals=1),
            rate("bond_return", -8, 8, step=0.1, decimals=1),
            rate("band", 2, 6, step=1, decimals=0),
        ],
        constraints=[
            # Keep instances clear of an exact tie with the band at the displayed precision.
            "abs(abs(target_stock_weight * (1 + stock_return) / (target_stock_weight * (1 + stock_return)"
            " + (1 - target_stock_weight) * (1 + bond_return)) - target_stock_weight) - band) >= 0.0001",
        ],
        question=(
            "{client}'s robo-advisor account of {portfolio_value} was just rebalanced to "
            "{target_stock_weight} stocks and the rest bonds. Over the next quarter stocks return "
            "{stock_return} and bonds return {bond_return}. The robo-advisor rebalances only when the stock "
            "weight ends up more than {band} away from its target (an absolute difference in weight). Answer "
            "'rebalance' if it will rebalance now, otherwise 'hold'."
        ),
        steps=[
            step(
                "stock_value",
                "portfolio_value * target_stock_weight * (1 + stock_return)",
                "Stocks after the quarter",
            ),
            step(
                "bond_value",
                "portfolio_value * (1 - target_stock_weight) * (1 + bond_return)",
                "Bonds after the quarter",
            ),
            step(
                "stock_weight",
                "stock_value / (stock_value + bond_value)",
                "Stock weight after the quarter",
                unit=Unit.PERCENT,
                decimals=2,
            ),
            step(
                "drift",
                "abs(stock_weight - target_stock_weight)",
                "Drift from the target",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=categorical([("drift > band", "rebalance")], otherwise="hold"),
    )


@template(difficulty="advanced")
def after_tax_value_of_tax_loss_harvesting() -> Template:
    """Tax-loss harvesting benefit = L · t_now − L · t_later / (1 + d)^n for harvested loss L.

    Selling at a loss saves tax now at t_now, but the replacement holding's lower basis adds tax of
    L · t_later when it is sold in n years; the benefit is the saving less that deferred tax's present value.

    Bands:
        harvesting_benefit / cost_basis: 0% to 15%

    Relations:
        ordinary_tax_rate == 0.22 and long_term_gains_rate == 0.15
            or 0.24 <= ordinary_tax_rate <= 0.32 and long_term_gains_rate <= 0.188
            or ordinary_tax_rate == 0.35
            or ordinary_tax_rate == 0.37 and long_term_gains_rate >= 0.2 [capital_gains_rate_by_bracket]
    """
    return Template(
        givens=[
            person("client"),
            money("cost_basis", 10_000, 500_000, step=100),
            rate("decline", 5, 40, step=0.5),
            derived("market_value", "cost_basis * (1 - decline)"),
            option("ordinary_tax_rate", ORDINARY_BRACKETS),
            option("long_term_gains_rate", LONG_TERM_GAINS_RATES),
            count("years_until_sale", 3, 30, unit=Unit.YEARS),
            rate("discount_rate", 3, 8, step=0.1, decimals=1),
        ],
        # The long-term rate follows the income that puts the client in the ordinary bracket.
        constraints=[GAINS_RATE_BY_BRACKET],
        question=(
            "{client} bought an ETF for {cost_basis}; it has fallen {decline} to {market_value}. The "
            "robo-advisor sells it to harvest the loss and buys a similar but not substantially identical "
            "ETF at the same price. The loss offsets short-term gains taxed at {ordinary_tax_rate}. The "
            "replacement will be sold in {years_until_sale}, when the extra gain from its lower basis is "
            "taxed at the long-term rate of {long_term_gains_rate}. Discounting at {discount_rate} a year, "
            "what is the net present value of harvesting the loss? Round to the nearest cent."
        ),
        steps=[
            step("harvested_loss", "cost_basis - market_value", "Loss realized"),
            step("tax_saved_now", "harvested_loss * ordinary_tax_rate", "Tax saved this year"),
            step(
                "deferred_tax",
                "harvested_loss * long_term_gains_rate",
                "Extra tax when the replacement is sold",
            ),
            step(
                "deferred_tax_present_value",
                "deferred_tax / (1 + discount_rate) ** years_until_sale",
                "Present value of the extra tax",
            ),
            step(
                "harvesting_benefit",
                "tax_saved_now - deferred_tax_present_value",
                "Net present value of harvesting",
            ),
        ],
        answer=numeric("harvesting_benefit"),
    )
