"""Insider Trading Detection: the flagged trades follow from dates, sizes and the stated screen."""

from __future__ import annotations

import datetime

from tests.generators.ucfe.instances.harness import draws


def test_flags_follow_the_window_and_threshold() -> None:
    counts = set()
    for instance in draws("insider_trading_detection"):
        facts = instance.facts
        announcement = datetime.date.fromisoformat(str(facts["announcement_date"]))
        window, threshold = int(facts["window_days"]), int(facts["threshold"])
        flagged: list[tuple[str, datetime.date]] = []
        cleared: list[tuple[str, datetime.date]] = []
        for number in range(1, int(facts["trade_count"]) + 1):
            day = datetime.date.fromisoformat(str(facts[f"trade_{number}_date"]))
            cents = round(float(facts[f"trade_{number}_price"]) * 100)
            value_cents = int(facts[f"trade_{number}_shares"]) * cents
            inside = 1 <= (announcement - day).days <= window
            person = str(facts[f"trade_{number}_person"])
            (flagged if inside and value_cents >= 100 * threshold else cleared).append((person, day))
            assert person in instance.information
            assert f"{int(facts[f'trade_{number}_shares']):,} shares" in instance.information
        assert flagged, "every instance has at least one suspicious trade"
        assert cleared, "every instance has at least one trade the screen clears"
        assert instance.hints["answer"] == tuple(person for person, _ in flagged)
        for person, day in flagged:
            assert any(item.startswith(f"{person} on {day:%B}") for item in instance.hints["must_contain"])
        assert f"{window}" in instance.information
        counts.add(len(flagged))
    assert len(counts) >= 2
