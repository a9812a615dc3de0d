"""Insider Trading Detection: trades around undisclosed news, judged by an investigator's four tests.

Data: a fictional listed company, the day price-sensitive news arose inside it and the day it
was published, the share price reaction, the surveillance desk's referral threshold, the legal
basis, and three to six trades by distinct people with who they are and how they could know.

Rules (:func:`~finsynth.generators.ucfe.instances.world.trades.verdict`). Two tests apply, and
they are kept apart. The legal test asks whether the trader held material non-public information
under a duty and traded on it: access (a current insider on the matter, or a tippee with a
documented contact after the news arose), a trade inside the period from the day the news arose
to the day before publication, in the direction of the news. The referral threshold is the
surveillance desk's policy, not the law: a trade that meets the legal test is referred only when
worth at least the threshold, and a smaller one is no less unlawful. Each instance has one or two
trades that meet both and two to four look-alikes that each fail one test (one of which may be
the threshold alone).

Which test decides depends on what the user asks (``facts["question"]``): a user asking whether
the law was broken (``law``) is answered by the legal test, so ``answer`` lists every trader who
meets it, below the threshold or not; a user asking what to refer or investigate (``referral``)
is answered by both, so ``answer`` lists the traders who meet the legal test and the threshold.
``must_contain`` names each answer as ``"<person> on <date>"``; ``should_contain`` gives every
other trade's reason, a below-threshold trade's saying that it meets the legal test; the
reference states each trade's legal verdict, its place against the threshold, and which decides.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.generators.ucfe.instances.world.dates import draw_date
from finsynth.generators.ucfe.instances.world.trades import MATERIAL_EVENTS, SUSPICIOUS, Trade, draw_trades
from finsynth.seeding import RandomStream
from finsynth.world.company import make_company
from finsynth.world.formatting import (
    dollars,
    long_date,
    name_list,
    percent,
    price,
    with_article,
)

LEGAL_BASIS = (
    "The case falls under the US ban on trading while in possession of material non-public information: "
    "Section 10(b) of the Securities Exchange Act of 1934 and SEC Rule 10b-5. It reaches company insiders, "
    "outsiders such as lawyers and bankers who misuse information entrusted to them, and tippees who trade "
    "on what an insider passed on to them (the test set by the Supreme Court in Dirks v. SEC, 1983)."
)
"""The legal framework, in our own words; the rule and cases are real and long settled."""

_RULES = (
    "The exchange's surveillance desk refers a trade for investigation when it is worth {threshold} or "
    "more; smaller trades are logged but not referred.",
    "Referral threshold: the regulator's market-abuse team only opens a file on trades of {threshold} or "
    "more.",
    "Trades below {threshold} are treated as too small to refer; anything at or above it goes to the "
    "investigators.",
)
_TRADES = (
    "{person} is {relation}. Brokerage records show that {person} {side} {shares:,} shares at {price} "
    "on {date}, a trade worth {value}. {history}",
    "Trade by {person} ({relation}): {side} {shares:,} shares at {price} on {date}, for {value} in "
    "total. {history}",
)
_HISTORY = (
    "It was the first trade in the company's shares from that account in at least two years.",
    "The account had traded the shares a few times a year before.",
    "The order was placed online from a personal account.",
    "The trade was placed by phone through a full-service broker.",
    "The account holder says the trade was part of a long-planned change to the portfolio.",
    "The money came from a savings account opened years earlier.",
)
_LAW_NEEDS = (
    "Decide which of these trades may be insider trading, and explain the legal reasoning for each person.",
    "Tell me who, if anyone, looks like they traded on inside information, and on what basis.",
    "Compliance wants to know whether any of these trades breach insider-trading law. Give a yes or no "
    "for each person with the reason.",
    "Check these trades against the usual insider-trading tests and tell me which ones would stand up "
    "as a case.",
    "As a journalist I have these records. Which trades look like insider dealing, and which would be "
    "unfair to report as such?",
)
"""Needs asking whether the law was broken: the legal test decides."""
_REFERRAL_NEEDS = (
    "Go through each trade and say whether it should be referred as possible insider trading, and why "
    "or why not.",
    "I need a short memo: for each trader, did they have access to the news, did the trade match it, "
    "was it in the window, and was it big enough to refer?",
    "Which of these people should we open a case on? Rule out the others with a reason I can write in "
    "the file.",
    "Draft the analysis section of a referral: identify the inside information, the period it was "
    "inside, and the trades that are suspect.",
    "I'm new to market-abuse work. Walk me through how you would screen these trades, then give me your "
    "list of suspects.",
    "Separate the trades that deserve an investigation from the ones that only look odd, and explain "
    "the difference.",
)
"""Needs asking what to refer or investigate: the legal test and then the desk's threshold decide."""
_NEEDS = _LAW_NEEDS + _REFERRAL_NEEDS
LEGAL_TEST = (
    "material non-public information, a duty to keep it (an insider, or a tippee of one), and a trade on it"
)
"""What the law asks of every trade, whatever its size."""

