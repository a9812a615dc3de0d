"""Crypto regulation templates against U.S. tax rules, symbolically and over 1,000 seeds."""

import math

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal
from tests.generators.finchain.templates.crypto_finance.labels import assert_label_mix

TOPIC = "finchain/crypto_finance/crypto_regulation/"


def test_capital_gain_on_a_bitcoin_sale() -> None:
    template_id = TOPIC + "capital_gain_on_a_bitcoin_sale"

    def reference(bitcoin_sold, purchase_price, buying_fee, sale_price, selling_fee):
        return (bitcoin_sold * sale_price - selling_fee) - (bitcoin_sold * purchase_price + buying_fee)

    assert_symbolically_equal(template_id, reference)

    def fees_reduce_the_gain(givens, record):
        price_gain = givens["bitcoin_sold"] * (givens["sale_price"] - givens["purchase_price"])
        assert record["answer_value"] < price_gain
        assert 0 < givens["bitcoin_sold"] <= 5

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=fees_reduce_the_gain)


def test_staking_income_against_a_reporting_threshold() -> None:
    # Categorical: the answer is a threshold test, so it is checked against a direct computation.
    template_id = TOPIC + "staking_income_against_a_reporting_threshold"

    def reference(g):
        income = g["first_reward"] * g["first_price"] + g["second_reward"] * g["second_price"]
        return "form filed" if income >= 600 else "no form filed"

    def income_is_positive(givens, record):
        assert record["steps"][-1]["value"] > 0
        assert record["choices"] == ["form filed", "no form filed"]

    assert_matches_reference(template_id, reference, invariants=income_is_positive)
    assert_label_mix(template_id)


def test_fifo_gain_on_a_partial_sale_across_two_lots() -> None:
    template_id = TOPIC + "fifo_gain_on_a_partial_sale_across_two_lots"

    def reference(first_lot, first_price, second_price, ether_sold, sale_price, **_):
        return ether_sold * sale_price - (first_lot * first_price + (ether_sold - first_lot) * second_price)

    assert_symbolically_equal(template_id, reference)

    def uses_both_lots(givens, record):
        assert givens["first_lot"] < givens["ether_sold"] < givens["first_lot"] + givens["second_lot"]
        assert 0 < record["steps"][0]["value"] < givens["second_lot"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=uses_both_lots)


def test_capital_loss_deduction_and_carryforward() -> None:
    # Piecewise (the $3,000 cap is a min), so the numeric reference carries the proof.
    template_id = TOPIC + "capital_loss_deduction_and_carryforward"

    def reference(g):
        gain = g["ether_sold"] * (g["ether_sale_price"] - g["ether_basis"])
        loss = g["bitcoin_sold"] * (g["bitcoin_basis"] - g["bitcoin_sale_price"])
        return max(loss - gain - 3_000, 0.0)

    carried = []

    def deduction_is_capped(givens, record):
        values = {item["name"]: item["value"] for item in record["steps"]}
        assert values["net_capital_loss"] > 0
        assert 0 < values["deductible_loss"] <= 3_000
        assert record["answer_value"] >= 0
        carried.append(record["answer_value"] > 0)

    assert_matches_reference(template_id, reference, invariants=deduction_is_capped)
    assert 0.05 <= sum(carried) / len(carried) <= 0.95  # both sides of the cap are exercised


def test_annualized_after_tax_return_on_a_bitcoin_lot() -> None:
    # The rate depends on the holding period (a piecewise rule), so no symbolic closed form.
    template_id = TOPIC + "annualized_after_tax_return_on_a_bitcoin_lot"

    def tax_rate(g):
        return g["long_term_rate"] if g["days_held"] > 365 else g["short_term_rate"]

    def reference(g):
        cost = g["bitcoin_sold"] * g["purchase_price"]
        kept = g["bitcoin_sold"] * g["sale_price"] - tax_rate(g) * (
            g["bitcoin_sold"] * g["sale_price"] - cost
        )
        years = g["days_held"] / 365
        return math.exp(math.log(kept / cost) / years) - 1

    long_term = []

    def tax_lowers_the_return(givens, record):
        pre_tax = (givens["sale_price"] / givens["purchase_price"]) ** (365 / givens["days_held"]) - 1
        assert 0 <= record["answer_value"] <= pre_tax + 5e-5
        # With no tax (the 0% long-term bracket) the after-tax return is the pre-tax return.
        if tax_rate(givens) == 0:
            assert abs(record["answer_value"] - pre_tax) <= 5e-5
        long_term.append(givens["days_held"] > 365)

    assert_matches_reference(template_id, reference, invariants=tax_lowers_the_return)
    # Both holding periods, and so both rates, appear among the draws.
    assert 0.2 <= sum(long_term) / len(long_term) <= 0.95
