"""Tokenomics: how a token's supply schedule (emissions, unlocks, burns) shapes its valuation.

Market capitalization prices the circulating supply, fully diluted valuation (FDV) prices the
maximum supply, and new tokens from emissions or vesting unlocks dilute holders unless
demand grows as fast.
"""

from finsynth.generators.finchain.dsl import (
    NumberGiven,
    Template,
    company,
    count,
    money,
    number,
    numeric,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

DAYS_PER_YEAR = 365
GWEI_PER_ETH = 1_000_000_000
GAS_PER_BILLION = 1_000_000_000


def tokens(name: str, low: int, high: int, *, step: int) -> NumberGiven:
    """Declare a whole number of tokens between ``low`` and ``high`` (multiples of ``step``)."""
    return number(name, low, high, step=step, decimals=0, unit=Unit.TOKENS)


@template(difficulty="basic")
def value_of_tokens_not_yet_circulating() -> Template:
    """Fully diluted valuation less market cap: FDV − MC = P · S_max − P · S_circ.

    Bands:
        market_cap / fully_diluted_valuation: 2% to 100%

    Relations:
        circulating_supply / max_supply: 2% to 91% [circulating_share_of_max_supply]
    """
    return Template(
        givens=[
            company("protocol"),
            money("token_price", 0.1, 40, step=0.0001, decimals=4),
            tokens("circulating_supply", 50_000_000, 900_000_000, step=100_000),
            tokens("max_supply", 100_000_000, 2_000_000_000, step=1_000_000),
        ],
        constraints=["max_supply > 1.1 * circulating_supply"],
        question=(
            "{protocol}'s governance token trades at {token_price}. {circulating_supply} are in circulation "
            "and the maximum supply is {max_supply}. By how much does the fully diluted valuation exceed "
            "the market capitalization, i.e. what are the tokens not yet in circulation worth at today's "
            "price? Round to the nearest cent."
        ),
        steps=[
            step("market_cap", "token_price * circulating_supply", "Market capitalization"),
            step("fully_diluted_valuation", "token_price * max_supply", "Fully diluted valuation"),
            step(
                "uncirculated_value",
                "fully_diluted_valuation - market_cap",
                "Value of tokens not yet circulating",
            ),
        ],
        answer=numeric("uncirculated_value"),
    )


@template(difficulty="basic")
def real_staking_yield_after_token_inflation() -> Template:
    """Real staking yield (Fisher relation on supply): r = (1 + r_stake) / (1 + emission / supply) − 1.

    Bands:
        real_yield: -10% to 20%

    Relations:
        annual_emission / token_supply: 0% to 18% [token_inflation_rate]
        staking_yield >= annual_emission / token_supply [staking_yield_at_least_inflation]
    """
    return Template(
        givens=[
            company("network"),
            rate("staking_yield", 3, 20, step=0.05),
            tokens("annual_emission", 5_000_000, 90_000_000, step=10_000),
            tokens("token_supply", 500_000_000, 1_500_000_000, step=1_000_000),
        ],
        constraints=[
            "staking_yield >= annual_emission / token_supply",
        ],
        question=(
            "Stakers on {network} earn {staking_yield} a year, paid in newly minted tokens. The network "
            "mints {annual_emission} a year on a current supply of {token_supply}. What is the stakers' real "
            "yield, i.e. their growth in share of the network after supply inflation? Give the answer as a "
            "percentage to two decimal places."
        ),
        steps=[
            step(
                "supply_inflation",
                "annual_emission / token_supply",
                "Supply inflation rate",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "real_yield",
                "(1 + staking_yield) / (1 + supply_inflation) - 1",
                "Real staking yield",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("real_yield"),
    )


@template(difficulty="intermediate")
def circulating_share_after_a_vesting_cliff() -> Template:
    """Linear vesting after a cliff: S = S₀ + A · (t − cliff) / T_vest; share = S / S_max.

    Bands:
        circulating_share: 4% to 100%

    Relations:
        team_allocation / max_supply: 5% to 30% [token_team_allocation]
        circulating_supply / max_supply: 2% to 100% [circulating_share_of_max_supply]
    """
    return Template(
        givens=[
            company("protocol"),
            tokens("max_supply", 500_000_000, 5_000_000_000, step=10_000_000),
            tokens("circulating_supply", 100_000_000, 2_000_000_000, step=1_000_000),
            tokens("team_allocation", 50_000_000, 1_000_000_000, step=1_000_000),
            count("cliff_months", 6, 12, unit=Unit.MONTHS),
            count("vesting_months", 12, 48, unit=Unit.MONTHS),
            count("months_elapsed", 7, 60, unit=Unit.MONTHS),
        ],
        constraints=[
            "0.05 * max_supply <= team_allocation <= 0.3 * max_supply",
            "circulating_supply + team_allocation <= max_supply",
            "months_elapsed > cliff_months",
            "months_elapsed <= cliff_months + vesting_months",
        ],
        question=(
            "{protocol} has a maximum supply of {max_supply}, of which {circulating_supply} circulate today "
            "apart from the team's allocation. The team holds {team_allocation} that stay locked for a cliff "
            "of {cliff_months} after launch and then vest in equal monthly amounts over the following "
            "{vesting_months}. Assuming nothing else changes, what share of the maximum supply circulates "
            "{months_elapsed} after launch? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "months_vested",
                "months_elapsed - cliff_months",
                "Months of vesting so far",
                unit=Unit.MONTHS,
                decimals=0,
            ),
            step(
                "unlocked_tokens",
                "team_allocation * months_vested / vesting_months",
                "Team tokens unlocked",
                unit=Unit.TOKENS,
                decimals=0,
            ),
            step(
                "new_circulating_supply",
                "circulating_supply + unlocked_tokens",
                "Circulating supply with the unlocked tokens",
                unit=Unit.TOKENS,
                decimals=0,
            ),
            step(
                "circulating_share",
                "new_circulating_supply / max_supply",
                "Share of the maximum supply circulating",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("circulating_share"),
    )


@template(difficulty="intermediate")
def net_ether_issuance_after_fee_burn() -> Template:
    """Net supply inflation with a fee burn: π = 365 · (issuance − gas · base fee) / supply.

    Bands:
        net_inflation_rate: -2.5% to 1.5%

    Relations:
        ether_supply: 118,000,000 to 122,000,000 [ether_supply]
        365 * daily_issuance / ether_supply: 0.5% to 1% [ether_issuance_rate]
        base_fee_gwei: 1 to 60 [ethereum_base_fee_gwei]
        daily_gas_billions: 80 to 160 [ethereum_daily_gas_billions]
    """
    return Template(
        givens=[
            number("daily_issuance", 1_800, 3_200, step=0.5, decimals=1, unit=Unit.ETH),
            number("daily_gas_billions", 80, 160, step=0.1, decimals=1),
            number("base_fee_gwei", 1, 60, step=0.01),
            number("ether_supply", 118_000_000, 122_000_000, step=1_000, decimals=0, unit=Unit.ETH),
        ],
        question=(
            "Validators on Ethereum receive about {daily_issuance} of new ether a day. Each day the "
            "network processes {daily_gas_billions} billion units of gas, and the base fee, which is "
            "burned, averages {base_fee_gwei} gwei per unit of gas (1 gwei = 0.000000001 ETH). With a "
            "current supply of {ether_supply}, what is the annual net inflation rate of ether if these "
            "daily figures hold for a 365-day year? (A negative answer means the supply shrinks.) "
            "Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "daily_burn",
                f"daily_gas_billions * {GAS_PER_BILLION} * base_fee_gwei / {GWEI_PER_ETH}",
                "Ether burned per day",
                unit=Unit.ETH,
                decimals=4,
            ),
            step(
                "daily_net_issuance",
                "daily_issuance - daily_burn",
                "Net new ether per day",
                unit=Unit.ETH,
                decimals=4,
            ),
            step(
                "annual_net_issuance",
                f"daily_net_issuance * {DAYS_PER_YEAR}",
                "Net new ether per year",
                unit=Unit.ETH,
                decimals=4,
            ),
            step(
                "net_inflation_rate",
                "annual_net_issuance / ether_supply",
                "Annual net inflation rate",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("net_inflation_rate"),
    )


@template(difficulty="advanced")
def token_price_change_over_years_of_emission_and_unlocks() -> Template:
    """Price change over n years: P_n / P₀ − 1, P_n = P₀ · S · (1 + g)ⁿ / (S · (1 + π)ⁿ + U).

    Emissions compound at π a year on the circulating supply S, unlocks add U tokens, and the market
    capitalization grows at g a year.

    Bands:
        price_change: -80% to 200%
        unlock_tokens / circulating_supply: 1% to 30%

    Relations:
        emission_rate: 1% to 15% [token_inflation_rate]
    """
    return Template(
        givens=[
            company("protocol"),
            money("token_price", 0.1, 30, step=0.0001, decimals=4),
            tokens("circulating_supply", 100_000_000, 2_000_000_000, step=1_000_000),
            tokens("unlock_tokens", 5_000_000, 400_000_000, step=100_000),
            rate("emission_rate", 1, 15, step=0.05),
            rate("market_cap_growth", -20, 40, step=0.5),
            count("years", 2, 5, unit=Unit.YEARS),
        ],
        constraints=[
            "unlock_tokens <= 0.3 * circulating_supply",
            "unlock_tokens >= 0.01 * circulating_supply",
            # Demand at most triples and keeps at least 40% of today's value over the period.
            "(1 + market_cap_growth) ** years <= 3",
            "(1 + market_cap_growth) ** years >= 0.4",
        ],
        question=(
            "{protocol}'s token trades at {token_price} with {circulating_supply} in circulation. Over the "
            "next {years}, {unlock_tokens} from investor vesting will unlock in total, and staking "
            "emissions will add {emission_rate} of the circulating supply each year, compounding on the "
            "emitted tokens as well (unlocked tokens are not staked). Analysts expect the token's market "
            "capitalization to change by {market_cap_growth} a year, compounded. What is the expected "
            "change in the token's price over the whole period? (A negative answer is a fall.) Give the "
            "answer as a percentage to two decimal places."
        ),
        steps=[
            step("market_cap", "token_price * circulating_supply", "Market capitalization today"),
            step(
                "supply_after_emissions",
                "circulating_supply * (1 + emission_rate) ** years",
                "Today's supply grown by compounding emissions",
                unit=Unit.TOKENS,
                decimals=0,
            ),
            step(
                "new_supply",
                "supply_after_emissions + unlock_tokens",
                "Circulating supply at the end of the period",
                unit=Unit.TOKENS,
                decimals=0,
            ),
            step(
                "new_market_cap",
                "market_cap * (1 + market_cap_growth) ** years",
                "Market capitalization at the end of the period",
            ),
            step(
                "new_price", "new_market_cap / new_supply", "Token price at the end of the period", decimals=6
            ),
            step(
                "price_change",
                "new_price / token_price - 1",
                "Change in the token price",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("price_change"),
    )
