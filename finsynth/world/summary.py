"""A company's latest fiscal year as a reader is shown it: a summary view of its world statements.

Each figure is an amount of :class:`~finsynth.world.statements.Statements` converted from the
company's unit to millions of dollars and rounded half up to one decimal (:func:`in_millions`).
The subtotals a reader would work out (gross profit, operating income, net income, equity) are
computed from the shown figures, and so are the ratios, so anyone holding the text can recompute
every ratio stated about it. Where the industry's balance sheet is unclassified (a bank, insurer
or REIT) the summary has no current assets or liabilities and no current ratio.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from decimal import ROUND_HALF_UP, Decimal

from finsynth.world.company import UNIT_DOLLARS, Company
from finsynth.world.formatting import millions, name_list, price
from finsynth.world.industry_profiles import Industry, in_sentence
from finsynth.world.rounding import round_half_up
from finsynth.world.statements import Statements, split_whole

_DOLLARS_PER_MILLION = 1_000_000
_TENTH = Decimal("0.1")


def in_millions(company: Company, amount: int) -> float:
    """``amount`` of ``company``'s unit in millions of dollars, rounded half up to one decimal (exactly)."""
    scaled = Decimal(amount) * UNIT_DOLLARS[company.unit] / _DOLLARS_PER_MILLION
    return float(scaled.quantize(_TENTH, rounding=ROUND_HALF_UP))


def _amount(value: float) -> float:
    return round_half_up(value, 1)


def split_tenths(total: float, weights: Sequence[float]) -> list[float]:
    """``total`` split in proportion to ``weights`` into amounts of one decimal that add up to it exactly."""
    shares = [round(total * 10 * weight / sum(weights)) for weight in weights[:-1]]
    return [share / 10 for share in shares] + [round(total * 10 - sum(shares)) / 10]


def whole_percentages(amounts: Sequence[int]) -> list[int]:
    """Whole percentages proportional to positive ``amounts`` that add up to 100 (the last takes the rest)."""
    return split_whole(100, amounts)


