"""The narrative parts of a fictional annual report, written from the company's own statements.

Segment results, the management discussion, capital spending, ownership and the outlook all
restate or follow from the company's world statements and their summary
(:class:`~finsynth.world.summary.StatementSummary`): segment revenues, capital spending, debt
maturities, the parts of current assets, dividends and head count are the statements' amounts
in $ millions (split so the parts add up to the shown total), and the growth and margins quoted
are the summary's, so the longer text never contradicts the data sheet the hints are computed from.
"""

from __future__ import annotations

from collections.abc import Mapping

from finsynth.generators.ucfe.instances.world.prospectus import (
    CATEGORIES,
    draw_figures,
    draw_risk_factor,
    risk_categories,
)
from finsynth.generators.ucfe.instances.world.statements import shows_gross_margin
from finsynth.seeding import RandomStream
from finsynth.world.company import Company, employee_count
from finsynth.world.formatting import millions, percent
from finsynth.world.names import person_name
from finsynth.world.statements import Statements
from finsynth.world.summary import StatementSummary, in_millions, split_tenths

REPORT_RISKS = tuple(
    category
    for category in CATEGORIES
    if category.name
    not in (
        "competition risk",
        "accounts receivable risk",
        "controlling shareholder risk",
        "fundraising project risk",
    )
)
"""Risks an annual report may name whose figures cannot contradict the statements or the ownership note."""

_DRIVERS_UP = (
    "higher volumes from existing {customers}",
    "price increases that held despite competition",
    "new contracts won during the year",
    "a full year of contribution from a product range launched the year before",
)
_DRIVERS_DOWN = (
    "weaker orders from {customers}",
    "price cuts made to defend market share",
    "the end of a large contract that was not renewed",
    "destocking by distributors",
)
_COST_NOTES = (
    "Input costs were broadly stable, and the company renegotiated freight contracts.",
    "Wage inflation and higher energy prices raised costs; part was passed on through prices.",
    "Spending on research and sales staff rose as the company prepared new products.",
    "A cost-saving programme cut overheads, partly offset by one-off restructuring charges.",
)
_OUTLOOKS = (
    "Management expects revenue growth of {low}% to {high}% next year, assuming stable demand from "
    "{customers}.",
    "For next year, the company guides to revenue growth in the range of {low}% to {high}% and similar "
    "margins.",
    "The board's outlook is cautious: growth of {low}% to {high}%, with risks from demand and input costs.",
)


def _split(stream: RandomStream, total: float, parts: int) -> list[float]:
    """``total`` split into ``parts`` amounts (one decimal) that add up to it exactly."""
    return split_tenths(total, [stream.uniform(1, 4) for _ in range(parts)])


def _parts(total: float, amounts: list[int]) -> list[float]:
    """``total`` split in proportion to the statements' ``amounts`` (one decimal, adding up exactly)."""
    if sum(amounts) <= 0:
        return [0.0 for _ in amounts]
    return split_tenths(total, [float(amount) for amount in amounts])


def _working_capital(company: Company, latest: Mapping[str, int], summary: StatementSummary) -> str:
    """The parts of current assets, or the cash held where the balance sheet has no current subtotals."""
    if summary.current_assets is None or summary.current_liabilities is None:
        return (
            f"Liquidity: cash and cash equivalents were {millions(in_millions(company, latest['cash']))} "
            "at year end; the balance sheet ranks assets and liabilities by liquidity, without current "
            "subtotals."
        )
    keys = ("cash", "accounts_receivable", "inventories", "prepaid_and_other")
    cash, receivables, inventories, other = _parts(summary.current_assets, [latest[key] for key in keys])
    held = f"trade receivables of {millions(receivables)}, " + (
        f"inventories of {millions(inventories)} " if latest["inventories"] else ""
    )
    return (
        f"Working capital: current assets of {millions(summary.current_assets)} comprise cash of "
        f"{millions(cash)}, {held}and other current assets of {millions(other)}, against current "
        f"liabilities of {millions(summary.current_liabilities)}."
    )


