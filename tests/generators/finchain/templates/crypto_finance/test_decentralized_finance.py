"""Decentralized finance templates against AMM and lending formulas, symbolically and over 1,000 seeds."""

import math

import sympy

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/crypto_finance/decentralized_finance/"


def test_constant_product_swap_output() -> None:
    template_id = TOPIC + "constant_product_swap_output"

    def reference(eth_reserve, usdc_reserve, eth_in, swap_fee):
        # Out = y − k / (x + Δx_net), the reserve left after the invariant is restored.
        net_in = eth_in * (1 - swap_fee)
        return usdc_reserve - eth_reserve * usdc_reserve / (eth_reserve + net_in)

    assert_symbolically_equal(template_id, reference)

    def worse_than_spot(givens, record):
        spot_value = givens["eth_in"] * givens["usdc_reserve"] / givens["eth_reserve"]
        assert 0 < record["answer_value"] < spot_value
        assert givens["swap_fee"] in (0.0005, 0.003, 0.01)

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=worse_than_spot)


def test_health_factor_of_a_lending_position() -> None:
    template_id = TOPIC + "health_factor_of_a_lending_position"

    def reference(collateral_eth, eth_price, liquidation_threshold, debt):
        return collateral_eth * eth_price * liquidation_threshold / debt

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        assert 0.79 <= record["answer_value"] <= 4.01
        assert 0.7 <= givens["liquidation_threshold"] <= 0.86

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible)


def test_impermanent_loss_after_a_price_move() -> None:
    template_id = TOPIC + "impermanent_loss_after_a_price_move"

    # The deposit size cancels out of the percentage, so sympy drops it from the composed steps.
    def reference(entry_price, current_price, deposit_value=1):
        ratio = current_price / entry_price
        return 2 * sympy.sqrt(ratio) / (1 + ratio) - 1

    assert_symbolically_equal(template_id, reference)

    def always_a_loss(givens, record):
        assert -1 < record["answer_value"] <= 0

    assert_matches_reference(
        template_id,
        lambda g: (
            2 * math.sqrt(g["current_price"] / g["entry_price"]) / (1 + g["current_price"] / g["entry_price"])
            - 1
        ),
        invariants=always_a_loss,
    )


def test_liquidation_price_after_interest_accrues() -> None:
    template_id = TOPIC + "liquidation_price_after_interest_accrues"

    def reference(collateral_eth, eth_price, debt, borrow_rate, days, liquidation_threshold):
        liquidation_price = debt * (1 + borrow_rate / 365) ** days / (collateral_eth * liquidation_threshold)
        return 1 - liquidation_price / eth_price

    assert_symbolically_equal(template_id, reference)

    def cushion_is_positive(givens, record):
        # Health factor above 1 today, so the price can fall some way before liquidation.
        assert 0 < record["answer_value"] < 1

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=cushion_is_positive)


def test_liquidity_provider_return_net_of_impermanent_loss() -> None:
    template_id = TOPIC + "liquidity_provider_return_net_of_impermanent_loss"

    def reference(
        deposit_value, entry_price, current_price, pool_liquidity, daily_volume, swap_fee, days, sqrt, cents
    ):
        ratio = current_price / entry_price
        fees = cents(daily_volume * swap_fee * deposit_value / pool_liquidity * days)
        return cents(deposit_value * sqrt(ratio)) + fees - cents(deposit_value * (1 + ratio) / 2)

    assert_symbolically_equal(template_id, lambda **s: reference(**s, sqrt=sympy.sqrt, cents=lambda x: x))

    outcomes = []

    def fees_can_offset_the_loss(givens, record):
        values = {item["name"]: item["value"] for item in record["steps"]}
        assert values["pool_value"] <= values["hold_value"] + 0.01  # impermanent loss is never a gain
        assert values["fees_earned"] >= 0
        outcomes.append(record["answer_value"] > 0)

    assert_matches_reference(
        # The question states the three values to the cent before combining them.
        template_id,
        lambda g: reference(**g, sqrt=math.sqrt, cents=lambda x: round(x, 2)),
        invariants=fees_can_offset_the_loss,
    )
    assert 0.05 <= sum(outcomes) / len(outcomes) <= 0.95  # providing liquidity sometimes wins, sometimes not
