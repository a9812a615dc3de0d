"""Back-test summaries of investment strategies and the Sharpe ratio that ranks them.

A summary gives annual return, annual volatility and maximum drawdown as percentages with one
decimal. Sharpe ratio = (annual return − risk-free rate) ÷ volatility, computed exactly from
those shown percentages and displayed to two decimals. Summaries drawn together have distinct
displayed Sharpe ratios, so "the best by Sharpe" is never a tie.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from finsynth.generators.finchain.quantities import round_half_up
from finsynth.seeding import RandomStream

STYLES: tuple[tuple[str, str], ...] = (
    ("trend following", "buys an index fund when its 50-day average crosses above its 200-day average"),
    ("value tilt", "holds the cheapest fifth of large companies by price-to-book, rebalanced yearly"),
    ("sector momentum", "rotates each month into the three sector funds with the best six-month return"),
    ("dividend growth", "owns companies that raised their dividend for at least ten years in a row"),
    ("dip buying", "buys the index after a fall of more than 5% from its recent high and sells on recovery"),
    ("balanced 60/40", "keeps 60% in equities and 40% in government bonds, rebalanced quarterly"),
    ("low volatility", "holds the fifth of stocks with the calmest price history over the past year"),
    ("small-cap growth", "owns fast-growing small companies screened on sales growth"),
    ("covered calls", "holds an index fund and sells one-month call options against it"),
    ("quality factor", "owns companies with high return on equity and low debt"),
    ("technical breakout", "buys stocks closing at a 60-day high and exits below the 20-day average"),
)
"""(strategy name, what it does)."""


@dataclass(frozen=True)
class BackTest:
    """A strategy's back-test summary.

    Attributes:
        name: The strategy's name.
        annual_return: Annualised return in tenths of a percent (123 means 12.3%).
        volatility: Annualised volatility in tenths of a percent.
        max_drawdown: Largest peak-to-trough fall in tenths of a percent (positive).

    """

    name: str
    annual_return: int
    volatility: int
    max_drawdown: int

    def sharpe(self, risk_free_tenths: int) -> Fraction:
        """The exact Sharpe ratio from the shown figures."""
        return Fraction(self.annual_return - risk_free_tenths, self.volatility)

    def shown_sharpe(self, risk_free_tenths: int) -> str:
        """The Sharpe ratio to two decimals."""
        return f"{round_half_up(float(self.sharpe(risk_free_tenths)), 2):.2f}"


def tenths_percent(tenths: int) -> str:
    """Tenths of a percent written as a percentage: ``123 -> 12.3%``."""
    sign = "-" if tenths < 0 else ""
    return f"{sign}{abs(tenths) // 10}.{abs(tenths) % 10}%"


def draw_back_test(stream: RandomStream, name: str) -> BackTest:
    """Return a plausible back-test summary for a strategy called ``name``."""
    volatility = stream.randint(40, 300)
    annual_return = round(volatility * stream.uniform(-0.2, 1.1)) + stream.randint(-10, 30)
    drawdown = max(20, round(volatility * stream.uniform(0.8, 2.6)))
    return BackTest(name, annual_return, volatility, min(drawdown, 800))


def draw_back_tests(stream: RandomStream, names: list[str], risk_free_tenths: int) -> tuple[BackTest, ...]:
    """Return one summary per name, redrawing until the displayed Sharpe ratios are all distinct."""
    while True:
        tests = tuple(draw_back_test(stream, name) for name in names)
        if len({test.shown_sharpe(risk_free_tenths) for test in tests}) == len(tests):
            return tests


def best_by_sharpe(tests: tuple[BackTest, ...], risk_free_tenths: int) -> BackTest:
    """The summary with the highest Sharpe ratio."""
    return max(tests, key=lambda test: test.sharpe(risk_free_tenths))
