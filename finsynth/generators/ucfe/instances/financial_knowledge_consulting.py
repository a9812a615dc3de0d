"""Financial Knowledge Consulting: a lay user asks what a financial concept means and how it is used.

Data: a person and their situation, and a concept from our table
(:mod:`~finsynth.generators.ucfe.instances.world.concepts`), possibly with a second, related
concept to contrast. Rule: ``must_contain`` is the concept's term and its two points (and,
when a second concept is asked about, that term too); ``encourage`` holds the entry's example
and its related concept; ``forbid`` always holds unexplained jargon and, for concepts about
investment returns, any promise of guaranteed returns.

Needs add what the user should say about their role or where they met the term; hints add
the person, role and activity.
"""

from __future__ import annotations

from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.generators.ucfe.instances.world.concepts import CONCEPTS
from finsynth.seeding import RandomStream
from finsynth.world.names import person_name

ROLES = (
    "a nurse",
    "a first-year university student",
    "a small bakery owner",
    "a retired teacher",
    "a freelance designer",
    "a warehouse supervisor",
    "a new graduate starting a first job",
    "a farmer",
    "a parent saving for a child's education",
    "a restaurant manager",
)
COMPANY_ACTIVITIES = (
    "reading a company's annual report",
    "preparing accounts for a small business",
    "reading the business pages of a newspaper",
    "studying for a finance course",
)
HOUSEHOLD_ACTIVITIES = (
    "talking to a bank adviser",
    "filling in a loan application",
    "planning the household budget",
    "studying for a finance course",
)
INVESTING_ACTIVITIES = (
    "checking a pension statement",
    "browsing an investing app",
    "reading the business pages of a newspaper",
    "talking to a bank adviser",
)
HOUSEHOLD_TERMS = frozenset(
    (
        "compound interest",
        "simple interest",
        "inflation",
        "real interest rate",
        "emergency fund",
        "credit score",
        "debt-to-income ratio",
        "budget",
        "annual percentage rate",
        "liquidity",
    )
)
INVESTING_TERMS = frozenset(
    (
        "diversification",
        "asset allocation",
        "bond",
        "yield to maturity",
        "stock",
        "dividend",
        "mutual fund",
        "index fund",
        "risk tolerance",
        "hedging",
    )
)
"""Where a person meets a term: company terms in accounts and reports, household terms with a bank,
investing terms in a pension statement or an app (so no one meets "net margin" on a pension statement)."""


def activities_for(term: str) -> tuple[str, ...]:
    """The situations in which someone plausibly meets ``term``."""
    if term in HOUSEHOLD_TERMS:
        return HOUSEHOLD_ACTIVITIES
    if term in INVESTING_TERMS:
        return INVESTING_ACTIVITIES
    return COMPANY_ACTIVITIES


_SITUATIONS = (
    "{person}, {role}, came across the term '{term}' while {activity}.",
    "While {activity}, {person} ({role}) kept seeing '{term}' and did not know what it meant.",
    "{person} is {role} and met the idea of {term} when {activity}.",
)
_NEEDS = (
    "You want to understand what {term} is and how it is used in personal or business finance{contrast}.",
    "Explain {term} in plain language: what it means and where it matters in everyday money "
    "decisions{contrast}.",
    "You want a simple explanation of {term} and practical examples of its use{contrast}.",
    "You keep hearing about {term} and want to know what it means for your own money{contrast}.",
    "You want {term} explained without jargon, with one everyday example{contrast}.",
    "You need to understand {term} well enough to make a decision this month{contrast}.",
    "You want to know how {term} works, why people care about it and what mistakes to avoid{contrast}.",
    "You want a short, correct definition of {term} and how to use it in practice{contrast}.",
    "You are confused by {term}; you want it explained step by step{contrast}.",
    "You want to check whether you have understood {term} correctly and how it applies to you{contrast}.",
)

_ASKS = (
    "Ask for an everyday example from your life as {role}.",
    "Mention that you met it while {activity}.",
    "Say you are {role} and want no jargon.",
    "Say you met it while {activity} and ask what to do with it.",
)


@task_instance("financial_knowledge_consulting")
def financial_knowledge_consulting(stream: RandomStream) -> TaskInstance:
    """Draw a person, a situation and a concept; the explanation must make the concept's points."""
    concept = stream.choice(CONCEPTS)
    contrast = stream.random() < 0.3
    person, role = person_name(stream), stream.choice(ROLES)
    activity = stream.choice(activities_for(concept.term))
    information = stream.choice(_SITUATIONS).format(
        person=person, role=role, term=concept.term, activity=activity
    )
    contrast_text = f", and how it differs from {concept.related}" if contrast else ""
    details = (stream.choice(_ASKS).format(role=role, activity=activity),)
    needs, needs_variants = phrase_needs(stream, _NEEDS, details, term=concept.term, contrast=contrast_text)
    forbid = ["jargon left unexplained for a general reader"]
    if concept.about_returns:
        forbid.append("a promise of guaranteed returns")
    hints = hint_map(
        must_contain=(concept.term, *concept.points, *((concept.related,) if contrast else ())),
        at_least_contain=(
            f"a plain-language definition of {concept.term}",
            f"why {concept.term} matters when {activity}",
        ),
        should_contain=(
            f"when individuals or businesses use {concept.term}",
            f"what {concept.term} means for {person} as {role}",
        ),
        encourage=(
            concept.example,
            f"the link to {concept.related}",
            f"a simple example with numbers from the life of {role}",
        ),
        forbid=(*forbid, f"an explanation that assumes {person} already works in finance"),
    )
    facts: dict[str, FactValue] = {
        "person": person,
        "role": role,
        "activity": activity,
        "term": concept.term,
        "related": concept.related,
        "contrast": contrast,
        "about_returns": concept.about_returns,
    }
    return TaskInstance(
        "financial_knowledge_consulting", information, needs, hints, facts, "", needs_variants=needs_variants
    )
