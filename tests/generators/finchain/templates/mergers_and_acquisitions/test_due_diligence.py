"""Due diligence templates against textbook formulas, symbolically and over 1,000 seeds."""

from collections import Counter

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal, draws

TOPIC = "finchain/mergers_and_acquisitions/due_diligence/"


def test_normalized_ebitda_after_quality_of_earnings_adjustments() -> None:
    template_id = TOPIC + "normalized_ebitda_after_quality_of_earnings_adjustments"

    def reference(reported_ebitda, one_time_legal_costs, excess_owner_compensation, gain_on_asset_sale):
        return reported_ebitda + one_time_legal_costs + excess_owner_compensation - gain_on_asset_sale

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        assert record["answer_value"] > 0
        # Add-backs raise and the one-off gain lowers reported EBITDA.
        assert record["answer_value"] + givens["gain_on_asset_sale"] > givens["reported_ebitda"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible)


def test_working_capital_adjustment_to_the_purchase_price() -> None:
    template_id = TOPIC + "working_capital_adjustment_to_the_purchase_price"

    def reference(headline_price, receivables, inventory, payables, nwc_peg):
        return headline_price + (receivables + inventory - payables) - nwc_peg

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        # The true-up is bounded by the constraint on the peg, so the price stays near the headline.
        assert abs(record["answer_value"] - givens["headline_price"]) <= 0.25 * givens["nwc_peg"] + 0.5
        assert record["answer_value"] > 0

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible)


def test_valuation_net_of_expected_contingent_liabilities() -> None:
    template_id = TOPIC + "valuation_net_of_expected_contingent_liabilities"

    def reference(
        standalone_value,
        lawsuit_claim,
        lawsuit_probability,
        remediation_cost,
        remediation_probability,
        tax_assessment,
    ):
        expected = lawsuit_probability * lawsuit_claim + remediation_probability * remediation_cost
        return standalone_value - expected - tax_assessment

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        assert 0 < givens["lawsuit_probability"] <= 1 and 0 < givens["remediation_probability"] <= 1
        # Expected liabilities lie between the certain tax and the sum of every worst case.
        deduction = givens["standalone_value"] - record["answer_value"]
        worst = givens["lawsuit_claim"] + givens["remediation_cost"] + givens["tax_assessment"]
        assert givens["tax_assessment"] <= deduction <= worst
        assert record["answer_value"] > 0

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible)


def test_customer_concentration_screen() -> None:
    # Categorical answer: no closed form to prove symbolically; the reference applies the stated rule
    # to shares rounded to two decimals of a percent, as the question instructs.
    template_id = TOPIC + "customer_concentration_screen"

    def reference(g):
        largest = round(g["largest_customer"] / g["total_revenue"], 4)
        top_three_revenue = g["largest_customer"] + g["second_customer"] + g["third_customer"]
        top_three = round(top_three_revenue / g["total_revenue"], 4)
        return "high concentration" if largest > 0.10 or top_three > 0.25 else "acceptable"

    def plausible(givens, record):
        assert givens["largest_customer"] >= givens["second_customer"] >= givens["third_customer"] > 0
        assert set(record["choices"]) == {"high concentration", "acceptable"}

    assert_matches_reference(template_id, reference, invariants=plausible)
    labels = Counter(record["answer_label"] for _, record in draws(template_id))
    assert all(labels[label] >= 50 for label in ("high concentration", "acceptable")), labels


def test_equity_purchase_price_net_of_a_settlement_paid_in_installments() -> None:
    # The settlement sums over a drawn number of years, which sympy cannot compose; the reference uses
    # the closed-form annuity instead of the template's year-by-year sum.
    template_id = TOPIC + "equity_purchase_price_net_of_a_settlement_paid_in_installments"

    def reference(g):
        enterprise_value = g["ev_multiple"] * (
            g["reported_ebitda"] + g["nonrecurring_expenses"] - g["nonrecurring_gains"]
        )
        rate, years = g["discount_rate"], g["installment_years"]
        settlement = g["settlement_installment"] * (1 - (1 + rate) ** -years) / rate
        return enterprise_value - g["debt"] + g["cash"] - settlement

    def plausible(givens, record):
        assert record["answer_value"] > 0
        # Discounting makes the settlement cost less than its undiscounted total, more than one payment.
        undiscounted = givens["settlement_installment"] * givens["installment_years"]
        ev = givens["ev_multiple"] * (
            givens["reported_ebitda"] + givens["nonrecurring_expenses"] - givens["nonrecurring_gains"]
        )
        without_settlement = ev - givens["debt"] + givens["cash"]
        assert without_settlement - undiscounted < record["answer_value"]
        assert record["answer_value"] < without_settlement - givens["settlement_installment"] / 1.1

    assert_matches_reference(template_id, reference, invariants=plausible)
