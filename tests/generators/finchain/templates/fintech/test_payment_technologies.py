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


def test_payment_facilitator_net_revenue_over_months_of_volume_growth() -> None:
    template_id = TOPIC + "payment_facilitator_net_revenue_over_months_of_volume_growth"

    def take_rate(g):
        fees = g["merchant_rate"] + g["merchant_fixed_fee"] / g["average_ticket"]
        return fees - g["interchange_rate"] - g["assessment_rate"] - g["fraud_loss_bp"] / 10000

    def reference(g):
        # Volume over the months is a geometric series: V · (1 + g) · ((1 + g)ⁿ − 1) / g.
        growth = 1 + g["monthly_growth"]
        volume = g["monthly_volume"] * growth * (growth ** g["months"] - 1) / g["monthly_growth"]
        return volume * take_rate(g)

    def between_flat_and_peak_volume(givens, record):
        monthly_revenue = givens["monthly_volume"] * take_rate(givens)
        peak = monthly_revenue * (1 + givens["monthly_growth"]) ** givens["months"]
        assert givens["months"] * monthly_revenue < record["answer_value"] <= givens["months"] * peak + 0.01

    assert_matches_reference(template_id, reference, invariants=between_flat_and_peak_volume)
