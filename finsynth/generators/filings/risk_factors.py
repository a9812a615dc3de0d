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
from finsynth.generators.filings.risk_facts import fill, risk_facts
from finsynth.generators.filings.risk_prose import RISK_PROSE as _PROSE
from finsynth.seeding import RandomStream, derive_seed
from finsynth.world.company import Company
from finsynth.world.industry_profiles import RiskProfile
from finsynth.world.statements import Statements

INDUSTRY_RISKS = "Risks Related to Our Industry"
PREFERRED_WHEN = {"acquisitions": "acquisitions"}
"""General risks offered first when filling a filing's length, by topic, and the fact of the latest year
that makes them the company's own (a company that bought businesses that year warns about acquisitions)."""
_REQUIRED_INDUSTRY_RISKS = 1
_REQUIRED_GENERAL_RISKS = 1
"""General risks every filing keeps (the first drawn); with the industry's first risk they are Item 1A's
required content. One, since the risks' sentences state the company's figures and so run longer (issue #29):
the shortest supported filing still holds every filing's required content."""


def _first_person(label: str) -> str:
    """Turn a label written about the company ("its suppliers") into the filing's voice ("our suppliers")."""
    return " ".join("our" if word == "its" else word for word in label.split(" "))


def risk_block(
    risk: RiskProfile,
    stream: RandomStream,
    group: str,
    additions: tuple[str, ...] = (),
) -> Block:
    """Return one risk factor: its headline, then its explanation, all stating fact ``risk.<topic>``.

    Args:
        risk: The risk, its headline and sentences already filled with the company's facts.
        stream: Orders the explanation's sentences after the first.
        group: The subheading the risk appears under.
        additions: Sentences added after the explanation (the risk's exposure in the company's figures).

    """
    key = f"risk.{risk.topic}"
    first, *others = risk.body
    sentences = [first, *stream.sample(others, len(others)), *additions]
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


class _Facts:
    """Draws, for each risk, the segments it lands on and returns the company's facts for them."""

    def __init__(self, company: Company, statements: Statements, stream: RandomStream) -> None:
        self._company, self._statements, self._stream = company, statements, stream

    def company(self) -> dict[str, str]:
        """The facts of the company as a whole (its first segments named, nothing drawn)."""
        count = len(self._company.segments)
        return risk_facts(self._company, self._statements, 0, min(1, count - 1))

    def draw(self, segment: int | None = None) -> dict[str, str]:
        """The facts for a risk on ``segment`` (drawn when ``None``) and a second, different segment."""
        count = len(self._company.segments)
        others = [index for index in range(count) if index != segment] if segment is not None else []
        if segment is None:
            segment, *rest = self._stream.sample(range(count), min(2, count))
            other = rest[0] if rest else segment
        else:
            other = self._stream.choice(others) if others else segment
        return risk_facts(self._company, self._statements, segment, other)


def _filled(risk: RiskProfile, facts: dict[str, str]) -> RiskProfile:
    """An industry or segment risk with its headline and sentences filled from ``facts``."""
    return RiskProfile(
        risk.topic,
        risk.label,
        risk.headline.format_map(facts),
        risk.summary,
        tuple(sentence.format_map(facts) for sentence in risk.body),
    )


def _segment_risks(company: Company, stream: RandomStream, facts: _Facts) -> list[RiskProfile]:
    """Risk factors specific to each of the company's segments, filled with that segment's figures."""
    risks = []
    for index, segment in enumerate(company.segments):
        for risk in _PROSE.segment_risks:
            names = {"segment": segment.name, "offering": segment.offering}
            risks.append(
                _filled(
                    RiskProfile(
                        f"{risk.topic}_{index}",
                        risk.label.format(**names),
                        risk.headline,
                        risk.summary.format(**names),
                        risk.body,
                    ),
                    facts.draw(index),
                )
            )
    return stream.sample(risks, len(risks))


def risk_candidates(
    company: Company, statements: Statements, stream: RandomStream, wording: RandomStream
) -> list[Candidate]:
    """Return Item 1A's blocks: an introduction, then risk factors (two required: the first of each kind).

    Args:
        company: The company whose risks these are.
        statements: Its statements, for the figures that tie each risk to its segments.
        stream: Draws which risks come first and how they are elaborated.
        wording: Draws the wording of each general risk's headline and sentences, one draw each as
            before facts filled them, so later Items that draw from it do not shift.

    """
    # The segments each risk lands on and the summary's lead come from Item 1A's own stream, derived
    # from the wording stream's seed without drawing from it (issue #29).
    own = RandomStream(derive_seed(wording.seed, "filings", "variety-risks"))
    facts = _Facts(company, statements, own)
    industry_risks = [
        *(
            _filled(risk, facts.draw())
            for risk in stream.sample(company.industry.risks, len(company.industry.risks))
        ),
        *_segment_risks(company, stream, facts),
    ]
    drawn = stream.sample(GENERAL_RISKS, len(GENERAL_RISKS))
    general = [
        (risk.group, risk.draw(wording, facts.draw()))
        for risk in drawn
        if (company.industry.trade_terms or not risk.trade_only)
        and not (company.industry.domestic and risk.foreign_only)
    ]
    required_general = {risk.topic for _, risk in general[:_REQUIRED_GENERAL_RISKS]}
    company_facts = facts.company()
    preferred = {topic for topic, fact in PREFERRED_WHEN.items() if fact in company_facts}

    def additions(risk: RiskProfile) -> tuple[str, ...]:
        return exposures(_first_person(risk.label), company, statements, stream)

    opening = facts.draw()
    introduction = stream.choice(_PROSE.introductions).format_map(opening)
    candidates = [Candidate(Block((prose(introduction),)), True)]
    candidates.extend(
        Candidate(
            risk_block(risk, stream, INDUSTRY_RISKS, additions(risk)),
            index < _REQUIRED_INDUSTRY_RISKS,
        )
        for index, risk in enumerate(industry_risks)
    )
    # General risks keep their subheading order; within a group the drawn order decides.
    for group in dict.fromkeys(risk.group for risk in GENERAL_RISKS):
        for risk_group, risk in general:
            if risk_group == group:
                block = risk_block(risk, stream, group, additions(risk))
                candidates.append(Candidate(block, risk.topic in required_general, risk.topic in preferred))
    summary = Block(
        (
            heading("Summary of Risk Factors"),
            prose(fill(_PROSE.summary_leads, opening, own)),
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
