"""Crypto finance references: taxes, DeFi, event studies, sentiment, tokenomics, transactions, whales."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import mpmath

from tests.generators.finchain.references.exact import Domain, mp, normal_quantile
from tests.generators.finchain.references.exact import round_half_away as rounded

REFERENCES = Domain("crypto_finance")
reference = REFERENCES

F = Fraction
SATOSHIS_PER_BITCOIN = 100_000_000
ETHER_PER_GWEI = F(1, 10**9)

# --- crypto_regulation ----------------------------------------------------------------------------


def holding_rate(days_held: F, short_term_rate: F, long_term_rate: F) -> F:
    """Long-term treatment needs more than one year (365 days) of holding."""
    return long_term_rate if days_held > 365 else short_term_rate


@reference("crypto_regulation")
def annualized_after_tax_return_on_a_bitcoin_lot(
    bitcoin_sold: F,
    purchase_price: F,
    days_held: F,
    sale_price: F,
    short_term_rate: F,
    long_term_rate: F,
) -> Any:
    # Wealth relative over the holding period, after tax: each dollar of gain keeps (1 - rate).
    kept_per_dollar = 1 + (sale_price / purchase_price - 1) * (
        1 - holding_rate(days_held, short_term_rate, long_term_rate)
    )
    return mpmath.power(mp(kept_per_dollar), mp(F(365) / days_held)) - 1


@reference("crypto_regulation")
def capital_gain_on_a_bitcoin_sale(
    bitcoin_sold: F, purchase_price: F, buying_fee: F, sale_price: F, selling_fee: F
) -> F:
    return (bitcoin_sold * sale_price - selling_fee) - (bitcoin_sold * purchase_price + buying_fee)


@reference("crypto_regulation")
def capital_loss_deduction_and_carryforward(
    ether_sold: F,
    ether_basis: F,
    ether_sale_price: F,
    bitcoin_sold: F,
    bitcoin_basis: F,
    bitcoin_sale_price: F,
) -> F:
    net = ether_sold * (ether_sale_price - ether_basis) + bitcoin_sold * (bitcoin_sale_price - bitcoin_basis)
    net_loss = max(-net, F(0))
    return net_loss - min(net_loss, F(3000))


@reference("crypto_regulation")
def fifo_gain_on_a_partial_sale_across_two_lots(
    first_lot: F, first_price: F, second_price: F, ether_sold: F, sale_price: F
) -> F:
    from_first = min(ether_sold, first_lot)
    basis = from_first * first_price + (ether_sold - from_first) * second_price
    return ether_sold * sale_price - basis


@reference("crypto_regulation")
def staking_income_against_a_reporting_threshold(
    first_reward: F, first_price: F, second_reward: F, second_price: F
) -> str:
    income = first_reward * first_price + second_reward * second_price
    return "form filed" if income >= 600 else "no form filed"


# --- decentralized_finance ------------------------------------------------------------------------


@reference("decentralized_finance")
def constant_product_swap_output(eth_reserve: F, usdc_reserve: F, eth_in: F, swap_fee: F) -> F:
    counted_in = eth_in * (1 - swap_fee)
    invariant = eth_reserve * usdc_reserve
    return usdc_reserve - invariant / (eth_reserve + counted_in)


@reference("decentralized_finance")
def health_factor_of_a_lending_position(
    collateral_eth: F, eth_price: F, liquidation_threshold: F, debt: F
) -> F:
    return collateral_eth * eth_price * liquidation_threshold / debt


@reference("decentralized_finance")
def impermanent_loss_after_a_price_move(deposit_value: F, entry_price: F, current_price: F) -> Any:
    ether = deposit_value / 2 / entry_price
    held = ether * current_price + deposit_value / 2
    # The pool keeps x·y constant, so each side is worth deposit/2 · sqrt(price ratio) afterwards.
    pooled = deposit_value * mpmath.sqrt(mp(current_price / entry_price))
    return pooled / mp(held) - 1


@reference("decentralized_finance")
def liquidation_price_after_interest_accrues(
    collateral_eth: F, eth_price: F, debt: F, borrow_rate: F, days: F, liquidation_threshold: F
) -> F:
    owed = debt * (1 + borrow_rate / 365) ** int(days)
    liquidation_price = owed / (collateral_eth * liquidation_threshold)
    return 1 - liquidation_price / eth_price


@reference("decentralized_finance")
def liquidity_provider_return_net_of_impermanent_loss(
    deposit_value: F,
    entry_price: F,
    current_price: F,
    pool_liquidity: F,
    daily_volume: F,
    swap_fee: F,
    days: F,
) -> F:
    held = rounded(deposit_value / 2 * current_price / entry_price + deposit_value / 2, 2)
    pooled = rounded(deposit_value * mpmath.sqrt(mp(current_price / entry_price)), 2)
    fees = rounded(daily_volume * swap_fee * deposit_value / pool_liquidity * days, 2)
    return pooled + fees - held


# --- global_events_impact -------------------------------------------------------------------------


@reference("global_events_impact")
def cumulative_abnormal_return_around_an_event(
    token_returns: list[F], market_returns: list[F], alpha: F, beta: F, market_cap: F
) -> F:
    abnormal = sum(
        (token - alpha - beta * market for token, market in zip(token_returns, market_returns, strict=True)),
        F(0),
    )
    return rounded(abnormal, 6) * market_cap


@reference("global_events_impact")
def event_beta_from_paired_returns(market_returns: list[F], bitcoin_returns: list[F]) -> F:
    market_mean = rounded(sum(market_returns, F(0)) / len(market_returns), 6)
    bitcoin_mean = rounded(sum(bitcoin_returns, F(0)) / len(bitcoin_returns), 6)
    pairs = list(zip(market_returns, bitcoin_returns, strict=True))
    covariation = sum(((m - market_mean) * (b - bitcoin_mean) for m, b in pairs), F(0))
    variation = sum(((m - market_mean) ** 2 for m in market_returns), F(0))
    return covariation / variation


@reference("global_events_impact")
def expected_price_from_event_beta(bitcoin_price: F, event_beta: F, market_move: F) -> F:
    return bitcoin_price * (1 + event_beta * market_move)


@reference("global_events_impact")
def portfolio_loss_from_an_event_shock(
    bitcoin_held: F, bitcoin_price: F, ether_held: F, ether_price: F, bitcoin_drop: F, ether_drop: F
) -> F:
    return bitcoin_held * bitcoin_price * bitcoin_drop + ether_held * ether_price * ether_drop


@reference("global_events_impact")
def beta_mapped_value_at_risk_after_an_event(
    bitcoin_held: F,
    bitcoin_price: F,
    ether_held: F,
    ether_price: F,
    ether_beta: F,
    event_volatility: F,
    horizon_days: F,
    confidence: F,
) -> Any:
    # Both positions ride on one bitcoin factor: the fund's dollar sensitivity to a 1% bitcoin move.
    dollars_per_bitcoin_return = bitcoin_held * bitcoin_price + ether_held * ether_price * ether_beta
    dollar_volatility = mp(dollars_per_bitcoin_return * event_volatility) * mpmath.sqrt(mp(horizon_days))
    return normal_quantile(confidence) * dollar_volatility


# --- sentiment_analysis ---------------------------------------------------------------------------


@reference("sentiment_analysis")
def bull_bear_ratio_signal(bullish_posts: F, bearish_posts: F) -> str:
    share = rounded(bullish_posts / (bullish_posts + bearish_posts), 4)
    if share >= F(6, 10):
        return "buy"
    return "sell" if share <= F(4, 10) else "hold"


@reference("sentiment_analysis")
def composite_sentiment_score(
    social_score: F, news_score: F, onchain_score: F, social_weight: F, news_weight: F
) -> F:
    onchain_weight = 1 - social_weight - news_weight
    return social_weight * social_score + news_weight * news_score + onchain_weight * onchain_score


@reference("sentiment_analysis")
def exponentially_smoothed_sentiment(daily_scores: list[F], smoothing: F) -> F:
    smoothed = daily_scores[0]
    for score in daily_scores[1:]:
        smoothed = rounded(smoothing * score + (1 - smoothing) * smoothed, 4)
    return smoothed


@reference("sentiment_analysis")
def exponentially_tilted_allocation_trade(
    portfolio_value: F,
    bitcoin_value: F,
    bitcoin_base_weight: F,
    tilt_strength: F,
    bitcoin_sentiment: F,
    ether_sentiment: F,
) -> Any:
    # Normalizing two exponential tilts gives bitcoin a logistic share of the fund.
    odds_against = mp((1 - bitcoin_base_weight) / bitcoin_base_weight) * mpmath.exp(
        mp(tilt_strength * (ether_sentiment - bitcoin_sentiment))
    )
    return mp(portfolio_value) / (1 + odds_against) - mp(bitcoin_value)


@reference("sentiment_analysis")
def sentiment_z_score_contrarian_signal(past_scores: list[F], today_score: F) -> str:
    count = len(past_scores)
    mean = rounded(sum(past_scores, F(0)) / count, 6)
    variance = sum(((score - mean) ** 2 for score in past_scores), F(0)) / (count - 1)
    deviation = rounded(mpmath.sqrt(mp(variance)), 6)
    z_score = rounded((today_score - mean) / deviation, 2)
    if z_score >= F(3, 2):
        return "contrarian sell"
    return "contrarian buy" if z_score <= F(-3, 2) else "no signal"


# --- tokenomics -----------------------------------------------------------------------------------


@reference("tokenomics")
def circulating_share_after_a_vesting_cliff(
    max_supply: F,
    circulating_supply: F,
    team_allocation: F,
    cliff_months: F,
    vesting_months: F,
    months_elapsed: F,
) -> F:
    vesting_done = min(max(months_elapsed - cliff_months, F(0)), vesting_months)
    return (circulating_supply + team_allocation * vesting_done / vesting_months) / max_supply


@reference("tokenomics")
def net_ether_issuance_after_fee_burn(
    daily_issuance: F, daily_gas_billions: F, base_fee_gwei: F, ether_supply: F
) -> F:
    burned = daily_gas_billions * 10**9 * base_fee_gwei * ETHER_PER_GWEI
    return 365 * (daily_issuance - burned) / ether_supply


@reference("tokenomics")
def real_staking_yield_after_token_inflation(staking_yield: F, annual_emission: F, token_supply: F) -> F:
    return (1 + staking_yield) / (1 + annual_emission / token_supply) - 1


@reference("tokenomics")
def token_price_change_over_years_of_emission_and_unlocks(
    circulating_supply: F,
    unlock_tokens: F,
    emission_rate: F,
    market_cap_growth: F,
    years: F,
) -> F:
    # Year by year: emissions accrue on last year's emitted supply; the price level cancels out.
    supply, demand = circulating_supply, F(1)
    for _ in range(int(years)):
        supply += supply * emission_rate
        demand *= 1 + market_cap_growth
    return demand * circulating_supply / (supply + unlock_tokens) - 1


@reference("tokenomics")
def value_of_tokens_not_yet_circulating(token_price: F, circulating_supply: F, max_supply: F) -> F:
    return token_price * (max_supply - circulating_supply)


# --- transaction_analysis -------------------------------------------------------------------------


@reference("transaction_analysis")
def bitcoin_fee_in_dollars_from_fee_rate(tx_vsize: F, fee_rate: F, bitcoin_price: F) -> F:
    return tx_vsize * fee_rate / SATOSHIS_PER_BITCOIN * bitcoin_price


@reference("transaction_analysis")
def change_output_of_a_segwit_payment(
    input_values: list[F],
    payment_total: F,
    recipients: F,
    fee_rate: F,
    overhead_vbytes: F,
    input_vbytes: F,
    output_vbytes: F,
) -> F:
    size = overhead_vbytes + len(input_values) * input_vbytes + (recipients + 1) * output_vbytes
    fee_satoshis = rounded(size * fee_rate, 0)
    return sum(input_values, F(0)) - payment_total - fee_satoshis / SATOSHIS_PER_BITCOIN


@reference("transaction_analysis")
def child_pays_for_parent_fee_bump(parent_vsize: F, parent_fee: F, child_vsize: F, target_rate: F) -> F:
    return (target_rate * (parent_vsize + child_vsize) - parent_fee) / child_vsize


@reference("transaction_analysis")
def effective_fee_rate_of_a_bitcoin_transaction(
    input_values: list[F], payment: F, change: F, tx_vsize: F
) -> F:
    return (sum(input_values, F(0)) - payment - change) * SATOSHIS_PER_BITCOIN / tx_vsize


@reference("transaction_analysis")
def ethereum_transaction_fee_under_eip_1559(gas_used: F, base_fee: F, priority_fee: F, max_fee: F) -> F:
    return gas_used * min(max_fee, base_fee + priority_fee) * ETHER_PER_GWEI


# --- whale_detection ------------------------------------------------------------------------------


@reference("whale_detection")
def effective_number_of_large_holders(holder_balances: list[F]) -> F:
    total = sum(holder_balances, F(0))
    index = sum(((100 * balance / total) ** 2 for balance in holder_balances), F(0))
    return 10_000 / index


@reference("whale_detection")
def share_of_supply_held_by_top_wallets(top_balances: list[F], circulating_supply: F) -> F:
    return sum(top_balances, F(0)) / circulating_supply


@reference("whale_detection")
def price_impact_of_a_whale_sale_by_the_square_root_law(
    whale_balances: list[F],
    sell_share: F,
    daily_volume: F,
    daily_volatility: F,
    impact_coefficient: F,
) -> Any:
    participation = sell_share * sum(whale_balances, F(0)) / daily_volume
    return mp(impact_coefficient * daily_volatility) * mpmath.sqrt(mp(participation))


@reference("whale_detection")
def whale_share_of_transfer_volume(transfers: list[F], whale_threshold: F) -> F:
    return sum((x for x in transfers if x >= whale_threshold), F(0)) / sum(transfers, F(0))


@reference("whale_detection")
def whale_status_after_a_day_of_flows(opening_balance: F, inflows: F, outflows: F) -> str:
    return "whale" if opening_balance + inflows - outflows >= 1000 else "not a whale"
