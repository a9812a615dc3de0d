"""Negative Information Detection (zero-shot): which listed companies does a news digest speak ill of?

Data: a digest of three to five short items, each about a distinct fictional company, drawn from
our event tables (:mod:`~finsynth.generators.ucfe.instances.world.news`); at least one item is
negative and at least one is not. Rule: a company's item is negative exactly when its event
comes from the negative table. ``answer`` gives ``"<company>: contains"`` or ``"<company>: does
not contain"`` per listed company in listing order; ``must_contain`` lists the negative items'
companies.
"""

from __future__ import annotations

from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.generators.ucfe.instances.world.news import draw_item
from finsynth.seeding import RandomStream
from finsynth.world.formatting import count_word
from finsynth.world.names import company_name

_HEADERS = ("Market briefs.", "News digest:", "From today's company wires:", "Corporate news roundup —")
_ENTITY_LINES = (
    "Entities: {names}.",
    "Companies to assess: {names}.",
    "Named entities (separated by semicolons): {names}.",
)
_INSTRUCTIONS = (
    "For each named entity, decide whether the text contains negative information about it and "
    'answer "contains" or "does not contain" per entity.',
    'Go through the entities one by one and state "contains" if the news is negative for that '
    'entity, otherwise "does not contain". No further explanation.',
    "Label every listed company: does the digest carry negative information about it? Reply with "
    '"<company>: contains" or "<company>: does not contain".',
    'Screen the digest for bad news. For each entity write "<company>: contains" or "<company>: does not '
    'contain", one per line.',
    'Which of the listed companies are the subject of negative news here? Mark each one "contains" or '
    '"does not contain".',
    'Compliance screen: per entity, answer "contains" if anything in the text reflects badly on it, else '
    '"does not contain".',
    'Tag each entity "contains" or "does not contain" according to whether the text reports something '
    "harmful to it. Labels only.",
    "Read the items and flag negative information: for every company listed, give contains or does not "
    "contain.",
    'Check each named company against the news above and reply "<company>: contains" when the news hurts '
    'it and "<company>: does not contain" when it does not.',
    'For our watch list, say per entity whether the digest holds negative information ("contains") or '
    'not ("does not contain").',
)

_COVERAGE = (
    "The digest holds {count} items and the list names {count} companies; give a verdict for each company, "
    "in the list's order.",
    "There are {count} news items and {count} listed companies: answer for all {count}, in the order they "
    "are listed.",
    "All {count} companies on the list need a verdict, in the list's order, even if a story names one only "
    "in passing.",
)
_PURPOSES = (
    "The result feeds our {desk}'s watch list.",
    "This is for the {desk}'s morning screen.",
    "Our {desk} acts on these labels before the open.",
)
_DESKS = ("credit desk", "compliance team", "equity research team", "risk committee")


@task_instance("negative_information_detection")
def negative_information_detection(stream: RandomStream) -> TaskInstance:
    """Draw a digest with negative and non-negative items about distinct companies."""
    count = stream.randint(3, 5)
    subjects: list[str] = []
    while len(subjects) < count:
        name = company_name(stream)
        if name not in subjects:
            subjects.append(name)
    negatives = [True, False] + [stream.random() < 0.4 for _ in range(count - 2)]
    order = stream.sample(range(count), count)
    items = [draw_item(stream, subjects[position], negatives[position]) for position in order]
    listing = stream.sample(items, count)
    entity_line = stream.choice(_ENTITY_LINES).format(names="; ".join(item.subject for item in listing))
    information = " ".join([stream.choice(_HEADERS), *(item.text for item in items), entity_line])
    verdicts = tuple(
        f"{item.subject}: {'contains' if item.negative else 'does not contain'}" for item in listing
    )
    hints = hint_map(
        answer=verdicts,
        must_contain=tuple(item.subject for item in listing if item.negative),
        forbid=("calling an item negative for a company it does not mention",),
    )
    facts: dict[str, FactValue] = {"item_count": count}
    for number, item in enumerate(listing, start=1):
        facts[f"item_{number}_subject"] = item.subject
        facts[f"item_{number}_text"] = item.text
        facts[f"item_{number}_event"] = item.event
        facts[f"item_{number}_negative"] = item.negative
    details = (
        stream.choice(_COVERAGE).format(count=count_word(count)),
        stream.choice(_PURPOSES).format(desk=stream.choice(_DESKS)),
    )
    needs, needs_variants = phrase_needs(stream, _INSTRUCTIONS, details)
    return TaskInstance(
        "negative_information_detection",
        information,
        needs,
        hints,
        facts,
        "; ".join(verdicts),
        needs_variants=needs_variants,
    )
