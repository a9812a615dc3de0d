"""Undisclosed news, the people who could know it, their trades, and the test an investigator applies.

A trade is *suspicious* only when all four hold (:func:`verdict`):

1. **Access**: the trader is a current insider who worked on the matter, or a tippee with a
   documented contact with such an insider after the information arose. A former employee who
   left before the matter arose, or someone with no link, has no access.
2. **Direction**: the trade profits from the news: a purchase before good news, a sale before
   bad news.
3. **Timing**: it was made while the information was inside, from the day it arose to the day
   before it was made public (both inclusive).
4. **Size**: its value (shares × price, whole dollars) is at least the referral threshold.

Every other trade is a look-alike that fails exactly one test, named by :data:`REASONS`.
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass

from finsynth.seeding import RandomStream
from finsynth.world.names import person_name
from finsynth.world.rounding import round_half_up


@dataclass(frozen=True)
class MaterialEvent:
    """Price-sensitive news and how it first became known inside the company.

    Attributes:
        announced: What the company announced (after "the company").
        good_news: Whether the news pushes the share price up.
        origin: How the matter arose, completing "On <date>, ...".

    """

    announced: str
    good_news: bool
    origin: str


MATERIAL_EVENTS: tuple[MaterialEvent, ...] = (
    MaterialEvent(
        "agreed to be taken over by a larger rival at a 38% premium to its share price",
        True,
        "the rival's chief executive made a written takeover approach to the board",
    ),
    MaterialEvent(
        "won a five-year supply contract worth more than a year of its revenue",
        True,
        "the customer's procurement team told the company it had been chosen as preferred bidder",
    ),
    MaterialEvent(
        "reported quarterly profit well above its own guidance",
        True,
        "the finance team circulated the preliminary quarterly accounts to senior management",
    ),
    MaterialEvent(
        "received approval for its main new product ahead of schedule",
        True,
        "the regulator informally told the company's regulatory-affairs team that approval would be granted",
    ),
    MaterialEvent(
        "disclosed that a regulator had opened an investigation into its accounts",
        False,
        "the company received a confidential letter from the regulator announcing the investigation",
    ),
    MaterialEvent(
        "warned that full-year profit would fall far short of guidance",
        False,
        "the finance team showed the board a forecast with profit well below guidance",
    ),
    MaterialEvent(
        "lost its largest customer, which had provided about a fifth of its sales",
        False,
        "the customer gave the company formal notice that it would not renew its contract",
    ),
    MaterialEvent(
        "announced that its lead product had failed a safety review",
        False,
        "the review panel sent the company its draft finding that the product had failed",
    ),
    MaterialEvent(
        "called off the merger it had announced earlier in the year",
        False,
        "the merger partner told the board that it would walk away from the deal",
    ),
)

INSIDERS: tuple[str, ...] = (
    "the company's chief financial officer, who has worked on the matter from the first day",
    "a non-executive director who attended the board meeting at which the matter was first discussed",
    "a member of the treasury team who prepared the figures for the board",
    "an associate at the outside law firm advising the company on the matter",
    "an analyst at the investment bank advising the company",
    "the head of investor relations, who drafted the announcement",
)
"""Current insiders who knew the information from the day it arose."""

TIPPEES: tuple[str, ...] = (
    "the spouse of the chief executive; the chief executive has told investigators that the matter was "
    "discussed at home on {contact}",
    "a university friend of the chief financial officer; phone records show a 40-minute call between them "
    "on {contact}",
    "the brother of a director who was on the working group; they met for dinner on {contact}",
    "a neighbour of the company's general counsel, who says they talked about work over the fence on "
    "{contact}",
)
"""Tippees: linked to an insider, with a contact on the date filled into ``{contact}``."""

OUTSIDERS: tuple[str, ...] = (
    "a retail investor with no known link to the company or its advisers",
    "a former sales manager who left the company on {left}, before the matter arose",
    "a former director who stepped down from the board on {left}, before the matter arose",
    "a portfolio manager at a fund that has had no contact with the company, who cites a published "
    "sector research note",
)
"""People with no access; a former employee's leaving date, before the matter arose, fills ``{left}``."""

REASONS: tuple[str, ...] = ("no access", "wrong direction", "outside the window", "below the threshold")
"""Why a look-alike trade is not suspicious: each fails exactly one of the four tests."""

SUSPICIOUS = "suspicious"