def _notes(
    stream: RandomStream, company: Company, latest: Mapping[str, int], summary: StatementSummary
) -> list[str]:
    """Notes on debt maturities, working capital, dividends and the audit, from the statements."""
    soon = min(summary.total_debt, in_millions(company, latest["current_debt"]))
    later = round(summary.total_debt * 10 - soon * 10) / 10
    middle, late = _split(stream, later, 2)
    dividends = in_millions(company, -latest["dividends_paid"])
    per_share = dividends / summary.shares
    dividend = (
        f"Dividends paid in the year came to {millions(dividends)}, or ${per_share:.2f} a share."
        if dividends > 0 and per_share >= 0.01
        else "The company paid no dividend and keeps its earnings for investment."
    )
    rate = summary.interest_expense / summary.total_debt
    return [
        f"Debt: of the {millions(summary.total_debt)} of interest-bearing debt, {millions(soon)} falls "
        f"due within a year, {millions(middle)} in one to five years and {millions(late)} later; interest "
        f"expense of {millions(summary.interest_expense)} implies an average cost of about {percent(rate)}.",
        _working_capital(company, latest, summary),
        f"{dividend} The auditors issued an unqualified opinion on the accounts.",
    ]


def _margins(company: Company, ratios: dict[str, float]) -> str:
    operating = percent(ratios["operating_margin"])
    if shows_gross_margin(company.industry.statement_labels):
        return f"Gross margin was {percent(ratios['gross_margin'])} and operating margin {operating}."
    return f"Operating margin was {operating}."


def report_paragraphs(
    stream: RandomStream, company: Company, statements: Statements, summary: StatementSummary
) -> list[str]:
    """Segment results, management discussion, investment, ownership and outlook, as paragraphs."""
    latest = statements.values[statements.years[-1]]
    ratios = summary.ratios()
    growth = ratios["revenue_growth"]
    segments = _parts(summary.revenue, [latest[f"segment.{index}"] for index in range(len(company.segments))])
    drivers = _DRIVERS_UP if growth >= 0 else _DRIVERS_DOWN
    capex = in_millions(company, -latest["capital_expenditures"])
    employees = max(10, round(employee_count(company, latest["revenue"]), -1))
    founder_stake, institutions = stream.randint(5, 45), stream.randint(20, 60)
    low = stream.randint(0, 12)
    return [
        "Segment revenue: "
        + "; ".join(
            f"{segment} {millions(amount)}"
            for segment, amount in zip(company.segment_names, segments, strict=True)
        )
        + f" (total {millions(summary.revenue)}).",
        f"Management discussion: revenue {'rose' if growth >= 0 else 'fell'} {percent(abs(growth))} to "
        f"{millions(summary.revenue)}, mainly because of "
        f"{stream.choice(drivers).format(customers=company.customers)}. {_margins(company, ratios)} "
        f"{stream.choice(_COST_NOTES)}",
        f"Investment and financing: capital spending was {millions(capex)}, mostly on equipment and "
        f"information systems. Operating cash flow of {millions(summary.operating_cash_flow)} covered it; "
        f"interest-bearing debt stood at {millions(summary.total_debt)} at year end.",
        f"Ownership and people: the founding family, led by {person_name(stream)}, holds {founder_stake}% of "
        f"the shares and institutional investors about {institutions}%. The company employs about "
        f"{employees:,} people.",
        *_notes(stream, company, latest, summary),
        "Principal risks named in the report: "
        + " ".join(
            # A prospectus says "the issuer"; an annual report says "the company".
            draw_risk_factor(
                category,
                company.industry.label,
                company.customers,
                stream.randint(0, 1),
                draw_figures(stream, category),
            )
            .text.replace("The issuer", "The company")
            .replace("the issuer", "the company")
            for category in stream.sample(
                [category for category in risk_categories(company.industry) if category in REPORT_RISKS], 2
            )
        ),
        stream.choice(_OUTLOOKS).format(
            low=low, high=low + stream.randint(2, 8), customers=company.customers
        ),
    ]
