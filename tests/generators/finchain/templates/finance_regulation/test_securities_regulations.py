"""Securities regulation templates against the rules as stated in each question, over 1,000 seeds."""

import math
from collections import Counter

import sympy

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/finance_regulation/securities_regulations/"


def assert_label_mix(labels: list[object], expected: set[object]) -> None:
    counts = Counter(labels)
    assert set(counts) == expected, counts
    for label in expected:
        assert counts[label] >= 0.05 * len(labels), counts


def test_schedule_13d_filing_trigger() -> None:
    # Categorical answer: checked against the stated threshold rule rather than symbolically.
    template_id = TOPIC + "schedule_13d_filing_trigger"
    labels = []

    def reference(g):
        ownership = round((g["shares_held"] + g["shares_bought"]) / g["shares_outstanding"], 4)
        return "Schedule 13D required" if ownership > 0.05 else "no filing required"

    def sane(givens, record):
        assert givens["disclosure_threshold"] == 0.05
        labels.append(record["answer_label"])

    assert_matches_reference(template_id, reference, invariants=sane)
    assert_label_mix(labels, {"Schedule 13D required", "no filing required"})


def test_short_swing_profit_disgorgement() -> None:
    template_id = TOPIC + "short_swing_profit_disgorgement"
    assert_symbolically_equal(
        template_id,
        lambda shares_bought, shares_sold, purchase_price, sale_price: (
            sympy.Min(shares_bought, shares_sold) * (sale_price - purchase_price)
        ),
    )

    def sane(givens, record):
        assert record["answer_value"] > 0
        assert record["answer_value"] <= givens["shares_sold"] * givens["sale_price"]

    assert_matches_reference(
        template_id,
        lambda g: min(g["shares_bought"], g["shares_sold"]) * (g["sale_price"] - g["purchase_price"]),
        invariants=sane,
    )


def test_rule_144_volume_limit() -> None:
    # The answer is floor(max(...)) over a sequence, so it is checked numerically, not symbolically.
    template_id = TOPIC + "rule_144_volume_limit"
    volume_binds = []

    def reference(g):
        average = sum(g["weekly_volumes"]) / 4
        return math.floor(max(0.01 * g["shares_outstanding"], average))

    def sane(givens, record):
        assert len(givens["weekly_volumes"]) == givens["lookback_weeks"] == 4
        assert record["answer_value"] >= 0.01 * givens["shares_outstanding"] - 1
        volume_binds.append(sum(givens["weekly_volumes"]) / 4 > 0.01 * givens["shares_outstanding"])

    assert_matches_reference(template_id, reference, invariants=sane)
    # Both prongs of the "greater of" decide the limit in a fair share of draws.
    assert 0.05 <= sum(volume_binds) / len(volume_binds) <= 0.95


def test_regulation_crowdfunding_investment_limit() -> None:
    # Piecewise in the lesser of income and net worth: checked numerically against the rule.
    template_id = TOPIC + "regulation_crowdfunding_investment_limit"
    branches = []

    def reference(g):
        greater = max(g["annual_income"], g["net_worth"])
        if min(g["annual_income"], g["net_worth"]) < 124_000:
            return max(2_500, 0.05 * greater)
        return min(124_000, 0.10 * greater)

    def sane(givens, record):
        assert 2_500 <= record["answer_value"] <= 124_000
        branches.append(min(givens["annual_income"], givens["net_worth"]) < 124_000)

    assert_matches_reference(template_id, reference, invariants=sane)
    assert 0.05 <= sum(branches) / len(branches) <= 0.95


def test_accredited_investor_status_with_thresholds_indexed_to_inflation() -> None:
    # Categorical answer with an either-or test: checked against the stated rule.
    template_id = TOPIC + "accredited_investor_status_with_thresholds_indexed_to_inflation"
    labels = []
    underwater = []
    by_income_alone = []

    def growth(g):
        return math.exp(g["years_since_set"] * math.log1p(g["inflation_rate"]))

    def reference(g):
        net_worth = (g["total_assets"] - g["home_value"]) - (
            g["total_liabilities"] - min(g["mortgage_balance"], g["home_value"])
        )
        income_bar = 200_000 * growth(g)
        income_test = g["income_last_year"] > income_bar and g["income_prior_year"] > income_bar
        return "accredited" if net_worth > 1_000_000 * growth(g) or income_test else "not accredited"

    def sane(givens, record):
        assert givens["net_worth_threshold"] == 1_000_000 and givens["income_threshold"] == 200_000
        assert givens["mortgage_balance"] <= givens["total_liabilities"]
        # Indexing only raises the bars: accredited now implies accredited under the 1982 dollars.
        if record["answer_label"] == "accredited":
            assert reference({**givens, "inflation_rate": 0.0}) == "accredited"
        labels.append(record["answer_label"])
        underwater.append(givens["mortgage_balance"] > givens["home_value"])
        net_worth = (givens["total_assets"] - givens["home_value"]) - (
            givens["total_liabilities"] - min(givens["mortgage_balance"], givens["home_value"])
        )
        by_income_alone.append(
            record["answer_label"] == "accredited" and net_worth <= 1_000_000 * growth(givens)
        )

    assert_matches_reference(template_id, reference, invariants=sane)
    assert_label_mix(labels, {"accredited", "not accredited"})
    # Some draws have a mortgage above the home's value, so the excess-counts rule is exercised.
    assert sum(underwater) >= 10
    # The income test alone qualifies some investors.
    assert sum(by_income_alone) >= 10
