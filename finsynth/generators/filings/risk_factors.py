"""Item 1A, Risk Factors: industry risks first, then general risks under their subheadings."""

from __future__ import annotations

from finsynth.generators.filings.blocks import Block, Candidate, Line, Paragraph, heading, prose
from finsynth.generators.filings.company import Company
from finsynth.generators.filings.general_risks import GENERAL_RISKS
from finsynth.seeding import RandomStream
from finsynth.world.industry_profiles import RiskProfile

INDUSTRY_RISKS = "Risks Related to Our Industry"
_REQUIRED_INDUSTRY_RISKS = 1
_REQUIRED_GENERAL_RISKS = 2
_INTRODUCTIONS = (
    "Investing in our common stock involves risk. You should consider the risks described below, together "
    "with the other information in this report, before making an investment decision.",
    "The risks below could materially affect our business, financial condition and results of operations. "
    "They are not the only risks we face; others that we do not know of or now consider immaterial could "
    "also harm us.",
    "An investment in our common stock carries risk. Read the risks below, with the rest of this report, "
    "before deciding to invest.",
    "Any of the following risks could harm our business, financial condition or results of operations, and "
    "the trading price of our common stock could decline as a result.",
)

_ELABORATIONS = (
    "We regularly assess our exposure to risks concerning {label}, but these assessments rely on information "
    "that may be incomplete.",
    "Developments concerning {label} have affected other companies in our industry and could affect us in "
    "similar ways.",
    "Because our {products} are sold to {customers}, problems concerning {label} could spread quickly "
    "across our customer base.",
    "Our board of directors and its committees review matters concerning {label} as part of their oversight "
    "of enterprise risk.",
    "The financial effect of problems concerning {label} may not become apparent until several quarters "
    "later.",
    "Policies and procedures we have adopted concerning {label} may not anticipate every situation.",
    "Matters concerning {label} may require us to change our plans for capital spending or hiring.",
    "Competitors such as {competitors} may be affected differently by matters concerning {label}, which "
    "could shift market share.",
    "Public disclosure of problems concerning {label} could attract the attention of regulators and "
    "investors.",
    "We may incur costs to address matters concerning {label} that we cannot pass on to customers.",
    "Third parties on which we rely may not manage matters concerning {label} as carefully as we do.",
    "Estimates in our financial statements could change if conditions concerning {label} worsen.",
    "Our exposure to matters concerning {label} has grown as our business has expanded.",
    "Historical experience concerning {label} may not be a reliable guide to future outcomes.",
    "Addressing matters concerning {label} could divert resources from the development of our {products}.",
    "Insurance and contractual protections may cover only part of the losses concerning {label}.",
    "Customers may seek assurances from us about {label}, and providing them adds cost.",
    "Disagreements with partners about responsibility for matters concerning {label} could lead to disputes.",
    "Several of our peers have reported charges or disruptions concerning {label} in recent years.",
    "We expect scrutiny of matters concerning {label} to increase over the coming years.",
    "Management time spent on matters concerning {label} reduces the attention available for other "
    "priorities.",
    "The combined effect of this risk with the others described in this section could be greater than any of "
    "them alone.",
    "Investors evaluating our common stock should consider the uncertainty concerning {label} carefully.",
    "Our internal reporting on matters concerning {label} may not identify problems early enough to prevent "
    "losses.",
    "Lenders and rating agencies may take a less favorable view of us if problems concerning {label} arise.",
    "We cannot predict how long any difficulties concerning {label} would last.",
    "Smaller businesses in our industry have sometimes failed because of problems concerning {label}.",
    "Employees may be distracted or leave if matters concerning {label} create uncertainty.",
    "We may disclose more about {label} in future reports as our assessment develops.",
    "Our responses to matters concerning {label} may be viewed unfavorably by some customers.",
    "Contractual commitments may limit our flexibility to respond to developments concerning {label}.",
    "Legal advice and outside experts on matters concerning {label} add to our costs.",
    "Risks concerning {label} are heightened in periods of economic or political instability.",
    "Some of our {products} are more exposed than others to matters concerning {label}.",
    "We may not learn of emerging problems concerning {label} until they have already affected our results.",
    "Any remediation related to {label} could take longer and cost more than we expect.",
    "The actions of governments could either ease or worsen our exposure to {label}.",
    "Even well-managed companies have suffered losses because of developments concerning {label}.",
    "In a downturn, pressures concerning {label} could coincide with weaker demand from {customers}.",
    "Our planning assumes that conditions concerning {label} will not deteriorate sharply.",
    "Peers with greater scale may be better able to absorb pressures concerning {label}.",
    "Changes in how customers view {label} could alter their purchasing decisions.",
    "The controls we rely on to manage {label} depend in part on the judgment of individual employees.",
    "Our disclosures about {label} reflect our current understanding, which may change.",
    "We may need new systems or outside expertise to monitor {label} effectively.",
    "Scenario analyses we perform for {label} may understate the range of possible outcomes.",
    "Reputational harm from problems concerning {label} can outlast the underlying problem.",
    "Difficulties concerning {label} could make it harder to attract and retain talented employees.",
    "We could face claims from shareholders if problems concerning {label} affect our share price.",
    "Any of our segments could be affected by matters concerning {label}, though not to the same degree.",
)
_ELABORATIONS_PER_RISK = 5
_SEGMENT_EXPOSURES = (
    "Of our segments, {segment} is the most exposed to {label}, given its reliance on {offering}.",
    "We weigh {label} when we set plans and targets for our {segment} segment.",
    "A setback concerning {label} would likely show first in the results of our {segment} segment.",
    "Our {segment} and {other} segments are exposed to {label} in different ways and to different degrees.",
    "Sales of {offering} in our {segment} segment would be among the first affected by problems "
    "concerning {label}.",
)


