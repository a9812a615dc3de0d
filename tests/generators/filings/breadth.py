"""Measures of how varied the FailSafe filings are, over the default build's 220 items.

The sample is the default build's ``failsafe`` test split: seed 20261121 (``configs/default.yaml``),
220 items, each item's first draw (a build redraws the rare item whose perturbations fail).

*Sentences* are split from the filing's text alone, not from the generator's own lines: the
text is cut into lines, lines that end without a full stop (headings, table rows, the part
titles) are dropped, and each remaining line is split after ``.``, ``?`` or ``!`` followed by
white space and a capital letter, a digit or an opening quote or parenthesis. A sentence
*recurs* when its exact text, with only the company's name masked, is in at least 20% of the
sample's filings; numbers, years and other names are left as they are, so the measure counts
literal boilerplate.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from finsynth.generators.filings import Filing, QAItem
from finsynth.generators.filings.lengths import make_drawn_item
from finsynth.seeding import InstanceSeeder

BUILD_SEED = 20261121
ITEMS = 220
RECURRING_SHARE = 0.2
"""A sentence recurs when it is in at least this share of the sample's filings."""
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+(?=[A-Z0-9\"“(])")
_PROSE_LINE = re.compile(r"[.?!][\"”)]?$")


@dataclass(frozen=True)
class SampleItem:
    """One item of the sample: its filing and its question."""

    filing: Filing
    qa: QAItem


@cache
def default_sample() -> tuple[SampleItem, ...]:
    """The default build's 220 FailSafe filings and questions (first draws)."""
    seeder = InstanceSeeder(BUILD_SEED, "failsafe", "test", "failsafe/synthetic")
    return tuple(SampleItem(*make_drawn_item(seeder.seeds(index).values)) for index in range(ITEMS))


def sentences(filing: Filing) -> list[str]:
    """The filing's prose sentences by the rule above, with the company's name masked."""
    found = []
    for line in filing.text.replace(filing.company, "<company>").split("\n"):
        line = line.strip()
        if _PROSE_LINE.search(line):
            found.extend(part for part in _SENTENCE_END.split(line) if part)
    return found


def recurring_shares(filings: Sequence[Filing]) -> list[float]:
    """For each filing, the share of its sentences that recur across ``filings``."""
    per_filing = [sentences(filing) for filing in filings]
    spread = Counter(sentence for found in per_filing for sentence in set(found))
    floor = RECURRING_SHARE * len(filings)
    return [sum(spread[s] >= floor for s in found) / len(found) for found in per_filing]


def median_recurring_share(filings: Sequence[Filing]) -> float:
    """The median filing's share of recurring sentences."""
    return statistics.median(recurring_shares(filings))


def first_citation_position(item: SampleItem) -> float:
    """Where the item's first cited sentence starts, as a share of the filing's length."""
    first = item.filing.sentences[min(item.qa.citation_sentence_ids)]
    return first.start / len(item.filing.text)


def fullest_band(positions: Sequence[float], width: float = 0.3) -> tuple[float, float]:
    """The start of the ``width``-wide band of positions holding the most, and the share it holds."""
    ordered = sorted(positions)
    best_start, best_count = 0.0, 0
    for index, start in enumerate(ordered):
        count = sum(1 for position in ordered[index:] if position < start + width)
        if count > best_count:
            best_start, best_count = start, count
    return best_start, best_count / len(ordered)


def cites_statements_or_notes(item: SampleItem) -> bool:
    """Whether the item cites Item 8 (the financial statements and their notes)."""
    return "8" in item.qa.filing_items
