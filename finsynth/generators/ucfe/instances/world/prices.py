"""Daily closing prices drawn as a random walk, and the moving-average crossover rule that labels them.

Rule: with closes in cents, the short average is the mean of the last ``short`` closes and the
long average the mean of the last ``long`` closes. The label is ``outperform`` when the short
average is strictly more than ``band`` above the long one, ``underperform`` when strictly more
than ``band`` below, and ``neutral`` otherwise. The comparison is exact (integer cents).
"""

from __future__ import annotations

import datetime
from fractions import Fraction

from finsynth.seeding import RandomStream


def trading_days(last: datetime.date, count: int) -> tuple[datetime.date, ...]:
    """The ``count`` weekdays ending on ``last`` (a weekday), oldest first."""
    days: list[datetime.date] = []
    day = last
    while len(days) < count:
        if day.weekday() < 5:
            days.append(day)
        day -= datetime.timedelta(days=1)
    return tuple(reversed(days))


def draw_closes(stream: RandomStream, count: int) -> tuple[int, ...]:
    """Return ``count`` daily closes in cents from a random walk whose drift is itself drawn."""
    drift = stream.normal(0.0, 0.008)
    volatility = stream.uniform(0.006, 0.025)
    cents = stream.randint(300, 40_000)
    closes = []
    for _ in range(count):
        cents = max(1, round(cents * (1 + stream.normal(drift, volatility))))
        closes.append(cents)
    return tuple(closes)


def crossover_label(closes_cents: tuple[int, ...], short: int, long: int, band: Fraction) -> str:
    """The crossover label of a series of closes (see the module docstring)."""
    short_average = Fraction(sum(closes_cents[-short:]), short)
    long_average = Fraction(sum(closes_cents[-long:]), long)
    if short_average > long_average * (1 + band):
        return "outperform"
    if short_average < long_average * (1 - band):
        return "underperform"
    return "neutral"
