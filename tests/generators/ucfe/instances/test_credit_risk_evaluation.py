"""Credit Risk Evaluation: the label and the quoted figures follow from the facts by the stated bands."""

from __future__ import annotations

import math
import re
from fractions import Fraction

from tests.generators.ucfe.instances.harness import draws


def ratio_tenths(liabilities: int, assets: int) -> int:
    """Liabilities over assets in tenths of a percent, halves rounded up, computed exactly."""
    return math.floor(Fraction(1000 * liabilities, assets) + Fraction(1, 2))


def expected_label(score: int, liabilities: int, assets: int) -> str:
    tenths = ratio_tenths(liabilities, assets)
    score_points = 0 if score >= 740 else 1 if score >= 670 else 2 if score >= 580 else 3
    leverage_points = 2 if tenths >= 600 else 1 if tenths >= 400 else 0
    total = score_points + leverage_points
    return "low" if total <= 1 else "moderate" if total <= 3 else "high"


def test_label_ratio_and_score_follow_the_bands() -> None:
    labels = set()
    for instance in draws("credit_risk_evaluation"):
        facts = instance.facts
        text = instance.information
        # Read from the text the model sees; the facts must say the same.
        score = int(re.search(r"score (?:of )?(\d{3})", text)[1])  # type: ignore[index]
        assets, liabilities = (
            int(
                next(
                    group
                    for group in re.search(
                        rf"{kind} (?:of )?\$([\d,]+)|\$([\d,]+) in total {kind}", text
                    ).groups()
                    if group
                ).replace(",", "")
            )  # type: ignore[union-attr]
            for kind in ("assets", "liabilities")
        )
        assert (score, assets, liabilities) == (
            int(facts["credit_score"]),
            int(facts["total_assets"]),
            int(facts["total_liabilities"]),
        )
        label = expected_label(score, liabilities, assets)
        labels.add(label)
        assert instance.hints["answer"] == (label,)
        assert f"{label} default risk" in instance.hints["must_contain"]
        tenths = ratio_tenths(int(facts["total_liabilities"]), int(facts["total_assets"]))
        assert (
            f"debt-to-asset ratio (total liabilities / total assets) of {tenths // 10}.{tenths % 10}%"
            in instance.hints["must_contain"]
        )
        assert f"credit score of {facts['credit_score']}" in " ".join(instance.hints["must_contain"])
        assert f"{int(facts['total_assets']):,}" in instance.information
        assert f"{int(facts['total_liabilities']):,}" in instance.information
    assert labels == {"low", "moderate", "high"}
