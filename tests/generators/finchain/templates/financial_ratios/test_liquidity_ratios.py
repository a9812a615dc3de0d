"""Liquidity ratio templates against textbook definitions, symbolically and over 1,000 seeds."""

from collections import Counter
from math import sqrt
from statistics import NormalDist

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal, draws

TOPIC = "finchain/financial_ratios/liquidity_ratios/"


def test_current_ratio_from_the_balance_sheet() -> None:
    template_id = TOPIC + "current_ratio_from_the_balance_sheet"

    def current_ratio(cash, receivables, inventory, current_liabilities):
        return (cash + receivables + inventory) / current_liabilities

    assert_symbolically_equal(template_id, current_ratio)

    def sane(givens, record):
        assert 0.4 - 0.005 <= record["answer_value"] <= 5 + 0.005
        assert record["answer_unit"] == "times"

    assert_matches_reference(template_id, lambda g: current_ratio(**g), invariants=sane)


def test_quick_ratio_excluding_inventory() -> None:
    template_id = TOPIC + "quick_ratio_excluding_inventory"

    def quick_ratio(current_assets, inventory, prepaid_expenses, current_liabilities):
        return (current_assets - inventory - prepaid_expenses) / current_liabilities

    assert_symbolically_equal(template_id, quick_ratio)

    def sane(givens, record):
        current = givens["current_assets"] / givens["current_liabilities"]
        # Leaving out inventory and prepaids makes the quick ratio no larger than the current ratio.
        assert 0 < record["answer_value"] <= round(current, 2) + 0.005

    assert_matches_reference(template_id, lambda g: quick_ratio(**g), invariants=sane)


def test_defensive_interval_in_days() -> None:
    template_id = TOPIC + "defensive_interval_in_days"

    def interval(cash, marketable_securities, receivables, operating_expenses, depreciation):
        return (cash + marketable_securities + receivables) / ((operating_expenses - depreciation) / 365)

    assert_symbolically_equal(template_id, interval)

    def sane(givens, record):
        assert givens["depreciation"] < givens["operating_expenses"]
        assert 10 - 0.05 <= record["answer_value"] <= 400 + 0.05

    assert_matches_reference(template_id, lambda g: interval(**g), invariants=sane)


def test_current_ratio_covenant_after_paying_suppliers() -> None:
    template_id = TOPIC + "current_ratio_covenant_after_paying_suppliers"
    # A categorical answer, checked label by label.

    def reference(g):
        after = round((g["current_assets"] - g["payment"]) / (g["current_liabilities"] - g["payment"]), 2)
        return "meets covenant" if after >= g["covenant_minimum"] else "breaches covenant"

    def sane(givens, record):
        before = givens["current_assets"] / givens["current_liabilities"]
        after = record["steps"][-1]["value"]
        # Paying liabilities with cash pushes the current ratio away from 1 (up above 1, down below 1).
        if before > 1.01:
            assert after >= round(before, 2) - 0.01
        elif before < 0.99:
            assert after <= round(before, 2) + 0.01

    assert_matches_reference(template_id, reference, invariants=sane)
    labels = Counter(record["answer_label"] for _, record in draws(template_id))
    assert all(labels[label] >= 50 for label in ("meets covenant", "breaches covenant")), labels


def test_probability_the_quick_ratio_falls_below_one() -> None:
    template_id = TOPIC + "probability_the_quick_ratio_falls_below_one"

    def reference(g):
        cushion = (
            g["cash"]
            + g["marketable_securities"]
            + g["receivables"]
            - g["accounts_payable"]
            - g["accrued_liabilities"]
        )
        outflow = NormalDist(
            g["monthly_cash_burn"] * g["months"], g["monthly_volatility"] * sqrt(g["months"])
        )
        return 1 - outflow.cdf(cushion)

    def less_likely_than_not(givens, record):
        # The expected outflow is smaller than the cushion, so a breach is the less likely outcome.
        assert 0.004 < record["answer_value"] < 0.5
        assert record["answer_unit"] == "%"

    assert_matches_reference(template_id, reference, invariants=less_likely_than_not)
