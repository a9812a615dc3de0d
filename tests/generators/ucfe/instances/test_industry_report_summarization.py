"""Industry Report Summarization: the projected market size compounds the stated size and growth."""

from __future__ import annotations

from tests.generators.ucfe.instances.harness import draws


def test_projection_and_figures_follow_from_the_facts() -> None:
    for instance in draws("industry_report_summarization"):
        facts = instance.facts
        size, years = float(facts["market_size_billions"]), int(facts["years"])
        growth = int(facts["growth_tenths"]) / 1000
        projected = size * (1 + growth) ** years
        assert abs(float(facts["projected_billions"]) - projected) <= 0.05 + 1e-9
        size_text, growth_text, projection_text = instance.hints["must_contain"]
        assert size_text == f"${size:,.1f} billion"
        assert growth_text == f"{int(facts['growth_tenths']) / 10:.1f}%"
        assert projection_text.startswith(f"${float(facts['projected_billions']):,.1f} billion by ")
        for text in (size_text, growth_text, projection_text.split(" by ")[0]):
            assert text in instance.information
        for direction in str(facts["directions"]).split("; "):
            assert direction in instance.hints["at_least_contain"][0]
            assert direction.lower() in instance.information.lower()
        assert len(str(facts["directions"]).split("; ")) >= 2
