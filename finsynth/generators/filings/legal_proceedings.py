"""Item 3, Legal Proceedings: drawn cases with their parties, courts, claims and amounts (issue #29).

The kinds of case, the courts and the stages are data (``resources/legal_proceedings.yaml``, checked
against ``filings_legal_proceedings.schema.json`` when loaded, then for the placeholders each text may
name). A filing draws two to four cases its industry can face; each names a party (a drawn name), the
court, the month it was filed, the segment it concerns, the amount claimed (a share of that segment's
revenue) and where it stands. A recorded liability is a small part of the accrued liabilities, so it
never exceeds what the balance sheet holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from finsynth.errors import ConfigError
from finsynth.generators.filings.blocks import Block, Line, prose
from finsynth.generators.filings.resource_files import check_placeholders, read_resource, texts_of
from finsynth.schemas import Validator, load_schema
from finsynth.schemas.loader import check_data_file
from finsynth.seeding import RandomStream
from finsynth.world.company import Company
from finsynth.world.formatting import MONTH_NAMES, money, percent_figure, share_of
from finsynth.world.names import LAST_NAMES, person_name
from finsynth.world.statements import Statements

CASES_FILE = "resources/legal_proceedings.yaml"
"""Where the cases live, relative to the ``finsynth.generators.filings`` package."""
CASE_PLACEHOLDERS = ("segment", "offering", "firm", "person", "city")
COURT_PLACEHOLDERS = ("state",)
STAGE_PLACEHOLDERS = ("hearing", "accrued", "year")
CASES_PER_FILING = (2, 4)
"""Fewest and most cases a filing describes."""
CLAIM_SHARE = (0.002, 0.03)
"""The amount claimed, as a share of the segment's revenue (drawn uniformly)."""
ACCRUAL_SHARE = 0.1
"""A recorded liability is at most this share of the accrued liabilities."""
_PARTY_WORDS = ("Holdings", "Partners", "Supply", "Services", "Industries", "Group", "Trading", "Capital")


@dataclass(frozen=True)
class CaseKind:
    """A kind of case: who brings it, what it claims, what it seeks, and which companies face it."""

    party: str
    claim: str
    relief: str
    trade_only: bool = False
    finance_only: bool = False


@dataclass(frozen=True)
class LegalProse:
    """The shipped cases, courts and stages, in file order."""

    cases: tuple[CaseKind, ...]
    courts: tuple[str, ...]
    stages: tuple[str, ...]


def parse_legal_proceedings(document: Any, source: str) -> LegalProse:
    """Check a legal-proceedings document and return its lists.

    Raises:
        ConfigError: Naming the source and the JSON path of the first problem: a schema violation,
            a placeholder the code does not fill there, or a case both trade-only and finance-only.

    """
    validator = Validator(load_schema("filings_legal_proceedings"), "filings legal proceedings")
    check_data_file(validator, document, source)
    for index, entry in enumerate(document["cases"]):
        where = f"$.cases[{index}]"
        texts = [(f"{where}.{field}", entry[field]) for field in ("party", "claim", "relief")]
        check_placeholders(texts, CASE_PLACEHOLDERS, source)
        if entry.get("trade_only") and entry.get("finance_only"):
            raise ConfigError("a case cannot be both trade_only and finance_only", source=source, path=where)
    check_placeholders(texts_of("$.courts", document["courts"]), COURT_PLACEHOLDERS, source)
    check_placeholders(texts_of("$.stages", document["stages"]), STAGE_PLACEHOLDERS, source)
    return LegalProse(
        tuple(
            CaseKind(
                entry["party"],
                entry["claim"],
                entry["relief"],
                entry.get("trade_only", False),
                entry.get("finance_only", False),
            )
            for entry in document["cases"]
        ),
        tuple(document["courts"]),
        tuple(document["stages"]),
    )


LEGAL_PROSE = parse_legal_proceedings(*read_resource(CASES_FILE))
"""The shipped cases."""


def _fits(case: CaseKind, company: Company) -> bool:
    trade = company.industry.trade_terms
    return not (case.trade_only and not trade) and not (case.finance_only and trade)


def legal_cases(company: Company, statements: Statements, stream: RandomStream) -> list[Block]:
    """Return one block per drawn case, each stating its party, court, amount claimed and stage.

    Facts: ``legal.case.<i>.party``, ``.court``, ``.filed`` (the year) and ``.claimed`` (in the
    filing's unit), and ``.accrued`` where a liability is recorded.
    """
    year = statements.years[-1]
    values, unit = statements.values[year], company.unit
    kinds = [case for case in LEGAL_PROSE.cases if _fits(case, company)]
    count = min(stream.randint(*CASES_PER_FILING), len(kinds))
    accrual_room = round(values.get("accrued_liabilities", 0) * ACCRUAL_SHARE)
    blocks = []
    for number, case in enumerate(stream.sample(kinds, count)):
        index = stream.randint(0, len(company.segments) - 1)
        segment = company.segments[index]
        firm = f"{stream.choice(LAST_NAMES)} {stream.choice(_PARTY_WORDS)}"
        names = {
            "segment": segment.name,
            "offering": segment.offering,
            "firm": firm,
            "person": person_name(stream),
            "city": company.city,
        }
        party = case.party.format(**names)
        court = stream.choice(LEGAL_PROSE.courts).format(state=company.state)
        filed_year = year - stream.randint(0, 2)
        filed_month, hearing_month = stream.randint(0, 11), stream.randint(0, 11)
        filed = f"{MONTH_NAMES[filed_month]} {filed_year}"
        hearing = f"{MONTH_NAMES[hearing_month]} {year + 1}"
        months = (year + 1 - filed_year) * 12 + hearing_month - filed_month
        claimed = max(1, round(values[f"segment.{index}"] * stream.uniform(*CLAIM_SHARE)))
        accrued = min(accrual_room, round(claimed * stream.uniform(0.1, 0.4)))
        claimed_share = percent_figure(share_of(claimed, values[f"segment.{index}"]))
        stages = [
            index for index, text in enumerate(LEGAL_PROSE.stages) if accrued > 0 or "{accrued}" not in text
        ]
        stage = stream.choice(stages)
        key = f"legal.case.{number}"
        facts: dict[str, float | str] = {
            f"{key}.party": party.rstrip(","),
            f"{key}.court": court,
            f"{key}.filed": filed_year,
            f"{key}.claimed": float(claimed),
        }
        stage_text = LEGAL_PROSE.stages[stage].format(
            hearing=hearing, accrued=money(accrued, unit), year=year
        )
        stage_facts: tuple[str, ...] = ()
        if "{accrued}" in LEGAL_PROSE.stages[stage]:
            facts[f"{key}.accrued"] = float(accrued)
            stage_facts = (f"{key}.accrued",)
        blocks.append(
            Block(
                (
                    prose(
                        Line(
                            f"In {filed}, {party} filed a complaint against us in {court}, alleging that "
                            f"{case.claim.format(**names)}.",
                            (f"{key}.party", f"{key}.court", f"{key}.filed"),
                        ),
                        Line(
                            f"The complaint seeks {money(claimed, unit)}, {claimed_share} of the "
                            f"{segment.name} segment's fiscal {year} revenue, together with "
                            f"{case.relief.format(**names)}.",
                            (f"{key}.claimed",),
                        ),
                        Line(
                            f"{stage_text[:-1]}, {months} months after the complaint was filed.", stage_facts
                        ),
                    ),
                ),
                facts=facts,
            )
        )
    return blocks
