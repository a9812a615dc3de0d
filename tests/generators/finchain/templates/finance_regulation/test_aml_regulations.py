"""AML templates against the CTR rule, alert arithmetic and program cost, over 1,000 seeds."""

from collections import Counter

from finsynth.world.rounding import round_half_up
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


def test_cost_of_a_discovery_sample_of_closed_alerts() -> None:
    # The sample size is a whole number found by rounding up, so no closed form applies.
    template_id = TOPIC + "cost_of_a_discovery_sample_of_closed_alerts"

    def sample_size(g):
        # Binomial: the chance of no error in n draws at the tolerable rate must fall to 1 - C.
        return next(
            n for n in range(1, 10_000) if (1 - g["tolerable_error_rate"]) ** n <= 1 - g["confidence"]
        )

    def reference(g):
        return sample_size(g) * g["minutes_per_alert"] / 60 * g["hourly_cost"]

    sizes = set()

    def sane(givens, record):
        size = sample_size(givens)
        # One alert fewer would not give the stated confidence.
        assert (1 - givens["tolerable_error_rate"]) ** (size - 1) > 1 - givens["confidence"]
        assert size < givens["closed_alerts"] / 40  # a sample far smaller than the population
        sizes.add(size)

    assert_matches_reference(template_id, reference, invariants=sane)
    # The familiar table values appear: 95% confidence at a 5% tolerable rate needs 59 alerts.
    assert 59 in sizes