@dataclass(frozen=True)
class StatementSummary:
    """A company's latest-year figures and last year's revenue, in $ millions with one decimal.

    Attributes:
        revenue_prior: Revenue of the year before.
        revenue: Revenue of the latest year.
        cost_of_sales: The cost-of-revenue row (named as the industry names it).
        operating_expenses: The industry's operating-expense lines together.
        interest_expense: Interest on debt.
        other_income: Other income, net (negative: an expense).
        tax: Income tax expense.
        total_assets: Total assets at year end.
        total_liabilities: Total liabilities at year end.
        total_debt: Interest-bearing debt, current and long-term (part of the liabilities).
        current_assets: Total current assets; ``None`` where the balance sheet is unclassified.
        current_liabilities: Total current liabilities; ``None`` where the balance sheet is unclassified.
        operating_cash_flow: Cash from operations.
        shares: Diluted shares, in millions.
        share_price: Closing share price in dollars (market data, drawn by whoever shows it).
        revenue_parts: Revenue split over the industry's revenue lines, in their order (they add up
            to ``revenue``; empty where the industry shows one revenue row).

    """

    revenue_prior: float
    revenue: float
    cost_of_sales: float
    operating_expenses: float
    interest_expense: float
    other_income: float
    tax: float
    total_assets: float
    total_liabilities: float
    total_debt: float
    current_assets: float | None
    current_liabilities: float | None
    operating_cash_flow: float
    shares: float
    share_price: float
    revenue_parts: tuple[float, ...] = ()

    @property
    def gross_profit(self) -> float:
        """Revenue less the cost-of-revenue row."""
        return _amount(self.revenue - self.cost_of_sales)

    @property
    def operating_income(self) -> float:
        """Gross profit less operating expenses."""
        return _amount(self.gross_profit - self.operating_expenses)

    @property
    def net_income(self) -> float:
        """Operating income less interest, plus other income, less tax."""
        return _amount(self.operating_income - self.interest_expense + self.other_income - self.tax)

    @property
    def equity(self) -> float:
        """Total assets less total liabilities."""
        return _amount(self.total_assets - self.total_liabilities)

    @property
    def market_cap(self) -> float:
        """Share price times shares, in $ millions."""
        return _amount(self.share_price * self.shares)

    def ratios(self) -> dict[str, float]:
        """The standard ratios as fractions or multiples (unrounded); a current ratio only where shown."""
        ratios = {
            "gross_margin": self.gross_profit / self.revenue,
            "operating_margin": self.operating_income / self.revenue,
            "net_margin": self.net_income / self.revenue,
            "revenue_growth": self.revenue / self.revenue_prior - 1,
            "return_on_equity": self.net_income / self.equity,
            "debt_to_equity": self.total_debt / self.equity,
            "debt_to_assets": self.total_liabilities / self.total_assets,
            "interest_coverage": self.operating_income / self.interest_expense,
            "cash_flow_to_debt": self.operating_cash_flow / self.total_debt,
            "price_to_earnings": self.market_cap / self.net_income,
            "price_to_book": self.market_cap / self.equity,
        }
        if self.current_assets is not None and self.current_liabilities is not None:
            ratios["current_ratio"] = self.current_assets / self.current_liabilities
        return ratios

    def facts(self) -> dict[str, float]:
        """The shown figures by name (revenue parts as ``revenue_part_<n>``, from 1; absent ones left out)."""
        figures = asdict(self)
        parts = figures.pop("revenue_parts")
        shown = {name: value for name, value in figures.items() if value is not None}
        return shown | {f"revenue_part_{number}": part for number, part in enumerate(parts, start=1)}

    def lines(self, industry: Industry) -> list[str]:
        """The figures as the lines of a data sheet, in a fixed order, rows named as ``industry`` names them.

        Args:
            industry: The company's industry: its revenue and cost-of-revenue row names and revenue lines.
        """
        labels = industry.statement_labels
        parts = [
            f"{in_sentence(line.label)} {millions(part)}"
            for line, part in zip(industry.revenue_lines, self.revenue_parts, strict=True)
        ]
        made_of = f", made up of {name_list(parts)}" if parts else ""
        current = (
            [
                f"current assets {millions(self.current_assets)} and current liabilities "
                f"{millions(self.current_liabilities)}"
            ]
            if self.current_assets is not None and self.current_liabilities is not None
            else []
        )
        return [
            f"{in_sentence(labels.revenue)} {millions(self.revenue)} "
            f"(prior year {millions(self.revenue_prior)}){made_of}",
            f"{in_sentence(labels.cost_of_revenue)} {millions(self.cost_of_sales)}",
            f"operating expenses {millions(self.operating_expenses)}",
            f"interest expense {millions(self.interest_expense)}",
            f"other income, net {millions(self.other_income)}",
            f"income tax {millions(self.tax)}",
            f"total assets {millions(self.total_assets)}",
            f"total liabilities {millions(self.total_liabilities)}, of which interest-bearing debt "
            f"{millions(self.total_debt)}",
            *current,
            f"operating cash flow {millions(self.operating_cash_flow)}",
            f"{self.shares:,.1f} million shares outstanding at a closing price of {price(self.share_price)}, "
            f"a market capitalisation of {millions(self.market_cap)}",
        ]


def summarize(company: Company, statements: Statements, share_price: float) -> StatementSummary:
    """The latest fiscal year of ``statements`` as shown to a reader, at ``share_price`` dollars a share.

    Args:
        company: The company (its unit and industry).
        statements: Its statements; the latest two fiscal years are used.
        share_price: Closing share price in dollars (rounded to cents here).
    """
    latest = statements.values[statements.years[-1]]
    prior = statements.values[statements.years[-2]]

    def shown(key: str) -> float:
        return in_millions(company, latest[key])

    revenue = shown("revenue")
    # The revenue lines add up to revenue in the statements; the last shown part takes the rounding.
    parts = [in_millions(company, latest[line.key]) for line in statements.revenue_lines[:-1]]
    if statements.revenue_lines:
        parts.append(round(revenue * 10 - sum(round(part * 10) for part in parts)) / 10)
    classified = company.industry.classified_balance_sheet
    return StatementSummary(
        revenue_prior=in_millions(company, prior["revenue"]),
        revenue=revenue,
        cost_of_sales=shown("cost_of_revenue"),
        operating_expenses=shown("total_operating_expenses"),
        interest_expense=shown("interest_expense"),
        other_income=shown("other_income"),
        tax=shown("income_tax_expense"),
        total_assets=shown("total_assets"),
        total_liabilities=shown("total_liabilities"),
        total_debt=in_millions(company, latest["current_debt"] + latest["long_term_debt"]),
        current_assets=shown("total_current_assets") if classified else None,
        current_liabilities=shown("total_current_liabilities") if classified else None,
        operating_cash_flow=shown("operating_cash_flow"),
        shares=in_millions(company, latest["diluted_shares"]),
        share_price=round_half_up(share_price, 2),
        revenue_parts=tuple(parts),
    )
