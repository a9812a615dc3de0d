"""Banks, insurers and REITs do not sell on trade terms, and their filings say nothing that assumes they do.

``trade_terms: false`` in an industry's YAML leaves out customer payment terms, days of receivables
and payables, a suppliers section, shipping and warranty policies and the general risks about
suppliers, distributors, receivables and inventory; ``channels`` words how such a company reaches its
customers. Other industries keep all of it.
"""

from __future__ import annotations

import re

import pytest

from finsynth.generators.filings import make_filing
from finsynth.generators.filings.accounting_policies import MORE_POLICIES, POLICIES
from finsynth.generators.filings.document import make_full_filing
from finsynth.generators.filings.general_risks import GENERAL_RISKS
from finsynth.generators.filings.questions import QUESTION_KINDS, FilingFacts
from finsynth.seeding import RandomStream
from finsynth.world.industries import INDUSTRIES
from tests.generators.filings.seeds import industry_seeds

FINANCIAL_MEASURES = {"loan_loss_allowance", "underwriting_ratios", "funds_from_operations"}
"""Measures only a bank, an insurer or a REIT reports."""
NO_TRADE = [industry.key for industry in INDUSTRIES if not industry.trade_terms]
TRADE_SIGNS = {
    "payment terms of N to M days": re.compile(r"\b\d+ to \d+ days\b"),
    "days of revenue in receivables": re.compile(r"days of revenue"),
    "a suppliers section": re.compile(r"^Suppliers and Raw Materials$", re.MULTILINE),
    "a shipping policy": re.compile(r"^Shipping and Handling$", re.MULTILINE),
    "a warranty policy": re.compile(r"^Warranties$", re.MULTILINE),
    "inventory built ahead of demand": re.compile(
        r"(?:inventory|stock of [\w ,-]+?) ahead of demand", re.IGNORECASE
    ),
    "distributors and resellers": re.compile(r"distributors and resellers"),
    "customers' payment terms": re.compile(r"service levels and payment terms"),
}
"""What a filing of a company selling goods on credit says, and a bank's or insurer's must not."""


def test_banks_insurers_and_reits_declare_that_they_have_no_trade_terms() -> None:
    financial = [industry.key for industry in INDUSTRIES if FINANCIAL_MEASURES & set(industry.metrics)]
    assert len(financial) == 3
    assert sorted(NO_TRADE) == sorted(financial)
    for industry in INDUSTRIES:
        # An industry without trade terms words its own channels (the general ones name distributors).
        assert bool(industry.channels) == (not industry.trade_terms), industry.key
    assert {policy.title for policy in (*POLICIES, *MORE_POLICIES) if policy.trade_only} == {
        "Shipping and Handling",
        "Warranties",
    }
    assert {risk.topic for risk in GENERAL_RISKS if risk.trade_only} == {
        "supply_chain",
        "customer_credit",
        "distribution_partners",
        "working_capital",
        # Issue #29: risks about making goods (no product-liability claims for a bank or a REIT).
        "product_liability",
        "quality_control",
        "capacity_planning",
        "product_mix",
    }


@pytest.mark.parametrize("industry", NO_TRADE)
def test_filings_without_trade_terms_say_nothing_that_assumes_them(industry: str) -> None:
    for seed in industry_seeds(industry, 6):
        text = make_filing(seed, target_tokens=26_000, fit_required=True).text
        found = [sign for sign, pattern in TRADE_SIGNS.items() if pattern.search(text)]
        assert not found, (industry, seed, found)


def test_filings_with_trade_terms_still_state_them() -> None:
    seen: set[str] = set()
    # Full filings: every block the company has, whichever a length target would keep.
    for seed in industry_seeds("industrial_machinery", 6):
        text = make_full_filing(seed).text
        seen.update(sign for sign, pattern in TRADE_SIGNS.items() if pattern.search(text))
    assert seen == set(TRADE_SIGNS)


TRADE_QUESTIONS = ("receivable_days", "quick_ratio", "inventory_turnover")
"""Question kinds that assume goods sold on credit and held in stock."""


def _asked(industry: str, kind: str) -> int:
    """How many of six long filings of ``industry`` the kind can ask about."""
    asked = 0
    for seed in industry_seeds(industry, 6):
        filing = make_filing(seed, target_tokens=26_000, fit_required=True)
        asked += QUESTION_KINDS[kind].ask(FilingFacts(filing), RandomStream(seed)) is not None
    return asked


@pytest.mark.parametrize("industry", NO_TRADE)
def test_banks_insurers_and_reits_are_not_asked_for_days_of_sales_or_inventory(industry: str) -> None:
    assert [kind for kind in TRADE_QUESTIONS if _asked(industry, kind)] == []


def test_a_company_selling_goods_on_credit_is_asked_for_them() -> None:
    assert all(_asked("industrial_machinery", kind) for kind in TRADE_QUESTIONS)
