"""Decentralized finance: automated market makers and over-collateralized lending.

A constant-product pool keeps x · y = k, so a swap's output follows from the reserves and the
fee; liquidity providers gain fees but suffer impermanent loss when prices move. Lending
protocols liquidate a loan when the health factor (collateral × liquidation threshold / debt)
falls below one.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    count,
    money,
    number,
    numeric,
    option,
    person,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

DAYS_PER_YEAR = 365
FEE_TIERS = {"0.05%": 0.0005, "0.30%": 0.003, "1.00%": 0.01}


@template(difficulty="basic")
def constant_product_swap_output() -> Template:
    """Constant-product AMM swap: Δy = y · Δx(1 − f) / (x + Δx(1 − f)).

    Bands:
        eth_in / eth_reserve: 0% to 10%
        usdc_reserve / eth_reserve: 800 to 4,900

    Relations:
        usdc_reserve / eth_reserve: 800 to 4,900 [ether_price]
    """
    return Template(
        givens=[
            person("trader"),
            number("eth_reserve", 500, 20_000, step=0.01, unit=Unit.ETH),
            money("usdc_reserve", 1_000_000, 60_000_000, step=1_000),
            number("eth_in", 0.1, 200, step=0.01, unit=Unit.ETH),
            option("swap_fee", FEE_TIERS),
        ],
        constraints=[
            "eth_in <= 0.1 * eth_reserve",
            "800 <= usdc_reserve / eth_reserve <= 4900",
            "usdc_reserve >= 1000 * eth_reserve",
            "usdc_reserve <= 4900 * eth_reserve",
        ],
        question=(
            "A constant-product pool (x · y = k) holds {eth_reserve} and {usdc_reserve} of USDC, a dollar "
            "stablecoin. {trader} sells {eth_in} into the pool, which keeps a {swap_fee} fee from the ether "
            "paid in before pricing the swap. How many dollars of USDC does {trader} receive? Round to the "
            "nearest cent."
        ),
        steps=[
            step(
                "eth_in_after_fee",
                "eth_in * (1 - swap_fee)",
                "Ether that prices the swap",
                unit=Unit.ETH,
                decimals=6,
            ),
            step(
                "usdc_out",
                "usdc_reserve * eth_in_after_fee / (eth_reserve + eth_in_after_fee)",
                "USDC paid out by the pool",
            ),
        ],
        answer=numeric("usdc_out"),
    )


@template(difficulty="basic")
def health_factor_of_a_lending_position() -> Template:
    """Lending health factor: HF = collateral value · liquidation threshold / debt.

    Bands:
        health_factor: 0.8 to 4

    Relations:
        eth_price: 1,000 to 4,900 [ether_price]
    """
    return Template(
        givens=[
            person("borrower"),
            number("collateral_eth", 1, 500, step=0.01, unit=Unit.ETH),
            money("eth_price", 1_000, 4_900, step=1),
            rate("liquidation_threshold", 70, 86, step=0.5),
            money("debt", 1_000, 1_500_000, step=100),
        ],
        constraints=[
            "collateral_eth * eth_price * liquidation_threshold / debt >= 0.8",
            "collateral_eth * eth_price * liquidation_threshold / debt <= 4",
        ],
        question=(
            "{borrower} has deposited {collateral_eth} as collateral on a lending protocol, with ether "
            "at {eth_price}, and has borrowed {debt} of stablecoins. Ether collateral has a liquidation "
            "threshold of {liquidation_threshold}. What is the position's health factor (below 1.00 the "
            "position can be liquidated)? Give the answer to two decimal places."
        ),
        steps=[
            step("collateral_value", "collateral_eth * eth_price", "Collateral value"),
            step(
                "liquidation_capacity",
                "collateral_value * liquidation_threshold",
                "Collateral value counted toward liquidation",
            ),
            step("health_factor", "liquidation_capacity / debt", "Health factor", unit=Unit.NONE, decimals=2),
        ],
        answer=numeric("health_factor"),
    )


@template(difficulty="intermediate")
def impermanent_loss_after_a_price_move() -> Template:
    """Impermanent loss of a 50/50 constant-product position: IL = 2√r / (1 + r) − 1 with r = P₁ / P₀.

    Bands:
        impermanent_loss: -45% to 0%

    Relations:
        entry_price: 800 to 4,500 [ether_price]
        current_price: 400 to 4,900 [ether_price]
    """
    return Template(
        givens=[
            person("provider"),
            money("deposit_value", 2_000, 500_000, step=100),
            money("entry_price", 800, 4_500, step=1),
            money("current_price", 400, 4_900, step=1),
        ],
        constraints=["current_price != entry_price"],
        question=(
            "{provider} deposited {deposit_value} into an ETH/USDC constant-product pool, half in ether "
            "and half in USDC, when ether traded at {entry_price}. Ether now trades at {current_price}. "
            "Ignoring trading fees, how much less is the pool position worth than simply holding the "
            "original ether and USDC? Give the impermanent loss as a percentage of the holding value to "
            "two decimal places (a negative number)."
        ),
        steps=[
            step("price_ratio", "current_price / entry_price", "Price ratio", unit=Unit.NONE, decimals=6),
            step("hold_value", "deposit_value * (1 + price_ratio) / 2", "Value if simply held"),
            step("pool_value", "deposit_value * sqrt(price_ratio)", "Value of the pool position"),
            step(
                "impermanent_loss",
                "pool_value / hold_value - 1",
                "Impermanent loss",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("impermanent_loss"),
    )


@template(difficulty="intermediate")
def liquidation_price_after_interest_accrues() -> Template:
    """Liquidation price P_liq = D · (1 + r/365)^t / (Q · LT); cushion = 1 − P_liq / P.

    Bands:
        price_cushion: 30% to 85%

    Relations:
        eth_price: 1,000 to 4,900 [ether_price]
    """
    return Template(
        givens=[
            person("borrower"),
            number("collateral_eth", 2, 400, step=0.01, unit=Unit.ETH),
            money("eth_price", 1_000, 4_900, step=1),
            money("debt", 1_000, 1_000_000, step=100),
            rate("borrow_rate", 1, 15, step=0.05),
            count("days", 30, 365, unit=Unit.DAYS),
            rate("liquidation_threshold", 70, 86, step=0.5),
        ],
        constraints=[
            "debt <= 0.6 * collateral_eth * eth_price * liquidation_threshold",
            "debt >= 0.15 * collateral_eth * eth_price",
        ],
        question=(
            "{borrower} borrows {debt} of stablecoins against {collateral_eth} deposited as collateral, with "
            "ether at {eth_price}. The loan accrues interest at {borrow_rate} a year, compounded daily "
            "(365-day year), and nothing is repaid. Ether collateral has a liquidation threshold of "
            "{liquidation_threshold}. After {days}, by what percentage can the ether price fall from "
            "{eth_price} before the position reaches a health factor of 1 and can be liquidated? Give the "
            "answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "debt_after_interest",
                f"debt * (1 + borrow_rate / {DAYS_PER_YEAR}) ** days",
                "Debt with accrued interest",
            ),
            step(
                "liquidation_price",
                "debt_after_interest / (collateral_eth * liquidation_threshold)",
                "Ether price at which the health factor is 1",
            ),
            step(
                "price_cushion",
                "1 - liquidation_price / eth_price",
                "Fall in the ether price the position can absorb",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("price_cushion"),
    )


@template(difficulty="advanced")
def liquidity_provider_return_net_of_impermanent_loss() -> Template:
    """LP outcome against holding: V₀√r + fees − V₀(1 + r) / 2 with r = P₁ / P₀.

    Fees earned = daily volume · fee tier · (V₀ / pool liquidity) · days.

    Bands:
        fees_earned / deposit_value: 0% to 60%
        daily_volume * swap_fee * 365 / pool_liquidity: 0% to 60%

    Relations:
        entry_price: 800 to 4,500 [ether_price]
        current_price: 400 to 4,900 [ether_price]
    """
    return Template(
        givens=[
            person("provider"),
            money("deposit_value", 5_000, 500_000, step=100),
            money("entry_price", 800, 4_500, step=1),
            money("current_price", 400, 4_900, step=1),
            money("pool_liquidity", 5_000_000, 200_000_000, step=100_000),
            money("daily_volume", 500_000, 80_000_000, step=10_000),
            option("swap_fee", FEE_TIERS),
            count("days", 7, 365, unit=Unit.DAYS),
        ],
        constraints=[
            "daily_volume * swap_fee * 365 / pool_liquidity <= 0.6",
            "daily_volume <= pool_liquidity",
            "current_price != entry_price",
            "daily_volume <= 1.5 * pool_liquidity",
        ],
        question=(
            "{provider} deposits {deposit_value} into an ETH/USDC constant-product pool, half in ether "
            "and half in USDC, when ether trades at {entry_price}. The pool holds {pool_liquidity} in total "
            "including the deposit, trades {daily_volume} a day, and charges a {swap_fee} fee on every "
            "trade, paid out to providers in proportion to their share of the pool (fees are withdrawn, "
            "not reinvested). Assume the share and the daily volume stay constant. After {days}, ether "
            "trades at {current_price}. By how much does the position plus fees earned beat simply holding "
            "the original ether and USDC? (A negative answer means it fell short.) State the held value, "
            "the pool value and the fees to the cent, and round the answer to the nearest cent."
        ),
        steps=[
            # The price ratio and pool share stay unrounded: the answer is a small difference of large values.
            step(
                "hold_value",
                "deposit_value * (1 + current_price / entry_price) / 2",
                "Value if simply held",
                rounded_before_use=True,
            ),
            step(
                "pool_value",
                "deposit_value * sqrt(current_price / entry_price)",
                "Value of the pool position",
                rounded_before_use=True,
            ),
            step(
                "fees_earned",
                "daily_volume * swap_fee * (deposit_value / pool_liquidity) * days",
                "Trading fees earned on the pool share",
                rounded_before_use=True,
            ),
            step("provider_total", "pool_value + fees_earned", "Position plus fees"),
            step("advantage_over_holding", "provider_total - hold_value", "Advantage over holding"),
        ],
        answer=numeric("advantage_over_holding"),
    )