def _first_person(label: str) -> str:
    """Turn a label written about the company ("its suppliers") into the filing's voice ("our suppliers")."""
    return " ".join("our" if word == "its" else word for word in label.split(" "))


def risk_block(
    risk: RiskProfile,
    company: Company,
    stream: RandomStream,
    group: str,
    additions: tuple[str, ...] = (),
) -> Block:
    """Return one risk factor: its headline, then its explanation, all stating fact ``risk.<topic>``.

    Args:
        risk: The risk.
        company: Fills ``{customers}``, ``{products}`` and ``{competitors}`` in the explanation.
        stream: Orders the explanation's sentences after the first.
        group: The subheading the risk appears under.
        additions: Elaborating and concluding sentences (may use ``{label}``) added after the explanation.

    """
    industry = company.industry
    key = f"risk.{risk.topic}"
    first, *others = risk.body
    ordered = [first, *stream.sample(others, len(others)), *additions]
    sentences = [
        sentence.format(
            customers=industry.customers,
            products=industry.products,
            competitors=industry.competitors,
            label=_first_person(risk.label),
        )
        for sentence in ordered
    ]
    # The headline and the risk's own explanation state the risk; the added sentences only elaborate.
    explained = len(risk.body)
    body = tuple(
        Line(sentence[0].upper() + sentence[1:], (key,) if position < explained else ())
        for position, sentence in enumerate(sentences)
    )
    return Block(
        (Paragraph((Line(risk.headline, (key,)),), kind="heading"), Paragraph(body)),
        facts={key: risk.summary, f"{key}.label": risk.label},
        group=group,
    )


