"""Typed profiles of industries, their segments and their risks (the data lives in ``industries.py``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SegmentProfile:
    """A reportable segment a company in an industry may have.

    Attributes:
        name: Segment name as written in the filing, e.g. ``"Cloud Platform"``.
        offering: What the segment sells, as a noun phrase.
        growth_reasons: Clauses explaining an increase in segment revenue.
        decline_reasons: Clauses explaining a decrease in segment revenue.

    """

    name: str
    offering: str
    growth_reasons: tuple[str, ...]
    decline_reasons: tuple[str, ...]


@dataclass(frozen=True)
class RiskProfile:
    """One risk factor.

    Attributes:
        topic: Stable key, used in fact keys (``risk.<topic>``).
        label: What the risk concerns, for questions: ``"its suppliers of components"``.
        headline: The italic headline sentence of the risk factor.
        summary: The risk in one clause, used in reference answers.
        body: Sentences explaining the risk; may use ``{customers}``, ``{products}``, ``{competitors}``.

    """

    topic: str
    label: str
    headline: str
    summary: str
    body: tuple[str, ...]


@dataclass(frozen=True)
class ExpenseLine:
    """An operating-expense line of the income statement and its share of revenue.

    Attributes:
        key: Fact key, e.g. ``"research_and_development"``.
        label: Row label, e.g. ``"Research and development"``.
        low: Lowest share of revenue.
        high: Highest share of revenue.

    """

    key: str
    label: str
    low: float
    high: float


@dataclass(frozen=True)
class Industry:
    """What a company in an industry does and how its statements look.

    Attributes:
        key: Stable key.
        label: The industry in words, e.g. ``"enterprise software"``.
        name_words: Words for company names, e.g. ``("Software", "Systems")``.
        description: What the company does, completing "We ...".
        products: The products as a plural noun phrase.
        customers: The customers as a plural noun phrase.
        competitors: The competitors as a plural noun phrase.
        regulation: Sentences on the rules the company follows.
        seasonality: A sentence on seasonal patterns.
        segments: Possible segments (three or four are drawn).
        risks: Industry-specific risk factors.
        gross_margin: Range of gross margin as a fraction of revenue.
        expenses: Operating-expense lines.
        receivable_days: Range of days of revenue in accounts receivable.
        inventory_days: Range of days of cost of revenue in inventory (``(0, 0)``: no inventory).
        capex_share: Range of capital expenditures as a fraction of revenue.
        growth: Typical yearly revenue growth as a fraction.

    """

    key: str
    label: str
    name_words: tuple[str, ...]
    description: str
    products: str
    customers: str
    competitors: str
    regulation: tuple[str, ...]
    seasonality: str
    segments: tuple[SegmentProfile, ...]
    risks: tuple[RiskProfile, ...]
    gross_margin: tuple[float, float]
    expenses: tuple[ExpenseLine, ...]
    receivable_days: tuple[int, int]
    inventory_days: tuple[int, int]
    capex_share: tuple[float, float]
    growth: float
