"""Prospectus Risk Summarization: name and group the risks in a prospectus's risk-factor paragraphs.

Data: three to five distinct risk categories drawn from our table
(:mod:`~finsynth.generators.ucfe.instances.world.prospectus`), one paragraph each, and with
probability one half a second paragraph of one of them (so a category can be the most
discussed); paragraphs never name their category. Rule: categories are ranked by number of
paragraphs, ties broken by first appearance. ``must_contain`` lists every category in that
rank order; ``at_least_contain`` gives the industry-related and the issuer-related groups;
``answer`` is the top-ranked category.
"""

from __future__ import annotations

from finsynth.generators.ucfe.instances.base import FactValue, TaskInstance, hint_map, task_instance
from finsynth.generators.ucfe.instances.world.companies import draw_company
from finsynth.generators.ucfe.instances.world.prospectus import CATEGORIES, RiskFactor, draw_risk_factor
from finsynth.seeding import RandomStream

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
)


@task_instance("prospectus_risk_summarization")
def prospectus_risk_summarization(stream: RandomStream) -> TaskInstance:
    """Draw risk paragraphs of known categories; rank the categories by how often they appear."""
    company = draw_company(stream)
    categories = stream.sample(CATEGORIES, stream.randint(3, 5))
    factors = [
        draw_risk_factor(
            stream, category, company.sector.name, company.sector.customers, stream.randint(0, 1)
        )
        for category in categories
    ]
    if stream.random() < 0.5:
        repeated = stream.randint(0, len(factors) - 1)
        first = factors[repeated]
        second = draw_risk_factor(
            stream, first.category, company.sector.name, company.sector.customers, 1 - first.variant
        )
        factors.insert(stream.randint(repeated + 1, len(factors)), second)
    ranked = _ranked_categories(factors)
    information = " ".join(
        [stream.choice(_HEADERS).format(name=company.name, sector=company.sector.name)]
        + [f"({number}) {factor.text}" for number, factor in enumerate(factors, start=1)]
    )
    groups = tuple(
        f"{side}-related risks: " + ", ".join(name for name in ranked if _side(name) == side)
        for side in ("industry", "issuer")
        if any(_side(name) == side for name in ranked)
    )
    hints = hint_map(
        answer=(ranked[0],),
        must_contain=tuple(ranked),
        at_least_contain=groups,
        should_contain=("the figures that show each risk's size",),
        encourage=("how each risk could affect profit or cash flow",),
        forbid=("risks that the extract does not mention", "reassurance that the risks will not occur"),
    )
    facts: dict[str, FactValue] = {
        "company": company.name,
        "sector": company.sector.name,
        "factor_count": len(factors),
    }
    for number, factor in enumerate(factors, start=1):
        facts[f"factor_{number}_category"] = factor.category.name
        facts[f"factor_{number}_side"] = factor.category.side
        facts[f"factor_{number}_text"] = factor.text
    reference = "; ".join(groups) + "."
    return TaskInstance(
        "prospectus_risk_summarization", information, stream.choice(_NEEDS), hints, facts, reference
    )


def _ranked_categories(factors: list[RiskFactor]) -> list[str]:
    counts: dict[str, int] = {}
    for factor in factors:
        counts[factor.category.name] = counts.get(factor.category.name, 0) + 1
    first_seen = list(counts)
    return sorted(first_seen, key=lambda name: (-counts[name], first_seen.index(name)))


def _side(name: str) -> str:
    return next(category.side for category in CATEGORIES if category.name == name)
