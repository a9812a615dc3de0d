"""AML templates against the CTR rule, alert arithmetic and program cost, over 1,000 seeds."""

from collections import Counter

from finsynth.generators.finchain.quantities import round_half_up
from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/finance_regulation/aml_regulations/"


def assert_label_mix(labels: list[str], expected: set[str]) -> None:
    counts = Counter(labels)
    assert set(counts) == expected, counts
    for label in expected:
        assert counts[label] >= 0.05 * len(labels), counts


def test_currency_transaction_report_aggregation() -> None:
    # Categorical answer over a sequence: checked against the stated rule, not symbolically.
    template_id = TOPIC + "currency_transaction_report_aggregation"
    labels = []

    def reference(g):
        return "CTR required" if sum(g["cash_deposits"]) > 10_000 else "no CTR required"

    def sane(givens, record):
        assert givens["ctr_threshold"] == 10_000
        # Every single deposit is under the threshold: only aggregation can trigger a CTR.
        assert all(0 < deposit < 10_000 for deposit in givens["cash_deposits"])
        labels.append(record["answer_label"])

    assert_matches_reference(template_id, reference, invariants=sane)
    assert_label_mix(labels, {"CTR required", "no CTR required"})


def test_false_positive_rate_of_monitoring_alerts() -> None:
    template_id = TOPIC + "false_positive_rate_of_monitoring_alerts"
    assert_symbolically_equal(
        template_id,
        lambda alerts_reviewed, alerts_leading_to_sar: 1 - alerts_leading_to_sar / alerts_reviewed,
    )

    def sane(givens, record):
        assert 0.7 - 1e-9 <= record["answer_value"] < 1

    assert_matches_reference(
        template_id, lambda g: 1 - g["alerts_leading_to_sar"] / g["alerts_reviewed"], invariants=sane
    )


def test_structuring_red_flag_from_near_threshold_deposits() -> None:
    # Categorical answer counting a sequence: checked against the stated rule, not symbolically.
    template_id = TOPIC + "structuring_red_flag_from_near_threshold_deposits"
    labels = []

    def reference(g):
        near = [deposit for deposit in g["cash_deposits"] if 9_000 <= deposit <= 10_000]
        share = round_half_up(len(near) / len(g["cash_deposits"]), 4)
        return "flag for review" if share >= 0.5 else "no flag"

    def sane(givens, record):
        assert (givens["ctr_threshold"], givens["band_share"], givens["flag_share"]) == (10_000, 0.9, 0.5)
        assert 3 <= len(givens["cash_deposits"]) <= 8
        labels.append(record["answer_label"])

    assert_matches_reference(template_id, reference, invariants=sane)
    assert_label_mix(labels, {"flag for review", "no flag"})


def test_alert_backlog_clearance_time() -> None:
    template_id = TOPIC + "alert_backlog_clearance_time"

    def reference(backlog_alerts, new_alerts_per_day, analysts, reviews_per_analyst_per_day):
        return backlog_alerts / (analysts * reviews_per_analyst_per_day - new_alerts_per_day)

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert 0 < record["answer_value"] <= 400.005
        # Clearing at the net rate for the answer's days removes the whole backlog.
        net_rate = givens["analysts"] * givens["reviews_per_analyst_per_day"] - givens["new_alerts_per_day"]
        assert abs(net_rate * record["answer_value"] - givens["backlog_alerts"]) <= 0.005 * net_rate

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_review_cost_per_suspicious_activity_report() -> None:
    # The question rounds counts of alerts, investigations and SARs to whole numbers, so the
    # reference does too (Python's round, as the engine's), and no closed form applies.
    template_id = TOPIC + "review_cost_per_suspicious_activity_report"

    def reference(g):
        alerts = round_half_up(g["monthly_transactions"] * g["alert_rate"], 0)
        investigations = round_half_up(alerts * g["escalation_rate"], 0)
        sars = round_half_up(investigations * g["sar_conversion_rate"], 0)
        hours = alerts * g["minutes_per_alert"] / 60 + investigations * g["hours_per_investigation"]
        return hours * g["hourly_cost"] / sars

    def sane(givens, record):
        assert 0.0005 <= givens["alert_rate"] <= 0.02
        assert 0 < givens["escalation_rate"] < 1 and 0 < givens["sar_conversion_rate"] < 1
        # A SAR costs at least the investigation behind it.
        assert record["answer_value"] >= givens["hours_per_investigation"] * givens["hourly_cost"]

    assert_matches_reference(template_id, reference, invariants=sane)
