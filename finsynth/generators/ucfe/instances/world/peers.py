"""Comparing a company's valuation multiple with its peers' median.

Rule: a multiple below 0.9 × the peer median is ``below peers``, above 1.1 × the median
``above peers``, otherwise ``in line with peers``.
"""

from __future__ import annotations

import statistics
from decimal import Decimal

CHEAP, RICH = 0.9, 1.1
"""Multiple relative to the peer median below which a company is cheaper, above which richer, than peers."""


def peer_verdict(multiple: float, peer_median: float) -> str:
    """``below peers``, ``in line with peers`` or ``above peers`` by the bands above."""
    if multiple < CHEAP * peer_median:
        return "below peers"
    if multiple > RICH * peer_median:
        return "above peers"
    return "in line with peers"


def peer_median(multiples: tuple[float, ...]) -> float:
    """The median of the peers' multiples (the mean of the middle two for an even count).

    Computed on the multiples' decimal forms, so the mean of 28.9 and 29.2 is 29.05 (which a
    reader rounds to 29.1), not the binary 29.049999...
    """
    return float(statistics.median(Decimal(repr(value)) for value in multiples))
