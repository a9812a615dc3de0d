"""Item 1A, Risk Factors: industry risks first, then general risks under their subheadings.

The wordings are data: the general risks in ``resources/general_risks.yaml``, the introduction,
exposure sentences and segment risks in ``resources/risk_prose.yaml``
(:mod:`finsynth.generators.filings.risk_prose`). Each risk's own sentences are followed by exposure
sentences that tie it to the company's segments and figures
(:mod:`finsynth.generators.filings.risk_exposures`).
"""

from __future__ import annotations

from finsynth.generators.filings.blocks import Block, Candidate, Line, Paragraph, heading, prose
from finsynth.generators.filings.general_risks import GENERAL_RISKS
from finsynth.generators.filings.risk_exposures import exposures
from finsynth.generators.filings.risk_prose import RISK_PROSE as _PROSE
from finsynth.seeding import RandomStream
from finsynth.world.company import Company
from finsynth.world.industry_profiles import RiskProfile
from finsynth.world.statements import Statements

INDUSTRY_RISKS = "Risks Related to Our Industry"
_REQUIRED_INDUSTRY_RISKS = 1
_REQUIRED_GENERAL_RISKS = 2


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
        additions: Sentences added after the explanation (the risk's exposure in the company's figures).

    """
    industry = company.industry
    key = f"risk.{risk.topic}"
    first, *others = risk.body
    ordered = [first, *stream.sample(others, len(others))]
    sentences = [
        sentence.format(
            customers=industry.customers,
            products=industry.products,
            competitors=industry.competitors,
        )
        for sentence in ordered
    ]
    sentences.extend(additions)
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


def _segment_risks(company: Company, stream: RandomStream) -> list[RiskProfile]:
    """Risk factors specific to each of the company's segments."""
    risks = []
    for index, segment in enumerate(company.segments):
        for risk in _PROSE.segment_risks:
            names = {"segment": segment.name, "offering": segment.offering}
            risks.append(
                RiskProfile(
                    f"{risk.topic}_{index}",
                    risk.label.format(**names),
                    risk.headline.format(**names),
                    risk.summary.format(**names),
                    tuple(sentence.format(**names) for sentence in risk.body),
                )
            )
    return stream.sample(risks, len(risks))


def risk_candidates(
    company: Company, statements: Statements, stream: RandomStream, wording: RandomStream
) -> list[Candidate]:
    """Return Item 1A's blocks: an introduction, then risk factors (four required, the rest optional).

    Args:
        company: The company whose risks these are.
        statements: Its statements, for the figures that tie each risk to its segments.
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
        if (company.industry.trade_terms or not risk.trade_only)
        and not (company.industry.domestic and risk.foreign_only)
    ]
    required_general = {risk.topic for _, risk in general[:_REQUIRED_GENERAL_RISKS]}

    def additions(risk: RiskProfile) -> tuple[str, ...]:
        return exposures(_first_person(risk.label), company, statements, stream)

    candidates = [Candidate(Block((prose(stream.choice(_PROSE.introductions)),)), True)]
    candidates.extend(
        Candidate(
            risk_block(risk, company, stream, INDUSTRY_RISKS, additions(risk)),
            index < _REQUIRED_INDUSTRY_RISKS,
        )
        for index, risk in enumerate(industry_risks)
    )
    # General risks keep their subheading order; within a group the drawn order decides.
    for group in dict.fromkeys(risk.group for risk in GENERAL_RISKS):
        for risk_group, risk in general:
            if risk_group == group:
                block = risk_block(risk, company, stream, group, additions(risk))
                candidates.append(Candidate(block, risk.topic in required_general))
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
