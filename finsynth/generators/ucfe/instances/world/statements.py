"""Two years of a fictional company's financial statements and market data, and the ratios they imply.

Every amount is in millions of dollars rounded to one decimal, exactly as shown to the
reader; ratios are computed from those shown amounts, so anyone holding the text can
recompute them. The company's industry (:mod:`finsynth.world.industries`, shared with the
synthetic 10-K filings) sets its gross margin, operating-expense lines and typical growth,
and names the revenue and cost-of-revenue rows as that industry's filings name them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from finsynth.generators.finchain.quantities import round_half_up
from finsynth.seeding import RandomStream
from finsynth.world.cost_structure import draw_cost_structure
from finsynth.world.formatting import millions, name_list, percent, price
from finsynth.world.industry_profiles import Industry, StatementLabels, in_sentence

MINIMUM_OPERATING_MARGIN = 0.08
"""The least operating margin a drawn company keeps (its expense lines shrink to leave it)."""
GROWTH_SPREAD = (-0.15, 0.2)
"""How far a company's revenue growth strays below and above its industry's typical growth."""


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


def _amount(value: float) -> float:
    return round_half_up(value, 1)


def split_tenths(total: float, weights: Sequence[float]) -> list[float]:
    """``total`` split in proportion to ``weights`` into amounts of one decimal that add up to it exactly."""
    shares = [round(total * 10 * weight / sum(weights)) for weight in weights[:-1]]
    return [share / 10 for share in shares] + [round(total * 10 - sum(shares)) / 10]


@dataclass(frozen=True)
class Statements:
    """A company's latest-year statements, last year's revenue and its share data.

    Attributes:
        revenue_prior: Revenue of the year before, in $ millions.
        revenue: Revenue of the latest year.
        cost_of_sales: The cost-of-revenue row (named as the industry names it).
        operating_expenses: The industry's operating-expense lines together.
        interest_expense: Interest paid on debt.
        tax: Income tax.
        total_assets: Total assets at year end.
        total_liabilities: Total liabilities at year end.
        total_debt: Interest-bearing debt (part of the liabilities).
        current_assets: Current assets.
        current_liabilities: Current liabilities.
        operating_cash_flow: Cash from operations.
        shares: Shares outstanding, in millions.
        share_price: Closing share price in dollars.
        revenue_parts: Latest revenue split over the industry's revenue lines, in their order
            (they add up to ``revenue``; empty where the industry shows one revenue row).

    """

    revenue_prior: float
    revenue: float
    cost_of_sales: float
    operating_expenses: float
    interest_expense: float
    tax: float
    total_assets: float
    total_liabilities: float
    total_debt: float
    current_assets: float
    current_liabilities: float
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
        """Gross profit less operating expenses (EBIT)."""
        return _amount(self.gross_profit - self.operating_expenses)

    @property
    def net_income(self) -> float:
        """Operating income less interest and tax."""
        return _amount(self.operating_income - self.interest_expense - self.tax)

    @property
    def equity(self) -> float:
        """Total assets less total liabilities."""
        return _amount(self.total_assets - self.total_liabilities)

    @property
    def market_cap(self) -> float:
        """Share price times shares outstanding, in $ millions."""
        return _amount(self.share_price * self.shares)

    def ratios(self) -> dict[str, float]:
        """The standard ratios, as fractions or multiples (unrounded)."""
        return {
            "gross_margin": self.gross_profit / self.revenue,
            "operating_margin": self.operating_income / self.revenue,
            "net_margin": self.net_income / self.revenue,
            "revenue_growth": self.revenue / self.revenue_prior - 1,
            "return_on_equity": self.net_income / self.equity,
            "debt_to_equity": self.total_debt / self.equity,
            "debt_to_assets": self.total_liabilities / self.total_assets,
            "interest_coverage": self.operating_income / self.interest_expense,
            "current_ratio": self.current_assets / self.current_liabilities,
            "cash_flow_to_debt": self.operating_cash_flow / self.total_debt,
            "price_to_earnings": self.market_cap / self.net_income,
            "price_to_book": self.market_cap / self.equity,
        }

    def facts(self) -> dict[str, float]:
        """The shown figures, for an instance's facts (revenue parts as ``revenue_part_<n>``, from 1)."""
        figures = asdict(self)
        parts = figures.pop("revenue_parts")
        return figures | {f"revenue_part_{number}": part for number, part in enumerate(parts, start=1)}

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
        return [
            f"{in_sentence(labels.revenue)} {millions(self.revenue)} "
            f"(prior year {millions(self.revenue_prior)}){made_of}",
            f"{in_sentence(labels.cost_of_revenue)} {millions(self.cost_of_sales)}",
            f"operating expenses {millions(self.operating_expenses)}",
            f"interest expense {millions(self.interest_expense)}",
            f"income tax {millions(self.tax)}",
            f"total assets {millions(self.total_assets)}",
            f"total liabilities {millions(self.total_liabilities)}, of which interest-bearing debt "
            f"{millions(self.total_debt)}",
            f"current assets {millions(self.current_assets)} and current liabilities "
            f"{millions(self.current_liabilities)}",
            f"operating cash flow {millions(self.operating_cash_flow)}",
            f"{self.shares:,.1f} million shares outstanding at a closing price of {price(self.share_price)}, "
            f"a market capitalisation of {millions(self.market_cap)}",
        ]


