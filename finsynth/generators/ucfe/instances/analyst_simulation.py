"""Analyst Simulation: a research-report framework for a company snapshot, with one section left out.

Data: a fictional world company with three or four segments, each with its share of the latest
revenue (whole percent, summing to 100) and its revenue growth (whole percent), plus total
revenue, operating margin and head count, all from its world statements; the user names one
standard section to omit. Rules: the largest segment has the highest share, the fastest-growing
the highest growth (ties cannot occur: a company whose shares or top growth tie is passed over).
``must_contain`` holds a company overview, one separate analysis per segment (in order of revenue share) and a
profit forecast with risk warning; ``should_contain`` names the largest and fastest-growing
segments with their figures; ``forbid`` holds the omitted section.
"""

from __future__ import annotations

from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.generators.ucfe.instances.world.statements import draw_listed_company
from finsynth.seeding import RandomStream
from finsynth.world.company import Company, employee_count
from finsynth.world.formatting import count_word, millions, name_list, with_article
from finsynth.world.names import company_name
from finsynth.world.rounding import round_half_up
from finsynth.world.statements import Statements
from finsynth.world.summary import whole_percentages

OMITTABLE = ("summary", "valuation", "industry overview", "shareholder structure", "management profile")
"""Standard report sections a user may ask to leave out."""

_OPENINGS = (
    "{name} ({ticker}) is {sector_article} company with revenue of {revenue} last year.",
    "Revenue at {name}, ticker {ticker}, reached {revenue} in the latest year; it operates in {sector}.",
    "{name} ({ticker}, {sector}) booked {revenue} of revenue last year.",
)
_SEGMENTS = (
    "{segment}: {share}% of revenue, growing {growth}% a year",
    "{segment} — {share}% of sales, growth {growth}%",
    "the {segment} business ({share}% of revenue, {growth}% growth)",
)
_PLANS = (
    "In {segment}, management plans to add capacity and win more {customers}.",
    "The {segment} business is being repriced after two years of thin margins.",
    "Management sees {segment} as mature and will run it for cash.",
    "For {segment}, a new product generation launches next year.",
    "In {segment}, the company is shifting from one-off sales to service contracts.",
    "The {segment} unit lost a large customer last year and is rebuilding its order book.",
)
_BRIEFS = (
    "The report is for {audience}; it should run to about {pages} pages and is due in {weeks} weeks.",
    "My readers are {audience}. I have {weeks} weeks and roughly {pages} pages.",
    "It will go to {audience}, about {pages} pages long, with a deadline {weeks} weeks from now.",
)
_AUDIENCES = (
    "institutional clients of our brokerage",
    "the firm's investment committee",
    "retail clients who know the company's products",
    "fund managers who already hold the stock",
    "new clients who have not followed the sector",
)
_NEEDS = (
    "I am writing an in-depth research report on {name} and want advice on its framework, leaving out "
    "the {omitted} section.",
    "Help me structure a deep-dive research report on {name}; I do not need {an_omitted} section.",
    "Suggest a framework for my in-depth report on {name}, without the {omitted} section.",
    "What sections should my report on {name} have, and in what order? Skip the {omitted} section.",
    "Lay out the chapters of a full research report on {name} for me. No {omitted} section, please.",
    "I need an outline for a report on {name} that treats each business line properly; leave the "
    "{omitted} section out.",
    "Give me a report skeleton for {name} with what each part must show. We are dropping the {omitted} "
    "section this time.",
    "How would you organise an in-depth report on {name}? My editor wants no {omitted} section.",
    "Plan the structure of my {name} report with me, section by section, without {an_omitted} section.",
    "Draft the table of contents for a thorough report on {name}, minus the {omitted} section, and say "
    "what data each part needs.",
)


def _segment_figures(company: Company, statements: Statements) -> tuple[list[int], list[int]]:
    """Each segment's whole-percent share of the latest revenue and its whole-percent growth."""
    latest, prior = (statements.values[year] for year in company.fiscal_years[-1:-3:-1])
    keys = [f"segment.{index}" for index in range(len(company.segments))]
    growths = [int(round_half_up(100 * (latest[key] / prior[key] - 1), 0)) for key in keys]
    return whole_percentages([latest[key] for key in keys]), growths


