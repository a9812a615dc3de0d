"""How varied and how spread out the FailSafe filings are, over the default build's 220 items (issue 18).

The measures are defined in :mod:`tests.generators.filings.breadth`.
"""

from __future__ import annotations

from collections import Counter

from finsynth.generators.filings import Filing
from tests.generators.filings.breadth import (
    cites_statements_or_notes,
    default_sample,
    first_citation_position,
    fullest_band,
    median_recurring_share,
    recurring_shares,
    sentences,
)

RECURRING_SHARE_CEILING = 0.15
"""The issue's ceiling on the median share of recurring sentences (this version measures 0.046; was 0.53)."""
ITEMS = (
    "1", "1A", "1B", "1C", "2", "3", "4", "5", "6", "7", "7A", "8", "9", "9A", "9B", "10-14", "15", "16",
)  # fmt: skip


def _filing(text: str, company: str = "Alder Works, Inc.") -> Filing:
    return Filing(company, (2024, 2025), text, (), {}, {})


def test_sentences_are_split_from_the_text_with_only_the_company_masked() -> None:
    text = (
        "PART I\n\nAlder Works, Inc. makes pumps. Sales rose 4.5% in 2025! Is that all? Yes.\n"
        'Revenue\t$1,234\n\nWe sold 12 units in the U.S. market. "Quoted" words follow.'
    )
    assert sentences(_filing(text)) == [
        "<company> makes pumps.",
        "Sales rose 4.5% in 2025!",
        "Is that all?",
        "Yes.",
        "We sold 12 units in the U.S. market.",
        '"Quoted" words follow.',
    ]


def test_a_sentence_recurs_when_at_least_a_fifth_of_the_filings_hold_it() -> None:
    shared = "Our controls are sound."
    filings = [_filing(f"{shared} Unique sentence {index}.") for index in range(4)]
    filings.append(_filing("Nothing shared here. Another one."))
    # The shared sentence is in four of five filings; every numbered one in only one (20% recurs too).
    assert recurring_shares(filings) == [1.0, 1.0, 1.0, 1.0, 1.0]
    filings.extend(_filing(f"Filler {index}. More filler {index}.") for index in range(5))
    assert recurring_shares(filings)[:4] == [0.5] * 4
    assert recurring_shares(filings)[4] == 0.0


def test_at_most_15_percent_of_the_median_filings_sentences_are_boilerplate() -> None:
    filings = [item.filing for item in default_sample()]
    assert median_recurring_share(filings) <= RECURRING_SHARE_CEILING


def test_no_band_of_30_percent_of_the_filing_holds_more_than_40_percent_of_first_citations() -> None:
    positions = [first_citation_position(item) for item in default_sample()]
    start, share = fullest_band(positions)
    assert share <= 0.4, f"{share:.0%} of first citations fall in [{start:.2f}, {start + 0.3:.2f})"


def test_the_fullest_band_is_found() -> None:
    start, share = fullest_band([0.1, 0.2, 0.35, 0.5, 0.9])
    assert (start, share) == (0.1, 0.6)


def test_at_least_a_quarter_of_items_cite_the_statements_or_notes() -> None:
    sample = default_sample()
    assert sum(map(cites_statements_or_notes, sample)) >= 0.25 * len(sample)


def test_every_part_and_item_is_present_with_content_of_its_own() -> None:
    for item in default_sample():
        filing = item.filing
        parts = [s.text for s in filing.sentences if s.kind == "heading" and s.text.startswith("PART ")]
        assert parts == ["PART I", "PART II", "PART III", "PART IV"], filing.company
        content = Counter(s.item for s in filing.sentences if s.kind != "heading")
        missing = [number for number in ITEMS if not content[number]]
        assert not missing, (filing.company, missing)
        exhibits = {s.kind for s in filing.sentences if s.item == "15"}
        assert {"prose", "table"} <= exhibits, filing.company
