"""Measures only some industries report, each declared once and carried where its YAML lists it.

An industry file names its measures under ``metrics`` (``Industry.metrics``); each name is a key
of :data:`INDUSTRY_METRICS`, which says in which 10-K item the measure appears and builds its
block from the statements, so every number ties to them:

* ``funds_from_operations`` (REITs, Item 7): net income + depreciation and amortization of real
  estate + impairments of real estate − gains on sales of real estate = FFO, and FFO per diluted share;
* ``underwriting_ratios`` (insurers, Item 7): losses and loss adjustment expenses, and underwriting
  costs, over net premiums earned, and their sum, the combined ratio;
* ``rate_base`` (utilities, Item 7): the rate base built from net utility plant, and the rate case
  that set the allowed return on equity;
* ``deferred_revenue`` (subscription businesses, Item 8): the balance-sheet line rolled forward by
  billings and the subscription revenue recognized (the line itself is drawn with the statements);
* ``loan_loss_allowance`` (banks, Item 8): the allowance rolled forward by the income statement's
  provision for credit losses and net charge-offs.

Side amounts a measure needs (the real-estate share of depreciation, a rate case's terms) are
drawn from the narrative stream and kept in the block's facts, as the debt note keeps its notes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from finsynth.generators.filings.blocks import Block, Candidate, Line, heading, prose
from finsynth.generators.filings.tables import TableRow, table
from finsynth.seeding import RandomStream
from finsynth.world.company import Company
from finsynth.world.formatting import money, per_share, percent_figure, share_of, table_amount
from finsynth.world.statements import Statements

PREMIUMS_KEY = "net_premiums_earned"
"""The revenue line an insurer's underwriting ratios divide by (industries with the measure must have it)."""
RECOGNIZED_FROM_DEFERRED_KEY = "subscription_revenue"
"""The revenue line recognized out of deferred revenue (industries with the measure must have it)."""

BuildBlock = Callable[[Company, Statements, RandomStream], Block]


@dataclass(frozen=True)
class IndustryMetric:
    """A measure some industries report.

    Attributes:
        name: Key in ``Industry.metrics`` and in the industry schema's enum.
        item: The 10-K item its block belongs to: ``"7"`` (MD&A) or ``"8"`` (the notes).
        build: Builds its block from the company, its statements and the narrative stream.

    """

    name: str
    item: Literal["7", "8"]
    build: BuildBlock


def _header(company: Company, years: Sequence[int]) -> tuple[str, ...]:
    return (f"(in {company.unit})", *(f"Fiscal {year}" for year in years))


def _row(label: str, amounts: Sequence[int], key: str, years: Sequence[int]) -> TableRow:
    return (label, [table_amount(amount) for amount in amounts], tuple(f"{key}.{year}" for year in years))


