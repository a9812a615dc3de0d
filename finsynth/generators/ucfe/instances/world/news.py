"""Short news items about fictional companies, negative or not by construction.

Each item comes from an event table whose entries are marked negative (a fine, a default, a
recall, a resignation under inquiry, ...) or not (an opening, a dividend rise, a meeting
notice, ...). An item is negative for its subject exactly when its event is.
"""

from __future__ import annotations

from dataclasses import dataclass

from finsynth.seeding import RandomStream

NEGATIVE_EVENTS: tuple[str, ...] = (
    "{subject} was fined {amount} by the securities regulator for disclosing related-party loans late.",
    "{subject} said its chief executive had stepped down while an internal inquiry into expense claims "
    "continues.",
    "A court froze {amount} of {subject}'s bank deposits after a supplier sued over unpaid invoices.",
    "{subject} missed an interest payment on its {rate}% notes due {year}.",
    "{subject} is recalling {units:,} space heaters after customers reported overheating.",
    "Auditors gave {subject}'s annual accounts a qualified opinion, citing missing inventory records.",
    "{subject} cut its full-year revenue forecast by {rate}% on weak orders.",
    "The local financial office named {subject} among firms that failed to file required fundraising "
    "documents.",
    "Tax inspectors ordered {subject} to pay {amount} in back taxes and penalties.",
    "{subject}'s largest shareholder pledged its entire stake as collateral for a margin loan that is "
    "now under water.",
)
NEUTRAL_OR_POSITIVE_EVENTS: tuple[str, ...] = (
    "{subject} opened a distribution centre that adds {units:,} square metres of storage.",
    "{subject} promoted its head of operations to chief operating officer.",
    "{subject} will hold its annual shareholder meeting in {year}'s second quarter as usual.",
    "{subject} finished rebranding its consumer product line.",
    "{subject} raised its quarterly dividend by {rate}%.",
    "{subject} signed a research agreement with a regional university on battery recycling.",
    "{subject} reported revenue up {rate}% on the year.",
    "{subject} will join a regional stock index next month.",
    "{subject} repaid a {amount} bank loan ahead of schedule.",
    "{subject} launched a mobile app for its business customers.",
)


@dataclass(frozen=True)
class NewsItem:
    """One item of a news digest.

    Attributes:
        subject: The company the item is about.
        text: The item as written.
        event: Index of the event in its table.
        negative: Whether the item is negative for its subject.

    """

    subject: str
    text: str
    event: int
    negative: bool


def draw_item(stream: RandomStream, subject: str, negative: bool) -> NewsItem:
    """Return a news item about ``subject`` that is negative exactly when ``negative`` is."""
    table = NEGATIVE_EVENTS if negative else NEUTRAL_OR_POSITIVE_EVENTS
    event = stream.randint(0, len(table) - 1)
    text = table[event].format(
        subject=subject,
        amount=f"${stream.randint(2, 950) / 10:.1f} million",
        rate=stream.randint(3, 35),
        year=stream.randint(2024, 2031),
        units=stream.randint(20, 900) * 100,
    )
    return NewsItem(subject, text, event, negative)
