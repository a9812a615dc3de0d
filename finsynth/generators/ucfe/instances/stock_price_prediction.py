"""Stock Price Prediction (zero-shot): where a share goes next, from its price history and its news.

Data: a fictional listed company, 20 daily closes, one or two earlier news items that moved the
price on their day (a jump of 3% to 9% in the news's direction, visible in the closes), the
sector index's change over the period, and one fresh item published after the last close.

Rule: news already in the closes is priced in; the fresh item is not. A material positive item
means ``outperform``, a material negative one ``underperform``, and a routine item (a meeting
date, an office move) ``neutral``, whatever the recent trend. ``answer``, ``must_contain`` and
``reference_answer`` are that one label.
"""

from __future__ import annotations

import datetime

from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.generators.ucfe.instances.world.dates import draw_date
from finsynth.generators.ucfe.instances.world.prices import trading_days
from finsynth.seeding import RandomStream
from finsynth.world.company import make_company
from finsynth.world.formatting import count_word, long_date

SESSIONS = 20
"""Closes shown."""

POSITIVE_NEWS = (
    "{company} reported quarterly earnings {size}% above analysts' forecasts and raised its full-year "
    "guidance.",
    "{company} won a multi-year contract worth about {size}% of its annual revenue.",
    "{company} announced a buyback of up to {size}% of its shares, funded from cash.",
    "A regulator approved {company}'s main new product earlier than the company had expected.",
)
NEGATIVE_NEWS = (
    "{company} warned that full-year profit would be about {size}% below its previous guidance.",
    "{company}'s chief financial officer resigned, and the board ordered a review of revenue recognition.",
    "{company} lost a customer that provided about {size}% of its revenue.",
    "{company} recalled a product line after safety complaints; the cost is not yet known.",
)
ROUTINE_NEWS = (
    "{company} confirmed the date of its annual shareholder meeting.",
    "{company} moved its head office to a larger building in the same city.",
    "{company} appointed a new independent director to fill a routine vacancy.",
    "{company} renamed one of its subsidiaries to match its brand.",
)
LABELS = {"positive": "outperform", "negative": "underperform", "routine": "neutral"}
"""The label the fresh news implies."""

_INSTRUCTIONS = (
    "Based on the prices and the news, will {ticker} outperform, be neutral or underperform the market "
    "over the next five trading days? Answer with one word.",
    "Predict {ticker}'s move against the market over the coming week: outperform, neutral or "
    "underperform. One word only.",
    "Give one label for the next five sessions - outperform, neutral or underperform - for {ticker}.",
    "Which is most likely for {ticker} next week relative to the market: outperform, neutral or "
    "underperform? Reply with the label alone.",
    "Classify the outlook for {ticker} over the next five trading days as outperform, neutral or "
    "underperform, with no explanation.",
    "Short-term call on {ticker}: outperform, neutral or underperform? Just the word.",
    "Taking the latest news into account, label {ticker} outperform, neutral or underperform for the "
    "week ahead. One word.",
    "I need a one-word forecast for {ticker} versus the market over five sessions: outperform, neutral "
    "or underperform.",
    "Read the closes and the news and tell me: outperform, neutral or underperform for {ticker} next "
    "week? Only the label.",
    "Will {ticker} beat the market, match it or lag it next week? Answer outperform, neutral or "
    "underperform.",
)

_WINDOWS = (
    "The closes cover {sessions} sessions, {first} to {last}, during which the {sector} sector index moved "
    "{index}.",
    "You have {sessions} daily closes from {first} to {last}; the {sector} sector index changed {index} over "
    "the same days.",
    "Price history: {sessions} sessions between {first} and {last}, against a {index} move in the {sector} "
    "sector index.",
)
_NEWS = (
    "There {earlier} before the last close and one item released after it, on {last}; the call is for the "
    "five sessions that follow.",
    "Judge the five sessions after {last}, taking into account the {earlier_count} earlier news "
    "{earlier_noun} and the item released after that day's close.",
    "Besides the closes you have {earlier_count} earlier news {earlier_noun} and one item from after the "
    "close on {last}; forecast the next five sessions.",
)


