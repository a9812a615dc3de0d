"""Financial Text Summarization (zero-shot): one-sentence summary of a generated announcement.

Data: an announcement (:mod:`~finsynth.generators.ucfe.instances.world.announcements`) with a
headline figure, a second figure and one derived from them, an opening line naming the
company's sector and date, and three to five context sentences without figures.
Rule: ``must_contain`` is the company's name, what it did (the kind's action) and the
headline figure as written; ``should_contain`` is the derived figure; ``reference_answer``
states all three in one sentence.

Needs add a word limit (20–35, ``word_limit``) that the reference meets and ``forbid`` exceeds.
"""

from __future__ import annotations

from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.generators.ucfe.instances.world.announcements import ACTIONS, draw_announcement
from finsynth.generators.ucfe.instances.world.dates import draw_date
from finsynth.seeding import RandomStream
from finsynth.world.formatting import long_date, with_article
from finsynth.world.industries import INDUSTRIES

_CONTEXT = (
    "Management said the move fits its plan for the next three years.",
    "The company gave no further guidance.",
    "Analysts had expected the news after comments at the last results call.",
    "The shares were little changed in early trading.",
    "A filing with more detail is due later this month.",
    "The chair called it a step toward a stronger balance sheet.",
    "The company's advisers on the transaction were not named.",
    "Trading volume in the shares was about twice the daily average.",
    "The board approved the decision at a meeting earlier in the week.",
    "Rating agencies have not yet commented.",
    "The company will discuss the news on a call with investors tomorrow morning.",
    "Some shareholders had pressed the board for such a step last year.",
    "The announcement came after the market closed.",
    "Employees were told of the decision at a town-hall meeting.",
)
_BACKGROUNDS = (
    "{company}, {sector_article} group with operations in several countries, made the announcement on {day}.",
    "In a statement on {day}, {company}, which works in {sector}, set out the details.",
    "{company} ({sector}) published the following on {day}.",
)
_INSTRUCTIONS = (
    "Summarise the financial text above in a single sentence that keeps its main point.",
    "Write a one-sentence summary of this announcement.",
    "In one sentence, what does this text say?",
    "Condense the passage into one sentence with its key figure.",
    "Give me the headline of this news as one sentence.",
    "Boil this announcement down to one sentence a busy investor would read.",
    "One sentence only: who did what, and the main number.",
    "Rewrite this as a single-sentence news brief.",
    "Summarise in one sentence, leaving out the background and the market colour.",
    "What is the one thing this text announces? Answer in one sentence with the key figure.",
)

_WORD_LIMITS = (
    "Keep it within {limit} words.",
    "It goes in our {kind} digest, so no more than {limit} words.",
    "At most {limit} words, for today's list of {kind} news.",
    "Use {limit} words or fewer; the company's name must be in it.",
)


@task_instance("financial_text_summarization")
def financial_text_summarization(stream: RandomStream) -> TaskInstance:
    """Draw an announcement and derive the summary's required content from its figures."""
    announcement = draw_announcement(stream)
    context = stream.sample(_CONTEXT, stream.randint(3, 5))
    sector = stream.choice(INDUSTRIES).label
    sentences = [
        stream.choice(_BACKGROUNDS).format(
            company=announcement.company,
            sector=sector,
            sector_article=with_article(sector),
            day=long_date(draw_date(stream)),
        ),
        *announcement.sentences,
    ]
    for sentence in context:
        sentences.insert(stream.randint(2, len(sentences)), sentence)
    information = " ".join(sentences)
    limit = stream.randint(20, 35)
    hints = hint_map(
        answer=(announcement.summary,),
        must_contain=(announcement.company, ACTIONS[announcement.kind], announcement.headline),
        at_least_contain=(f"{announcement.company} {ACTIONS[announcement.kind]}",),
        should_contain=(announcement.derived,),
        encourage=(f"the supporting figure, {announcement.second}",),
        forbid=(
            "figures that are not in the text",
            "more than one sentence",
            f"more than {limit} words",
            f"background or market colour that is not about {announcement.company}'s {announcement.kind}",
        ),
    )
    facts: dict[str, FactValue] = {
        "company": announcement.company,
        "kind": announcement.kind,
        "headline": announcement.headline,
        "second": announcement.second,
        "derived": announcement.derived,
        "word_limit": limit,
    }
    facts.update(announcement.numbers)
    details = (stream.choice(_WORD_LIMITS).format(limit=limit, kind=announcement.kind),)
    needs, needs_variants = phrase_needs(stream, _INSTRUCTIONS, details)
    return TaskInstance(
        "financial_text_summarization",
        information,
        needs,
        hints,
        facts,
        announcement.summary,
        needs_variants=needs_variants,
    )