def draw_statements(stream: RandomStream, industry: Industry) -> Statements:
    """Return a profitable company's statements with varied leverage and valuation.

    Gross margin and operating expenses stay inside ``industry``'s bands (see
    :func:`~finsynth.world.cost_structure.draw_cost_structure`); revenue growth lies within
    :data:`GROWTH_SPREAD` of the industry's typical growth.
    """
    revenue = _amount(stream.uniform(80, 6000))
    growth = industry.growth + stream.uniform(*GROWTH_SPREAD)
    revenue_prior = _amount(revenue / (1 + growth))
    costs = draw_cost_structure(stream, industry, MINIMUM_OPERATING_MARGIN)
    cost_of_sales = _amount(revenue * (1 - costs.gross_margin))
    gross = revenue - cost_of_sales
    operating_expenses = _amount(revenue * costs.operating_expense_share)
    operating_income = gross - operating_expenses
    total_assets = _amount(revenue * stream.uniform(0.7, 2.2))
    total_liabilities = _amount(total_assets * stream.uniform(0.2, 0.78))
    total_debt = _amount(total_liabilities * stream.uniform(0.3, 0.75))
    # Interest follows the debt at a rate companies actually pay (3.5% to 9% a year).
    interest_expense = _amount(max(0.1, total_debt * stream.uniform(0.035, 0.09)))
    if interest_expense >= operating_income * 0.5:  # keep the company solidly profitable, as drawn
        total_debt = _amount(operating_income * stream.uniform(0.1, 0.6) / 0.06)
        interest_expense = _amount(max(0.1, total_debt * stream.uniform(0.05, 0.07)))
        total_liabilities = _amount(max(total_liabilities, total_debt / 0.7))
        total_assets = _amount(max(total_assets, total_liabilities / 0.75))
    pretax = operating_income - interest_expense
    tax = _amount(max(0.0, pretax * stream.uniform(0.15, 0.28)))
    current_liabilities = _amount((total_liabilities - total_debt) * stream.uniform(0.6, 1.0) + 0.1)
    current_assets = _amount(current_liabilities * stream.uniform(0.7, 2.6))
    operating_cash_flow = _amount(max(0.1, (pretax - tax) * stream.uniform(0.6, 1.6)))
    net_income = pretax - tax
    # Listed shares mostly trade between $5 and $150; the share count follows from the valuation.
    market_cap = net_income * stream.uniform(8, 40)
    share_price = round_half_up(min(stream.uniform(5, 150), market_cap / 2), 2)
    shares = _amount(market_cap / share_price)
    weights = [stream.uniform(line.low, line.high) for line in industry.revenue_lines]
    return Statements(
        revenue_prior=revenue_prior,
        revenue=revenue,
        cost_of_sales=cost_of_sales,
        operating_expenses=operating_expenses,
        interest_expense=interest_expense,
        tax=tax,
        total_assets=total_assets,
        total_liabilities=total_liabilities,
        total_debt=total_debt,
        current_assets=current_assets,
        current_liabilities=current_liabilities,
        operating_cash_flow=operating_cash_flow,
        shares=shares,
        share_price=share_price,
        revenue_parts=tuple(split_tenths(revenue, weights)) if weights else (),
    )
