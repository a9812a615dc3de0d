"""Material announcements, the trades made around them, and the screening rule that flags trades.

Rule: a trade is flagged when it was made 1 to ``window_days`` calendar days before the
announcement (inclusive) and its value (shares × price, whole dollars) is at least
``threshold``. Trades on or after the announcement day, or smaller, are not flagged.
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass

from finsynth.generators.finchain.names import person_name
from finsynth.generators.finchain.quantities import round_half_up
from finsynth.seeding import RandomStream

MATERIAL_EVENTS: tuple[tuple[str, bool], ...] = (
    ("agreed to be taken over by a larger rival at a premium to its share price", True),
    ("won a multi-year supply contract worth more than a year of its revenue", True),
    ("reported quarterly profit well above its own guidance", True),
    ("received approval for its main new product ahead of schedule", True),
    ("planned to issue new shares to buy a competitor", True),
    ("disclosed that a regulator had opened an investigation into its accounts", False),
    ("warned that full-year profit would fall far short of guidance", False),
    ("lost its largest customer", False),
    ("announced that its lead product had failed a safety review", False),
    ("called off a merger it had announced earlier in the year", False),
)
"""(what the company announced, whether the news pushes the price up)."""

ROLES: tuple[str, ...] = (
    "a director of the company",
    "the chief financial officer",
    "the spouse of the chief executive",
    "an outside lawyer advising on the matter",
    "an analyst at the investment bank working on the deal",
    "a member of the treasury team",
    "a brother of the chair",
    "a retail investor with no known link to the company",
    "a former supplier's sales manager",
)


@dataclass(frozen=True)
class Trade:
    """One trade in the company's shares.

    Attributes:
        person: Who traded.
        role: Their relation to the company.
        day: Trade date.
        side: ``"bought"`` or ``"sold"``.
        shares: Number of shares.
        price: Price per share in dollars.

    """

    person: str
    role: str
    day: datetime.date
    side: str
    shares: int
    price: float

    @property
    def value(self) -> int:
        """Shares times price in whole dollars."""
        return int(round_half_up(self.shares * self.price, 0))


def is_flagged(trade: Trade, announcement: datetime.date, window_days: int, threshold: int) -> bool:
    """Whether the screening rule flags ``trade`` (see the module docstring)."""
    days_before = (announcement - trade.day).days
    return 1 <= days_before <= window_days and trade.value >= threshold


def draw_trades(
    stream: RandomStream, announcement: datetime.date, window_days: int, threshold: int, count: int
) -> tuple[Trade, ...]:
    """Return ``count`` trades by distinct people in date order; at least one flagged and one not.

    The first draw is placed inside the window above the threshold, the second outside the
    window or below the threshold; the rest fall anywhere from 10 days after to 40 days past
    the window before the announcement.
    """
    price = round_half_up(stream.uniform(4, 180), 2)
    trades: list[Trade] = []
    people: set[str] = set()
    for position in range(count):
        person = person_name(stream)
        while person in people:
            person = person_name(stream)
        people.add(person)
        if position == 0:
            days_before = stream.randint(1, window_days)
            value = stream.uniform(threshold * 1.05, threshold * 8)
        elif position == 1 and stream.random() < 0.5:
            days_before = stream.randint(window_days + 1, window_days + 40)
            value = stream.uniform(threshold * 0.2, threshold * 8)
        elif position == 1:
            days_before = stream.randint(1, window_days)
            value = stream.uniform(threshold * 0.05, threshold * 0.9)
        else:
            days_before = stream.choice((stream.randint(-10, -1), stream.randint(1, window_days + 40)))
            value = stream.uniform(threshold * 0.1, threshold * 6)
        day = announcement - datetime.timedelta(days=days_before)
        trade_price = round_half_up(price * stream.uniform(0.93, 1.07), 2)
        shares = max(1, math.ceil(value / trade_price))
        trades.append(
            Trade(person, stream.choice(ROLES), day, stream.choice(("bought", "sold")), shares, trade_price)
        )
    return tuple(sorted(trades, key=lambda trade: (trade.day, trade.person)))
