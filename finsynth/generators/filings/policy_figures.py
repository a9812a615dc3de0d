"""The company's own balances and facts that accounting-policy sentences state (issue #29).

A policy's ``sentences`` and ``figures`` (``resources/accounting_policies.yaml``) name placeholders
that :func:`policy_values` fills from the company and the statements of the last two fiscal years.
The placeholders in ``accounting_policies.ALWAYS`` are there for every company; any other may be
missing (no goodwill, no research line, no foreign revenue, a pretax loss). A policy sentence
written as a list of wordings takes the first whose every placeholder the company has (the last
names only ``ALWAYS``): :func:`policy_sentences`. :func:`policy_figures` keeps only the figure
sentences whose every placeholder is there.
"""

from __future__ import annotations

import string
from collections.abc import Mapping

from finsynth.generators.filings.accounting_policies import Policy
from finsynth.generators.filings.tables import balance_sheet_words
from finsynth.world.company import Company
from finsynth.world.formatting import (
    count_word,
    fiscal_year_end,
    money,
    name_list,
    percent_change,
    percent_figure,
    share_of,
    with_article,
)
from finsynth.world.industry_profiles import in_sentence
from finsynth.world.statements import REGIONS, Statements, total_debt

_FIELDS = string.Formatter()
_DAYS_IN_YEAR = 365


def _change(current: int, previous: int) -> str:
    if previous <= 0 or current == previous:
        return "unchanged" if current == previous else "changed"
    change = percent_change(current, previous)
    return f"up {percent_figure(change)}" if change > 0 else f"down {percent_figure(-change)}"


def _lower(label: str) -> str:
    """A balance-sheet label inside a sentence: lower case but for a leading proper term (``U.S.``)."""
    return in_sentence(label.split(",")[0])


def _always(company: Company, statements: Statements) -> dict[str, str]:
    year, prior = statements.years[-1], statements.years[-2]
    values, earlier, unit = statements.values[year], statements.values[prior], company.unit
    model = statements.balance
    shares = [values[f"segment.{index}"] for index in range(len(company.segments))]
    largest = max(range(len(shares)), key=lambda index: shares[index])
    operating = values["operating_income"]
    return {
        "year": str(year),
        "prior": str(prior),
        "year_end": fiscal_year_end(year, company.fiscal_year_end_month),
        "segment_count": count_word(len(company.segments)),
        "segments": name_list([segment.name for segment in company.segments]),
        "largest_segment": company.segments[largest].name,
        "largest_share": percent_figure(share_of(shares[largest], values["revenue"])),
        "total_assets": money(values["total_assets"], unit),
        "prior_total_assets": money(earlier["total_assets"], unit),
        "total_liabilities": money(values["total_liabilities"], unit),
        "revenue": money(values["revenue"], unit),
        "prior_revenue": money(earlier["revenue"], unit),
        "operating_result": (
            f"operating income of {money(operating, unit)}"
            if operating >= 0
            else f"an operating loss of {money(-operating, unit)}"
        ),
        "founded": str(company.founded),
        "city": company.city,
        "state": company.state,
        "incorporation_state": company.incorporation_state,
        "incorporated": with_article(f"{company.incorporation_state} corporation"),
        "accrued": money(values["accrued_liabilities"], unit),
        "accrued_label": _lower(model.label("accrued_liabilities", "Accrued liabilities")),
        "property": money(values["property_and_equipment"], unit),
        "property_label": _lower(model.label("property_and_equipment", "Property and equipment, net")),
        "leased": _leased(company),
    }


def _leased(company: Company) -> str:
    """What the company leases: its industry's premises, else what a maker or a service company uses."""
    if company.industry.leased_premises is not None:
        return company.industry.leased_premises
    if company.industry.inventory_days[1] and company.industry.trade_terms:
        return "offices, warehouses, production sites and equipment"
    return "offices and equipment"


def policy_values(company: Company, statements: Statements) -> dict[str, str]:
    """Every figure a policy sentence may name that the company has, formatted as the filing states it."""
    year, prior = statements.years[-1], statements.years[-2]
    values, earlier, unit = statements.values[year], statements.values[prior], company.unit
    revenue = values["revenue"]
    found = _always(company, statements)

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
        )
    if values.get("capital_expenditures", 0):
        found["capex"] = money(abs(values["capital_expenditures"]), unit)
    foreign = sum(values.get(f"region.{index}", 0) for index in range(1, len(REGIONS)))
    if foreign > 0:
        found.update(
            foreign_revenue=money(foreign, unit), foreign_share=percent_figure(share_of(foreign, revenue))
        )
    if positive("accounts_receivable"):
        found.update(
            receivables=money(values["accounts_receivable"], unit),
            receivables_label=_lower(statements.balance.label("accounts_receivable", "Accounts receivable")),
        )
        if company.industry.trade_terms:
            # Days of revenue and short maturities describe trade receivables, not a bank's loans.
            found.update(
                trade_receivables=found["receivables"],
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
    if statements.has_inventory and positive("inventories"):
        found["inventories"] = money(values["inventories"], unit)
    if positive("cost_of_revenue"):
        found["cost_of_revenue"] = money(values["cost_of_revenue"], unit)
    debt = total_debt(values)
    if debt > 0:
        found["debt"] = money(debt, unit)
    words = balance_sheet_words(statements)
    for key, default in (
        ("other_assets", words.other_assets),
        ("other_liabilities", words.other_liabilities),
    ):
        # Named only where the industry keeps the general line (a utility's holds regulatory balances).
        if positive(key) and statements.balance.label(key, default) == default:
            found[key] = money(values[key], unit)
            found[f"{key}_label"] = _lower(default)
    return found


def fields(sentence: str) -> set[str]:
    """The placeholders ``sentence`` names."""
    return {field for _, field, _, _ in _FIELDS.parse(sentence) if field}


def policy_sentences(policy: Policy, values: Mapping[str, str]) -> tuple[str, ...]:
    """The policy's sentences, each as the first of its wordings whose every placeholder is in ``values``."""
    chosen = []
    for wordings in policy.sentences:
        usable = [wording for wording in wordings if fields(wording) <= set(values)]
        chosen.append(usable[0].format(**values))
    return tuple(chosen)


def policy_figures(policy: Policy, values: Mapping[str, str]) -> tuple[str, ...]:
    """The policy's figure sentences whose every placeholder is in ``values``, filled."""
    return tuple(sentence.format(**values) for sentence in policy.figures if fields(sentence) <= set(values))
