"""Discounted-cash-flow valuation of a five-year free-cash-flow forecast with a growing terminal value.

Enterprise value = Σ FCF_t ÷ (1 + r)^t for t = 1..5, plus the terminal value
FCF_5 × (1 + g) ÷ (r − g) discounted by (1 + r)^5. Equity value = enterprise value − net debt.
Cash flows are in $ millions with one decimal; r and g are whole tenths of a percent.
"""

from __future__ import annotations

from dataclasses import dataclass

from finsynth.seeding import RandomStream
from finsynth.world.rounding import round_half_up

YEARS = 5


@dataclass(frozen=True)
class Forecast:
    """A cash-flow forecast and the rates to value it.

    Attributes:
        cash_flows: Free cash flow of years 1 to 5, $ millions.
        discount_rate: Discount rate (WACC) as a fraction.
        terminal_growth: Growth after year 5 as a fraction.
        net_debt: Debt less cash, $ millions.

    """

    cash_flows: tuple[float, ...]
    discount_rate: float
    terminal_growth: float
    net_debt: float

    def present_value_of_forecast(self) -> float:
        """Present value of the five forecast years."""
        return sum(flow / (1 + self.discount_rate) ** year for year, flow in enumerate(self.cash_flows, 1))

    def present_value_of_terminal(self) -> float:
        """Present value of the terminal value."""
        terminal = (
            self.cash_flows[-1] * (1 + self.terminal_growth) / (self.discount_rate - self.terminal_growth)
        )
        return terminal / (1 + self.discount_rate) ** YEARS

    def enterprise_value(self) -> float:
        """Enterprise value, $ millions, unrounded."""
        return self.present_value_of_forecast() + self.present_value_of_terminal()

    def equity_value(self) -> float:
        """Equity value, $ millions, unrounded."""
        return self.enterprise_value() - self.net_debt


def draw_forecast(stream: RandomStream) -> Forecast:
    """Return a growing cash-flow forecast with a discount rate well above terminal growth."""
    flow = stream.uniform(4, 400)
    flows = []
    for _ in range(YEARS):
        flow *= 1 + stream.uniform(-0.03, 0.18)
        flows.append(round_half_up(flow, 1))
    discount = stream.randint(75, 150) / 1000
    growth = stream.randint(5, 35) / 1000
    net_debt = round_half_up(sum(flows) * stream.uniform(-0.2, 0.8), 1)
    return Forecast(tuple(flows), discount, growth, net_debt)
