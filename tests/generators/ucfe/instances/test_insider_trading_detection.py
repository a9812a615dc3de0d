"""Insider Trading Detection: labels follow access, direction, timing and size, recomputed from the text.

The test reads the case the way an investigator would, from the information alone: when the
news arose and was published, which way the price moved, the referral threshold, and each
trade with who made it. Access is read from the relation ("no known link", "former ... before
the matter arose", "no contact" mean none), independently of the generator's tables.
"""

from __future__ import annotations

import datetime
import re
from collections import Counter
from dataclasses import dataclass

from tests.generators.ucfe.instances.harness import draws

_DATE = r"[A-Z][a-z]+ \d{1,2}, \d{4}"
_TRADE_FORMS = (
    re.compile(
        rf"^(?P<person>[^.]+?) is (?P<relation>.+?)\. Brokerage records show that (?P=person) "
        rf"(?P<side>bought|sold) (?P<shares>[\d,]+) shares at \$(?P<price>[\d,.]+) on (?P<date>{_DATE}), "
        rf"a trade worth \$(?P<value>[\d,]+)\."
    ),
    re.compile(
        rf"^Trade by (?P<person>[^(]+?) \((?P<relation>.+?)\): (?P<side>bought|sold) (?P<shares>[\d,]+) "
        rf"shares at \$(?P<price>[\d,.]+) on (?P<date>{_DATE}), for \$(?P<value>[\d,]+) in total\."
    ),
)
_NO_ACCESS = ("no known link", "before the matter arose", "no contact with the company")


def _day(text: str) -> datetime.date:
    return datetime.datetime.strptime(text, "%B %d, %Y").date()


@dataclass(frozen=True)
class ReadTrade:
    person: str
    relation: str
    side: str
    shares: int
    cents: int
    value: int
    day: datetime.date


def _read_trades(paragraphs: list[str]) -> list[ReadTrade]:
    trades = []
    for paragraph in paragraphs:
        for form in _TRADE_FORMS:
            found = form.match(paragraph)
            if found:
                trades.append(
                    ReadTrade(
                        found["person"],
                        found["relation"],
                        found["side"],
                        int(found["shares"].replace(",", "")),
                        round(float(found["price"].replace(",", "")) * 100),
                        int(found["value"].replace(",", "")),
                        _day(found["date"]),
                    )
                )
    return trades


def _label(
    trade: ReadTrade, good_news: bool, arose: datetime.date, announced: datetime.date, threshold: int
) -> str:
    if any(marker in trade.relation for marker in _NO_ACCESS):
        return "no access"
    if trade.side != ("bought" if good_news else "sold"):
        return "wrong direction"
    if not arose <= trade.day < announced:
        return "outside the window"
    if trade.shares * trade.cents < 100 * threshold:
        return "below the threshold"
    return "suspicious"


def test_labels_follow_the_four_tests_read_from_the_information() -> None:
    reasons: Counter[str] = Counter()
    suspicious_counts: Counter[int] = Counter()
    for instance in draws("insider_trading_detection"):
        text = instance.information
        paragraphs = text.split("\n\n")
        arose = _day(re.search(rf"On ({_DATE}), (?!after the market closed)", text)[1])  # type: ignore[index]
        announced_match = re.search(rf"On ({_DATE}), after the market closed", text)
        assert announced_match, text
        announced = _day(announced_match[1])
        good_news = " the shares rose " in text
        assert good_news != (" the shares fell " in text)
        threshold = int(re.search(r"(?:trades of|worth|below) \$([\d,]+)", text)[1].replace(",", ""))  # type: ignore[index]
        trades = _read_trades(paragraphs)
        assert len(trades) == int(instance.facts["trade_count"]), "every trade is readable from the text"
        labels = {trade.person: _label(trade, good_news, arose, announced, threshold) for trade in trades}
        for trade in trades:
            assert trade.value == (trade.shares * trade.cents + 50) // 100, (
                "the quoted value is shares x price"
            )
        suspicious = [trade for trade in trades if labels[trade.person] == "suspicious"]
        # a user asking whether the law was broken is answered by the legal test alone: a trade
        # below the desk's referral threshold is no less unlawful
        decides = (
            ("suspicious", "below the threshold") if instance.facts["question"] == "law" else ("suspicious",)
        )
        answered = [trade for trade in trades if labels[trade.person] in decides]
        assert instance.hints["answer"] == tuple(trade.person for trade in answered)
        assert instance.hints["must_contain"] == tuple(
            f"{trade.person} on {trade.day:%B} {trade.day.day}, {trade.day.year}" for trade in answered
        )
        assert len(instance.hints["should_contain"]) == len(trades) - len(answered)
        look_alikes = [labels[trade.person] for trade in trades if labels[trade.person] != "suspicious"]
        assert len(set(look_alikes)) == len(look_alikes) >= 2, "look-alikes each fail a different test"
        reasons.update(look_alikes)
        suspicious_counts[len(suspicious)] += 1
    assert set(reasons) == {"no access", "wrong direction", "outside the window", "below the threshold"}
    assert min(reasons.values()) >= 400, reasons
    assert set(suspicious_counts) == {1, 2}


def test_a_tippee_spoke_with_the_insider_before_trading() -> None:
    tippees = 0
    for instance in draws("insider_trading_detection"):
        for trade in _read_trades(instance.information.split("\n\n")):
            contact = re.search(rf"on ({_DATE})$", trade.relation)
            if contact:
                tippees += 1
                assert _day(contact[1]) <= trade.day
    assert tippees >= 300


def test_look_alikes_share_the_suspicious_trades_other_features() -> None:
    """A trade that fails one test passes the other three, so no single cue gives the answer away."""
    for instance in draws("insider_trading_detection")[:300]:
        facts = instance.facts
        for number in range(1, int(facts["trade_count"]) + 1):
            label = str(facts[f"trade_{number}_label"])
            assert bool(facts[f"trade_{number}_access"]) == (label != "no access")


def test_every_reference_applies_the_legal_test_apart_from_the_threshold_and_says_which_decides() -> None:
    questions: Counter[str] = Counter()
    for instance in draws("insider_trading_detection"):
        reference = instance.reference_answer
        assert "Legal test (material non-public information, a duty" in reference
        assert "Referral threshold (" in reference and "the desk's policy" in reference
        law = instance.facts["question"] == "law"
        questions[instance.facts["question"]] += 1
        decider = "so the legal test decides" if law else "so the legal test and then the threshold decide"
        assert decider in reference, reference
        small = [
            number
            for number in range(1, int(instance.facts["trade_count"]) + 1)
            if instance.facts[f"trade_{number}_label"] == "below the threshold"
        ]
        for number in small:
            person = str(instance.facts[f"trade_{number}_person"])
            # never cleared because it is small when the user asks about the law
            assert (person in instance.hints["answer"]) == law, (person, reference)
            assert "that does not make it lawful" in reference
    assert questions["law"] >= 300 and questions["referral"] >= 300
