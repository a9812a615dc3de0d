"""Questions that differ in substance and filings that vary like real ones, on the default build (issue #29).

The sample is the default build's 220 ``failsafe`` items
(:func:`tests.generators.filings.breadth.default_sample`, cached for the process); the measures are
:mod:`benchmarks.filings_variety`'s. Each test holds the issue's target, or this version's measured level
where that is stricter, so a regression fails even while the target still holds.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter

import pytest

from benchmarks.filings_variety import (
    SHARED_SAMPLE,
    common_shares,
    distinct_question_share,
    effective_kinds,
    filing_sentences,
    lengths,
    question_core,
    real_shared_sentences,
    shared_shares,
    split_sentences,
)
from finsynth.generators.filings import Filing, QAItem
from finsynth.generators.filings.document import make_full_filing
from finsynth.generators.filings.questions import FIGURE_FOLLOW_UPS, QUESTION_KINDS
from finsynth.seeding import InstanceSeeder
from tests.generators.filings.breadth import BUILD_SEED, default_sample

DISTINCT_FLOOR = 0.85
"""Distinct question cores: the issue's target, met by this version (measured 0.868 = 191/220 with the
prose work's longer filings, 0.886 without; 0.745 before issue #29's question work, 0.723 before that)."""
KINDS_FLOOR = 88
"""Question kinds the default build draws (measured 90 of 132; 83 of 120 before)."""
LARGEST_KIND_CEILING = 12
"""No kind drawn more than this many times of 220 (measured 11, ``risk_summary``; 18 before issue #29's
question work). Parts are weighted for where first citations fall, so a part's few fitting kinds take more
draws than a draw uniform over the ~130 kinds would give them (its largest count is about 6):
``risk_summary`` is the only writing request on the risk factors, so every writing request whose part
draw lands there asks it. 12 keeps any kind under 5.5% of the build."""
EFFECTIVE_KINDS_FLOOR = 70.0
"""Effective number of kinds drawn (``exp`` of the entropy of the kinds' shares; measured 74.0, 62.4
before): the build's draws are as varied as 70 equally drawn kinds."""
SHARED_CEILING = 0.025
"""Mean share of a filing's sentences another of 30 filings holds: measured 0.0197 once every Item's prose
was composed from the company's facts (0.537 before; real 10-Ks 0.001-0.024); the issue asks at most 0.05."""
COMMON_CEILING = 0.06
"""Largest share of a filing's sentences held by 5% of all filings: measured 0.051, median 0.012 (0.563 and
0.509 before); the issue asks at most 0.10. What remains are the one-line Items ("None.", "Not applicable.")
real 10-Ks share too, and an industry's own risk sentences."""
FULL_LENGTH_FLOOR = 36_000
"""Median cl100k tokens of the first 30 seeds' full-length filings: the issue asks near 40k, a complete real
10-K's length (measured 38,680 once every Item states the company's own facts; 30,300 before)."""
_DIGIT = re.compile(r"\d")
_NAMED_FACTS = ("chief_executive", "auditor", "headquarters", "ticker")


def _names_something(key: str) -> bool:
    """Whether the fact is a name of the filing's own (a segment, person, holder, place or firm).

    Risk summaries and labels, control conclusions and other wordings every filing shares are not.
    """
    return key in _NAMED_FACTS or key.endswith((".name", ".location"))


@pytest.fixture(scope="module")
def items() -> list[tuple[Filing, QAItem]]:
    return [(item.filing, item.qa) for item in default_sample()]


def test_question_core_strips_framing_and_masks_names_and_numbers(items: list[tuple[Filing, QAItem]]) -> None:
    filing, qa = items[0]
    framed = QAItem(
        f"Per the 10-K, what was {filing.company}'s revenue in fiscal 2024? Round as the filing does.",
        "",
        "QA",
        (),
        (),
        "",
    )
    assert question_core(framed, filing) == "what was <name>'s revenue in fiscal <n>?"
    assert question_core(qa, filing)  # a real question keeps a core


def test_enough_questions_differ_once_framing_names_and_numbers_are_masked(
    items: list[tuple[Filing, QAItem]],
) -> None:
    assert distinct_question_share(items) >= DISTINCT_FLOOR


