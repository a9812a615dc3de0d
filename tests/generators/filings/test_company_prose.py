"""Prose belongs to the company: no manufacturing at a bank, no currency risk without foreign revenue.

Before issue #29, 22 of 33 bank, insurer, REIT, utility and asset-manager filings carried a research and
development policy, 20 mentioned production sites, and every domestic bank, utility and REIT billed part of
its revenue in foreign currencies, because those sentences were in every filing.
"""

from __future__ import annotations

from functools import cache

import pytest

from finsynth.generators.filings import Filing, make_filing
from finsynth.generators.filings.qa import make_qa
from finsynth.generators.filings.questions import QUESTION_KINDS, FilingFacts
from finsynth.seeding import RandomStream
from finsynth.world.industries import INDUSTRIES
from finsynth.world.statements import REGIONS
from tests.generators.filings.seeds import industry_seeds

NOT_MAKERS = (
    "regional_banking",
    "property_casualty_insurance",
    "office_industrial_reit",
    "electric_utility",
    "asset_management",
)
"""Industries that make and stock no goods and do no research and development."""
DOMESTIC = [industry.key for industry in INDUSTRIES if industry.domestic]
MANUFACTURING = ("Research and Development Costs", "production sites", "| Manufacturing and distribution |")
FOREIGN = ("currencies other than the U.S. dollar", "Revenue by geographic area", "Foreign Currency Risk")


@cache
def _filings(key: str) -> tuple[tuple[int, Filing], ...]:
    return tuple(
        (seed, make_filing(seed, target_tokens=27_000)) for seed in industry_seeds(key, 2, start=700)
    )


def test_the_domestic_industries_are_the_regulated_us_ones() -> None:
    assert sorted(DOMESTIC) == sorted(NOT_MAKERS[:4])


@pytest.mark.parametrize("key", NOT_MAKERS)
def test_no_manufacturing_prose_where_nothing_is_made(key: str) -> None:
    for seed, filing in _filings(key):
        for phrase in MANUFACTURING:
            assert phrase not in filing.text, (key, seed, phrase)


@pytest.mark.parametrize("key", DOMESTIC)
def test_no_currency_prose_without_foreign_revenue(key: str) -> None:
    for seed, filing in _filings(key):
        assert not any(
            f"region.{index}.{year}" in filing.facts
            for index in range(1, len(REGIONS))
            for year in filing.fiscal_years
        )
        for phrase in FOREIGN:
            assert phrase not in filing.text, (key, seed, phrase)
        assert "billed in U.S. dollars" in filing.text


def test_a_company_with_foreign_revenue_states_its_currency_exposure_from_it() -> None:
    for seed, filing in _filings("software"):
        assert "Foreign Currency Risk" in filing.text, seed
        year = filing.fiscal_years[-1]
        foreign = sum(float(filing.facts[f"region.{index}.{year}"]) for index in range(1, len(REGIONS)))
        billed = (
            float(filing.facts["market_risk.foreign_share"]) / 100 * float(filing.facts[f"revenue.{year}"])
        )
        assert billed <= foreign * 1.01, seed  # what is billed abroad is part of the foreign revenue


def test_a_banks_critical_audit_matter_is_its_allowance() -> None:
    for seed, filing in _filings("regional_banking"):
        assert "allowance for credit losses" in str(filing.facts["auditor.critical_matter"]), seed


def test_questions_name_a_banks_lines_as_its_balance_sheet_does() -> None:
    asked = 0
    for seed, filing in _filings("regional_banking"):
        facts = FilingFacts(filing)
        for draw in range(40):
            for kind in ("balance_sheet_line", "balance_sheet_change"):
                item = QUESTION_KINDS[kind].ask(facts, RandomStream(seed * 100 + draw))
                if item is None:
                    continue
                asked += 1
                assert "accounts receivable" not in item.question and "accounts payable" not in item.question
        assert make_qa(filing, seed, task_type="QA").question
    assert asked
