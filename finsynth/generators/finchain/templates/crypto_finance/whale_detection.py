"""Whale detection: spotting large holders and measuring how concentrated supply and flows are.

On-chain analysts flag wallets above a size threshold, measure the share of supply or of
transfer volume they control, summarize concentration with a Herfindahl-Hirschman index, and
estimate how far a whale's sale would move the price (the square-root law of market impact).
"""

from finsynth.generators.finchain.dsl import (
    NumberGiven,
    Template,
    categorical,
    company,
    number,
    numeric,
    person,
    rate,
    series,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

WHALE_THRESHOLD_BTC = 1_000
"""Balance at which on-chain analysts commonly call a bitcoin wallet a whale."""

HHI_SCALE = 10_000
"""The HHI is quoted on a 0–10,000 scale: shares in percent, squared and summed."""


def tokens(name: str, low: int, high: int, *, step: int) -> NumberGiven:
    """Declare a whole number of tokens between ``low`` and ``high`` (multiples of ``step``)."""
    return number(name, low, high, step=step, decimals=0, unit=Unit.TOKENS)


@template(difficulty="basic")
def whale_status_after_a_day_of_flows() -> Template:
    """End balance B₁ = B₀ + inflows − outflows, classified against the 1,000 BTC whale threshold.

    Bands:
        closing_balance / opening_balance: 30% to 180%

    Relations:
        outflows <= opening_balance + inflows [wallet_cannot_overspend]
    """
    return Template(
        givens=[
            person("analyst"),
            number("opening_balance", 500, 1_500, step=0.01, unit=Unit.BTC),
            number("inflows", 0, 400, step=0.01, unit=Unit.BTC),
            number("outflows", 0, 400, step=0.01, unit=Unit.BTC),
        ],
        question=(
            "{analyst} is tracking a bitcoin wallet that opened the day with {opening_balance}. During the "
            "day it received {inflows} and sent out {outflows}. The desk labels a wallet 'whale' if it ends "
            f"the day holding at least {WHALE_THRESHOLD_BTC:,} BTC, otherwise 'not a whale'. "
            "How is the wallet labelled?"
        ),
        steps=[
            step(
                "closing_balance",
                "opening_balance + inflows - outflows",
                "Balance at the end of the day",
                unit=Unit.BTC,
            ),
        ],
        answer=categorical([(f"closing_balance >= {WHALE_THRESHOLD_BTC}", "whale")], otherwise="not a whale"),
    )


@template(difficulty="basic")
def share_of_supply_held_by_top_wallets() -> Template:
    """Concentration ratio: CR_n = Σ b_i / circulating supply over the n largest wallets.

    Bands:
        supply_share: 0.4% to 7%

    Relations:
        circulating_supply: 19,000,000 to 19,990,000 [bitcoin_supply]
        max(top_balances) / circulating_supply: 0% to 1.35% [largest_bitcoin_address_share]
    """
    return Template(
        givens=[
            person("analyst"),
            series(
                "top_balances", number("balance", 5_000, 250_000, step=0.01, unit=Unit.BTC), length=(3, 6)
            ),
            number("circulating_supply", 19_000_000, 19_990_000, step=1_000, decimals=0, unit=Unit.BTC),
        ],
        question=(
            "{analyst} lists the largest bitcoin wallets on a block explorer, holding {top_balances}. "
            "With {circulating_supply} in circulation, what share of the circulating supply do these wallets "
            "hold together? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step("top_holdings", "sum(top_balances)", "Bitcoin held by the listed wallets", unit=Unit.BTC),
            step(
                "supply_share",
                "top_holdings / circulating_supply",
                "Share of circulating supply",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("supply_share"),
    )


@template(difficulty="intermediate")
def whale_share_of_transfer_volume() -> Template:
    """Whale volume share: Σ_{x ≥ threshold} x / Σ x over the observed transfers.

    Bands:
        whale_volume_share: 20% to 100%

    Relations:
        whale_threshold: 500 to 2,500 [ether_whale_transfer_threshold]
    """
    return Template(
        givens=[
            person("analyst"),
            series("transfers", number("transfer", 1, 5_000, step=0.01, unit=Unit.ETH), length=(6, 10)),
            number("whale_threshold", 500, 2_500, step=50, decimals=0, unit=Unit.ETH),
        ],
        question=(
            "{analyst} sampled ether transfers into an exchange over one hour: {transfers}. Transfers of "
            "at least {whale_threshold} count as whale transfers. What share of the hour's transfer volume "
            "came from whale transfers? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "whale_volume",
                "sum(amount if amount >= whale_threshold else 0 for amount in transfers)",
                "Volume of whale transfers",
                unit=Unit.ETH,
            ),
            step("total_volume", "sum(transfers)", "Total transfer volume", unit=Unit.ETH),
            step(
                "whale_volume_share",
                "whale_volume / total_volume",
                "Whale share of the volume",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("whale_volume_share"),
    )


@template(difficulty="intermediate")
def effective_number_of_large_holders() -> Template:
    """Herfindahl-Hirschman index HHI = Σ (100 · b_i / B)² and effective holders N = 10,000 / HHI.

    Bands:
        effective_holders: 1 to 8

    Relations:
        group_total: 4,000,000 to 720,000,000 [governance_token_supply]
    """
    return Template(
        givens=[
            company("protocol"),
            series("holder_balances", tokens("balance", 1_000_000, 90_000_000, step=10_000), length=(4, 8)),
        ],
        question=(
            "The largest holders of {protocol}'s governance token hold {holder_balances}. Treating these "
            "wallets as the whole group, compute the Herfindahl-Hirschman index of their shares (shares in "
            "percent, squared and summed) and convert it to the effective number of equal-sized holders, "
            "10,000 divided by the index. Give the effective number to two decimal places."
        ),
        steps=[
            step(
                "group_total",
                "sum(holder_balances)",
                "Tokens held by the group",
                unit=Unit.TOKENS,
                decimals=0,
            ),
            step(
                "herfindahl_index",
                "sum((100 * balance / group_total) ** 2 for balance in holder_balances)",
                "Herfindahl-Hirschman index",
                unit=Unit.NONE,
                decimals=4,
            ),
            step(
                "effective_holders",
                f"{HHI_SCALE} / herfindahl_index",
                "Effective number of equal holders",
                unit=Unit.NONE,
                decimals=2,
            ),
        ],
        answer=numeric("effective_holders"),
    )


@template(difficulty="advanced")
def price_impact_of_a_whale_sale_by_the_square_root_law() -> Template:
    """Square-root law of market impact: ΔP / P = Y · σ · √(Q / V).

    Q is the tokens the whales sell (a share of their combined balances), V the daily trading
    volume, σ the daily volatility and Y the impact coefficient (of order 1).

    Bands:
        price_impact: 0.1% to 25%
        volume_fraction: 1% to 300%

    Relations:
        daily_volatility * sqrt(252): 5% to 150% [stock_volatility]
    """
    return Template(
        givens=[
            company("protocol"),
            series("whale_balances", tokens("balance", 5_000_000, 60_000_000, step=10_000), length=(3, 6)),
            rate("sell_share", 10, 50, step=1, decimals=0),
            tokens("daily_volume", 10_000_000, 500_000_000, step=100_000),
            rate("daily_volatility", 2, 8, step=0.1),
            number("impact_coefficient", 0.5, 1.5, step=0.05),
        ],
        constraints=[
            "sum(whale_balances) * sell_share >= 0.01 * daily_volume",
            "sum(whale_balances) * sell_share <= 3 * daily_volume",
        ],
        question=(
            "On-chain analysts flag the largest non-exchange wallets of {protocol}'s token, holding "
            "{whale_balances}, and see them move {sell_share} of their combined balances to exchanges to "
            "sell. The token trades {daily_volume} a day with a daily volatility of {daily_volatility}. "
            "Using the square-root law of market impact with a coefficient of {impact_coefficient}, by what "
            "percentage would selling those tokens push the price down? Give the answer as a percentage to "
            "two decimal places."
        ),
        steps=[
            step(
                "whale_holdings",
                "sum(whale_balances)",
                "Tokens held by the whales",
                unit=Unit.TOKENS,
                decimals=0,
            ),
            step(
                "tokens_sold",
                "whale_holdings * sell_share",
                "Tokens to be sold",
                unit=Unit.TOKENS,
                decimals=0,
            ),
            step(
                "volume_fraction",
                "tokens_sold / daily_volume",
                "Sale as a share of daily volume",
                unit=Unit.PERCENT,
            ),
            step(
                "price_impact",
                "impact_coefficient * daily_volatility * sqrt(volume_fraction)",
                "Expected fall in the price",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("price_impact"),
    )
