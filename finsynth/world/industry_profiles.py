"""Typed profiles of industries, their segments and their risks.

The data lives in ``resources/industries/<key>.yaml``, loaded by
:mod:`~finsynth.world.industries`.
"""

from __future__ import annotations

from dataclasses import dataclass

INCOME_KEYS = (
    "revenue",
    "cost_of_revenue",
    "gross_profit",
    "total_operating_expenses",
    "operating_income",
    "interest_expense",
    "other_income",
    "income_before_taxes",
    "income_tax_expense",
    "net_income",
    "diluted_shares",
)
"""The income statement's fixed rows (industries add their own revenue and expense lines between them)."""


@dataclass(frozen=True)
class SegmentProfile:
    """A reportable segment a company in an industry may have.

    Attributes:
        name: Segment name as written in the filing, e.g. ``"Cloud Platform"``.
        offering: What the segment sells, as a noun phrase.
        recognition: How its revenue is recognized (``"goods"``, ``"subscriptions"``, ``"interest"`` …;
            the schema lists them and the notes word each one).
        growth_reasons: Clauses explaining an increase in segment revenue.
        decline_reasons: Clauses explaining a decrease in segment revenue.

    """

    name: str
    offering: str
    recognition: str
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
    """An operating-expense or revenue line of the income statement and its share of revenue.

    Attributes:
        key: Fact key, e.g. ``"research_and_development"``.
        label: Row label, e.g. ``"Research and development"``.
        low: Lowest share of revenue.
        high: Highest share of revenue.
        drivers: Sentences on what moves an expense line from year to year (empty: the MD&A's
            wording for the common lines such as research and development).

    """

    key: str
    label: str
    low: float
    high: float
    drivers: tuple[str, ...] = ()

    @property
    def subject(self) -> str:
        """The line as the subject of a sentence.

        ``"Research and development expense"``, but ``"Amortization of policy acquisition costs"``
        where the label already names a cost.
        """
        if self.label.lower().endswith(_COST_WORDS):
            return self.label
        return f"{self.label} expense"


_COST_WORDS = ("costs", "expenses", "fees", "taxes", "benefits", "rent", "rents", "assessments", "and other")


def in_sentence(label: str) -> str:
    """A row label as written inside a sentence.

    ``"Net interest income"`` -> ``"net interest income"``; a label that opens with an acronym
    (``"FDIC assessments"``) keeps its case.
    """
    return label if label[:2].isupper() else label[0].lower() + label[1:]


@dataclass(frozen=True)
class StatementLabels:
    """How an industry names the fixed rows of its income statement.

    Attributes:
        revenue: The revenue row (the total when the industry has revenue lines).
        cost_of_revenue: The row deducted from revenue before operating expenses.
        gross_profit: Revenue less that row.
        total_operating_expenses: The sum of the operating-expense lines.
        operating_income: Gross profit less operating expenses.

    """

    revenue: str = "Revenue"
    cost_of_revenue: str = "Cost of revenue"
    gross_profit: str = "Gross profit"
    total_operating_expenses: str = "Total operating expenses"
    operating_income: str = "Operating income"


@dataclass(frozen=True)
class SideFactBands:
    """Ranges that a company's drawn side facts stay inside (checked over drawn filings by tests).

    Attributes:
        revenue_per_employee: Revenue of the latest fiscal year per full-time employee, in dollars.

    """

    revenue_per_employee: tuple[float, float]


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
        statement_labels: How the income statement names its fixed rows.
        revenue_lines: Parts of revenue shown above the revenue total (none: one revenue row);
            each line's range is its weight in the split.
        bands: Ranges the company's side facts stay inside.
        dividend_payout: Range of dividends as a fraction of net income where every company of the
            industry pays them (a REIT must distribute); ``None`` where a company may pay none.
        metrics: The industry measures its filings report (keys of
            :data:`~finsynth.generators.filings.industry_metrics.INDUSTRY_METRICS`, e.g.
            ``"funds_from_operations"`` for a REIT).
        trade_terms: Whether the company sells on trade credit and buys goods from suppliers, so its
            filing states payment terms, days of receivables and payables, its suppliers and shipping
            and warranty policies (``False`` for banks, insurers and REITs).
        channels: How the industry reaches customers, each completing "We reach customers for these
            offerings through ..." (empty: the general channels).
        depreciation_share: Range of yearly depreciation as a fraction of revenue where property is
            worth many years of revenue (a REIT's buildings); ``None``: the general model.

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
    bands: SideFactBands
    statement_labels: StatementLabels = StatementLabels()
    revenue_lines: tuple[ExpenseLine, ...] = ()
    dividend_payout: tuple[float, float] | None = None
    metrics: tuple[str, ...] = ()
    trade_terms: bool = True
    channels: tuple[str, ...] = ()
    depreciation_share: tuple[float, float] | None = None

    @property
    def classified_balance_sheet(self) -> bool:
        """Whether a summary of the company's balance sheet splits current from noncurrent items.

        A bank, insurer or REIT (no trade terms) ranks its assets and liabilities by liquidity
        instead, so no current assets, current liabilities or current ratio is stated about it.
        """
        return self.trade_terms
