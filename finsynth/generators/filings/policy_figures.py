"""The company's own balances that accounting-policy sentences state (issue #29).

A policy's ``figures`` (``resources/accounting_policies.yaml``) name placeholders that
:func:`policy_values` fills from the statements of the last two fiscal years; a figure the company
does not have (no goodwill, no research line, no foreign revenue, a pretax loss) is left out, and
:func:`policy_figures` keeps only the sentences whose every figure is there.
"""

from __future__ import annotations

import string

from finsynth.generators.filings.accounting_policies import Policy
from finsynth.world.company import Company
from finsynth.world.formatting import count_word, money, percent_change, percent_figure, share_of
from finsynth.world.statements import REGIONS, Statements

_FIELDS = string.Formatter()
_DAYS_IN_YEAR = 365


def _change(current: int, previous: int) -> str:
    if previous <= 0 or current == previous:
        return "unchanged" if current == previous else "changed"
    change = percent_change(current, previous)
    return f"up {percent_figure(change)}" if change > 0 else f"down {percent_figure(-change)}"


def policy_values(company: Company, statements: Statements) -> dict[str, str]:
    """Every figure a policy sentence may name that the company has, formatted as the filing states it."""
    year, prior = statements.years[-1], statements.years[-2]
    values, earlier, unit = statements.values[year], statements.values[prior], company.unit
    revenue = values["revenue"]
    found = {
        "year": str(year),
        "prior": str(prior),
        "segment_count": count_word(len(company.segments)),
        "total_assets": money(values["total_assets"], unit),
        "prior_total_assets": money(earlier["total_assets"], unit),
    }

    def positive(key: str) -> int:
        return values.get(key, 0) if values.get(key, 0) > 0 else 0

    if positive("cash") and earlier.get("cash", 0) > 0:
        found.update(
            cash=money(values["cash"], unit),
            prior_cash=money(earlier["cash"], unit),
            cash_change=_change(values["cash"], earlier["cash"]),
        )
    if positive("goodwill"):
        found.update(
            goodwill=money(values["goodwill"], unit),
            goodwill_share=percent_figure(share_of(values["goodwill"], values["total_assets"])),
        )
    if positive("intangible_assets"):
        found["intangibles"] = money(values["intangible_assets"], unit)
    if positive("income_tax_expense") and positive("income_before_taxes"):
        found.update(
            tax_expense=money(values["income_tax_expense"], unit),
            pretax_income=money(values["income_before_taxes"], unit),
            effective_rate=percent_figure(
                share_of(values["income_tax_expense"], values["income_before_taxes"])
            ),
        )
    if positive("depreciation_and_amortization") and positive("property_and_equipment"):
        found.update(
            depreciation=money(values["depreciation_and_amortization"], unit),
            depreciation_share=percent_figure(share_of(values["depreciation_and_amortization"], revenue)),
            property=money(values["property_and_equipment"], unit),
        )
    foreign = sum(values.get(f"region.{index}", 0) for index in range(1, len(REGIONS)))
    if foreign > 0:
        found.update(
            foreign_revenue=money(foreign, unit), foreign_share=percent_figure(share_of(foreign, revenue))
        )
    if positive("accounts_receivable"):
        found.update(
            receivables=money(values["accounts_receivable"], unit),
            receivable_days=str(round(values["accounts_receivable"] / revenue * _DAYS_IN_YEAR)),
        )
    if positive("research_and_development"):
        found.update(
            research=money(values["research_and_development"], unit),
            research_share=percent_figure(share_of(values["research_and_development"], revenue)),
        )
    if positive("stock_based_compensation") and earlier.get("stock_based_compensation", 0) > 0:
        found.update(
            stock_compensation=money(values["stock_based_compensation"], unit),
            prior_stock_compensation=money(earlier["stock_based_compensation"], unit),
        )
    return found


def policy_figures(policy: Policy, values: dict[str, str]) -> tuple[str, ...]:
    """The policy's figure sentences whose every placeholder is in ``values``, filled."""
    return tuple(
        sentence.format(**values)
        for sentence in policy.figures
        if {field for _, field, _, _ in _FIELDS.parse(sentence) if field} <= set(values)
    )
