"""Industry Report Summarization: summarise an industry report's outlook, investment directions and risks.

Data: an industry outlook (:mod:`~finsynth.generators.ucfe.instances.world.industry`),
a market size ($ billions), a growth rate, a horizon, two or three investment directions with
reasons, and two risks. Rule: the projected size is size × (1 + growth)^years to one decimal
(stated in the report). ``must_contain`` holds the market size, the growth rate and the
projection as written; ``at_least_contain`` asks for at least two of the directions;
``should_contain`` lists the risks and the recommended companies. The report also reviews the
competitive landscape and valuation, so a summary has to select.
"""

from __future__ import annotations

from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.generators.ucfe.instances.world.industry import OUTLOOKS, projected_size
from finsynth.seeding import RandomStream
from finsynth.world.formatting import name_list
from finsynth.world.names import company_name

_OUTLOOKS = (
    "The {industry} market was worth ${size:,.1f} billion in {year}. Because {driver}, we expect it to grow "
    "{growth} a year and reach ${projected:,.1f} billion by {end}.",
    "Our estimate puts {industry} at ${size:,.1f} billion ({year}). {driver_cap}; at a compound growth "
    "rate of "
    "{growth}, the market should be ${projected:,.1f} billion in {end}.",
    "{industry_cap}: a ${size:,.1f} billion market in {year}, set to compound at {growth} to "
    "${projected:,.1f} "
    "billion by {end}, as {driver}.",
)
_DIRECTIONS = (
    "We see value in {direction}: {reason}.",
    "Direction {number} — {direction}, because {reason}.",
    "{direction_cap}: this segment stands out since {reason}.",
)
_RISKS = ("Risks: {risks}.", "Main risks to our view: {risks}.", "What could go wrong: {risks}.")
_SUMMARIES = (
    "Summary: we {stance} {industry}. The market keeps growing at about {growth} a year, and the sections "
    "below set out where we see the best opportunities and what could go wrong.",
    "Key points: {industry} remains a growth market ({growth} a year by our estimate); we {stance} the "
    "sector and pick the segments below.",
    "In short, we {stance} {industry}: demand is rising about {growth} a year, but returns will differ "
    "widely between segments.",
)
_STANCES = ("are overweight on", "keep a positive view of", "hold a neutral-to-positive stance on")
_RATINGS = ("rated buy", "rated overweight", "rated accumulate")
_RISK_NOTES = (
    "Each of these risks would hit earnings first at the smaller, more indebted companies; we would cut "
    "our stance if two of them came true together.",
    "We watch the risks through monthly order data and company guidance, and will revise our forecasts "
    "if they materialise.",
    "None of these risks is our central case, but together they could cut the sector's growth by a third.",
)
_NEEDS = (
    "Summarise this industry report: overview, investment directions and possible risks.",
    "Give me the key points of this report - market outlook, where to invest and the risks.",
    "Condense the report into an industry summary covering size and growth, investment ideas and risks.",
    "I only have a few minutes. What does the report say about the market, the picks and the risks?",
    "Pull out the numbers, the recommended companies and the risk warnings from this report.",
    "Summarise the report faithfully in a few paragraphs; do not add anything it does not say.",
    "Turn this report into a one-page brief: outlook, investment directions, named companies, risks.",
    "What is the report's view of the industry and which segments and companies does it favour?",
    "Write a short summary I can forward to my team, keeping the report's figures exact.",
    "Give me the gist: how big and how fast-growing is the market, where is the value, and what could "
    "go wrong?",
)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


