"""Banks, insurers and REITs file unclassified balance sheets, and nothing in their filings assumes otherwise.

The world declares ``Industry.classified_balance_sheet``: a bank, insurer or REIT lists its assets
and liabilities by liquidity, with no current subtotals, as its real 10-K does. Its filing shows
no "Total current assets" or "Total current liabilities" row and says nothing of current assets,
current liabilities, a current or quick ratio or working capital, in prose, tables or questions.
"Current portion of long-term debt" stays: it states when debt falls due, not a classification.
The balance sheet still ties: its asset lines add up to total assets, and liabilities plus equity
equal them.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from finsynth.generators.filings import QUESTION_KINDS, Filing, make_filing, make_item
from finsynth.generators.filings.document import make_full_filing
from finsynth.generators.filings.questions import FilingFacts
from finsynth.generators.filings.tables import BALANCE_SHEET_TITLE, CELL_SEPARATOR
from finsynth.seeding import RandomStream
from finsynth.world.industries import INDUSTRIES
from tests.generators.filings.seeds import industry_seeds

UNCLASSIFIED = [industry.key for industry in INDUSTRIES if not industry.classified_balance_sheet]
CURRENT_CLASSIFICATION = re.compile(
    r"current assets|current liabilities|current ratio|quick ratio|acid-test|working[- ]capital",
    re.IGNORECASE,
)
"""Words that only a classified balance sheet supports."""
CURRENT_SUBTOTAL_QUESTIONS = ("working_capital", "current_ratio", "quick_ratio", "supply_risk_exposure")
"""Question kinds whose answer needs a current subtotal."""


@cache
def _filings(industry: str) -> tuple[tuple[int, Filing], ...]:
    """Six full-length filings of ``industry`` with their seeds."""
    return tuple(
        (seed, make_filing(seed, target_tokens=26_000, fit_required=True))
        for seed in industry_seeds(industry, 6)
    )


def _balance_sheet_rows(filing: Filing) -> list[tuple[str, list[int]]]:
    """The rows of the balance sheet as printed: label and amounts (a dash is zero), latest first."""
    lines = filing.text.split("\n")
    start = lines.index(BALANCE_SHEET_TITLE) + 2  # the title, then the header
    rows = []
    for line in lines[start:]:
        if CELL_SEPARATOR not in line:
            break
        label, *cells = line.split(CELL_SEPARATOR)
        rows.append((label, [_amount(cell) for cell in cells]))
    return rows


def _amount(cell: str) -> int:
    if cell == "—":
        return 0
    negative = cell.startswith("(")
    value = int(cell.strip("()").replace(",", ""))
    return -value if negative else value


def test_banks_insurers_and_reits_are_the_unclassified_industries() -> None:
    assert sorted(UNCLASSIFIED) == sorted(industry.key for industry in INDUSTRIES if not industry.trade_terms)
    assert sorted(UNCLASSIFIED) == [
        "office_industrial_reit",
        "property_casualty_insurance",
        "regional_banking",
    ]


@pytest.mark.parametrize("industry", UNCLASSIFIED)
def test_an_unclassified_filing_says_nothing_of_current_assets_or_liabilities(industry: str) -> None:
    for seed, filing in _filings(industry):
        found = CURRENT_CLASSIFICATION.search(filing.text)
        assert found is None, (industry, seed, filing.text[found.start() - 200 : found.end() + 100])
        assert not any(
            key.startswith(("total_current_assets", "total_current_liabilities")) for key in filing.facts
        )
        # When debt falls due is still stated, in the industry's words ("Short-term borrowings" at a bank).
        label = next(i for i in INDUSTRIES if i.key == industry).balance.label(
            "current_debt", "Current portion of long-term debt"
        )
        assert f"{label} |" in filing.text


@pytest.mark.parametrize("industry", UNCLASSIFIED)
def test_no_question_about_an_unclassified_filing_needs_a_current_subtotal(industry: str) -> None:
    for seed, filing in _filings(industry):
        facts = FilingFacts(filing)
        for name, kind in QUESTION_KINDS.items():
            item = kind.ask(facts, RandomStream(seed))
            if item is None:
                continue
            assert name not in CURRENT_SUBTOTAL_QUESTIONS, (industry, seed, name)
            for text in (item.question, item.answer, *item.citations):
                assert not CURRENT_CLASSIFICATION.search(text), (industry, seed, name, text)


@pytest.mark.parametrize("industry", UNCLASSIFIED)
def test_an_unclassified_balance_sheet_ties(industry: str) -> None:
    for seed, filing in _filings(industry):
        rows = _balance_sheet_rows(filing)
        labels = [label for label, _ in rows]
        assert not [label for label in labels if "current" in label.lower() and "debt" not in label], labels
        total_assets = labels.index("Total assets")
        total_liabilities = labels.index("Total liabilities")
        equity = labels.index("Total stockholders' equity")
        amounts = dict(rows)
        for column, total in enumerate(amounts["Total assets"]):
            assert sum(cells[column] for _, cells in rows[:total_assets]) == total, (seed, column)
            liabilities = sum(cells[column] for _, cells in rows[total_assets + 1 : total_liabilities])
            assert liabilities == amounts["Total liabilities"][column], (seed, column)
            stockholders = sum(cells[column] for _, cells in rows[total_liabilities + 1 : equity])
            assert stockholders == amounts["Total stockholders' equity"][column], (seed, column)
            both = amounts["Total liabilities"][column] + amounts["Total stockholders' equity"][column]
            assert amounts["Total liabilities and stockholders' equity"][column] == both == total


@pytest.mark.parametrize("industry", UNCLASSIFIED)
def test_failsafe_items_about_unclassified_filings_say_nothing_of_current_subtotals(industry: str) -> None:
    for seed in industry_seeds(industry, 25, start=10_000):
        filing, item = make_item(seed)
        assert item.kind not in CURRENT_SUBTOTAL_QUESTIONS, (seed, item.kind)
        for text in (filing.text, item.question, item.answer):
            assert not CURRENT_CLASSIFICATION.search(text), (industry, seed, item.kind)


def test_a_classified_filing_keeps_its_current_subtotals_and_ratios() -> None:
    asked: set[str] = set()
    # Full filings: every block the company has, whichever a length target would keep.
    for seed in industry_seeds("industrial_machinery", 6):
        filing = make_full_filing(seed)
        labels = [label for label, _ in _balance_sheet_rows(filing)]
        assert "Total current assets" in labels and "Total current liabilities" in labels
        assert "Current ratio" in filing.text
        facts = FilingFacts(filing)
        asked.update(
            name
            for name in CURRENT_SUBTOTAL_QUESTIONS[:3]
            if QUESTION_KINDS[name].ask(facts, RandomStream(seed))
        )
    assert asked == set(CURRENT_SUBTOTAL_QUESTIONS[:3])
