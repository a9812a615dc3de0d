"""Prospectus Risk Summarization: name and group the risks in a prospectus's risk-factor paragraphs.

Data: a profile of the issuer and seven to ten distinct risk categories drawn from our table
(:mod:`~finsynth.generators.ucfe.instances.world.prospectus`), one paragraph each, and for
about half of them a second paragraph later in the section (so some categories are discussed
more); paragraphs never name their category. Rule: categories are ranked by number of
paragraphs, ties broken by first appearance. ``answer`` and ``must_contain`` list every
category in that rank order (a complete summary needs them all); ``at_least_contain`` gives
the industry-related and the issuer-related groups.
"""

from __future__ import annotations

from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.generators.ucfe.instances.world.profiles import profile_text
from finsynth.generators.ucfe.instances.world.prospectus import (
    CATEGORIES,
    RiskFactor,
    draw_figures,
    draw_risk_factor,
    risk_categories,
)
from finsynth.seeding import RandomStream
from finsynth.world.company import make_company
from finsynth.world.formatting import count_word

_HEADERS = (
    "Risk factors from the prospectus of {name}:",
    "Extract from the 'Risk Factors' chapter of {name}'s prospectus —",
    "{name} ({sector}) lists these risks in its offering document:",
)
_NEEDS = (
    "Pull together all the risks in this prospectus extract, grouped into those related to the industry "
    "and those related to the issuer, in points.",
    "Summarise the prospectus's risk issues as bullet points, separating industry risks from risks "
    "specific to the company.",
    "List every risk the issuer discloses, naming each one, and say which are industry-wide and which "
    "are its own.",
    "I have no time to read the whole risk chapter. Give me each risk in a line, industry first, then "
    "company-specific.",
    "Which risks does the issuer disclose, and which of them does it spend the most words on?",
    "Make me a risk checklist from this extract that I can use in my due-diligence notes.",
    "Sort the disclosed risks into industry and issuer risks and explain each one in plain words.",
    "Summarise the risk factors faithfully: no risks that are not in the text, and none left out.",
    "Help me brief a client: what are the risks of buying into this offering, according to the issuer?",
    "Group the risk paragraphs by kind of risk and give me the figures each one quotes.",
)
_PURPOSES = (
    "I am deciding whether to subscribe to {company}'s offering and know little about {sector}.",
    "We already hold other companies in {sector}, so I care most about what is particular to {company}.",
    "A client asked me about {company}'s listing and is new to {sector}.",
    "This goes into our file on {company} before the book closes.",
)
_SCOPES = (
    "The extract has {count} numbered paragraphs; count each kind of risk once and say which kinds come up "
    "more than once.",
    "Some of the {count} paragraphs return to the same kind of risk: name each kind once and note the "
    "repeats.",
    "Cover all {count} paragraphs, merging the ones that describe the same kind of risk.",
)


@task_instance("prospectus_risk_summarization")
def prospectus_risk_summarization(stream: RandomStream) -> TaskInstance:
    """Draw risk paragraphs of known categories; rank the categories by how often they appear."""
    company = make_company(stream)
    available = risk_categories(company.industry)
    categories = stream.sample(available, stream.randint(7, min(10, len(available))))
    figures = {category.name: draw_figures(stream, category) for category in categories}
    sector, customers = company.industry.label, company.customers
    factors = [
        draw_risk_factor(category, sector, customers, stream.randint(0, 1), figures[category.name])
        for category in categories
    ]
    for first in list(factors):
        if stream.random() < 0.5:
            second = draw_risk_factor(
                first.category, sector, customers, 1 - first.variant, figures[first.category.name]
            )
            factors.insert(stream.randint(factors.index(first) + 1, len(factors)), second)
    ranked = _ranked_categories(factors)
    information = "\n\n".join(
        [
            profile_text(stream, company),
            stream.choice(_HEADERS).format(name=company.short_name, sector=company.industry.label)
            + " Investors should consider each of the following before deciding to subscribe; any of them"
            " could reduce the company's revenue, profit or share price.",
            *(f"({number}) {factor.text}" for number, factor in enumerate(factors, start=1)),
        ]
    )
    groups = tuple(
        f"{side.capitalize()}-related risks: " + ", ".join(name for name in ranked if _side(name) == side)
        for side in ("industry", "issuer")
        if any(_side(name) == side for name in ranked)
    )
    hints = hint_map(
        answer=tuple(ranked),
        must_contain=tuple(ranked),
        at_least_contain=groups,
        should_contain=("the figures that show each risk's size",),
        encourage=("how each risk could affect profit or cash flow",),
        forbid=("risks that the extract does not mention", "reassurance that the risks will not occur"),
    )
    facts: dict[str, FactValue] = {
        "company": company.short_name,
        "sector": company.industry.label,
        "factor_count": len(factors),
    }
    for number, factor in enumerate(factors, start=1):
        facts[f"factor_{number}_category"] = factor.category.name
        facts[f"factor_{number}_side"] = factor.category.side
        facts[f"factor_{number}_text"] = factor.text
    reference = f"The extract discloses {len(ranked)} kinds of risk. " + "; ".join(groups) + "."
    details = (
        stream.choice(_PURPOSES).format(company=company.short_name, sector=company.industry.label),
        stream.choice(_SCOPES).format(count=count_word(len(factors))),
    )
    needs, needs_variants = phrase_needs(stream, _NEEDS, details)
    return TaskInstance(
        "prospectus_risk_summarization",
        information,
        needs,
        hints,
        facts,
        reference,
        needs_variants=needs_variants,
    )


def _ranked_categories(factors: list[RiskFactor]) -> list[str]:
    counts: dict[str, int] = {}
    for factor in factors:
        counts[factor.category.name] = counts.get(factor.category.name, 0) + 1
    first_seen = list(counts)
    return sorted(first_seen, key=lambda name: (-counts[name], first_seen.index(name)))


def _side(name: str) -> str:
    return next(category.side for category in CATEGORIES if category.name == name)
