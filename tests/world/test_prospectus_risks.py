"""A bank, insurer or REIT faces no prospectus risk that assumes trade terms (suppliers, trade credit, goods).

The world's prospectus risk categories mark those that assume a company buys its inputs from
suppliers, sells on credit or earns a gross margin on goods (``trade_only``); UCFE tasks draw
only the categories that fit the company's industry, so no text about a company of an industry
with ``trade_terms: false`` speaks of suppliers, input prices or collecting trade receivables.
"""

from __future__ import annotations

import re

import pytest

from finsynth.generators.ucfe.instances import TASKS, TaskInstance, instance_generator
from finsynth.generators.ucfe.instances.world.prospectus import CATEGORIES, risk_categories
from finsynth.seeding import RandomStream, derive_seed
from finsynth.world.industries import INDUSTRIES

TRADE_WORDS = re.compile(
    r"suppliers?\b|main inputs|input prices|purchased materials|trade receivables|collection time|"
    r"pay late|chase several large customers",
    re.IGNORECASE,
)
"""What a risk paragraph of a company that buys goods and sells on credit says, and a bank's must not."""
NO_TRADE_LABELS = {industry.label for industry in INDUSTRIES if not industry.trade_terms}


def test_the_categories_that_assume_trade_terms_are_declared_and_left_out_only_without_them() -> None:
    assert {category.name for category in CATEGORIES if category.trade_only} == {
        "competition risk",
        "raw material price risk",
        "accounts receivable risk",
    }
    for category in CATEGORIES:
        worded = any(TRADE_WORDS.search(paragraph) for paragraph in category.paragraphs)
        assert worded <= category.trade_only, category.name  # every paragraph that speaks of trade is marked
    for industry in INDUSTRIES:
        expected = CATEGORIES if industry.trade_terms else tuple(c for c in CATEGORIES if not c.trade_only)
        assert risk_categories(industry) == expected, industry.key


def _texts(instance: TaskInstance) -> list[str]:
    hints = [hint for values in instance.hints.values() for hint in values]
    return [instance.information, instance.reference_answer, *hints]


@pytest.mark.parametrize("task", TASKS)
def test_no_ucfe_text_about_a_bank_insurer_or_reit_speaks_of_suppliers_or_trade_credit(task: str) -> None:
    generate = instance_generator(task)
    about, worded_elsewhere = 0, 0
    for index in range(300):
        instance = generate(RandomStream(derive_seed("world-prospectus-risk-test", task, index)))
        sector = instance.facts.get("sector")
        if sector is None:  # a task that records no sector names it in the company profile
            sector = next((label for label in NO_TRADE_LABELS if label in instance.information), None)
        if sector in NO_TRADE_LABELS:
            about += 1
            for text in _texts(instance):
                assert not TRADE_WORDS.search(text), (task, sector, TRADE_WORDS.search(text), text)
        else:
            worded_elsewhere += any(TRADE_WORDS.search(text) for text in _texts(instance))
    if task in ("prospectus_risk_summarization", "new_share_evaluation_reporting"):
        assert about >= 10, "the prospectus tasks draw banks, insurers and REITs"
        assert worded_elsewhere >= 10, "companies with trade terms still face these risks"
