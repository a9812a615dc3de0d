"""ESG investing templates against textbook formulas, symbolically and over 1,000 seeds."""

import math
from collections import Counter

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal, draws

TOPIC = "finchain/sustainable_finance/esg_investing/"


def test_portfolio_esg_score_after_divesting_the_laggard() -> None:
    template_id = TOPIC + "portfolio_esg_score_after_divesting_the_laggard"

    def reference(first_value, first_score, second_value, second_score, third_value):
        weighted = (first_value + third_value) * first_score + second_value * second_score
        return weighted / (first_value + second_value + third_value)

    assert_symbolically_equal(template_id, reference)

    def raises_the_score(givens, record):
        # Before the trade, then the change: the sold value now earns the first score, not the third.
        values = [givens["first_value"], givens["second_value"], givens["third_value"]]
        scores = [givens["first_score"], givens["second_score"], givens["third_score"]]
        before = sum(v * s for v, s in zip(values, scores, strict=True)) / sum(values)
        change = givens["third_value"] * (givens["first_score"] - givens["third_score"]) / sum(values)
        assert abs(record["answer_value"] - (before + change)) <= 0.005 + 1e-9
        assert record["answer_value"] > before

    assert_matches_reference(
        template_id,
        lambda g: reference(**{key: value for key, value in g.items() if key != "third_score"}),
        invariants=raises_the_score,
    )


def test_composite_esg_rating_from_pillar_scores() -> None:
    # A categorical rating: the numeric reference maps the weighted score to its band.
    template_id = TOPIC + "composite_esg_rating_from_pillar_scores"

    def reference(g):
        score = (
            g["environmental_weight"] * g["environmental_score"]
            + g["social_weight"] * g["social_score"]
            + g["governance_weight"] * g["governance_score"]
        )
        if score >= 65 - 1e-9:
            return "leader"
        return "average" if score >= 45 - 1e-9 else "laggard"

    def weights_sum_to_one(givens, record):
        total = givens["environmental_weight"] + givens["social_weight"] + givens["governance_weight"]
        assert abs(total - 1) < 1e-9
        assert givens["governance_weight"] >= 0.15

    assert_matches_reference(template_id, reference, invariants=weights_sum_to_one)
    labels = Counter(record["answer_label"] for _, record in draws(template_id))
    assert min(labels[label] for label in ("leader", "average", "laggard")) >= 50, labels


def test_weighted_average_carbon_intensity() -> None:
    template_id = TOPIC + "weighted_average_carbon_intensity"

    def reference(
        first_weight,
        first_emissions,
        first_revenue_millions,
        second_weight,
        second_emissions,
        second_revenue_millions,
        third_weight,
        third_emissions,
        third_revenue_millions,
    ):
        return (
            first_weight * first_emissions / first_revenue_millions
            + second_weight * second_emissions / second_revenue_millions
            + third_weight * third_emissions / third_revenue_millions
        )

    assert_symbolically_equal(template_id, reference)

    def between_lowest_and_highest(givens, record):
        intensities = [
            givens[f"{which}_emissions"] / givens[f"{which}_revenue_millions"]
            for which in ("first", "second", "third")
        ]
        assert min(intensities) - 0.01 <= record["answer_value"] <= max(intensities) + 0.01
        assert abs(givens["first_weight"] + givens["second_weight"] + givens["third_weight"] - 1) < 1e-9

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=between_lowest_and_highest)


def test_return_cost_of_meeting_an_esg_score_target() -> None:
    template_id = TOPIC + "return_cost_of_meeting_an_esg_score_target"

    def reference(target_score, conventional_score, leader_score, leader_return, conventional_return):
        weight = (target_score - conventional_score) / (leader_score - conventional_score)
        return weight * (conventional_return - leader_return) * 10000

    assert_symbolically_equal(template_id, reference)

    def bounded_by_the_return_gap(givens, record):
        gap = (givens["conventional_return"] - givens["leader_return"]) * 10000
        assert min(gap, 0) - 0.01 <= record["answer_value"] <= max(gap, 0) + 0.01
        weight = record["steps"][0]["value"]
        assert 0 < weight < 1

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=bounded_by_the_return_gap)


def test_portfolio_carbon_footprint_per_million_invested() -> None:
    template_id = TOPIC + "portfolio_carbon_footprint_per_million_invested"
    names = ("first", "second", "third")

    def footprint(g):
        financed = sum(
            g[f"{which}_investment_millions"] / g[f"{which}_evic_millions"] * g[f"{which}_emissions"]
            for which in names
        )
        return financed / sum(g[f"{which}_investment_millions"] for which in names)

    def reference(g):
        # Solved for n in footprint · (1 − cut)^n = target, with base-10 logarithms this time.
        return math.log10(g["target_footprint"] / footprint(g)) / math.log10(1 - g["annual_cut"])

    def sane(givens, record):
        per_million = [givens[f"{which}_emissions"] / givens[f"{which}_evic_millions"] for which in names]
        assert min(per_million) <= footprint(givens) <= max(per_million)
        # A 20%-80% cut at 4%-12% a year takes between about 1.7 and 40 years.
        assert 1.7 <= record["answer_value"] <= 40

    assert_matches_reference(template_id, reference, invariants=sane)
