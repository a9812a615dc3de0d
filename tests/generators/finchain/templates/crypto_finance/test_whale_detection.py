"""Whale detection templates against direct computations over 1,000 seeds.

Every answer here either sums over a drawn list of wallets or transfers (a sequence of variable
length, with no fixed closed form in the givens) or is a categorical threshold test, so no
symbolic proof applies and the numeric reference carries the check.
"""

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


def test_whale_concentration_of_the_free_float() -> None:
    # Categorical threshold test on the composed share.
    template_id = TOPIC + "whale_concentration_of_the_free_float"

    def reference(g):
        free_float = g["total_supply"] - g["locked_supply"] - sum(g["exchange_balances"])
        share = sum(g["whale_balances"]) / free_float
        return "concentrated" if round(share, 4) >= g["alert_threshold"] else "dispersed"

    def float_is_positive(givens, record):
        values = {item["name"]: item["value"] for item in record["steps"]}
        assert values["free_float"] > values["whale_holdings"] > 0
        assert 0 < values["whale_share"] < 1

    assert_matches_reference(template_id, reference, invariants=float_is_positive)
    assert_label_mix(template_id)
