"""Whale detection: spotting large holders and measuring how concentrated supply and flows are.

On-chain analysts flag wallets above a size threshold, measure the share of supply or of
transfer volume they control, and summarize concentration with a Herfindahl-Hirschman index.
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
def whale_concentration_of_the_free_float() -> Template:
    """Whale share of free float: W / (S − locked − exchange balances), classified against an alert level.

    Bands:
        whale_share: 2% to 95%
    """
    return Template(
        givens=[
            company("protocol"),
            tokens("total_supply", 800_000_000, 1_200_000_000, step=1_000_000),
            tokens("locked_supply", 50_000_000, 400_000_000, step=100_000),
            series(
                "exchange_balances", tokens("balance", 10_000_000, 80_000_000, step=10_000), length=(2, 4)
            ),
            series("whale_balances", tokens("balance", 5_000_000, 60_000_000, step=10_000), length=(3, 6)),
            rate("alert_threshold", 10, 45, step=1, decimals=0),
        ],
        question=(
            "{protocol}'s token has a total supply of {total_supply}, of which {locked_supply} sit in a "
            "locked treasury. Exchange wallets hold {exchange_balances}, and the largest non-exchange "
            "wallets hold {whale_balances}. Analysts measure whale concentration as the non-exchange "
            "whales' share of the free float (supply that is neither locked nor held by exchanges). "
            "Classify the token as 'concentrated' if that share is at least {alert_threshold}, "
            "otherwise 'dispersed'."
        ),
        steps=[
            step(
                "whale_holdings", "sum(whale_balances)", "Tokens held by whales", unit=Unit.TOKENS, decimals=0
            ),
            step(
                "exchange_holdings",
                "sum(exchange_balances)",
                "Tokens held by exchanges",
                unit=Unit.TOKENS,
                decimals=0,
            ),
            step(
                "circulating_supply",
                "total_supply - locked_supply",
                "Circulating (unlocked) supply",
                unit=Unit.TOKENS,
                decimals=0,
            ),
            step(
                "free_float",
                "circulating_supply - exchange_holdings",
                "Free float outside exchanges",
                unit=Unit.TOKENS,
                decimals=0,
            ),
            step(
                "whale_share",
                "whale_holdings / free_float",
                "Whales' share of the free float",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=categorical([("whale_share >= alert_threshold", "concentrated")], otherwise="dispersed"),
        # Whales hold part of the free float, never more than all of it.
        constraints=["sum(whale_balances) < total_supply - locked_supply - sum(exchange_balances)"],
    )
