"""Payment technology templates against textbook formulas, symbolically and over 1,000 seeds."""

from collections import Counter

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal, draws

TOPIC = "finchain/fintech/payment_technologies/"


def test_merchant_fee_under_interchange_plus_pricing() -> None:
    template_id = TOPIC + "merchant_fee_under_interchange_plus_pricing"

    def reference(sale_amount, interchange_rate, assessment_rate, markup_rate, fixed_fee):
        return sale_amount * (interchange_rate + assessment_rate + markup_rate) + fixed_fee

    assert_symbolically_equal(template_id, reference)

    def a_small_slice_of_the_sale(givens, record):
        assert (
            givens["fixed_fee"]
            <= record["answer_value"]
            <= 0.04 * givens["sale_amount"] + givens["fixed_fee"]
        )

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=a_small_slice_of_the_sale)


def test_effective_rate_of_flat_rate_processing() -> None:
    template_id = TOPIC + "effective_rate_of_flat_rate_processing"

    def reference(monthly_volume, percentage_fee, transactions, fixed_fee):
        return (monthly_volume * percentage_fee + transactions * fixed_fee) / monthly_volume

    assert_symbolically_equal(template_id, reference)

    def above_the_headline_rate(givens, record):
        assert givens["percentage_fee"] <= record["answer_value"] < 0.15

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=above_the_headline_rate)


def test_flat_rate_or_interchange_plus() -> None:
    # A categorical choice: the numeric reference compares the two monthly bills.
    template_id = TOPIC + "flat_rate_or_interchange_plus"

    def reference(g):
        flat = g["monthly_volume"] * g["flat_rate"] + g["transactions"] * g["flat_fixed_fee"]
        ic_plus = (
            g["monthly_volume"] * (g["average_interchange"] + g["markup_rate"])
            + g["transactions"] * g["ic_plus_fixed_fee"]
            + g["monthly_account_fee"]
        )
        return "interchange-plus" if ic_plus < flat else "flat rate"

    def plausible_rates(givens, record):
        assert givens["average_interchange"] + givens["markup_rate"] < 0.04
        assert record["choices"] == ["interchange-plus", "flat rate"]

    assert_matches_reference(template_id, reference, invariants=plausible_rates)
    labels = Counter(record["answer_label"] for _, record in draws(template_id))
    assert min(labels[label] for label in ("interchange-plus", "flat rate")) >= 50, labels


def test_annual_savings_from_shifting_payments_to_ach() -> None:
    template_id = TOPIC + "annual_savings_from_shifting_payments_to_ach"

    def reference(card_volume, shift_share, card_rate, card_payments, ach_fee):
        return shift_share * (card_volume * card_rate - card_payments * ach_fee)

    assert_symbolically_equal(template_id, reference)

    def a_real_saving(givens, record):
        assert 0 < record["answer_value"] < givens["card_volume"] * givens["card_rate"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=a_real_saving)


def test_net_take_rate_of_a_payment_facilitator() -> None:
    template_id = TOPIC + "net_take_rate_of_a_payment_facilitator"

    def reference(
        payment_volume,
        transactions,
        merchant_rate,
        merchant_fixed_fee,
        interchange_rate,
        assessment_rate,
        fraud_loss_bp,
    ):
        revenue = payment_volume * merchant_rate + transactions * merchant_fixed_fee
        costs = payment_volume * (interchange_rate + assessment_rate + fraud_loss_bp / 10000)
        return (revenue - costs) / payment_volume * 10000

    assert_symbolically_equal(template_id, reference)

    def below_the_gross_take_rate(givens, record):
        gross_bp = (
            givens["merchant_rate"]
            + givens["transactions"] * givens["merchant_fixed_fee"] / givens["payment_volume"]
        ) * 10000
        assert record["answer_value"] < gross_bp
        assert -100 < record["answer_value"] < 400

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=below_the_gross_take_rate)
