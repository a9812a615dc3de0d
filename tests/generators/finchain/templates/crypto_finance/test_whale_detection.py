"""Whale detection templates against direct computations over 1,000 seeds.

Every answer here either sums over a drawn list of wallets or transfers (a sequence of variable
length, with no fixed closed form in the givens) or is a categorical threshold test, so no
symbolic proof applies and the numeric reference carries the check.
"""

import pytest

from tests.generators.finchain.harness import assert_matches_reference
from tests.generators.finchain.templates.crypto_finance.labels import assert_label_mix

TOPIC = "finchain/crypto_finance/whale_detection/"


def test_whale_status_after_a_day_of_flows() -> None:
    # Categorical threshold test on B₀ + in − out.
    template_id = TOPIC + "whale_status_after_a_day_of_flows"

    def reference(g):
        closing = g["opening_balance"] + g["inflows"] - g["outflows"]
        return "whale" if closing >= 1_000 - 1e-9 else "not a whale"

    def balance_stays_positive(givens, record):
        assert record["steps"][0]["value"] > 0
        assert givens["inflows"] >= 0 and givens["outflows"] >= 0

    assert_matches_reference(template_id, reference, invariants=balance_stays_positive)
    assert_label_mix(template_id)


def test_share_of_supply_held_by_top_wallets() -> None:
    template_id = TOPIC + "share_of_supply_held_by_top_wallets"

    def share_is_small_but_positive(givens, record):
        assert 0 < record["answer_value"] < 0.1
        assert 3 <= len(givens["top_balances"]) <= 6

    assert_matches_reference(
        template_id,
        lambda g: sum(g["top_balances"]) / g["circulating_supply"],
        invariants=share_is_small_but_positive,
    )


def test_whale_share_of_transfer_volume() -> None:
    template_id = TOPIC + "whale_share_of_transfer_volume"

    def reference(g):
        transfers = g["transfers"]
        return sum(x for x in transfers if x >= g["whale_threshold"]) / sum(transfers)

    shares = []

    def share_is_a_fraction(givens, record):
        assert 0 <= record["answer_value"] <= 1
        shares.append(record["answer_value"])

    assert_matches_reference(template_id, reference, invariants=share_is_a_fraction)
    # Some hours have no whale transfers and none are all-whale; most are in between.
    assert sum(0 < share < 1 for share in shares) >= 0.8 * len(shares)


def test_effective_number_of_large_holders() -> None:
    template_id = TOPIC + "effective_number_of_large_holders"

    def reference(g):
        balances = g["holder_balances"]
        total = sum(balances)
        return 10_000 / sum((100 * b / total) ** 2 for b in balances)

    def between_one_and_group_size(givens, record):
        assert 1 <= record["answer_value"] <= len(givens["holder_balances"]) + 0.005

    assert_matches_reference(template_id, reference, invariants=between_one_and_group_size)


def test_price_impact_of_a_whale_sale_by_the_square_root_law() -> None:
    template_id = TOPIC + "price_impact_of_a_whale_sale_by_the_square_root_law"

    def reference(g):
        sold = sum(g["whale_balances"]) * g["sell_share"]
        return g["impact_coefficient"] * g["daily_volatility"] * (sold / g["daily_volume"]) ** 0.5

    def concave_in_size(givens, record):
        assert 0 < record["answer_value"] < 0.25 + 5e-5
        # Selling four times as much only doubles the impact.
        quadrupled = reference({**givens, "sell_share": 4 * givens["sell_share"]})
        assert quadrupled == pytest.approx(2 * reference(givens))
        # A sale of a full day's volume moves the price by exactly Y times the daily volatility.
        one_day = reference({**givens, "sell_share": givens["daily_volume"] / sum(givens["whale_balances"])})
        assert one_day == pytest.approx(givens["impact_coefficient"] * givens["daily_volatility"])

    assert_matches_reference(template_id, reference, invariants=concave_in_size)
