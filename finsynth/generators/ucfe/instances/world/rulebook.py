"""A fictional rulebook of filing deadlines, and the verdict on whether a filing met its deadline.

The rules belong to the "Model Market Conduct Code", a rulebook written for this project; its
thresholds and deadlines resemble common securities rules but are not any jurisdiction's law.
Deadlines count calendar days after the triggering event. Verdicts: ``not required`` when a
threshold rule's threshold is not reached; ``filed on time``; ``filed N days late``;
``overdue by N days`` (``1 day`` for one) when nothing is filed by the check date after the deadline; and
``not yet due`` when nothing is filed but the deadline has not passed.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

CODE_NAME = "Model Market Conduct Code"


@dataclass(frozen=True)
class Rule:
    """One filing rule.

    Attributes:
        section: Section number in the code.
        title: Short title.
        duty: Who must file what, after which event.
        event: The triggering event as a clause, with ``{party}`` and, for threshold rules,
            ``{measured}``.
        deadline_days: Calendar days after the event to file.
        threshold: The measured quantity that triggers the duty (``None``: always triggered).
        measure: What is measured, for threshold rules (``"percent"``, ``"points"`` or ``"dollars"``).
        penalty: The penalty range in the code.

    """

    section: str
    title: str
    duty: str
    event: str
    deadline_days: int
    threshold: float | None
    measure: str
    penalty: str


RULES: tuple[Rule, ...] = (
    Rule(
        "4.1",
        "substantial holding notice",
        "an investor whose holding reaches the threshold share of a listed company's voting shares must "
        "notify the exchange",
        "{party}'s holding in a listed company reached {measured} of its voting shares",
        10,
        5.0,
        "percent",
        "a fine of $50,000 to $500,000 and a freeze on voting the excess shares",
    ),
    Rule(
        "4.2",
        "holding change notice",
        "a substantial holder whose stake moves by at least the threshold must report the change",
        "the stake of {party}, already a substantial holder, moved by {measured}",
        3,
        1.0,
        "points",
        "a fine of $20,000 to $200,000",
    ),
    Rule(
        "5.3",
        "director dealing report",
        "a director who trades shares of their own company must report the trade",
        "{party}, a director, sold shares of the company they serve",
        2,
        None,
        "",
        "a fine of $10,000 to $100,000 and a public reprimand",
    ),
    Rule(
        "6.1",
        "material event disclosure",
        "a listed company must publicly disclose a material event",
        "the board of {party} approved the sale of its largest plant",
        4,
        None,
        "",
        "a fine of $100,000 to $1,000,000 for the company and up to $300,000 for responsible officers",
    ),
    Rule(
        "6.4",
        "quarterly report filing",
        "a listed company must file its quarterly report after the quarter ends",
        "a fiscal quarter of {party} ended",
        45,
        None,
        "",
        "a trading suspension until filing and a fine of up to $250,000",
    ),
    Rule(
        "6.5",
        "annual report filing",
        "a listed company must file its audited annual report after the year ends",
        "the fiscal year of {party} ended",
        90,
        None,
        "",
        "a trading suspension until filing and a fine of up to $500,000",
    ),
    Rule(
        "8.2",
        "large cash transaction report",
        "a securities dealer that receives cash of at least the threshold in one transaction must report it",
        "{party}, a securities dealer, received {measured} in cash from one client in a single transaction",
        15,
        10_000.0,
        "dollars",
        "a fine of up to $100,000 per unreported transaction",
    ),
    Rule(
        "8.5",
        "suspicious activity report",
        "a firm that detects activity suggesting market abuse must report it to the regulator",
        "the compliance team of {party} detected orders that looked like layering",
        30,
        None,
        "",
        "a fine of up to $1,000,000 and possible removal of the compliance officer",
    ),
)


def filing_deadline(rule: Rule, event: datetime.date) -> datetime.date:
    """The last day to file under ``rule`` for an event on ``event``."""
    return event + datetime.timedelta(days=rule.deadline_days)


def filing_verdict(
    rule: Rule,
    event: datetime.date,
    measured: float | None,
    filed: datetime.date | None,
    checked: datetime.date,
) -> str:
    """The verdict on a filing (see the module docstring)."""
    if rule.threshold is not None and measured is not None and measured < rule.threshold:
        return "not required"
    deadline = filing_deadline(rule, event)
    if filed is not None:
        late = (filed - deadline).days
        return "filed on time" if late <= 0 else f"filed {_days(late)} late"
    overdue = (checked - deadline).days
    return f"overdue by {_days(overdue)}" if overdue > 0 else "not yet due"


def _days(count: int) -> str:
    return f"{count} day" if count == 1 else f"{count} days"
