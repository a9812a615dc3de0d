"""The narrative parts of a fictional annual report, written from the company's own statements.

Segment results, the management discussion, capital spending, ownership and the outlook all
restate or follow from the figures in :class:`~finsynth.generators.ucfe.instances.world.statements.Statements`
(segment revenues add up to total revenue; the growth and margins quoted are the statements'),
so the longer text never contradicts the data sheet the hints are computed from.
"""

from __future__ import annotations

from finsynth.generators.ucfe.instances.world.companies import Company
from finsynth.generators.ucfe.instances.world.prospectus import CATEGORIES, draw_figures, draw_risk_factor
from finsynth.generators.ucfe.instances.world.statements import Statements, shows_gross_margin, split_tenths
from finsynth.seeding import RandomStream
from finsynth.world.formatting import millions, percent
from finsynth.world.names import person_name

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


def _notes(stream: RandomStream, statements: Statements) -> list[str]:
    """Notes on debt maturities, working capital, dividends and the audit, consistent with the statements."""
    soon, middle, late = _split(stream, statements.total_debt, 3)
    cash, receivables, inventories = _split(stream, statements.current_assets, 3)
    payout = stream.randint(0, 50)
    per_share = statements.net_income * payout / 100 / statements.shares
    dividend = (
        f"The board proposes a dividend of ${per_share:.2f} a share, about {payout}% of net income."
        if payout and per_share >= 0.01
        else "The board proposes no dividend and will keep earnings for investment."
    )
    rate = statements.interest_expense / statements.total_debt if statements.total_debt else 0.0
    return [
        f"Debt: of the {millions(statements.total_debt)} of interest-bearing debt, {millions(soon)} falls "
        f"due within a year, {millions(middle)} in one to five years and {millions(late)} later; interest "
        "expense "
        f"of {millions(statements.interest_expense)} implies an average cost of about {percent(rate)}.",
        f"Working capital: current assets of {millions(statements.current_assets)} comprise cash of "
        f"{millions(cash)}, trade receivables of {millions(receivables)} and inventories of "
        f"{millions(inventories)}, against current liabilities of "
        f"{millions(statements.current_liabilities)}.",
        f"{dividend} The auditors issued an unqualified opinion on the accounts.",
    ]


def _margins(company: Company, ratios: dict[str, float]) -> str:
    operating = percent(ratios["operating_margin"])
    if shows_gross_margin(company.industry.statement_labels):
        return f"Gross margin was {percent(ratios['gross_margin'])} and operating margin {operating}."
    return f"Operating margin was {operating}."


def report_paragraphs(stream: RandomStream, company: Company, statements: Statements) -> list[str]:
    """Segment results, management discussion, investment, ownership and outlook, as paragraphs."""
    ratios = statements.ratios()
    growth = ratios["revenue_growth"]
    segments = _split(stream, statements.revenue, len(company.segments))
    drivers = _DRIVERS_UP if growth >= 0 else _DRIVERS_DOWN
    capex = round(statements.revenue * stream.uniform(0.03, 0.1), 1)
    employees = max(50, round(statements.revenue * stream.uniform(2, 6)) // 10 * 10)
    founder_stake, institutions = stream.randint(5, 45), stream.randint(20, 60)
    low = stream.randint(0, 12)
    return [
        "Segment revenue: "
        + "; ".join(
            f"{segment} {millions(amount)}"
            for segment, amount in zip(company.segments, segments, strict=True)
        )
        + f" (total {millions(statements.revenue)}).",
        f"Management discussion: revenue {'rose' if growth >= 0 else 'fell'} {percent(abs(growth))} to "
        f"{millions(statements.revenue)}, mainly because of "
        f"{stream.choice(drivers).format(customers=company.customers)}. {_margins(company, ratios)} "
        f"{stream.choice(_COST_NOTES)}",
        f"Investment and financing: capital spending was {millions(capex)}, mostly on equipment and "
        f"information systems. Operating cash flow of {millions(statements.operating_cash_flow)} covered it; "
        f"interest-bearing debt stood at {millions(statements.total_debt)} at year end.",
        f"Ownership and people: the founding family, led by {person_name(stream)}, holds {founder_stake}% of "
        f"the shares and institutional investors about {institutions}%. The company employs about "
        f"{employees:,} people.",
        *_notes(stream, statements),
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
            for category in stream.sample(REPORT_RISKS, 2)
        ),
        stream.choice(_OUTLOOKS).format(
            low=low, high=low + stream.randint(2, 8), customers=company.customers
        ),
    ]