_REASON_TEXT = {
    "no access": "{person} had no access to the information",
    "wrong direction": "{person} traded against the direction of the news",
    "outside the window": "{person} traded outside the period in which the information was inside",
    "below the threshold": "{person}'s trade meets the legal test but was below the {threshold} referral "
    "threshold, the desk's policy and not the law",
}


def _trade_text(stream: RandomStream, trade: Trade) -> str:
    return stream.choice(_TRADES).format(
        person=trade.person,
        relation=trade.relation,
        side=trade.side,
        shares=trade.shares,
        price=price(trade.price),
        date=long_date(trade.day),
        value=dollars(trade.value),
        history=stream.choice(_HISTORY),
    )


def _reference(
    trades: Sequence[Trade],
    unlawful: list[Trade],
    referred: list[Trade],
    arose: datetime.date,
    announced: datetime.date,
    threshold: int,
    asks_law: bool,
) -> str:
    """The reference answer: the legal test, then the referral threshold, then which one decides."""
    met = name_list([f"{trade.person} on {long_date(trade.day)}" for trade in unlawful])
    failed = "; ".join(
        _REASON_TEXT[trade.label].format(person=trade.person, threshold=dollars(threshold))
        for trade in trades
        if trade not in unlawful
    )
    small = [trade for trade in unlawful if trade not in referred]
    lines = [
        f"The information was material and non-public from {long_date(arose)} until {long_date(announced)}.",
        f"Legal test ({LEGAL_TEST}): met by {met}; not met: {failed}.",
        f"Referral threshold ({dollars(threshold)}, the desk's policy): "
        + (
            f"{name_list([trade.person for trade in small])} traded for less ("
            + ", ".join(dollars(trade.value) for trade in small)
            + "), so the desk would log the trade and not refer it; that does not make it lawful."
            if small
            else "every trade that meets the legal test is at or above it."
        ),
    ]
    if asks_law:
        lines.append(
            "The question is whether the law was broken, so the legal test decides: "
            f"{name_list([trade.person for trade in unlawful])} may have traded unlawfully, "
            "whatever the size."
        )
    else:
        lines.append(
            "The question is what to refer, so the legal test and then the threshold decide: refer "
            f"{name_list([trade.person for trade in referred])}; a referral opens an investigation and "
            "is not proof of guilt."
        )
    return " ".join(lines)


