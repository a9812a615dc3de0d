"""Synergies and cost savings templates against textbook formulas, symbolically and over 1,000 seeds."""

from collections import Counter

from finsynth.world.rounding import round_half_up
from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal, draws

TOPIC = "finchain/mergers_and_acquisitions/synergies_and_cost_savings/"


def test_value_of_perpetual_cost_synergies() -> None:
    template_id = TOPIC + "value_of_perpetual_cost_synergies"

    def reference(annual_savings, tax_rate, discount_rate):
        return annual_savings * (1 - tax_rate) / discount_rate

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        # A perpetuity is worth more than one year of after-tax savings.
        assert record["answer_value"] > givens["annual_savings"] * (1 - givens["tax_rate"])

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible)


def test_profit_from_cross_selling_revenue_synergies() -> None:
    template_id = TOPIC + "profit_from_cross_selling_revenue_synergies"
    assert_symbolically_equal(
        template_id,
        lambda target_customers, take_up_rate, revenue_per_customer, contribution_margin: (
            target_customers * take_up_rate * revenue_per_customer * contribution_margin
        ),
    )

    def plausible(givens, record):
        assert 0 < record["answer_value"] < givens["target_customers"] * givens["revenue_per_customer"]

    # The question rounds the expected number of buyers to whole customers.
    assert_matches_reference(
        template_id,
        lambda g: (
            round_half_up(g["target_customers"] * g["take_up_rate"], 0)
            * g["revenue_per_customer"]
            * g["contribution_margin"]
        ),
        invariants=plausible,
    )


def test_maximum_price_per_share_justified_by_synergies() -> None:
    template_id = TOPIC + "maximum_price_per_share_justified_by_synergies"

    def reference(
        target_price, target_shares, annual_synergies, tax_rate, synergy_growth, discount_rate, **costs
    ):
        value = annual_synergies * (1 - tax_rate) / (discount_rate - synergy_growth)
        return target_price + (value - costs["integration_costs"]) / target_shares

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        # Positive net synergies allow a premium, at most doubling the price (the draw constraints).
        assert (
            givens["target_price"] * 1.05 - 0.01
            <= record["answer_value"]
            <= 2 * givens["target_price"] + 0.01
        )

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible)


def test_net_present_value_of_phased_in_cost_synergies() -> None:
    template_id = TOPIC + "net_present_value_of_phased_in_cost_synergies"

    def reference(run_rate_savings, first_year_share, second_year_share, discount_rate, integration_cost):
        shares = [first_year_share, second_year_share, 1]
        value = sum(
            run_rate_savings * share / (1 + discount_rate) ** year for year, share in enumerate(shares, 1)
        )
        return value - integration_cost

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        assert givens["first_year_share"] < givens["second_year_share"] < 1
        # Savings never exceed three full years of the run rate.
        assert record["answer_value"] < 3 * givens["run_rate_savings"] - givens["integration_cost"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible)
    signs = Counter(record["answer_value"] > 0 for _, record in draws(template_id))
    assert signs[True] >= 50 and signs[False] >= 50, signs


def test_acquirer_net_present_value_of_synergies_over_a_finite_horizon() -> None:
    # The synergies sum over a drawn number of years, which sympy cannot compose; the reference uses
    # the closed-form growing annuity instead of the template's year-by-year sum.
    template_id = TOPIC + "acquirer_net_present_value_of_synergies_over_a_finite_horizon"

    def reference(g):
        first = (g["cost_synergies"] + g["revenue_synergies"] * g["synergy_margin"]) * (1 - g["tax_rate"])
        r, growth, n = g["discount_rate"], g["synergy_growth"], g["synergy_years"]
        value = first / (r - growth) * (1 - ((1 + growth) / (1 + r)) ** n)
        return value - g["premium"] * g["target_price"] * g["target_shares"] - g["integration_costs"]

    def plausible(givens, record):
        # Worth less than the same synergies lasting forever.
        first = (givens["cost_synergies"] + givens["revenue_synergies"] * givens["synergy_margin"]) * (
            1 - givens["tax_rate"]
        )
        perpetual = first / (givens["discount_rate"] - givens["synergy_growth"])
        premium_paid = givens["premium"] * givens["target_price"] * givens["target_shares"]
        assert record["answer_value"] < perpetual - premium_paid - givens["integration_costs"]

    assert_matches_reference(template_id, reference, invariants=plausible)
    signs = Counter(record["answer_value"] > 0 for _, record in draws(template_id))
    assert signs[True] >= 50 and signs[False] >= 50, signs
