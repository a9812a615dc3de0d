"""Transaction analysis templates against fee and change arithmetic, symbolically and over 1,000 seeds."""

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/crypto_finance/transaction_analysis/"
SATS_PER_BTC = 100_000_000


def test_bitcoin_fee_in_dollars_from_fee_rate() -> None:
    template_id = TOPIC + "bitcoin_fee_in_dollars_from_fee_rate"

    def reference(tx_vsize, fee_rate, bitcoin_price):
        return tx_vsize * fee_rate / SATS_PER_BTC * bitcoin_price

    assert_symbolically_equal(template_id, reference)

    def plausible_fee(givens, record):
        assert 0 < record["answer_value"] < 500
        assert float(givens["fee_rate"]).is_integer()

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible_fee)


def test_ethereum_transaction_fee_under_eip_1559() -> None:
    # The maximum fee caps the price (a min), so the check is numeric only.
    template_id = TOPIC + "ethereum_transaction_fee_under_eip_1559"

    def reference(g):
        price_gwei = min(g["max_fee"], g["base_fee"] + g["priority_fee"])
        return g["gas_used"] * price_gwei / 1e9

    def pays_at_least_the_base_fee(givens, record):
        assert givens["max_fee"] >= givens["base_fee"]
        assert givens["gas_used"] * givens["base_fee"] / 1e9 <= record["answer_value"] + 1e-8
        assert record["answer_value"] <= givens["gas_used"] * givens["max_fee"] / 1e9 + 1e-8

    assert_matches_reference(template_id, reference, invariants=pays_at_least_the_base_fee)


def test_effective_fee_rate_of_a_bitcoin_transaction() -> None:
    # Sums a variable-length list of inputs, so the check is numeric only.
    template_id = TOPIC + "effective_fee_rate_of_a_bitcoin_transaction"

    def reference(g):
        fee_btc = sum(g["input_values"]) - g["payment"] - g["change"]
        return fee_btc * SATS_PER_BTC / g["tx_vsize"]

    def realistic_fee_rate(givens, record):
        assert 1 <= record["answer_value"] <= 15
        assert givens["change"] > 0
        assert givens["tx_vsize"] == 72.5 + 68 * len(givens["input_values"])

    assert_matches_reference(template_id, reference, invariants=realistic_fee_rate)


def test_child_pays_for_parent_fee_bump() -> None:
    template_id = TOPIC + "child_pays_for_parent_fee_bump"

    def reference(parent_vsize, parent_fee, child_vsize, target_rate):
        return (target_rate * (parent_vsize + child_vsize) - parent_fee) / child_vsize

    assert_symbolically_equal(template_id, reference)

    def child_pays_above_target(givens, record):
        # The parent underpays, so the child must pay more than the target rate.
        assert givens["parent_fee"] / givens["parent_vsize"] < givens["target_rate"]
        assert record["answer_value"] > givens["target_rate"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=child_pays_above_target)


def test_change_output_of_a_segwit_payment() -> None:
    # Input count varies (len of a list), so the check is numeric only.
    template_id = TOPIC + "change_output_of_a_segwit_payment"

    def reference(g):
        inputs = g["input_values"]
        vsize = (
            g["overhead_vbytes"]
            + len(inputs) * g["input_vbytes"]
            + (g["recipients"] + 1) * g["output_vbytes"]
        )
        return sum(inputs) - g["payment_total"] - vsize * g["fee_rate"] / SATS_PER_BTC

    def change_is_positive_and_below_the_surplus(givens, record):
        surplus = sum(givens["input_values"]) - givens["payment_total"]
        assert 0 < record["answer_value"] < surplus
        assert givens["input_vbytes"] in (68, 57.5) and givens["output_vbytes"] in (31, 43)

    # Tolerance: the fee is rounded to a whole satoshi (≤ 0.5e-8 BTC), inside the default band.
    assert_matches_reference(template_id, reference, invariants=change_is_positive_and_below_the_surplus)