_SCOPES = (
    "The company has {count} business lines ({lines}), and each needs its own part.",
    "Its {count} business lines are {lines}; I want each one covered.",
    "Remember it reports {count} business lines: {lines}.",
)


@task_instance("analyst_simulation")
def analyst_simulation(stream: RandomStream) -> TaskInstance:
    """Draw a company snapshot; derive the framework's required parts from its segments."""
    company, statements, summary = draw_listed_company(stream)
    shares, growths = _segment_figures(company, statements)
    # The framework names one largest and one fastest-growing segment, so both must be unique.
    while len(set(shares)) < len(shares) or growths.count(max(growths)) > 1:
        company, statements, summary = draw_listed_company(stream)
        shares, growths = _segment_figures(company, statements)
    count = len(company.segments)
    revenue = summary.revenue
    operating_margin = round_half_up(100 * summary.operating_income / summary.revenue, 0)
    employees = employee_count(company, statements.values[company.fiscal_years[-1]]["revenue"])
    omitted = stream.choice(OMITTABLE)
    segments = list(zip(company.segment_names, shares, growths, strict=True))
    template = stream.choice(_SEGMENTS)
    information = (
        stream.choice(_OPENINGS).format(
            name=company.short_name,
            ticker=company.ticker,
            sector=company.industry.label,
            sector_article=with_article(company.industry.label),
            revenue=millions(revenue),
        )
        + " Segments: "
        + "; ".join(template.format(segment=s, share=p, growth=g) for s, p, g in segments)
        + f". Operating margin last year was {operating_margin:.0f}%, and the company has "
        f"{employees:,} employees."
        + "\n\nNotes from my meeting with management: "
        + " ".join(
            plan.format(segment=segment, customers=company.customers)
            for (segment, _, _), plan in zip(segments, stream.sample(_PLANS, count), strict=True)
        )
        + "\n\n"
        + stream.choice(_BRIEFS).format(
            audience=stream.choice(_AUDIENCES), pages=stream.randint(15, 40), weeks=stream.randint(2, 6)
        )
        + " Material I have: the last three annual reports, the investor presentation, industry statistics "
        f"and a peer list ({name_list([company_name(stream) for _ in range(3)])})."
    )
    by_share = sorted(segments, key=lambda segment: -segment[1])
    largest, fastest = by_share[0], max(segments, key=lambda segment: segment[2])
    hints = hint_map(
        must_contain=(
            "an overview of the company's background",
            *(f"a separate analysis of the {segment} business" for segment, _, _ in by_share),
            "a profit forecast and risk warning",
        ),
        at_least_contain=("a logical order of sections", "the data each section needs"),
        should_contain=(
            f"{largest[0]} as the largest segment ({largest[1]}% of revenue)",
            f"{fastest[0]} as the fastest-growing segment ({fastest[2]}% a year)",
        ),
        encourage=("peer comparison within each segment", "key assumptions behind the forecast"),
        forbid=(f"{with_article(omitted)} section",),
    )
    facts: dict[str, FactValue] = {
        "company": company.short_name,
        "sector": company.industry.label,
        "revenue": revenue,
        "segment_count": count,
        "omitted_section": omitted,
    }
    for number, (segment, share, growth) in enumerate(segments, start=1):
        facts[f"segment_{number}_name"] = segment
        facts[f"segment_{number}_share"] = share
        facts[f"segment_{number}_growth"] = growth
    details = (
        stream.choice(_SCOPES).format(
            count=count_word(count), lines="; ".join(segment for segment, _, _ in segments)
        ),
    )
    needs, needs_variants = phrase_needs(
        stream, _NEEDS, details, name=company.short_name, omitted=omitted, an_omitted=with_article(omitted)
    )
    return TaskInstance(
        "analyst_simulation", information, needs, hints, facts, "", needs_variants=needs_variants
    )
