"""Financial Regulation Consulting: the verdict follows from the threshold and the dates in the facts."""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Mapping

from finsynth.generators.ucfe.instances import FactValue
from finsynth.generators.ucfe.instances.world.rulebook import RULES
from tests.generators.ucfe.instances.harness import draws

BY_SECTION = {rule.section: rule for rule in RULES}


def expected_verdict(facts: Mapping[str, FactValue]) -> tuple[str, datetime.date]:
    event = datetime.date.fromisoformat(str(facts["event_date"]))
    deadline = event + datetime.timedelta(days=int(str(facts["deadline_days"])))
    threshold, measured = float(str(facts["threshold"])), float(str(facts["measured"]))
    if threshold >= 0 and measured < threshold:
        return "not required", deadline
    if facts["filed_date"]:
        late = (datetime.date.fromisoformat(str(facts["filed_date"])) - deadline).days
        return ("filed on time" if late <= 0 else f"filed {late} day{'s' * (late != 1)} late"), deadline
    overdue = (datetime.date.fromisoformat(str(facts["checked_date"])) - deadline).days
    return (f"overdue by {overdue} day{'s' * (overdue != 1)}" if overdue > 0 else "not yet due"), deadline


def test_verdict_follows_threshold_and_dates() -> None:
    kinds: Counter[str] = Counter()
    for instance in draws("financial_regulation_consulting"):
        facts = instance.facts
        rule = BY_SECTION[str(facts["section"])]
        assert int(str(facts["deadline_days"])) == rule.deadline_days
        verdict, deadline = expected_verdict(facts)
        assert instance.hints["answer"] == (verdict,)
        assert instance.hints["must_contain"][:2] == (f"section {rule.section} ({rule.title})", verdict)
        if verdict != "not required":
            assert (
                instance.hints["must_contain"][2]
                == f"deadline of {deadline:%B} {deadline.day}, {deadline.year}"
            )
        assert "fictional" in instance.information or "made-up" in instance.information
        assert f"{rule.deadline_days}" in instance.information
        kinds[verdict.split(" ")[0] + verdict.split(" ")[1]] += 1
    assert set(kinds) == {"notrequired", "filedon", "filed1", "overdueby", "notyet"} | (
        set(kinds) - {"filed1"}
    )
    assert min(kinds[kind] for kind in ("notrequired", "filedon", "overdueby", "notyet")) >= 30, kinds