@dataclass(frozen=True)
class Trade:
    """One trade in the company's shares and the person behind it.

    Attributes:
        person: Who traded.
        relation: Who they are to the company, in words (dates filled in).
        access: Whether they could know the information when they traded.
        day: Trade date.
        side: ``"bought"`` or ``"sold"``.
        shares: Number of shares.
        price: Price per share in dollars.
        label: :data:`SUSPICIOUS` or the one :data:`REASONS` entry the trade fails.

    """

    person: str
    relation: str
    access: bool
    day: datetime.date
    side: str
    shares: int
    price: float
    label: str

    @property
    def value(self) -> int:
        """Shares times price in whole dollars (halves up), computed in cents so floats cannot shift it."""
        return (self.shares * round(self.price * 100) + 50) // 100


def verdict(
    trade: Trade, good_news: bool, arose: datetime.date, announced: datetime.date, threshold: int
) -> str:
    """Return :data:`SUSPICIOUS` or the first test the trade fails (see the module docstring)."""
    if not trade.access:
        return "no access"
    if trade.side != ("bought" if good_news else "sold"):
        return "wrong direction"
    if not arose <= trade.day < announced:
        return "outside the window"
    if trade.value < threshold:
        return "below the threshold"
    return SUSPICIOUS


def _weekday(stream: RandomStream, first: datetime.date, last: datetime.date) -> datetime.date:
    days = [
        first + datetime.timedelta(days=offset)
        for offset in range((last - first).days + 1)
        if (first + datetime.timedelta(days=offset)).weekday() < 5
    ]
    return stream.choice(days)


def _trade(
    stream: RandomStream,
    person: str,
    label: str,
    *,
    good_news: bool,
    arose: datetime.date,
    announced: datetime.date,
    threshold: int,
    price: float,
) -> Trade:
    day = _weekday(stream, arose, announced - datetime.timedelta(days=1))
    if label == "outside the window":
        if stream.random() < 0.5:
            day = _weekday(stream, arose - datetime.timedelta(days=90), arose - datetime.timedelta(days=3))
        else:
            day = _weekday(
                stream, announced + datetime.timedelta(days=1), announced + datetime.timedelta(days=20)
            )
    access = label != "no access"
    if access and day > arose and stream.random() < 0.35:
        contact = _weekday(stream, arose, max(arose, day - datetime.timedelta(days=1)))
        relation = stream.choice(TIPPEES).format(contact=_long(contact))
    elif access:
        relation = stream.choice(INSIDERS)
    else:
        left = _weekday(stream, arose - datetime.timedelta(days=400), arose - datetime.timedelta(days=30))
        relation = stream.choice(OUTSIDERS).format(left=_long(left))
    right_side = "bought" if good_news else "sold"
    side = ("sold" if good_news else "bought") if label == "wrong direction" else right_side
    value = (
        stream.uniform(threshold * 0.08, threshold * 0.85)
        if label == "below the threshold"
        else stream.uniform(threshold * 1.1, threshold * 9)
    )
    trade_price = round_half_up(price * stream.uniform(0.95, 1.05), 2)
    shares = max(1, math.ceil(value / trade_price))
    if label == "below the threshold":
        shares = min(shares, max(1, math.floor((threshold - 1) / trade_price)))
    return Trade(person, relation, access, day, side, shares, trade_price, label)


def _long(day: datetime.date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def draw_trades(
    stream: RandomStream,
    *,
    good_news: bool,
    arose: datetime.date,
    announced: datetime.date,
    threshold: int,
    price: float,
) -> tuple[Trade, ...]:
    """Return one or two suspicious trades and two to four look-alikes, by distinct people, in date order.

    Each look-alike fails a different one of the four tests, so a reader must apply all of them.
    """
    labels = [SUSPICIOUS] * stream.randint(1, 2) + stream.sample(REASONS, stream.randint(2, 4))
    people: list[str] = []
    trades: list[Trade] = []
    for label in labels:
        person = person_name(stream)
        while person in people or any(person.split()[-1] == other.split()[-1] for other in people):
            person = person_name(stream)
        people.append(person)
        trades.append(
            _trade(
                stream,
                person,
                label,
                good_news=good_news,
                arose=arose,
                announced=announced,
                threshold=threshold,
                price=price,
            )
        )
    return tuple(sorted(trades, key=lambda trade: (trade.day, trade.person)))
