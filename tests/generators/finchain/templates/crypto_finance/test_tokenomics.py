"""Tokenomics templates against supply and valuation formulas, symbolically and over 1,000 seeds."""

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/crypto_finance/tokenomics/"


def test_value_of_tokens_not_yet_circulating() -> None:
    template_id = TOPIC + "value_of_tokens_not_yet_circulating"

    def reference(token_price, circulating_supply, max_supply):
        return token_price * max_supply - token_price * circulating_supply

    assert_symbolically_equal(template_id, reference)

    def fdv_exceeds_market_cap(givens, record):
        assert record["answer_value"] > 0
        assert givens["max_supply"] > givens["circulating_supply"] > 0

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=fdv_exceeds_market_cap)


def test_real_staking_yield_after_token_inflation() -> None:
    template_id = TOPIC + "real_staking_yield_after_token_inflation"

    def reference(staking_yield, annual_emission, token_supply):
        return (1 + staking_yield) / (1 + annual_emission / token_supply) - 1

    assert_symbolically_equal(template_id, reference)

    def inflation_eats_the_yield(givens, record):
        assert record["answer_value"] < givens["staking_yield"]
        assert 0 < givens["annual_emission"] / givens["token_supply"] < 0.2

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=inflation_eats_the_yield)


def test_circulating_share_after_a_vesting_cliff() -> None:
    template_id = TOPIC + "circulating_share_after_a_vesting_cliff"

    def reference(
        max_supply, circulating_supply, team_allocation, cliff_months, vesting_months, months_elapsed
    ):
        unlocked = team_allocation * (months_elapsed - cliff_months) / vesting_months
        return (circulating_supply + unlocked) / max_supply

    assert_symbolically_equal(template_id, reference)

    def share_is_a_fraction(givens, record):
        assert givens["circulating_supply"] / givens["max_supply"] < record["answer_value"] <= 1

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=share_is_a_fraction)


def test_net_ether_issuance_after_fee_burn() -> None:
    template_id = TOPIC + "net_ether_issuance_after_fee_burn"

    def reference(daily_issuance, daily_gas_billions, base_fee_gwei, ether_supply):
        burned_per_day = daily_gas_billions * 1e9 * base_fee_gwei * 1e-9
        return 365 * (daily_issuance - burned_per_day) / ether_supply

    assert_symbolically_equal(template_id, reference)

    signs = []

    def plausible_inflation(givens, record):
        assert -0.1 < record["answer_value"] < 0.02
        signs.append(record["answer_value"] < 0)

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible_inflation)
    assert 0.05 <= sum(signs) / len(signs) <= 0.95  # both inflationary and deflationary years occur


def test_token_price_change_over_years_of_emission_and_unlocks() -> None:
    template_id = TOPIC + "token_price_change_over_years_of_emission_and_unlocks"

    # The starting price cancels (P_n / P₀ does not depend on P₀), so sympy drops it from the steps.
    def reference(
        circulating_supply, unlock_tokens, emission_rate, market_cap_growth, years, token_price=1.0
    ):
        supply = circulating_supply * (1 + emission_rate) ** years + unlock_tokens
        return circulating_supply * (1 + market_cap_growth) ** years / supply - 1

    assert_symbolically_equal(template_id, reference)

    def dilution_lowers_the_price(givens, record):
        # With more tokens, the price grows less than the market capitalization does.
        demand = (1 + givens["market_cap_growth"]) ** givens["years"]
        assert -1 < record["answer_value"] < demand - 1
        # Unlocks alone (no emissions) would dilute less.
        without_emissions = (
            demand * givens["circulating_supply"] / (givens["circulating_supply"] + givens["unlock_tokens"])
        )
        assert record["answer_value"] <= without_emissions - 1 + 5e-5

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=dilution_lowers_the_price)
