"""Stock Price Prediction: news moves the closes on its day; fresh news after the close sets the label."""

from __future__ import annotations

import datetime
import re
from collections import Counter

from tests.generators.ucfe.instances.harness import SEEDS, draws

_POSITIVE = ("above analysts' forecasts", "won a multi-year contract", "announced a buyback", "approved")
_NEGATIVE = ("warned that", "resigned", "lost a customer", "recalled")
_ROUTINE = ("confirmed the date", "moved its head office", "appointed a new independent director", "renamed")


def _tone(text: str) -> str:
    tones = [
        tone
        for tone, markers in (("positive", _POSITIVE), ("negative", _NEGATIVE), ("routine", _ROUTINE))
        if any(marker in text for marker in markers)
    ]
    assert len(tones) == 1, text
    return tones[0]


def test_label_follows_the_fresh_news_and_earlier_news_moved_the_price() -> None:
    labels: Counter[str] = Counter()
    trend_by_label: Counter[tuple[str, bool]] = Counter()
    for instance in draws("stock_price_prediction"):
        text = instance.information
        closes = {
            datetime.date.fromisoformat(day): round(float(value) * 100)
            for day, value in re.findall(r"(\d{4}-\d\d-\d\d) \$(\d+\.\d\d)", text)
        }
        assert len(closes) == 20
        days = sorted(closes)
        for when, item in re.findall(r"On ([A-Z][a-z]+ \d+, \d{4}), before the market opened: (.+)", text):
            day = datetime.datetime.strptime(when, "%B %d, %Y").date()
            before = closes[days[days.index(day) - 1]]
            change = closes[day] / before - 1
            direction = 1 if _tone(item) == "positive" else -1
            assert direction * change >= 0.029, (item, change)
        fresh = re.search(r"After the close on [A-Z][a-z]+ \d+, \d{4}: (.+)$", text)
        assert fresh, text
        label = {"positive": "outperform", "negative": "underperform", "routine": "neutral"}[_tone(fresh[1])]
        assert instance.hints["answer"] == (label,) == instance.hints["must_contain"]
        assert instance.reference_answer == label
        labels[label] += 1
        trend_by_label[(label, closes[days[-1]] > closes[days[0]])] += 1
    assert min(labels.values()) >= SEEDS // 5, labels
    assert min(trend_by_label.values()) >= SEEDS // 20, "the trend alone does not give the label away"
