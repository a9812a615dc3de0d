"""Prospectus Risk Summarization: categories are ranked by paragraph count, ties by first appearance."""

from __future__ import annotations

from finsynth.generators.ucfe.instances.world.prospectus import CATEGORIES
from tests.generators.ucfe.instances.harness import draws

SIDES = {category.name: category.side for category in CATEGORIES}


def test_categories_are_ranked_and_grouped_from_the_paragraphs() -> None:
    repeated = 0
    for instance in draws("prospectus_risk_summarization"):
        facts = instance.facts
        order: list[str] = []
        counts: dict[str, int] = {}
        for number in range(1, int(facts["factor_count"]) + 1):
            name = str(facts[f"factor_{number}_category"])
            assert str(facts[f"factor_{number}_text"]) in instance.information
            assert name not in str(facts[f"factor_{number}_text"]), "a paragraph never names its category"
            if name not in counts:
                order.append(name)
            counts[name] = counts.get(name, 0) + 1
        ranked = sorted(order, key=lambda name: (-counts[name], order.index(name)))
        assert instance.hints["must_contain"] == tuple(ranked)
        assert instance.hints["answer"] == tuple(ranked), "a complete summary names every disclosed risk"
        groups = " | ".join(instance.hints["at_least_contain"])
        for name in ranked:
            assert name in groups.split(f"{SIDES[name].capitalize()}-related risks: ")[1].split(" | ")[0]
        repeated += max(counts.values()) > 1
    assert repeated >= 900, "most extracts discuss some risk twice"
