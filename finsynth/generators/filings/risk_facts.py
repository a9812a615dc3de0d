"""The company's own facts that Item 1A's sentences are composed from (issue #29).

A risk factor reads like the company's own when it names what is true of the company: the segment the
risk lands in and its share of revenue, the headquarters city, the founding year, the head count, the
debt and its interest, the tax rate, goodwill, receivables, the quarters' revenue. :func:`risk_facts`
computes every such fact from the company and its statements (the last two fiscal years), each as the
text a sentence shows; a fact that does not exist or would mislead (a margin of a loss, a tax rate on a
pre-tax loss, debt the company does not have) is left out, and a wording that names it is not used.

The placeholders split into :data:`ALWAYS` (every company has them, so each sentence of a risk keeps at
least one wording built only from them) and :data:`SOMETIMES`.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence

from finsynth.seeding import RandomStream
from finsynth.world.company import Company, employee_count
from finsynth.world.formatting import (
    QUARTER_NAMES,
    count_word,
    money,
    name_list,
    percent_change,
    percent_figure,
    share_of,
    unit_word,
)
from finsynth.world.statements import REGIONS, Statements, total_debt

ALWAYS = (
    "customers",
    "products",
    "competitors",
    "year",
    "prior",
    "revenue",
    "revenue_change",
    "city",
    "state",
    "incorporation_state",
    "founded",
    "employees",
    "segment_count",
    "segment_names",
    "largest",
    "largest_share",
    "segment",
    "offering",
    "segment_share",
    "segment_revenue",
    "segment_change",
    "other",
    "other_share",
    "cash",
    "total_assets",
    "exchange",
    "ticker",
    "shares",
    "ceo",
    "ceo_since",
    "quarter_high",
    "quarter_low",
    "quarter_high_revenue",
    "quarter_low_revenue",
)
"""Facts every company has."""
SOMETIMES = (
    "operating_income",
    "operating_margin",
    "net_income",
    "debt",
    "debt_share",
    "interest_expense",
    "tax_expense",
    "tax_rate",
    "goodwill",
    "goodwill_share",
    "intangibles",
    "receivables",
    "receivable_days",
    "inventory",
    "property",
    "capex",
    "dividends",
    "buybacks",
    "returned",
    "foreign_share",
    "foreign_revenue",
    "europe_share",
    "segment_income",
    "segment_margin",
    "acquisitions",
    "stock_compensation",
    "cfo",
)
"""Facts only some companies have (a wording that names one is used only where it exists)."""
PLACEHOLDERS = (*ALWAYS, *SOMETIMES)
"""Every fact a risk sentence may name."""
_FIELDS = string.Formatter()


def _change(current: int, previous: int) -> str:
    if previous <= 0 or current == previous:
        return "unchanged" if current == previous else "changed"
    change = percent_change(current, previous)
    return f"up {percent_figure(change)}" if change > 0 else f"down {percent_figure(-change)}"


def _positive(found: dict[str, str], key: str, amount: int, unit: str) -> None:
    if amount > 0:
        found[key] = money(amount, unit)


def risk_facts(company: Company, statements: Statements, segment: int, other: int) -> dict[str, str]:
    """The facts a risk sentence may name, for a risk that lands on ``segment`` (and ``other``).

    Args:
        company: The company.
        statements: Its statements; figures are of the latest fiscal year (changes: against the prior one).
        segment: Index of the segment the risk names.
        other: Index of a second segment (the same as ``segment`` for a one-segment company).

    Returns:
        Text by placeholder: every key of :data:`ALWAYS`, and those of :data:`SOMETIMES` that exist.

    """
    year, prior = statements.years[-1], statements.years[-2]
    values, earlier, unit = statements.values[year], statements.values[prior], company.unit
    revenue = values["revenue"]
    count = len(company.segments)
    amounts = [values[f"segment.{index}"] for index in range(count)]
    largest = max(range(count), key=lambda index: (amounts[index], -index))
    quarters = [values.get(f"quarter.{number}.revenue", 0) for number in range(1, 5)]
    high = max(range(4), key=lambda index: (quarters[index], -index))
    low = min(range(4), key=lambda index: (quarters[index], index))
    found = {
        "customers": company.industry.customers,
        "products": company.industry.products,
        "competitors": company.industry.competitors,
        "year": str(year),
        "prior": str(prior),
        "revenue": money(revenue, unit),
        "revenue_change": _change(revenue, earlier["revenue"]),
        "city": company.city,
        "state": company.state,
        "incorporation_state": company.incorporation_state,
        "founded": str(company.founded),
        "employees": f"{employee_count(company, revenue):,}",
        "segment_count": count_word(count),
        "segment_names": name_list(list(company.segment_names)),
        "largest": company.segments[largest].name,
        "largest_share": percent_figure(share_of(amounts[largest], revenue)),
        "segment": company.segments[segment].name,
        "offering": company.segments[segment].offering,
        "segment_share": percent_figure(share_of(amounts[segment], revenue)),
        "segment_revenue": money(amounts[segment], unit),
        "segment_change": _change(amounts[segment], earlier[f"segment.{segment}"]),
        "other": company.segments[other].name,
        "other_share": percent_figure(share_of(amounts[other], revenue)),
        "cash": money(values["cash"], unit),
        "total_assets": money(values["total_assets"], unit),
        "exchange": company.exchange,
        "ticker": company.ticker,
        "shares": f"{values['diluted_shares']:,} {unit_word(unit)}",
        "ceo": company.officers[0].name,
        "ceo_since": str(company.officers[0].since),
        "quarter_high": QUARTER_NAMES[high],
        "quarter_low": QUARTER_NAMES[low],
        "quarter_high_revenue": money(quarters[high], unit),
        "quarter_low_revenue": money(quarters[low], unit),
    }
    if len(company.officers) > 1:
        found["cfo"] = company.officers[1].name
    operating = values["operating_income"]
    if operating > 0 and revenue > 0:
        found["operating_income"] = money(operating, unit)
        found["operating_margin"] = percent_figure(share_of(operating, revenue))
    _positive(found, "net_income", values["net_income"], unit)
    debt = total_debt(values)
    if debt > 0:
        found["debt"] = money(debt, unit)
        found["debt_share"] = percent_figure(share_of(debt, values["total_assets"]))
        _positive(found, "interest_expense", values.get("interest_expense", 0), unit)
    tax, pretax = values["income_tax_expense"], values["income_before_taxes"]
    if tax > 0 and pretax > 0:
        found["tax_expense"] = money(tax, unit)
        found["tax_rate"] = percent_figure(share_of(tax, pretax))
    goodwill = values.get("goodwill", 0)
    if goodwill > 0:
        found["goodwill"] = money(goodwill, unit)
        found["goodwill_share"] = percent_figure(share_of(goodwill, values["total_assets"]))
    _positive(found, "intangibles", values.get("intangible_assets", 0), unit)
    receivables = values.get("accounts_receivable", 0)
    if receivables > 0 and company.industry.trade_terms:
        found["receivables"] = money(receivables, unit)
        found["receivable_days"] = str(round(receivables / revenue * 365))
    if statements.has_inventory:
        _positive(found, "inventory", values.get("inventories", 0), unit)
    _positive(found, "property", values.get("property_and_equipment", 0), unit)
    _positive(found, "capex", -values.get("capital_expenditures", 0), unit)
    dividends, buybacks = -values.get("dividends_paid", 0), -values.get("share_repurchases", 0)
    _positive(found, "dividends", dividends, unit)
    _positive(found, "buybacks", buybacks, unit)
    if dividends > 0 and buybacks > 0:
        found["returned"] = money(dividends + buybacks, unit)
    foreign = sum(values.get(f"region.{index}", 0) for index in range(1, len(REGIONS)))
    if foreign > 0 and not company.industry.domestic:
        found["foreign_share"] = percent_figure(share_of(foreign, revenue))
        found["foreign_revenue"] = money(foreign, unit)
        if values.get("region.1", 0) > 0:
            found["europe_share"] = percent_figure(share_of(values["region.1"], revenue))
    income = values.get(f"segment_income.{segment}", 0)
    if income > 0 and amounts[segment] > 0:
        found["segment_income"] = money(income, unit)
        found["segment_margin"] = percent_figure(share_of(income, amounts[segment]))
    _positive(found, "acquisitions", -values.get("acquisitions", 0), unit)
    _positive(found, "stock_compensation", values.get("stock_based_compensation", 0), unit)
    return found


def names_in(text: str) -> list[str]:
    """The placeholder names of a wording, in order."""
    return [name for _, name, _, _ in _FIELDS.parse(text) if name]


def fill(wordings: Sequence[str], facts: Mapping[str, str], stream: RandomStream) -> str:
    """Draw one of ``wordings`` that ``facts`` can fill and return it filled, its first letter capitalized.

    Raises:
        ValueError: If no wording can be filled (the data files keep one that any company can).

    """
    usable = [wording for wording in wordings if set(names_in(wording)) <= facts.keys()]
    if not usable:
        raise ValueError(f"no wording of {wordings[0]!r} can be filled from the company's facts")
    text = stream.choice(usable).format_map(facts)
    return text[0].upper() + text[1:]
