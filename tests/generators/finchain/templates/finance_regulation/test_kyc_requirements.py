"""KYC templates against CDD ownership arithmetic, risk scoring and review cost, over 1,000 seeds."""

from collections import Counter

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/finance_regulation/kyc_requirements/"


def assert_label_mix(labels: list[object], expected: set[object]) -> None:
    counts = Counter(labels)
    assert set(counts) == expected, counts
    for label in expected:
        assert counts[label] >= 0.05 * len(labels), counts


def test_indirect_ownership_through_a_holding_company() -> None:
    template_id = TOPIC + "indirect_ownership_through_a_holding_company"

    def reference(direct_stake, stake_in_holding_company, holding_company_stake):
        return direct_stake + stake_in_holding_company * holding_company_stake

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert 0 <= record["answer_value"] <= 1
        assert record["answer_value"] >= givens["direct_stake"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_onboarding_approval_rate_with_manual_review() -> None:
    template_id = TOPIC + "onboarding_approval_rate_with_manual_review"

    def reference(applications, auto_verified, manual_pass_rate):
        return (auto_verified + manual_pass_rate * (applications - auto_verified)) / applications

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert givens["auto_verified"] / givens["applications"] - 1e-4 <= record["answer_value"] <= 1

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_customer_risk_rating_from_weighted_factors() -> None:
    # Categorical answer: checked against the stated banding rather than symbolically.
    template_id = TOPIC + "customer_risk_rating_from_weighted_factors"
    labels = []

    def reference(g):
        score = (
            g["geography_weight"] * g["geography_score"]
            + g["product_weight"] * g["product_score"]
            + (1 - g["geography_weight"] - g["product_weight"]) * g["business_score"]
            + (g["pep_add_on"] if g["pep_status"] == 1 else 0)
        )
        score = round(score, 2)
        if score >= 3.5 - 1e-9:
            return "high risk"
        return "medium risk" if score >= 2.5 - 1e-9 else "low risk"

    def sane(givens, record):
        weights = givens["geography_weight"] + givens["product_weight"] + givens["business_weight"]
        assert abs(weights - 1) < 1e-9
        assert givens["pep_status"] in (0, 1)
        labels.append(record["answer_label"])

    assert_matches_reference(template_id, reference, invariants=sane)
    assert_label_mix(labels, {"high risk", "medium risk", "low risk"})


def test_beneficial_owners_to_identify() -> None:
    # The answer counts threshold tests (piecewise), so it is checked numerically, not symbolically.
    template_id = TOPIC + "beneficial_owners_to_identify"
    answers = []

    def reference(g):
        first = round(g["first_direct"] + g["first_share_of_holding"] * g["holding_company_stake"], 4)
        second = round(g["second_direct"] + g["second_share_of_holding"] * g["holding_company_stake"], 4)
        return float((first >= 0.25) + (second >= 0.25))

    def sane(givens, record):
        assert givens["ownership_threshold"] == 0.25
        assert givens["first_direct"] + givens["second_direct"] + givens["holding_company_stake"] <= 1 + 1e-9
        answers.append(record["answer_value"])

    assert_matches_reference(template_id, reference, invariants=sane)
    assert_label_mix(answers, {0.0, 1.0, 2.0})


def test_annual_cost_of_risk_based_kyc_refresh() -> None:
    template_id = TOPIC + "annual_cost_of_risk_based_kyc_refresh"

    def yearly_cost_per_customer(g):
        reviews_hours = (
            g["high_risk_customers"] * g["high_review_hours"] / g["high_cycle"]
            + g["medium_risk_customers"] * g["medium_review_hours"] / g["medium_cycle"]
            + g["low_risk_customers"] * g["low_review_hours"] / g["low_cycle"]
        )
        customers = g["high_risk_customers"] + g["medium_risk_customers"] + g["low_risk_customers"]
        return reviews_hours * g["hourly_cost"] / customers

    def reference(g):
        # Year by year, not by the growing-annuity formula: cost in year t is c·(1+g)^(t−1), paid at t.
        first = yearly_cost_per_customer(g)
        return sum(
            first * (1 + g["wage_growth"]) ** (t - 1) / (1 + g["discount_rate"]) ** t
            for t in range(1, g["years"] + 1)
        )

    def sane(givens, record):
        first = yearly_cost_per_customer(givens)
        # Growth below the discount rate: more than one year's cost, less than N undiscounted grown years.
        assert first - 0.01 <= record["answer_value"]
        assert (
            record["answer_value"] <= first * givens["years"] * (1 + givens["wage_growth"]) ** givens["years"]
        )

    assert_matches_reference(template_id, reference, invariants=sane)
