"""Negative Information Detection: a company is negative when its item came from the negative table."""

from __future__ import annotations

import re

from finsynth.generators.ucfe.instances.world.news import NEGATIVE_EVENTS, NEUTRAL_OR_POSITIVE_EVENTS
from tests.generators.ucfe.instances.harness import draws


def template_pattern(template: str) -> re.Pattern[str]:
    """A regular expression matching any filling of an event template."""
    pattern = re.escape(template)
    for field in ("subject", "amount", "rate", "year", "units:,"):
        pattern = pattern.replace(re.escape("{" + field + "}"), ".+?")
    return re.compile(pattern + r"\Z")


def test_negative_companies_are_those_with_negative_events() -> None:
    for instance in draws("negative_information_detection"):
        facts = instance.facts
        negatives, verdicts = [], []
        for number in range(1, int(facts["item_count"]) + 1):
            subject, text = str(facts[f"item_{number}_subject"]), str(facts[f"item_{number}_text"])
            negative = bool(facts[f"item_{number}_negative"])
            table = NEGATIVE_EVENTS if negative else NEUTRAL_OR_POSITIVE_EVENTS
            assert template_pattern(table[int(facts[f"item_{number}_event"])]).match(text), text
            assert text in instance.information and subject in text
            if negative:
                negatives.append(subject)
            verdicts.append(f"{subject}: {'contains' if negative else 'does not contain'}")
        assert instance.hints["must_contain"] == tuple(negatives)
        assert instance.hints["answer"] == tuple(verdicts)
        assert 1 <= len(negatives) < int(facts["item_count"])
