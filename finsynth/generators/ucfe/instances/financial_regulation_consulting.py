"""Financial Regulation Consulting: did a firm or person meet a filing duty of a (fictional) rulebook?

Data: a rule of the fictional "Model Market Conduct Code"
(:mod:`~finsynth.generators.ucfe.instances.world.rulebook`), stated in the information; a
triggering event and its date; for threshold rules the measured quantity (drawn on both
sides of the threshold); and either a filing date or a check date with nothing filed. Rule:
the verdict of :func:`~finsynth.generators.ucfe.instances.world.rulebook.filing_verdict`.
``answer`` is the verdict; ``must_contain`` holds the section with its title, the verdict
and (unless not required) the deadline date; ``should_contain`` holds the penalty range;
``forbid`` holds advice to conceal or back-date and presenting the code as a real law.
"""

from __future__ import annotations

import datetime

from finsynth.generators.finchain.names import company_name, person_name
from finsynth.generators.finchain.quantities import round_half_up
from finsynth.generators.ucfe.instances.base import FactValue, TaskInstance, hint_map, task_instance
from finsynth.generators.ucfe.instances.world.dates import draw_date
from finsynth.generators.ucfe.instances.world.formatting import dollars, long_date
from finsynth.generators.ucfe.instances.world.rulebook import (
    CODE_NAME,
    RULES,
    filing_deadline,
    filing_verdict,
)
from finsynth.seeding import RandomStream

_RULE_TEXTS = (
    "Section {section} of the {code} (a fictional rulebook used for this exercise): {duty} within "
    "{days} calendar days{threshold}. Penalty: {penalty}.",
    "The applicable rule is the {title} duty in section {section} of the {code}, a made-up code for "
    "training purposes: {duty} within {days} days{threshold}; breaches carry {penalty}.",
)
_FILED = (
    "The filing was made on {filed}.",
    "{party} filed on {filed}.",
    "The report reached the regulator on {filed}.",
)
_NOT_FILED = (
    "As of {checked}, nothing has been filed.",
    "By {checked}, {party} had not filed anything.",
)
_NEEDS = (
    "Cite the relevant provision, say whether the duty was met, and explain the penalty standard that "
    "could apply.",
    "Tell me whether this complies with the rule, when the filing was due, and what sanctions are possible.",
    "Assess the compliance position under the code, with the deadline and the possible penalty.",
)


def _measured_text(measure: str, value: float) -> str:
    if measure == "percent":
        return f"{value:.2f}%"
    if measure == "points":
        return f"{value:.2f} percentage points"
    return dollars(value)


@task_instance("financial_regulation_consulting")
def financial_regulation_consulting(stream: RandomStream) -> TaskInstance:
    """Draw a rule and a scenario; decide the filing verdict by dates and threshold."""
    rule = stream.choice(RULES)
    party = person_name(stream) if rule.section in ("4.1", "4.2", "5.3") else company_name(stream)
    event = draw_date(stream, latest=datetime.date(2025, 6, 30))
    measured: float | None = None
    threshold_text, shown = "", ""
    if rule.threshold is not None:
        measured = round_half_up(
            rule.threshold * stream.uniform(0.6, 2.2), 0 if rule.measure == "dollars" else 2
        )
        shown = _measured_text(rule.measure, measured)
        threshold_text = f" (threshold: {_measured_text(rule.measure, rule.threshold)})"
    event_text = f"On {long_date(event)}, {rule.event.format(party=party, measured=shown)}."
    deadline = filing_deadline(rule, event)
    filed: datetime.date | None = None
    checked = deadline + datetime.timedelta(days=stream.randint(-rule.deadline_days // 2, 30))
    if stream.random() < 0.6:
        filed = event + datetime.timedelta(days=stream.randint(1, rule.deadline_days + 20))
    verdict = filing_verdict(rule, event, measured, filed, checked)
    lines = [
        stream.choice(_RULE_TEXTS).format(
            section=rule.section,
            code=CODE_NAME,
            title=rule.title,
            duty=rule.duty,
            days=rule.deadline_days,
            threshold=threshold_text,
            penalty=rule.penalty,
        ),
        event_text,
        (
            stream.choice(_FILED).format(party=party, filed=long_date(filed))
            if filed is not None
            else stream.choice(_NOT_FILED).format(party=party, checked=long_date(checked))
        ),
    ]
    must = [f"section {rule.section} ({rule.title})", verdict]
    if verdict != "not required":
        must.append(f"deadline of {long_date(deadline)}")
    hints = hint_map(
        answer=(verdict,),
        must_contain=tuple(must),
        at_least_contain=("how the deadline is counted from the event",),
        should_contain=(rule.penalty,)
        if verdict not in ("not required", "filed on time", "not yet due")
        else (),
        encourage=("steps to remedy or prevent a breach", "consulting the regulator or counsel"),
        forbid=(
            "advice to conceal, back-date or avoid the filing",
            f"presenting the {CODE_NAME} as a real jurisdiction's law",
        ),
    )
    reference = f"Under section {rule.section} ({rule.title}) the verdict is: {verdict}."
    if verdict != "not required":
        reference += f" The filing was due by {long_date(deadline)}."
    facts: dict[str, FactValue] = {
        "section": rule.section,
        "party": party,
        "event_date": event.isoformat(),
        "deadline_days": rule.deadline_days,
        "threshold": rule.threshold if rule.threshold is not None else -1.0,
        "measured": measured if measured is not None else -1.0,
        "filed_date": filed.isoformat() if filed is not None else "",
        "checked_date": checked.isoformat(),
        "verdict": verdict,
    }
    return TaskInstance(
        "financial_regulation_consulting", " ".join(lines), stream.choice(_NEEDS), hints, facts, reference
    )
