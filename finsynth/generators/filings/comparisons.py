"""Sentences that compare an amount between two fiscal years, in several wordings."""

from __future__ import annotations

import re

from finsynth.generators.filings.blocks import Line
from finsynth.seeding import RandomStream
from finsynth.world.formatting import money, percent_change, percent_figure

_RISE_VERBS = ("increased", "rose", "grew")
_FALL_VERBS = ("decreased", "declined", "fell")
_PLURAL_HEADS = (
    "costs", "fees", "taxes", "benefits", "expenses", "rents", "assessments", "sales", "revenues"
)  # fmt: skip


def past_of_be(subject: str) -> str:
    """``"were"`` for a plural subject, else ``"was"``: the verb that agrees with ``subject``.

    A line label is plural when its last word is a plural head ("Production and ad valorem taxes"),
    or when it lists nouns with commas ("Property taxes, insurance and ground rent"), but singular when a
    preposition makes its first word the head ("Amortization of policy acquisition costs",
    "Provision for income taxes") or when it ends in "expense" ("Selling, general and
    administrative expense"). "Taxes other than income taxes" is plural by its first word.
    """
    subject = re.sub(r"\s*\([^)]*\)|,? net$", "", subject)  # "Other income (expense), net"
    words = subject.lower().split()
    if words[0] == "taxes":
        return "were"
    if any(word in ("of", "for", "on", "from", "less", "than") for word in words) or words[-1] == "expense":
        return "was"
    if words[-1] in _PLURAL_HEADS or "," in subject:
        return "were"
    return "was"


def compare(
    stream: RandomStream,
    subject: str,
    amounts: tuple[int, int],
    years: tuple[int, int],
    unit: str,
    facts: tuple[str, ...],
) -> Line:
    """Return one sentence comparing ``subject`` between two fiscal years.

    Args:
        stream: Chooses the wording.
        subject: What is compared, capitalized as at the start of a sentence, e.g. ``"Gross profit"``.
        amounts: ``(current, previous)`` amounts in ``unit``.
        years: ``(current, previous)`` fiscal years.
        unit: ``"thousands"`` or ``"millions"``.
        facts: Fact keys the sentence states.

    """
    current, previous = amounts
    year, prior = years
    now, then = money(current, unit), money(previous, unit)
    was = past_of_be(subject)
    if current == previous:
        text = f"{subject} {was} {now} in both fiscal {year} and fiscal {prior}."
        return Line(text, facts)
    if previous <= 0:
        text = f"{subject} {was} {now} in fiscal {year}, compared with {then} in fiscal {prior}."
        return Line(text, facts)
    rising = current > previous
    verb = stream.choice(_RISE_VERBS if rising else _FALL_VERBS)
    change = percent_figure(abs(percent_change(current, previous)))
    difference = money(abs(current - previous), unit)
    lower = subject[0].lower() + subject[1:]
    wording = stream.randint(0, 3)
    if current < 0:
        # A percentage change into negative territory ("declined 1985.4% to -$12 million") says nothing;
        # the wording is still drawn, so the stream moves as for any other comparison.
        text = f"{subject} {was} {now} in fiscal {year}, compared with {then} in fiscal {prior}."
    elif wording == 0:
        text = f"{subject} {verb} {change} to {now} in fiscal {year} from {then} in fiscal {prior}."
    elif wording == 1:
        direction = "up" if rising else "down"
        text = f"{subject} {was} {now} in fiscal {year}, {direction} {change} from {then} in fiscal {prior}."
    elif wording == 2:
        text = f"In fiscal {year}, {lower} {verb} by {difference} to {now} from {then} in fiscal {prior}."
    else:
        noun = "an increase" if rising else "a decrease"
        text = (
            f"{subject} for fiscal {year} totaled {now}, compared with {then} for fiscal {prior}, "
            f"{noun} of {change}."
        )
    return Line(text, facts)
