"""The prose a user is handed about a company: a profile paragraph and a data sheet of its figures."""

from __future__ import annotations

from finsynth.seeding import RandomStream
from finsynth.world.company import Company
from finsynth.world.formatting import name_list, with_article
from finsynth.world.summary import StatementSummary

_PROFILES = (
    "{name} (ticker {ticker}) is {sector_article} company founded in {founded}. It reports {count} segments: "
    "{segments}, and its customers are mainly {customers}.",
    "Ticker: {ticker}. Company: {name}. Sector: {sector}. Founded: {founded}. Segments: {segments}. "
    "Main customers: {customers}.",
    "Founded in {founded}, {name} ({ticker}) works in {sector}; its {count} business lines are "
    "{segments}, serving {customers}.",
    "{name}, listed as {ticker}, has operated in {sector} since {founded}. Its customers are mostly "
    "{customers}, and it runs {count} segments — {segments}.",
)
_SHEETS = (
    "Latest annual figures: {lines}.",
    "Financial data (in dollars, latest fiscal year): {lines}.",
    "Key numbers from the most recent annual report — {lines}.",
)


def profile_text(stream: RandomStream, company: Company) -> str:
    """A paragraph introducing ``company`` in one of several phrasings."""
    return stream.choice(_PROFILES).format(
        name=company.short_name,
        ticker=company.ticker,
        sector=company.industry.label,
        sector_article=with_article(company.industry.label),
        founded=company.founded,
        count=len(company.segments),
        segments=name_list(company.segment_names),
        customers=company.customers,
    )


def data_sheet(stream: RandomStream, company: Company, summary: StatementSummary) -> str:
    """``company``'s shown figures as one paragraph in one of a few phrasings, rows named by its industry."""
    return stream.choice(_SHEETS).format(lines="; ".join(summary.lines(company.industry)))
