"""Seeded calendar dates for announcements, trades and filings."""

from __future__ import annotations

import datetime

from finsynth.seeding import RandomStream

EARLIEST = datetime.date(2019, 1, 7)
LATEST = datetime.date(2025, 12, 19)


def draw_date(
    stream: RandomStream, earliest: datetime.date = EARLIEST, latest: datetime.date = LATEST
) -> datetime.date:
    """Return a weekday between ``earliest`` and ``latest`` (a weekend draw moves to the Monday after)."""
    day = earliest + datetime.timedelta(days=stream.randint(0, (latest - earliest).days))
    while day.weekday() >= 5:
        day += datetime.timedelta(days=1)
    return day
