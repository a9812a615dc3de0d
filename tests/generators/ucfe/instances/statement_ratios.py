"""Ratios recomputed by the tests from an instance's statement facts, independently of the generator."""

from __future__ import annotations

from collections.abc import Mapping

from finsynth.generators.ucfe.instances import FactValue


def tenth(value: float) -> float:
    """Round to one decimal, halves away from zero (how the generator shows amounts)."""
    return float(int(abs(value) * 10 + 0.5 + 1e-9)) / 10 * (1 if value >= 0 else -1)


def statement_ratios(facts: Mapping[str, FactValue]) -> dict[str, float]:
    """Margins, returns, leverage and multiples from the shown statement figures."""
    figure = {key: float(value) for key, value in facts.items() if isinstance(value, (int, float))}
    gross = tenth(figure["revenue"] - figure["cost_of_sales"])
    operating = tenth(gross - figure["operating_expenses"])
    net = tenth(operating - figure["interest_expense"] - figure["tax"])
    equity = tenth(figure["total_assets"] - figure["total_liabilities"])
    market_cap = tenth(figure["share_price"] * figure["shares"])
    return {
        "gross_margin": gross / figure["revenue"],
        "net_margin": net / figure["revenue"],
        "revenue_growth": figure["revenue"] / figure["revenue_prior"] - 1,
        "return_on_equity": net / equity,
        "debt_to_equity": figure["total_debt"] / equity,
        "interest_coverage": operating / figure["interest_expense"],
        "current_ratio": figure["current_assets"] / figure["current_liabilities"],
        "price_to_earnings": market_cap / net,
        "price_to_book": market_cap / equity,
    }


def shown_percent(fraction: float) -> str:
    """A fraction as a percentage with one decimal, halves up."""
    tenths = int(abs(fraction) * 1000 + 0.5 + 1e-9)
    return f"{'-' if fraction < 0 and tenths else ''}{tenths // 10}.{tenths % 10}%"