def _funds_from_operations(company: Company, statements: Statements, stream: RandomStream) -> Block:
    facts: dict[str, float | str] = {}
    for year in statements.years:
        values = statements.values[year]
        depreciation = round(values["depreciation_and_amortization"] * stream.uniform(0.9, 0.97))
        # Gains sit inside other income and impairments inside property operating expenses.
        gains = (
            round(max(0, values["other_income"]) * stream.uniform(0.4, 0.9)) if stream.random() < 0.6 else 0
        )
        impairment = (
            round(values["cost_of_revenue"] * stream.uniform(0.01, 0.05)) if stream.random() < 0.3 else 0
        )
        ffo = values["net_income"] + depreciation + impairment - gains
        facts.update(
            {
                f"ffo.depreciation.{year}": depreciation,
                f"ffo.impairment.{year}": impairment,
                f"ffo.gains.{year}": gains,
                f"ffo.{year}": ffo,
                f"ffo_per_share.{year}": round(ffo / values["diluted_shares"], 2),
            }
        )
    years = statements.years[::-1]

    def amounts(key: str, sign: int = 1) -> list[int]:
        return [sign * int(facts[f"{key}.{year}"]) for year in years]

    rows = [
        _row("Net income", [statements.values[year]["net_income"] for year in years], "net_income", years),
        _row(
            "Depreciation and amortization of real estate",
            amounts("ffo.depreciation"),
            "ffo.depreciation",
            years,
        ),
        _row("Impairment of real estate", amounts("ffo.impairment"), "ffo.impairment", years),
        _row("Gains on sales of real estate", amounts("ffo.gains", -1), "ffo.gains", years),
        _row("Funds from operations (FFO)", amounts("ffo"), "ffo", years),
        _row(
            "Weighted-average diluted shares",
            [statements.values[year]["diluted_shares"] for year in years],
            "diluted_shares",
            years,
        ),
        (
            "FFO per diluted share",
            [f"{float(facts[f'ffo_per_share.{year}']):.2f}" for year in years],
            tuple(f"ffo_per_share.{year}" for year in years),
        ),
    ]
    year, prior = statements.years[-1], statements.years[-2]
    return Block(
        (
            heading("Funds from Operations"),
            prose(
                "Funds from operations (FFO) is a non-GAAP measure defined by Nareit: net income before "
                "depreciation and amortization of real estate, impairments of real estate and gains or "
                "losses on sales of real estate.",
                "The depreciation added back is the part of total depreciation and amortization that relates "
                "to our properties; gains on sales are included in other income (expense), net, and "
                "impairments in property operating expenses.",
                Line(
                    f"FFO per diluted share was {per_share(float(facts[f'ffo_per_share.{year}']))} in fiscal "
                    f"{year}, compared with {per_share(float(facts[f'ffo_per_share.{prior}']))} in fiscal "
                    f"{prior}.",
                    (f"ffo_per_share.{year}", f"ffo_per_share.{prior}"),
                ),
            ),
            table("Reconciliation of net income to funds from operations", _header(company, years), rows),
        ),
        facts=facts,
    )


def _underwriting_ratios(company: Company, statements: Statements, stream: RandomStream) -> Block:
    years = statements.years[::-1]
    facts: dict[str, float | str] = {}
    for year in years:
        values = statements.values[year]
        premiums, losses = values[PREMIUMS_KEY], values["cost_of_revenue"]
        costs = values["total_operating_expenses"]
        facts.update(
            {
                f"underwriting_income.{year}": premiums - losses - costs,
                f"loss_ratio.{year}": share_of(losses, premiums),
                f"expense_ratio.{year}": share_of(costs, premiums),
                f"combined_ratio.{year}": share_of(losses + costs, premiums),
            }
        )

    def column(key: str) -> list[int]:
        return [statements.values[year][key] for year in years]

    def ratios(key: str) -> list[str]:
        return [percent_figure(float(facts[f"{key}.{year}"])) for year in years]

    labels = statements.labels
    rows: list[TableRow] = [
        _row("Net premiums earned", column(PREMIUMS_KEY), PREMIUMS_KEY, years),
        _row(labels.cost_of_revenue, column("cost_of_revenue"), "cost_of_revenue", years),
        _row(
            labels.total_operating_expenses,
            column("total_operating_expenses"),
            "total_operating_expenses",
            years,
        ),
        _row(
            "Underwriting income (loss)",
            [int(facts[f"underwriting_income.{year}"]) for year in years],
            "underwriting_income",
            years,
        ),
        *(
            (label, ratios(key), tuple(f"{key}.{year}" for year in years))
            for label, key in (
                ("Loss and loss adjustment expense ratio", "loss_ratio"),
                ("Expense ratio", "expense_ratio"),
                ("Combined ratio", "combined_ratio"),
            )
        ),
    ]
    return Block(
        (
            heading("Underwriting Results"),
            prose(
                "We measure underwriting profitability with ratios to net premiums earned: the loss ratio "
                "divides losses and loss adjustment expenses by net premiums earned, the expense ratio "
                "divides underwriting and other costs by them, and the combined ratio is the sum of the two.",
                "A combined ratio below 100% means we earned an underwriting profit before investment "
                "income.",
            ),
            table("Underwriting ratios", _header(company, years), rows),
        ),
        facts=facts,
    )


