"""Analyst Simulation: the framework's required parts follow from the company's segments."""

from __future__ import annotations

from tests.generators.ucfe.instances.harness import draws


def test_required_parts_follow_the_segments() -> None:
    for instance in draws("analyst_simulation"):
        facts = instance.facts
        segments = [
            (
                str(facts[f"segment_{n}_name"]),
                int(facts[f"segment_{n}_share"]),
                int(facts[f"segment_{n}_growth"]),
            )
            for n in range(1, int(facts["segment_count"]) + 1)
        ]
        assert sum(share for _, share, _ in segments) == 100
        must = instance.hints["must_contain"]
        ordered = [name for name, _, _ in sorted(segments, key=lambda segment: segment[1], reverse=True)]
        assert must[1:-1] == tuple(f"a separate analysis of the {name} business" for name in ordered)
        largest = max(segments, key=lambda segment: segment[1])
        fastest = max(segments, key=lambda segment: segment[2])
        assert instance.hints["should_contain"] == (
            f"{largest[0]} as the largest segment ({largest[1]}% of revenue)",
            f"{fastest[0]} as the fastest-growing segment ({fastest[2]}% a year)",
        )
        omitted = str(facts["omitted_section"])
        article = "an" if omitted[0] in "aeiou" else "a"
        assert instance.hints["forbid"] == (f"{article} {omitted} section",)
        assert str(facts["omitted_section"]) in instance.needs
        for name, share, _ in segments:
            assert name in instance.information and f"{share}%" in instance.information
