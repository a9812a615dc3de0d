"""Compliance risk management templates against their textbook formulas, over 1,000 seeds."""

import math
from collections import Counter

import pytest

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/finance_regulation/compliance_risk_management/"


def assert_label_mix(labels: list[str], expected: set[str]) -> None:
    counts = Counter(labels)
    assert set(counts) == expected, counts
    for label in expected:
        assert counts[label] >= 0.05 * len(labels), counts


def test_residual_risk_score_after_controls() -> None:
    template_id = TOPIC + "residual_risk_score_after_controls"

    def reference(likelihood, impact, control_effectiveness):
        return likelihood * impact * (1 - control_effectiveness)

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert 0 < record["answer_value"] <= givens["likelihood"] * givens["impact"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_control_test_exception_rate_against_tolerance() -> None:
    # Categorical answer: checked against the stated rule rather than symbolically.
    template_id = TOPIC + "control_test_exception_rate_against_tolerance"
    labels = []

    def reference(g):
        exception_rate = round(g["exceptions"] / g["items_tested"], 4)
        return "effective" if exception_rate <= g["tolerable_rate"] else "deficient"

    def sane(givens, record):
        assert 0.02 <= givens["tolerable_rate"] <= 0.10
        assert givens["exceptions"] <= givens["items_tested"]
        labels.append(record["answer_label"])

    assert_matches_reference(template_id, reference, invariants=sane)
    assert_label_mix(labels, {"effective", "deficient"})


def test_net_benefit_of_a_compliance_control() -> None:
    template_id = TOPIC + "net_benefit_of_a_compliance_control"

    def reference(violation_probability, expected_penalty, remediation_cost, risk_reduction, control_cost):
        return violation_probability * risk_reduction * (expected_penalty + remediation_cost) - control_cost

    assert_symbolically_equal(template_id, reference)
    signs = []

    def sane(givens, record):
        assert 0 < givens["violation_probability"] < 1 and 0 < givens["risk_reduction"] < 1
        signs.append(record["answer_value"] > 0)

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)
    # The "benefit" is positive in a fair share of draws, not always negative.
    assert 0.05 <= sum(signs) / len(signs) <= 0.95


def test_deviation_rate_bound_after_a_clean_control_test() -> None:
    template_id = TOPIC + "deviation_rate_bound_after_a_clean_control_test"

    def reference(g):
        # Through logarithms: p = 1 − exp(ln(1 − C) / n).
        return 1 - math.exp(math.log(1 - g["confidence"]) / g["items_tested"])

    def sane(givens, record):
        bound, n = record["answer_value"], givens["items_tested"]
        # A clean sample is about as likely as the allowed miss chance at the bound (to its rounding).
        assert abs((1 - bound) ** n - (1 - givens["confidence"])) <= n * 5e-5
        assert 0 < bound < 1

    assert_matches_reference(template_id, reference, invariants=sane)


def test_annual_breach_probability_against_appetite() -> None:
    # Categorical answer: checked against the stated rule rather than symbolically.
    template_id = TOPIC + "annual_breach_probability_against_appetite"
    labels = []

    def breach_probability(g):
        # P(no breach) = P(no AML breach) x P(no privacy breach) x P(no conduct breach).
        none = math.prod(
            math.exp(-g[f"{area}_frequency"] * (1 - g[f"{area}_controls"]))
            for area in ("aml", "privacy", "conduct")
        )
        return 1 - none

    def reference(g):
        return "within appetite" if breach_probability(g) <= g["risk_appetite"] else "outside appetite"

    def sane(givens, record):
        values = {item["name"]: item["value"] for item in record["steps"]}
        assert values["breach_probability"] == pytest.approx(breach_probability(givens), abs=5e-5)
        # A breach is less likely than the expected number of breaches (1 - e^-x < x).
        assert values["breach_probability"] < values["total_residual_frequency"] + 5e-5
        labels.append(record["answer_label"])

    assert_matches_reference(template_id, reference, invariants=sane)
    assert_label_mix(labels, {"within appetite", "outside appetite"})
