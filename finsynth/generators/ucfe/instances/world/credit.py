"""Credit-score bands, leverage bands and the default-risk label they combine into.

Score bands (inclusive lower bounds): 740–850 strong, 670–739 good, 580–669 fair, 300–579 poor,
scoring 0, 1, 2 and 3 points. Leverage bands on the debt-to-asset ratio (liabilities ÷ assets,
rounded to 0.1 percentage point): below 40.0% low, 40.0% to below 60.0% moderate, 60.0% and
above high, scoring 0, 1 and 2 points. Total points 0–1 give low default risk, 2–3 moderate,
4–5 high.
"""

from __future__ import annotations

from finsynth.world.rounding import round_half_up

SCORE_BANDS: tuple[tuple[int, str], ...] = ((740, "strong"), (670, "good"), (580, "fair"), (300, "poor"))
"""(lowest score of the band, band name), best band first."""

LEVERAGE_BANDS: tuple[tuple[float, str], ...] = ((0.60, "high"), (0.40, "moderate"), (0.0, "low"))
"""(lowest debt-to-asset ratio of the band, band name), most leveraged first."""

RISK_LABELS: tuple[tuple[int, str], ...] = ((4, "high"), (2, "moderate"), (0, "low"))
"""(lowest total points, default-risk label)."""


def debt_to_asset_ratio(liabilities: float, assets: float) -> float:
    """Liabilities over assets, rounded to three decimals (one decimal of the percentage)."""
    return round_half_up(liabilities / assets, 3)


def score_band(score: int) -> tuple[str, int]:
    """The band of a credit score and its points (0 for strong to 3 for poor)."""
    for points, (lowest, band) in enumerate(SCORE_BANDS):
        if score >= lowest:
            return band, points
    raise ValueError(f"credit score {score} is below the scale's minimum of 300")


def leverage_band(ratio: float) -> tuple[str, int]:
    """The band of a debt-to-asset ratio and its points (0 for low to 2 for high)."""
    for position, (lowest, band) in enumerate(LEVERAGE_BANDS):
        if ratio >= lowest:
            return band, len(LEVERAGE_BANDS) - 1 - position
    raise ValueError(f"debt-to-asset ratio {ratio} is negative")


def default_risk(score: int, ratio: float) -> str:
    """The default-risk label (low, moderate or high) of a score and a debt-to-asset ratio."""
    total = score_band(score)[1] + leverage_band(ratio)[1]
    return next(label for lowest, label in RISK_LABELS if total >= lowest)
