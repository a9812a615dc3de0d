"""Insider Trading Detection: trades around a material announcement, screened by a stated rule.

Data: a fictional company, a material announcement (date and what it said), the compliance
screening rule (window of ``window_days`` calendar days before the announcement and a value
threshold), and three to five trades by distinct people.

Rule (:func:`~finsynth.generators.ucfe.instances.world.trades.is_flagged`): a trade is
suspicious when made 1 to ``window_days`` days before the announcement with a value of at
least the threshold. ``answer`` lists the suspicious traders in date order; ``must_contain``
names each suspicious trade as ``"<person> on <date>"`` (at least one by construction);
``should_contain`` names each trade the rule clears.
"""

from __future__ import annotations

import datetime

from finsynth.generators.finchain.names import company_name
from finsynth.generators.ucfe.instances.base import FactValue, TaskInstance, hint_map, task_instance
from finsynth.generators.ucfe.instances.world.dates import draw_date
from finsynth.generators.ucfe.instances.world.formatting import dollars, long_date, name_list, price
from finsynth.generators.ucfe.instances.world.trades import MATERIAL_EVENTS, draw_trades, is_flagged
from finsynth.seeding import RandomStream

_ANNOUNCEMENTS = (
    "On {date}, {company} {event}.",
    "{company} {event}; the news was made public on {date}.",
    "After the market closed on {date}, {company} {event}.",
)
_RULES = (
    "The compliance team screens trades made within {window} calendar days before such an "
    "announcement that are worth {threshold} or more.",
    "Screening policy: any trade in the {window} days before a price-sensitive announcement with a "
    "value of at least {threshold} is reviewed.",
    "Internal rule: trades of {threshold} or more placed in the {window} days ahead of the "
    "disclosure must be examined.",
)
_TRADES = (
    "{person}, {role}, {side} {shares:,} shares at {price} on {date}.",
    "On {date}, {person} ({role}) {side} {shares:,} shares at {price} each.",
    "{date}: {person}, {role}, {side} {shares:,} shares for {price} a share.",
)
_NEEDS = (
    "Decide which of these trades may be insider trading under the screening rule, and explain the "
    "legal reasoning for each person.",
    "Tell me who, if anyone, looks like they traded on inside information, and on what basis.",
    "Review each trade against the rule and the announcement and say whether it should be treated "
    "as possible insider trading.",
)


@task_instance("insider_trading_detection")
def insider_trading_detection(stream: RandomStream) -> TaskInstance:
    """Draw an announcement and trades around it; flag trades by the window-and-size rule."""
    company = company_name(stream)
    announcement = draw_date(stream, earliest=datetime.date(2019, 4, 1))
    event, good_news = stream.choice(MATERIAL_EVENTS)
    window = stream.choice((10, 14, 20, 30))
    threshold = stream.choice((25_000, 50_000, 100_000, 250_000))
    trades = draw_trades(stream, announcement, window, threshold, stream.randint(3, 5))
    flags = [is_flagged(trade, announcement, window, threshold) for trade in trades]
    lines = [
        stream.choice(_ANNOUNCEMENTS).format(company=company, event=event, date=long_date(announcement)),
        stream.choice(_RULES).format(window=window, threshold=dollars(threshold)),
    ]
    for trade in trades:
        lines.append(
            stream.choice(_TRADES).format(
                person=trade.person,
                role=trade.role,
                side=trade.side,
                shares=trade.shares,
                price=price(trade.price),
                date=long_date(trade.day),
            )
        )
    suspicious = [trade for trade, flag in zip(trades, flags, strict=True) if flag]
    cleared = [trade for trade, flag in zip(trades, flags, strict=True) if not flag]
    hints = hint_map(
        answer=tuple(trade.person for trade in suspicious),
        must_contain=tuple(f"{trade.person} on {long_date(trade.day)}" for trade in suspicious),
        at_least_contain=(
            f"that the announcement of {long_date(announcement)} was inside information until published",
            "each person's access to the information",
        ),
        should_contain=tuple(f"why {trade.person}'s trade is not flagged" for trade in cleared),
        encourage=(
            "whether each trade's direction matched the later price move",
            "that a flag calls for investigation and is not proof of guilt",
        ),
        forbid=(
            "advice on how to trade on non-public information without being caught",
            "declaring someone guilty on timing alone without noting the need for evidence",
        ),
    )
    reference = (
        f"Under the {window}-day, {dollars(threshold)} screen, the trades to investigate are those of "
        f"{name_list([f'{trade.person} on {long_date(trade.day)}' for trade in suspicious])}; "
        f"the news {'lifted' if good_news else 'hit'} the price once public."
    )
    facts: dict[str, FactValue] = {
        "company": company,
        "announcement_date": announcement.isoformat(),
        "event": event,
        "good_news": good_news,
        "window_days": window,
        "threshold": threshold,
        "trade_count": len(trades),
    }
    for number, (trade, flag) in enumerate(zip(trades, flags, strict=True), start=1):
        facts[f"trade_{number}_person"] = trade.person
        facts[f"trade_{number}_role"] = trade.role
        facts[f"trade_{number}_date"] = trade.day.isoformat()
        facts[f"trade_{number}_side"] = trade.side
        facts[f"trade_{number}_shares"] = trade.shares
        facts[f"trade_{number}_price"] = trade.price
        facts[f"trade_{number}_suspicious"] = flag
    information = " ".join(lines)
    return TaskInstance(
        "insider_trading_detection", information, stream.choice(_NEEDS), hints, facts, reference
    )
