"""A listed world company for a UCFE text: its statements, their summary and a market price.

The company and its statements are the shared world's (:mod:`finsynth.world.company`,
:mod:`finsynth.world.statements`, the ones a synthetic 10-K filing draws); a UCFE text shows
their summary (:mod:`finsynth.world.summary`), in millions of dollars with one decimal, and
every ratio it states is computed from those shown figures. UCFE adds only market data: the
closing share price, drawn so the price-to-earnings multiple and the price are those of a
listed share; and it picks how indebted the company starts out (:data:`OPENING_DEBT_SHARES`, a
parameter of the world statements). A drawn company whose figures cannot carry the tasks' ratios
(a loss, no debt to cover, interest far from what companies pay) is passed over for the next draw.
"""

from __future__ import annotations

from finsynth.seeding import RandomStream
from finsynth.world.company import Company, make_company
from finsynth.world.formatting import percent
from finsynth.world.industry_profiles import StatementLabels
from finsynth.world.statements import MINIMUM_OPERATING_MARGIN, Statements, make_statements
from finsynth.world.summary import StatementSummary, summarize

PRICE_TO_EARNINGS = (8.0, 40.0)
"""Range of the drawn price-to-earnings multiple."""
SHARE_PRICE = (5.0, 150.0)
"""Range of the closing share price in dollars (where most listed shares trade)."""
INTEREST_RATE = (0.03, 0.1)
"""Range of interest expense over year-end debt a shown company keeps (what companies actually pay)."""
OPENING_DEBT_SHARES = ((0.0, 0.45), (0.45, 1.0), (0.6, 1.6))
"""Ranges of opening debt over revenue, one picked per company: a filing's typical company, then more
indebted ones, so leverage and interest cover run from low and strong to high and weak."""
ATTEMPTS = 500
"""Draws tried before giving up on a listed company (a few in a hundred are passed over)."""


def shows_gross_margin(labels: StatementLabels) -> bool:
    """Whether an industry's income statement has a gross profit row to take a gross margin from.

    A bank's, an insurer's or a utility's statement renames that row ("Utility margin"); its
    filings then speak of no gross margin, and neither does a UCFE text about such a company.
    """
    return labels.gross_profit == StatementLabels().gross_profit


def margin_figure(labels: StatementLabels, ratios: dict[str, float]) -> str:
    """The company's headline margin as a hint states it: gross margin, or operating margin without one."""
    name = "gross_margin" if shows_gross_margin(labels) else "operating_margin"
    return f"{name.replace('_', ' ')} of {percent(ratios[name])}"


def _carries_the_ratios(figures: StatementSummary) -> bool:
    """Whether every ratio a task states is defined and reads like a listed, profitable company's."""
    if min(figures.revenue_prior, figures.total_debt, figures.interest_expense, figures.shares) <= 0:
        return False
    if figures.current_liabilities is not None and figures.current_liabilities <= 0:
        return False
    low_rate, high_rate = INTEREST_RATE
    return (
        figures.net_income > 0
        and figures.equity > 0
        and figures.operating_cash_flow > 0
        and low_rate <= figures.interest_expense / figures.total_debt <= high_rate
        and figures.operating_income / figures.revenue >= MINIMUM_OPERATING_MARGIN
        and figures.net_income < figures.operating_income
    )


def _priced(stream: RandomStream, company: Company, statements: Statements) -> StatementSummary | None:
    """The summary at a drawn share price, or ``None`` where no listed company would show these figures."""
    figures = summarize(company, statements, share_price=0.0)
    if not _carries_the_ratios(figures):
        return None
    earnings_per_share = figures.net_income / figures.shares
    low = max(PRICE_TO_EARNINGS[0], SHARE_PRICE[0] / earnings_per_share)
    high = min(PRICE_TO_EARNINGS[1], SHARE_PRICE[1] / earnings_per_share)
    if low >= high:
        return None
    return summarize(company, statements, share_price=earnings_per_share * stream.uniform(low, high))


def draw_listed_company(stream: RandomStream) -> tuple[Company, Statements, StatementSummary]:
    """Draw a world company, its statements (from a picked opening debt) and their summary at a market price.

    Raises:
        RuntimeError: If no company in :data:`ATTEMPTS` draws carries the ratios (never seen).

    """
    debt_share = stream.choice(OPENING_DEBT_SHARES)
    for _ in range(ATTEMPTS):
        company = make_company(stream)
        statements = make_statements(company, stream, opening_debt_share=debt_share)
        summary = _priced(stream, company, statements)
        if summary is not None:
            return company, statements, summary
    raise RuntimeError(f"no listed company with defined ratios in {ATTEMPTS} draws")