def _rate_base(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year, prior = statements.years[-1], statements.years[-2]
    facts: dict[str, float | str] = {}
    for when in (prior, year):
        plant = statements.values[when]["property_and_equipment"]
        deferred_taxes = round(plant * stream.uniform(0.08, 0.14))
        working_capital = round(plant * stream.uniform(0.01, 0.04))
        facts.update(
            {
                f"rate_base.deferred_taxes.{when}": deferred_taxes,
                f"rate_base.working_capital.{when}": working_capital,
                f"rate_base.{when}": plant - deferred_taxes + working_capital,
            }
        )
    return_on_equity = round(stream.uniform(9.2, 10.8), 2)
    equity_ratio = round(stream.uniform(47.0, 54.0), 1)
    increase = round(statements.values[year]["revenue"] * stream.uniform(0.01, 0.04))
    next_case = year + stream.randint(1, 3)
    facts.update(
        {
            "rate_case.return_on_equity": return_on_equity,
            "rate_case.equity_ratio": equity_ratio,
            "rate_case.revenue_increase": increase,
            "rate_case.next_filing": next_case,
        }
    )
    years = (year, prior)

    def amounts(key: str, sign: int = 1) -> list[int]:
        return [sign * int(facts[f"{key}.{when}"]) for when in years]

    rows = [
        _row(
            "Utility plant, net (property and equipment, net)",
            [statements.values[when]["property_and_equipment"] for when in years],
            "property_and_equipment",
            years,
        ),
        _row(
            "Less accumulated deferred income taxes",
            amounts("rate_base.deferred_taxes", -1),
            "rate_base.deferred_taxes",
            years,
        ),
        _row(
            "Plus working capital and other",
            amounts("rate_base.working_capital"),
            "rate_base.working_capital",
            years,
        ),
        _row("Rate base", amounts("rate_base"), "rate_base", years),
    ]
    unit = company.unit
    return Block(
        (
            heading("Regulatory Matters and Rate Base"),
            prose(
                "Our rates are set by the state public utility commission so that they recover our operating "
                "costs and earn an allowed return on our rate base, the net investment in utility plant that "
                "serves customers.",
                Line(
                    f"In fiscal {year} the commission approved our general rate case, raising annual "
                    f"revenue by {money(increase, unit)} and setting an allowed return on equity of "
                    f"{return_on_equity:.2f}% "
                    f"on a common equity ratio of {equity_ratio:.1f}%.",
                    ("rate_case.revenue_increase", "rate_case.return_on_equity", "rate_case.equity_ratio"),
                ),
                Line(
                    f"We expect to file our next general rate case in fiscal {next_case}; until then, our "
                    "earned return depends on keeping costs and capital spending close to the levels the "
                    "approved rates assume.",
                    ("rate_case.next_filing",),
                ),
            ),
            table("Rate base", _header(company, years), rows),
        ),
        facts=facts,
    )


def _roll_forward_rows(
    labels: Sequence[str],
    keys: Sequence[str | None],
    columns: Sequence[Sequence[int]],
    years: Sequence[int],
) -> list[TableRow]:
    """One table row per roll-forward line: its amount in each year's column, and its fact keys."""
    return [
        (
            label,
            [table_amount(column[position]) for column in columns],
            tuple(f"{key}.{year}" for year in years) if key else (),
        )
        for position, (label, key) in enumerate(zip(labels, keys, strict=True))
    ]


def _deferred_revenue(company: Company, statements: Statements, stream: RandomStream) -> Block:
    years = statements.years[::-1][:2]
    facts: dict[str, float | str] = {}
    columns = []
    for year in years:
        values = statements.values[year]
        closing, change = values["deferred_revenue"], values["change_deferred_revenue"]
        recognized = values[RECOGNIZED_FROM_DEFERRED_KEY]
        billings = recognized + change
        facts[f"deferred_revenue.billings.{year}"] = billings
        columns.append((closing - change, billings, -recognized, closing))
    labels = (
        "Balance at beginning of year",
        "Billings",
        "Subscription revenue recognized",
        "Balance at end of year",
    )
    keys = (None, "deferred_revenue.billings", RECOGNIZED_FROM_DEFERRED_KEY, "deferred_revenue")
    rows = _roll_forward_rows(labels, keys, columns, years)
    return Block(
        (
            prose(
                "Deferred revenue consists of subscription fees invoiced annually or quarterly in advance; "
                "it is recognized as subscription revenue over the service period, almost all of it within "
                "the next twelve months, so we present it as a current liability.",
            ),
            table("Deferred revenue", _header(company, years), rows),
        ),
        facts=facts,
        title="Deferred Revenue",
    )


def _loan_loss_allowance(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year, prior = statements.years[-1], statements.years[-2]
    opening = round(statements.values[prior]["cost_of_revenue"] * stream.uniform(2.5, 4.0))
    facts: dict[str, float | str] = {}
    columns = []
    for when in (prior, year):
        provision = statements.values[when]["cost_of_revenue"]
        charge_offs = min(opening + provision - 1, round(provision * stream.uniform(0.6, 1.1)))
        closing = opening + provision - charge_offs
        facts.update(
            {
                f"loan_allowance.opening.{when}": opening,
                f"loan_allowance.charge_offs.{when}": charge_offs,
                f"loan_allowance.closing.{when}": closing,
            }
        )
        columns.append((opening, provision, -charge_offs, closing))
        opening = closing
    years = (year, prior)
    columns.reverse()
    labels = (
        "Balance at beginning of year",
        "Provision for credit losses",
        "Net charge-offs",
        "Balance at end of year",
    )
    keys = (
        "loan_allowance.opening",
        "cost_of_revenue",
        "loan_allowance.charge_offs",
        "loan_allowance.closing",
    )
    rows = _roll_forward_rows(labels, keys, columns, years)
    return Block(
        (
            prose(
                "The allowance for credit losses on loans is our estimate of the lifetime losses expected on "
                "the loan portfolio; the provision for credit losses in the statements of operations adds to "
                "it, and loans charged off, net of recoveries, reduce it.",
            ),
            table("Allowance for credit losses on loans", _header(company, years), rows),
        ),
        facts=facts,
        title="Allowance for Credit Losses on Loans",
    )


INDUSTRY_METRICS: dict[str, IndustryMetric] = {
    metric.name: metric
    for metric in (
        IndustryMetric("funds_from_operations", "7", _funds_from_operations),
        IndustryMetric("underwriting_ratios", "7", _underwriting_ratios),
        IndustryMetric("rate_base", "7", _rate_base),
        IndustryMetric("deferred_revenue", "8", _deferred_revenue),
        IndustryMetric("loan_loss_allowance", "8", _loan_loss_allowance),
    )
}
"""Every industry measure by name; ``industry.schema.json`` lists the same names."""


def metric_candidates(
    company: Company, statements: Statements, stream: RandomStream, item: Literal["7", "8"]
) -> list[Candidate]:
    """The blocks of the measures the company's industry reports in 10-K ``item``.

    They are optional, since the shortest filings' required content leaves no room for them, but
    preferred: a filing leaves one out only where it has no room left for it.
    """
    return [
        Candidate(INDUSTRY_METRICS[name].build(company, statements, stream), preferred=True)
        for name in company.industry.metrics
        if INDUSTRY_METRICS[name].item == item
    ]