def test_every_answer_states_something_only_the_filing_gives(items: list[tuple[Filing, QAItem]]) -> None:
    # A figure, or a name of the filing's (a person, a firm, a place) that the question does not give.
    for filing, qa in items:
        if _DIGIT.search(qa.answer):
            continue
        answer = qa.answer.replace(filing.company, "")
        own = [str(value) for key, value in filing.facts.items() if _names_something(key)]
        named = [
            name for name in own if name in answer and name not in qa.question and name != filing.company
        ]
        assert named, (qa.kind, qa.question, qa.answer)


def test_risk_answers_are_never_one_generic_sentence(items: list[tuple[Filing, QAItem]]) -> None:
    risky = [(filing, qa) for filing, qa in items if qa.kind in ("risk", "risk_summary")]
    assert risky
    for _, qa in risky:
        assert _DIGIT.search(qa.answer), (qa.kind, qa.answer)


def test_instructions_about_figures_only_where_the_answer_has_figures(
    items: list[tuple[Filing, QAItem]],
) -> None:
    for _, qa in items:
        if not _DIGIT.search(qa.answer):
            assert not qa.question.endswith(FIGURE_FOLLOW_UPS), (qa.kind, qa.question)


def test_the_build_spreads_over_the_registered_kinds(items: list[tuple[Filing, QAItem]]) -> None:
    drawn = Counter(qa.kind for _, qa in items)
    assert len(drawn) >= KINDS_FLOOR, sorted(set(QUESTION_KINDS) - set(drawn))
    assert max(drawn.values()) <= LARGEST_KIND_CEILING, drawn.most_common(3)
    assert effective_kinds([qa.kind for _, qa in items]) >= EFFECTIVE_KINDS_FLOOR, drawn.most_common(10)
    specific = {name for name, kind in QUESTION_KINDS.items() if kind.specific}
    assert len(specific & set(drawn)) >= 2, sorted(specific - set(drawn))  # none before


def test_the_effective_number_of_kinds_counts_what_it_says() -> None:
    assert effective_kinds(["a", "b", "c", "d"]) == pytest.approx(4.0)
    assert effective_kinds(["a"] * 9 + ["b"]) < 1.5  # one kind dominates
    assert effective_kinds(["a"] * 5 + ["b"] * 5) == pytest.approx(2.0)


def test_filings_share_sentences_about_as_little_as_real_10ks(items: list[tuple[Filing, QAItem]]) -> None:
    # The targets: at most 5% of a filing's sentences in another of 30 filings, and no filing
    # with more than 10% of its sentences in 5% of all filings; held here at this version's level.
    documents = filing_sentences([filing for filing, _ in items])
    assert statistics.mean(shared_shares(documents[:SHARED_SAMPLE])) <= min(SHARED_CEILING, 0.05)
    assert max(common_shares(documents)) <= min(COMMON_CEILING, 0.10)


def test_the_sentence_measures_count_what_they_say() -> None:
    documents = [["A.", "B.", "C.", "D."], ["A.", "E."], ["F.", "G."]]
    assert shared_shares(documents) == [0.25, 0.5, 0.0]
    assert common_shares(documents, share=0.5) == [0.25, 0.5, 0.0]
    assert split_sentences("Alder Co. grew. It sold 3 units.\nRevenue\t$4", "Alder Co.") == [
        "<company> grew.",
        "It sold 3 units.",
    ]


def test_real_10ks_share_almost_no_sentences() -> None:
    shares = real_shared_sentences()
    if not shares:
        pytest.skip("real 10-Ks not found under ../shared/data/filings")
    assert max(shares.values()) <= 0.05, shares


def test_filings_are_as_long_as_failsafeqa_contexts(items: list[tuple[Filing, QAItem]]) -> None:
    # FailSafeQA: 93.6% of contexts above 16k tokens; the issue asks a median of 20k and 85% above 16k.
    tokens = lengths([filing for filing, _ in items])
    assert statistics.median(tokens) >= 20_000
    assert sum(count > 16_000 for count in tokens) / len(tokens) >= 0.85


@pytest.fixture(scope="module")
def full_lengths() -> list[int]:
    seeder = InstanceSeeder(BUILD_SEED, "failsafe", "test", "failsafe/synthetic")
    return lengths([make_full_filing(seeder.seeds(index).values) for index in range(SHARED_SAMPLE)])


def test_full_length_filings_are_as_long_as_complete_10ks(full_lengths: list[int]) -> None:
    assert statistics.median(full_lengths) >= FULL_LENGTH_FLOOR
