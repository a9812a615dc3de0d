"""Trading calendars for daily price series."""

from __future__ import annotations

import datetime


def trading_days(last: datetime.date, count: int) -> tuple[datetime.date, ...]:
    """The ``count`` weekdays ending on ``last`` (a weekday), oldest first."""
    days: list[datetime.date] = []
    day = last
    while len(days) < count:
        if day.weekday() < 5:
            days.append(day)
        day -= datetime.timedelta(days=1)
    return tuple(reversed(days))