@task_instance("insider_trading_detection")
def insider_trading_detection(stream: RandomStream) -> TaskInstance:
    """Draw undisclosed news and trades around it; label each trade by the four tests."""
    company = make_company(stream)
    announced = draw_date(stream, earliest=datetime.date(2019, 6, 3))
    window = stream.randint(12, 60)
    arose = announced - datetime.timedelta(days=window)
    while arose.weekday() >= 5:  # matters arise on working days
        arose -= datetime.timedelta(days=1)
    event = stream.choice(MATERIAL_EVENTS)
    threshold = stream.choice((25_000, 50_000, 100_000, 250_000))
    base_price = stream.uniform(6, 150)
    move = stream.uniform(0.08, 0.35) * (1 if event.good_news else -1)
    trades = draw_trades(
        stream,
        good_news=event.good_news,
        arose=arose,
        announced=announced,
        threshold=threshold,
        price=base_price,
    )
    volume = stream.randint(2, 40) * 10_000
    low, high = base_price * stream.uniform(0.85, 0.95), base_price * stream.uniform(1.05, 1.15)
    paragraphs = [
        f"{company.short_name} ({company.ticker}) is {with_article(company.industry.label)} company "
        f"founded in {company.founded} "
        f"whose business lines are {name_list(list(company.segment_names))}, serving {company.customers}. "
        "In the three months "
        f"before the events below its shares traded between {price(low)} and {price(high)}, with about "
        f"{volume:,} shares changing hands on an average day.",
        f"On {long_date(arose)}, {event.origin}. From that day a small working group knew; the company kept "
        "the matter confidential and opened an insider list.",
        f"On {long_date(announced)}, after the market closed, the company {event.announced}. On the next "
        f"trading day the shares {'rose' if event.good_news else 'fell'} {percent(abs(move))} on several "
        "times their usual volume.",
        stream.choice(_RULES).format(threshold=dollars(threshold)),
        LEGAL_BASIS,
        *(_trade_text(stream, trade) for trade in trades),
        "Investigators have interviewed everyone named above and hold their brokerage and phone records.",
    ]
    needs, needs_variants = phrase_needs(stream, _NEEDS)
    asks_law = needs in _LAW_NEEDS
    unlawful = [trade for trade in trades if trade.label in (SUSPICIOUS, "below the threshold")]
    referred = [trade for trade in trades if trade.label == SUSPICIOUS]
    answered = unlawful if asks_law else referred
    others = [trade for trade in trades if trade not in answered]
    reasons = tuple(
        _REASON_TEXT[trade.label].format(person=trade.person, threshold=dollars(threshold))
        for trade in others
    )
    hints = hint_map(
        answer=tuple(trade.person for trade in answered),
        must_contain=tuple(f"{trade.person} on {long_date(trade.day)}" for trade in answered),
        at_least_contain=(
            f"that the information arose on {long_date(arose)} and stayed inside until "
            f"{long_date(announced)}",
            "each person's access to the information",
            f"the legal test: {LEGAL_TEST}",
            f"that the {dollars(threshold)} referral threshold is the desk's policy and does not decide "
            "whether the law was broken",
        ),
        should_contain=reasons,
        encourage=(
            "whether each trade's direction matched the price move after the news",
            "that a referral calls for investigation and is not proof of guilt",
        ),
        forbid=(
            "advice on how to trade on non-public information without being caught",
            "treating a trade as insider dealing on timing alone",
            "clearing a trade under the law because it is small",
        ),
    )
    reference = _reference(trades, unlawful, referred, arose, announced, threshold, asks_law)
    facts: dict[str, FactValue] = {
        "company": company.short_name,
        "arose_date": arose.isoformat(),
        "announcement_date": announced.isoformat(),
        "event": event.announced,
        "good_news": event.good_news,
        "threshold": threshold,
        "trade_count": len(trades),
        "question": "law" if asks_law else "referral",
    }
    for number, trade in enumerate(trades, start=1):
        facts[f"trade_{number}_person"] = trade.person
        facts[f"trade_{number}_relation"] = trade.relation
        facts[f"trade_{number}_access"] = trade.access
        facts[f"trade_{number}_date"] = trade.day.isoformat()
        facts[f"trade_{number}_side"] = trade.side
        facts[f"trade_{number}_shares"] = trade.shares
        facts[f"trade_{number}_price"] = trade.price
        facts[f"trade_{number}_label"] = trade.label
    return TaskInstance(
        "insider_trading_detection",
        "\n\n".join(paragraphs),
        needs,
        hints,
        facts,
        reference,
        needs_variants=needs_variants,
    )
