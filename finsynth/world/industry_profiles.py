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
class BalanceSize:
    """How a financial industry's balance sheet is sized from one of its revenue lines.

    The asset ``item`` (or ``"total_assets"``) is the opening year's ``line`` divided by a ``rate``
    drawn from the range: a bank's total assets are its net interest income over a net interest
    yield, an insurer's investments its net investment income over a portfolio yield.

    Attributes:
        line: Key of the revenue line the size follows.
        item: The balance-sheet asset it sizes, or ``"total_assets"``.
        rate: Range of the line over the item.

    """

    line: str
    item: str
    rate: tuple[float, float]


@dataclass(frozen=True)
class BalanceModel:
    """Where an industry's balance sheet departs from the general (industrial) model.

    Banks, insurers, REITs and utilities hold most of their assets in loans, investments or plant
    and fund them with deposits, loss reserves or debt, so their balance sheets are sized and shaped
    by these ranges instead of by days of revenue. Every statement still ties out: the items only
    change how big each line is and what it is called.

    Attributes:
        size: How the opening balance sheet is sized (``None``: by the general items).
        assets: Ranges of asset items as fractions of the opening total assets (needs ``size``).
        liabilities: Ranges of liability items, ``"debt"`` for all borrowings, as fractions of
            the opening total assets.
        plug: The liability that takes what the others and ``equity`` leave at the opening balance.
        equity: Range of equity over total assets at the opening balance (with ``plug``).
        labels: Balance-sheet row labels by statement key, replacing the general ones.
        details: Components a note splits a relabeled item into, by statement key.
        investing_changes: Balance changes shown under investing activities (loans, securities).
        financing_changes: Balance changes shown under financing activities (deposits).
        cash_flow_labels: Cash-flow row labels by statement key, replacing the general ones.
        tax_rate: Range of the effective income-tax rate (``None``: the general 17-26%).
        interest_rate: Range of the interest rate on debt (``None``: the general 3-7%).

    """

    size: BalanceSize | None = None
    assets: tuple[tuple[str, tuple[float, float]], ...] = ()
    liabilities: tuple[tuple[str, tuple[float, float]], ...] = ()
    plug: str | None = None
    equity: tuple[float, float] | None = None
    labels: tuple[tuple[str, str], ...] = ()
    details: tuple[tuple[str, tuple[str, ...]], ...] = ()
    investing_changes: tuple[str, ...] = ()
    financing_changes: tuple[str, ...] = ()
    cash_flow_labels: tuple[tuple[str, str], ...] = ()
    tax_rate: tuple[float, float] | None = None
    interest_rate: tuple[float, float] | None = None

    def label(self, key: str, default: str) -> str:
        """The balance-sheet label of ``key``: the industry's own, else ``default``."""
        return dict(self.labels).get(key, default)

    def cash_flow_label(self, key: str, default: str) -> str:
        """The cash-flow label of ``key``: the industry's own, else ``default``."""
        return dict(self.cash_flow_labels).get(key, default)


GENERAL_BALANCE = BalanceModel()
"""The general model: an industrial balance sheet sized by days of revenue."""


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
        balance: How the balance sheet departs from the general model (banks, insurers, REITs,
            utilities).
        domestic: Whether all revenue comes from customers in the United States (no foreign revenue,
            currency risk or geographic table).
        property_uses: Uses of the principal properties in Item 2, the headquarters first (empty:
            the general uses).
        leased_premises: What the company leases, completing "We lease ..." (``None``: the general
            wording).
        audit_matters: Critical audit matters an auditor may report for the industry (empty: the
            general ones).

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
    balance: BalanceModel = GENERAL_BALANCE
    domestic: bool = False
    property_uses: tuple[str, ...] = ()
    leased_premises: str | None = None
    audit_matters: tuple[str, ...] = ()

    @property
    def classified_balance_sheet(self) -> bool:
        """Whether a summary of the company's balance sheet splits current from noncurrent items.

        A bank, insurer or REIT (no trade terms) ranks its assets and liabilities by liquidity
        instead, so no current assets, current liabilities or current ratio is stated about it.
        """
        return self.trade_terms
