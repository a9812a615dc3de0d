"""How a company's revenue divides into costs and profit, drawn inside its industry's bands.

A company of an industry keeps a gross margin inside the industry's ``gross_margin`` range and
spends a share of revenue on each of the industry's operating-expense lines, each inside that
line's range. Where the lines would leave less than a minimum operating margin, they shrink in
proportion, so a drawn company stays profitable.
"""

from __future__ import annotations

from dataclasses import dataclass

from finsynth.seeding import RandomStream
from finsynth.world.industry_profiles import Industry


@dataclass(frozen=True)
class CostStructure:
    """The shares of revenue a company keeps and spends.

    Attributes:
        gross_margin: Revenue less the cost-of-revenue row, as a fraction of revenue.
        expense_shares: One share of revenue per operating-expense line of the industry, in its order.

    """

    gross_margin: float
    expense_shares: tuple[float, ...]

    @property
    def operating_expense_share(self) -> float:
        """All operating-expense lines together, as a fraction of revenue."""
        return sum(self.expense_shares)

    @property
    def operating_margin(self) -> float:
        """Gross margin less the operating-expense share."""
        return self.gross_margin - self.operating_expense_share


def draw_cost_structure(
    stream: RandomStream, industry: Industry, minimum_operating_margin: float
) -> CostStructure:
    """Draw a gross margin and expense shares from ``industry``'s bands.

    Args:
        stream: The random stream to draw from.
        industry: The company's industry.
        minimum_operating_margin: The least operating margin the company keeps; expense
            shares that would leave less are scaled down together.

    Returns:
        The drawn structure; its gross margin lies in ``industry.gross_margin``.
    """
    gross_margin = stream.uniform(*industry.gross_margin)
    shares = [stream.uniform(line.low, line.high) for line in industry.expenses]
    room = gross_margin - minimum_operating_margin
    if sum(shares) > room:
        shares = [share * room / sum(shares) for share in shares]
    return CostStructure(gross_margin, tuple(shares))
