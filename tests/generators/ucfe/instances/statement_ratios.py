"""Ratios recomputed by the tests from an instance's statement facts, independently of the generator."""

from __future__ import annotations

import re
from collections.abc import Mapping

from finsynth.generators.ucfe.instances import FactValue, TaskInstance
from finsynth.world.industries import INDUSTRIES
from finsynth.world.industry_profiles import Industry, in_sentence


def tenth(value: float) -> float:
    """Round to one decimal, halves away from zero (how the generator shows amounts)."""
    return float(int(abs(value) * 10 + 0.5 + 1e-9)) / 10 * (1 if value >= 0 else -1)


_MONEY = r"\$([\d,]+\.\d) million"
_SIGNED_MONEY = r"(-?\$[\d,]+\.\d) million"
# Rows after the first follow "; ", so "operating expenses" is not read inside an industry's
# "hotel operating expenses" row.
_CURRENT = {
    "current_assets": rf"; current assets {_MONEY} and",
    "current_liabilities": rf"and current liabilities {_MONEY}",
}
"""Rows shown only where the industry's balance sheet is classified (not a bank's, insurer's or REIT's)."""
_SHEET = {
    "revenue_prior": rf"\(prior year {_MONEY}\)",
    "operating_expenses": rf"; operating expenses {_MONEY}",
    "interest_expense": rf"; interest expense {_MONEY};",
    "other_income": rf"; other income, net {_SIGNED_MONEY};",
    "tax": rf"; income tax {_MONEY}",
    "total_assets": rf"; total assets {_MONEY}",
    "total_liabilities": rf"; total liabilities {_MONEY}",
    "total_debt": rf"of which interest-bearing debt {_MONEY}",
    "operating_cash_flow": rf"; operating cash flow {_MONEY}",
    "shares": r"([\d,]+\.\d) million shares outstanding",
    "share_price": r"closing price of \$([\d,]+\.\d\d)",
    "market_cap": rf"market capitalisation of {_MONEY}",
}


def industry_of(instance: TaskInstance) -> Industry:
    """The world industry whose label is the instance's ``sector`` fact."""
    (industry,) = [industry for industry in INDUSTRIES if industry.label == instance.facts["sector"]]
    return industry


def sheet_figures(instance: TaskInstance) -> dict[str, FactValue]:
    """The statement figures as the instance's data sheet writes them (what a reader has).

    The revenue and cost-of-revenue rows carry the names the company's world industry gives
    them (the instance's ``sector`` fact is that industry's label). Current assets and liabilities
    are read where the industry's balance sheet is classified, and must be absent elsewhere.
    """
    industry = industry_of(instance)
    labels = industry.statement_labels
    rows = {
        "revenue": rf"{re.escape(in_sentence(labels.revenue))} {_MONEY} \(prior year",
        "cost_of_sales": rf"; {re.escape(in_sentence(labels.cost_of_revenue))} {_MONEY}",
    }
    if industry.classified_balance_sheet:
        rows |= _CURRENT
    else:
        assert not any(re.search(pattern, instance.information) for pattern in _CURRENT.values())
    figures: dict[str, FactValue] = {}
    for name, pattern in {**rows, **_SHEET}.items():
        found = re.search(pattern, instance.information)
        assert found, f"{name} is not in the data sheet"
        figures[name] = float(found[1].replace(",", "").replace("$", ""))
    return figures


def statement_ratios(facts: Mapping[str, FactValue]) -> dict[str, float]:
    """Margins, returns, leverage and multiples from the shown statement figures."""
    figure = {key: float(value) for key, value in facts.items() if isinstance(value, (int, float))}
    gross = tenth(figure["revenue"] - figure["cost_of_sales"])
    operating = tenth(gross - figure["operating_expenses"])
    net = tenth(operating - figure["interest_expense"] + figure["other_income"] - figure["tax"])
    equity = tenth(figure["total_assets"] - figure["total_liabilities"])
    market_cap = (
        figure["market_cap"] if "market_cap" in figure else tenth(figure["share_price"] * figure["shares"])
    )
    ratios = {
        "gross_margin": gross / figure["revenue"],
        "net_margin": net / figure["revenue"],
        "revenue_growth": figure["revenue"] / figure["revenue_prior"] - 1,
        "return_on_equity": net / equity,
        "debt_to_equity": figure["total_debt"] / equity,
        "interest_coverage": operating / figure["interest_expense"],
        "price_to_earnings": market_cap / net,
        "price_to_book": market_cap / equity,
    }
    if "current_assets" in figure:
        ratios["current_ratio"] = figure["current_assets"] / figure["current_liabilities"]
    return ratios


def shown_percent(fraction: float) -> str:
    """A fraction as a percentage with one decimal, halves up."""
    tenths = int(abs(fraction) * 1000 + 0.5 + 1e-9)
    return f"{'-' if fraction < 0 and tenths else ''}{tenths // 10}.{tenths % 10}%"
