"""Financial Regulation Consulting: each verdict is the real rule's, recomputed from the situation's text."""

from __future__ import annotations

import datetime
import re
from collections import Counter

from tests.generators.ucfe.instances.harness import draws

_DATE = r"([A-Z][a-z]+ \d{1,2}, \d{4})"


def _day(text: str) -> datetime.date:
    return datetime.datetime.strptime(text, "%B %d, %Y").date()


def _months_later(day: datetime.date, months: int) -> datetime.date:
    year, month = divmod(day.month - 1 + months, 12)
    for last in (31, 30, 29, 28):
        try:
            return day.replace(year=day.year + year, month=month + 1, day=min(day.day, last))
        except ValueError:
            pass
    raise AssertionError


def _number(text: str) -> int:
    return int(text.replace(",", "").replace("$", ""))


def _verdict(text: str) -> str:
    if "restricted legend" in text:
        bought, planned = (_day(found) for found in re.findall(_DATE, text))
        end = _months_later(bought, 6 if "has filed annual and quarterly reports" in text else 12)
        return (
            "may sell under Rule 144" if planned >= end else f"must wait until {end:%B} {end.day}, {end.year}"
        )
    if "Weekly trading volume" in text:
        outstanding = _number(re.search(r"which has ([\d,]+) shares outstanding", text)[1])  # type: ignore[index]
        weeks = re.search(r"sale notice: ([\d, ]+) shares", text)[1]  # type: ignore[index]
        average = sum(_number(week) for week in weeks.split(", ")) / 4
        planned = _number(re.search(r"wants to sell ([\d,]+) shares", text)[1])  # type: ignore[index]
        limit = max(outstanding / 100, average)
        return (
            "within the volume limit"
            if planned <= limit
            else f"over the volume limit of {int(limit):,} shares"
        )
    if "offering" in text and "plans a second" in text:
        limit = 5_000_000 if "Crowdfunding" in text else 10_000_000
        (first, first_day), (second, second_day) = re.findall(rf"(\$[\d,]+).*?close(?:d)? on {_DATE}", text)
        counted = _number(second) + (
            _number(first) if _day(second_day) < _months_later(_day(first_day), 12) else 0
        )
        return "within the limit" if counted <= limit else f"over the limit by ${counted - limit:,}"
    if "voting shares of" in text:
        held, outstanding = (
            _number(found) for found in re.search(r"owns ([\d,]+) of the ([\d,]+) voting", text).groups()
        )  # type: ignore[union-attr]
        share = held / outstanding * 100
        if share <= 5:
            return "no ownership report required"
        return "file Schedule 13G" if "passive investment" in text and share < 20 else "file Schedule 13D"
    if "is a director of" in text and "open market" in text:
        day_1, day_2 = (_day(found) for found in re.findall(_DATE, text))
        trades = re.findall(r"(bought|sold) ([\d,]+) shares(?: of .+?)? at \$(\d+\.\d\d)", text)
        assert len(trades) == 2, text
        (side_1, shares, price_1), (_, _, price_2) = trades
        buy, sell = (price_1, price_2) if side_1 == "bought" else (price_2, price_1)
        profit_cents = (round(float(sell) * 100) - round(float(buy) * 100)) * _number(shares)
        if day_2 >= _months_later(day_1, 6) or profit_cents <= 0:
            return "no short-swing profit to return"
        return f"must return a profit of ${profit_cents // 100:,}"
    own = [
        _number(found)
        for found in re.search(r"earned (\$[\d,]+) two years ago and (\$[\d,]+)", text).groups()
    ]  # type: ignore[union-attr]
    net_worth, home = (
        _number(found) for found in re.search(r"net worth is (\$[\d,]+), of which (\$[\d,]+)", text).groups()
    )  # type: ignore[union-attr]
    joint = False
    if "spouse earned" in text:
        spouse = [
            _number(found) for found in re.search(r"spouse earned (\$[\d,]+) and (\$[\d,]+)", text).groups()
        ]  # type: ignore[union-attr]
        joint = all(a + b > 300_000 for a, b in zip(own, spouse, strict=True))
    accredited = all(income > 200_000 for income in own) or joint or net_worth - home > 1_000_000
    return "accredited" if accredited else "not accredited"


def test_verdicts_follow_the_rules_from_the_text() -> None:
    verdicts: Counter[tuple[str, str]] = Counter()
    for instance in draws("financial_regulation_consulting"):
        expected = _verdict(instance.information)
        assert instance.hints["answer"] == (expected,), instance.information
        rule, source, verdict = instance.hints["must_contain"]
        assert verdict == expected and source in instance.reference_answer
        verdicts[(str(instance.facts["rule"]), expected.split()[0])] += 1
    rules = {rule for rule, _ in verdicts}
    assert len(rules) == 7
    for rule in rules:
        assert len([key for key in verdicts if key[0] == rule]) >= 2, f"{rule} has only one verdict"


def test_the_information_states_facts_not_the_rule() -> None:
    for instance in draws("financial_regulation_consulting")[:300]:
        rule = instance.hints["must_contain"][0]
        assert rule not in instance.information and "CFR" not in instance.information
        assert len(instance.information) <= 1_000


def test_the_steps_agree_with_the_verdict() -> None:
    for instance in draws("financial_regulation_consulting"):
        steps = instance.hints["should_contain"][1:]
        verdict = instance.hints["answer"][0]
        assert steps, instance.facts
        if instance.facts["rule"] == "accredited_investor":
            assert any(step.endswith("(met)") for step in steps) == (verdict == "accredited"), steps
        if instance.facts["rule"] == "short_swing":
            owes = verdict.startswith("must return")
            assert owes == ("within six months" in steps[0] and "matched profit" in steps[1]), steps
        if instance.facts["rule"] == "ownership_report":
            assert ("is crossed" in steps[1]) == (verdict != "no ownership report required"), steps