_SEGMENT_RISK_TEMPLATES = (
    (
        "segment_demand",
        "demand in its {segment} segment",
        "A decline in demand for {offering} would reduce the revenue of our {segment} segment.",
        "lower demand for {offering} would hurt its {segment} segment",
        (
            "Our {segment} segment depends on continued demand for {offering}.",
            "Customers may delay or cancel purchases in this segment when their own budgets tighten.",
            "Because the segment carries fixed costs, lower volumes would reduce its margin more than "
            "proportionally.",
        ),
    ),
    (
        "segment_competition",
        "competition in its {segment} segment",
        "New entrants and pricing actions could erode the position of our {segment} segment.",
        "new entrants and price competition could erode its {segment} segment",
        (
            "Competition for {offering} has intensified as new entrants target the market.",
            "Some competitors may accept lower margins to win business from our {segment} segment.",
            "Matching their prices could reduce the segment's profitability.",
        ),
    ),
)


def _segment_risks(company: Company, stream: RandomStream) -> list[RiskProfile]:
    """Risk factors specific to each of the company's segments."""
    risks = []
    for index, segment in enumerate(company.segments):
        for topic, label, headline, summary, body in _SEGMENT_RISK_TEMPLATES:
            names = {"segment": segment.name, "offering": segment.offering}
            risks.append(
                RiskProfile(
                    f"{topic}_{index}",
                    label.format(**names),
                    headline.format(**names),
                    summary.format(**names),
                    tuple(sentence.format(**names) for sentence in body),
                )
            )
    return stream.sample(risks, len(risks))


def _segment_exposure(company: Company, stream: RandomStream) -> str:
    """A sentence tying a risk (its ``{label}`` left to fill) to one or two of the company's segments."""
    segment, other = stream.sample(company.segments, 2)
    return stream.choice(_SEGMENT_EXPOSURES).format(
        segment=segment.name, other=other.name, offering=segment.offering, label="{label}"
    )


def risk_candidates(company: Company, stream: RandomStream, wording: RandomStream) -> list[Candidate]:
    """Return Item 1A's blocks: an introduction, then risk factors (four required, the rest optional).

    Args:
        company: The company whose risks these are.
        stream: Draws which risks come first and how they are elaborated.
        wording: Draws the wording of each general risk's headline and sentences.

    """
    industry_risks = [
        *stream.sample(company.industry.risks, len(company.industry.risks)),
        *_segment_risks(company, stream),
    ]
    drawn = stream.sample(GENERAL_RISKS, len(GENERAL_RISKS))
    general = [
        (risk.group, risk.draw(wording))
        for risk in drawn
        if company.industry.trade_terms or not risk.trade_only
    ]
    required_general = {risk.topic for _, risk in general[:_REQUIRED_GENERAL_RISKS]}
    elaborations = stream.sample(_ELABORATIONS, len(_ELABORATIONS))

    def additions(position: int) -> tuple[str, ...]:
        # Consecutive risks take consecutive elaborations, so repeats are as far apart as possible.
        start = position * _ELABORATIONS_PER_RISK
        chosen = [elaborations[(start + step) % len(elaborations)] for step in range(_ELABORATIONS_PER_RISK)]
        return (*chosen, _segment_exposure(company, stream))

    candidates = [Candidate(Block((prose(stream.choice(_INTRODUCTIONS)),)), True)]
    candidates.extend(
        Candidate(
            risk_block(risk, company, stream, INDUSTRY_RISKS, additions(index)),
            index < _REQUIRED_INDUSTRY_RISKS,
        )
        for index, risk in enumerate(industry_risks)
    )
    # General risks keep their subheading order; within a group the drawn order decides.
    position = len(industry_risks)
    for group in dict.fromkeys(risk.group for risk in GENERAL_RISKS):
        for risk_group, risk in general:
            if risk_group == group:
                block = risk_block(risk, company, stream, group, additions(position))
                candidates.append(Candidate(block, risk.topic in required_general))
                position += 1
    summary = Block(
        (
            heading("Summary of Risk Factors"),
            prose("The main risks that could adversely affect our business include the following."),
            Paragraph(
                tuple(
                    Line(f"- {risk.headline}")
                    for risk in (*industry_risks[:6], *(r for _, r in general[:12]))
                ),
                kind="table",
            ),
        )
    )
    candidates.insert(1, Candidate(summary))
    return candidates
