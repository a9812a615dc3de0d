"""Stock Price Prediction: the label is the crossover rule stated in the instruction, recomputed here."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from tests.generators.ucfe.instances.harness import SEEDS, draws


def test_label_is_the_stated_crossover_rule() -> None:
    labels: Counter[str] = Counter()
    for instance in draws("stock_price_prediction"):
        facts = instance.facts
        closes = [int(facts[f"close_{n}_cents"]) for n in range(1, int(facts["close_count"]) + 1)]
        short, long = int(facts["short_window"]), int(facts["long_window"])
        band = Fraction(int(facts["band_percent"]), 100)
        gap = Fraction(sum(closes[-short:]) * long, sum(closes[-long:]) * short) - 1
        label = "outperform" if gap > band else "underperform" if gap < -band else "neutral"
        assert instance.hints["answer"] == (label,) == instance.hints["must_contain"]
        assert instance.reference_answer == label
        assert f"{short}" in instance.needs and f"{long}" in instance.needs
        assert f"{closes[-1] / 100:.2f}" in instance.information
        labels[label] += 1
    assert min(labels.values()) >= SEEDS // 10, labels
