"""Prose variety of the business items: Item 1, 1C, 2, 3, 5, Part III and the front matter (issue #29).

Measured like :mod:`benchmarks.filings_variety` (sentences split from the text, the company's name
masked), on the default build's filings (:func:`tests.generators.filings.breadth.default_sample`):
a sentence of these items is *shared* when another of the first 30 filings holds it anywhere, and
*common* when at least 5% of all 220 filings hold it. The one-word items (1B, 4, 9, 9B, 16: "None.",
"Not applicable.") keep the wording real 10-Ks use and are not counted here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from benchmarks.filings_variety import split_sentences
from finsynth.generators.filings import Filing
from tests.generators.filings.breadth import default_sample

ITEMS = ("cover", "1", "1C", "2", "3", "5", "10-14")
"""The items measured, as ``Sentence.item`` names them (``cover``: the cover page and cautionary note)."""
SAMPLE = 30
SHARED_CEILING = 0.01
"""Share of these items' sentences another of 30 filings holds (measured 0.001 = 4/2,503; 0.53 before)."""
COMMON_SHARE = 0.05
COMMON_CEILING = 0.01
"""Largest share of a filing's sentences of these items held by 5% of the 220 filings (measured 0.0)."""


def _item_sentences(filing: Filing) -> list[str]:
    """The filing's prose sentences in :data:`ITEMS`, split and masked as the benchmark does."""
    masked = []
    for sentence in filing.sentences:
        if sentence.kind == "prose" and sentence.item in ITEMS:
            masked.extend(split_sentences(sentence.text, filing.company))
    return masked


def _holders(filings: Sequence[Filing]) -> Counter[str]:
    """How many filings hold each sentence, counting every sentence of every filing."""
    return Counter(
        sentence for filing in filings for sentence in set(split_sentences(filing.text, filing.company))
    )


@pytest.fixture(scope="module")
def filings() -> list[Filing]:
    return [item.filing for item in default_sample()]


def test_the_business_items_sentences_are_the_companys_own(filings: list[Filing]) -> None:
    sample = filings[:SAMPLE]
    holders = _holders(sample)
    mine = [sentence for filing in sample for sentence in _item_sentences(filing)]
    assert len(mine) > 2000  # the items keep their length: about 83 sentences a filing
    assert {s.item for filing in sample for s in filing.sentences if s.kind == "prose"} >= set(ITEMS)
    shared = sum(holders[sentence] >= 2 for sentence in mine)
    assert shared / len(mine) <= SHARED_CEILING


def test_no_business_sentence_is_common_across_the_build(filings: list[Filing]) -> None:
    holders = _holders(filings)
    floor = COMMON_SHARE * len(filings)
    for filing in filings:
        found = _item_sentences(filing)
        common = [sentence for sentence in found if holders[sentence] >= floor]
        assert len(common) / len(found) <= COMMON_CEILING, (filing.company, common[:3])
