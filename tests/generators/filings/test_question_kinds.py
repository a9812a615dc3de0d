"""Breadth of the filing questions over a few hundred items: kinds, wording, evidence and metadata.

The measures are those of issue #18: at least 60 kinds, at least 90% of queries distinct once
names, years and numbers are masked, at most 5% trivial look-ups, no 30%-wide band of document
positions holding more than 40% of first citations, and at least a quarter of items citing the
financial statements or notes (Item 8).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

import pytest

from finsynth.generators.filings import QUESTION_KINDS, Filing, QAItem, make_filing, make_item
from finsynth.generators.filings.questions import FilingFacts
from finsynth.seeding import RandomStream
from finsynth.world.industries import INDUSTRIES
from tests.generators.filings.question_oracles import ORACLES
from tests.generators.filings.seeds import industry_seeds
from tests.generators.filings.test_qa import check_answer, check_citations

METRIC_INDUSTRIES = [industry for industry in INDUSTRIES if industry.metrics]

ITEMS = 300
TRIVIAL_KINDS = {"headquarters", "employees"}


@pytest.fixture(scope="module")
def items() -> list[tuple[Filing, QAItem]]:
    return [make_item(seed) for seed in range(ITEMS)]


def masked(filing: Filing, question: str) -> str:
    names = [
        filing.company,
        *(str(v) for k, v in filing.facts.items() if re.fullmatch(r"segment\.\d+\.name", k)),
    ]
    for name in sorted(names, key=len, reverse=True):
        question = question.replace(name, "<NAME>")
    question = re.sub(r"\b(19|20)\d\d\b", "<YEAR>", question)
    return re.sub(r"\$?\d[\d,]*(\.\d+)?%?", "<NUMBER>", question)


def test_at_least_sixty_kinds_are_registered_and_each_has_an_independent_check() -> None:
    assert len(QUESTION_KINDS) >= 60
    older = {
        "metric_value",
        "metric_change",
        "margin",
        "fastest_segment",
        "largest_segment",
        "risk",
        "risk_summary",
        "free_cash_flow",
        "total_debt",
        "earnings_per_share",
        "employees",
        "results_post",
        "liquidity_note",
        "segment_income",
        "quarter_revenue",
        "region_revenue",
        "research_intensity",
        "dividends",
        "headquarters",
        "segment_brief",
    }  # checked case by case in test_qa.check_answer
    assert set(QUESTION_KINDS) == older | set(ORACLES)
    assert not older & set(ORACLES)
    assert {name for name, kind in QUESTION_KINDS.items() if kind.trivial} == TRIVIAL_KINDS


def test_every_kind_answers_from_long_filings_and_recomputes() -> None:
    # Kinds on an industry's own measures (FFO, combined ratio …) need a filing of such an industry.
    seeds = [*range(11, 19), *(industry_seeds(industry.key, 1)[0] for industry in METRIC_INDUSTRIES)]
    filings = [make_filing(seed, target_tokens=27000) for seed in seeds]
    for name, kind in QUESTION_KINDS.items():
        asked = 0
        for filing in filings:
            for question_seed in range(4):
                item = kind.ask(FilingFacts(filing), RandomStream(question_seed))
                if item is None:
                    continue
                item = replace(item, kind=name, task_type=kind.task_type)
                check_citations(filing, item)
                check_answer(filing, item)
                asked += 1
        assert asked >= 4, (name, asked)  # each kind fits most long filings


def test_every_wording_of_every_kind_reads_cleanly() -> None:
    # A company name ends in "Inc.", so a sentence ending with it must not add a second full stop.
    seeds = [11, 12, *(industry_seeds(industry.key, 1)[0] for industry in METRIC_INDUSTRIES)]
    filings = [make_filing(seed, target_tokens=27000) for seed in seeds]
    for name, kind in QUESTION_KINDS.items():
        for filing in filings:
            for question_seed in range(40):
                item = kind.ask(FilingFacts(filing), RandomStream(question_seed))
                if item is None:
                    continue
                text = item.question
                assert re.search(r"(?<!\.)\.\.(?!\.)", text) is None, (name, text)
                assert "  " not in text and text == text.strip(), (name, text)


def test_items_recompute_and_their_metadata_names_kind_items_and_industry(
    items: list[tuple[Filing, QAItem]],
) -> None:
    for filing, item in items:
        check_citations(filing, item)
        check_answer(filing, item)
        assert item.kind in QUESTION_KINDS and item.task_type == QUESTION_KINDS[item.kind].task_type
        assert item.industry == filing.facts["industry"]
        expected = tuple(dict.fromkeys(filing.sentences[i].item for i in item.citation_sentence_ids))
        assert item.filing_items == expected and all(item.filing_items)
        for key in item.fact_keys:
            assert key in filing.facts and key in filing.fact_sentences


def test_kinds_wording_and_trivial_share_over_many_items(items: list[tuple[Filing, QAItem]]) -> None:
    kinds = Counter(item.kind for _, item in items)
    assert len(kinds) >= 60, len(kinds)
    distinct = len({masked(filing, item.question) for filing, item in items})
    assert distinct >= 0.9 * len(items), distinct
    trivial = sum(kinds[kind] for kind in TRIVIAL_KINDS)
    assert trivial <= 0.05 * len(items), trivial


def test_evidence_spreads_over_the_filing(items: list[tuple[Filing, QAItem]]) -> None:
    firsts = sorted(
        filing.sentences[min(item.citation_sentence_ids)].start / len(filing.text) for filing, item in items
    )
    crowded = max(sum(1 for p in firsts if low / 100 <= p < low / 100 + 0.3) for low in range(71))
    assert crowded <= 0.4 * len(items), crowded
    statements = sum("8" in item.filing_items for _, item in items)
    assert statements >= 0.25 * len(items), statements