@task_instance("industry_report_summarization")
def industry_report_summarization(stream: RandomStream) -> TaskInstance:
    """Draw an industry report; the summary must carry its figures and at least two directions."""
    industry = stream.choice(OUTLOOKS)
    size = stream.randint(50, 9000) / 10
    growth_tenths = stream.randint(25, 180)
    years = stream.randint(3, 8)
    year = stream.randint(2022, 2025)
    projected = projected_size(size, growth_tenths, years)
    directions = stream.sample(industry.directions, stream.randint(2, len(industry.directions)))
    risks = stream.sample(industry.risks, 2)
    growth = f"{growth_tenths // 10}.{growth_tenths % 10}%"
    outlook = stream.choice(_OUTLOOKS).format(
        industry=industry.name,
        industry_cap=_capitalised(industry.name),
        size=size,
        year=year,
        driver=industry.driver,
        driver_cap=_capitalised(industry.driver),
        growth=growth,
        projected=projected,
        end=year + years,
    )
    direction_template = stream.choice(_DIRECTIONS)
    lines = [
        f"{company_name(stream)} Research — {industry.name} outlook.",
        outlook,
        *(
            direction_template.format(
                direction=name, direction_cap=_capitalised(name), reason=reason, number=number
            )
            for number, (name, reason) in enumerate(directions, start=1)
        ),
        stream.choice(_RISKS).format(risks="; ".join(risks)),
    ]
    names = [name for name, _ in directions]
    leaders = [company_name(stream) for _ in range(3)]
    leader_shares = sorted(stream.sample(range(6, 28), 3), reverse=True)
    picks = [(company_name(stream), direction) for direction in names]
    sector_pe, history_pe = stream.randint(120, 450) / 10, stream.randint(120, 450) / 10
    lines[1:1] = [
        stream.choice(_SUMMARIES).format(
            industry=industry.name, growth=growth, stance=stream.choice(_STANCES)
        ),
    ]
    lines += [
        "Competitive landscape: the three largest players, "
        + ", ".join(
            f"{leader} (about {share}% of sales)"
            for leader, share in zip(leaders, leader_shares, strict=True)
        )
        + f", together hold {sum(leader_shares)}% of the market; the rest is fragmented among smaller "
        "regional "
        "firms. Consolidation is likely as smaller firms struggle to fund new capacity and technology.",
        "Companies we recommend: "
        + "; ".join(
            f"{name}, {stream.choice(_RATINGS)}, as a leading name in {direction}"
            for name, direction in picks
        )
        + ".",
        f"Valuation: the sector trades at {sector_pe:.1f} times forward earnings against a five-year average "
        f"of {history_pe:.1f} times. "
        + (
            "The premium is justified only if growth holds, so we prefer companies with visible orders."
            if sector_pe > history_pe
            else "The discount leaves room for a re-rating if earnings hold up."
        ),
        lines.pop(-1) + " " + stream.choice(_RISK_NOTES),
        "This report is for professional investors. Figures are our estimates unless stated otherwise and "
        "may change without notice.",
    ]
    hints = hint_map(
        must_contain=(f"${size:,.1f} billion", growth, f"${projected:,.1f} billion by {year + years}"),
        at_least_contain=(f"at least two of: {'; '.join(names)}",),
        should_contain=(*risks, *(f"{name} as a recommended company" for name, _ in picks)),
        encourage=(f"why {industry.driver}",),
        forbid=("investment directions the report does not give", "figures not in the report"),
    )
    reference = (
        f"The {industry.name} market (${size:,.1f} billion in {year}) should grow {growth} a year to "
        f"${projected:,.1f} billion by {year + years}; the report favours {name_list(names)}, with risks "
        f"from {' and '.join(risks)}."
    )
    facts: dict[str, FactValue] = {
        "industry": industry.name,
        "market_size_billions": size,
        "growth_tenths": growth_tenths,
        "years": years,
        "base_year": year,
        "projected_billions": projected,
        "directions": "; ".join(names),
        "risks": "; ".join(risks),
    }
    needs, needs_variants = phrase_needs(stream, _NEEDS)
    return TaskInstance(
        "industry_report_summarization",
        "\n\n".join(lines),
        needs,
        hints,
        facts,
        reference,
        needs_variants=needs_variants,
    )