def _closes(stream: RandomStream, jumps: dict[int, int]) -> list[int]:
    """Closes in cents: a random walk with small daily moves, plus each news day's jump (sign)."""
    cents = stream.randint(800, 25_000)
    closes = []
    for session in range(SESSIONS):
        move = stream.normal(0.0, 0.009)
        move = max(-0.02, min(0.02, move))
        if session in jumps:
            move = jumps[session] * stream.uniform(0.03, 0.09)
        cents = max(100, round(cents * (1 + move)))
        closes.append(cents)
    return closes


@task_instance("stock_price_prediction")
def stock_price_prediction(stream: RandomStream) -> TaskInstance:
    """Draw closes moved by earlier news and a fresh item after the close; label by the fresh item."""
    company = make_company(stream)
    days = trading_days(draw_date(stream, earliest=datetime.date(2019, 3, 1)), SESSIONS)
    earlier = sorted(stream.sample(range(2, SESSIONS - 2), stream.randint(1, 2)))
    tones = [stream.choice(("positive", "negative")) for _ in earlier]
    closes = _closes(
        stream,
        {session: 1 if tone == "positive" else -1 for session, tone in zip(earlier, tones, strict=True)},
    )
    fresh_tone = stream.choice(("positive", "negative", "routine"))
    tables = {"positive": POSITIVE_NEWS, "negative": NEGATIVE_NEWS, "routine": ROUTINE_NEWS}
    fresh = stream.choice(tables[fresh_tone]).format(company=company.short_name, size=stream.randint(8, 30))
    earlier_items = [
        f"On {long_date(days[session])}, before the market opened: "
        + stream.choice(tables[tone]).format(company=company.short_name, size=stream.randint(8, 30))
        for session, tone in zip(earlier, tones, strict=True)
    ]
    index_change = stream.randint(-40, 40) / 10
    label = LABELS[fresh_tone]
    information = "\n".join(
        [
            f"{company.short_name} ({company.ticker}), {company.industry.label}. Daily closes, oldest first:",
            "; ".join(
                f"{day.isoformat()} ${cents / 100:.2f}" for day, cents in zip(days, closes, strict=True)
            )
            + ".",
            f"Over the same {SESSIONS} sessions the {company.industry.label} sector index changed by "
            f"{index_change:+.1f}%.",
            "News:",
            *earlier_items,
            f"After the close on {long_date(days[-1])}: {fresh}",
        ]
    )
    facts: dict[str, FactValue] = {
        "company": company.short_name,
        "ticker": company.ticker,
        "fresh_news_tone": fresh_tone,
        "earlier_news_count": len(earlier),
        "label": label,
    }
    for number, (session, tone) in enumerate(zip(earlier, tones, strict=True), start=1):
        facts[f"earlier_{number}_session"] = session + 1
        facts[f"earlier_{number}_tone"] = tone
    for number, cents in enumerate(closes, start=1):
        facts[f"close_{number}_cents"] = cents
    hints = hint_map(answer=(label,), must_contain=(label,), forbid=("an explanation beyond the label",))
    earlier_noun = "item" if len(earlier) == 1 else "items"
    details = (
        stream.choice(_WINDOWS).format(
            sessions=SESSIONS,
            first=long_date(days[0]),
            last=long_date(days[-1]),
            sector=company.industry.label,
            index=f"{index_change:+.1f}%",
        ),
        stream.choice(_NEWS).format(
            earlier=f"{'is' if len(earlier) == 1 else 'are'} {count_word(len(earlier))} news {earlier_noun}",
            earlier_count=count_word(len(earlier)),
            earlier_noun=earlier_noun,
            last=long_date(days[-1]),
        ),
    )
    needs, needs_variants = phrase_needs(stream, _INSTRUCTIONS, details, ticker=company.ticker)
    return TaskInstance(
        "stock_price_prediction", information, needs, hints, facts, label, needs_variants=needs_variants
    )
