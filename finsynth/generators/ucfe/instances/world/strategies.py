"""Back-test summaries of investment strategies whose numbers match what the strategies are.

A summary gives annual return, annual volatility and maximum drawdown as percentages with one
decimal. Sharpe ratio = (annual return − risk-free rate) ÷ volatility, computed exactly from
those shown percentages and displayed to two decimals. Summaries drawn together have distinct
displayed Sharpe ratios, so "the best by Sharpe" is never a tie.

Each style has a volatility band of its kind (a 60/40 fund is calmer than small-cap growth),
and a variant's figures move the way its change says (:func:`draw_variant`): a volatility
target lands within half a point of the target, a cash filter or a stop-loss cuts the drawdown.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from finsynth.seeding import RandomStream
from finsynth.world.rounding import round_half_up


@dataclass(frozen=True)
class Style:
    """A kind of strategy.

    Attributes:
        name: What investors call it.
        rule: What it does, completing "it ...".
        volatility: The band of its annual volatility, in tenths of a percent (low, high).

    """

    name: str
    rule: str
    volatility: tuple[int, int]


STYLES: tuple[Style, ...] = (
    Style(
        "trend following",
        "buys an index fund when its 50-day average crosses above its 200-day average",
        (100, 160),
    ),
    Style(
        "value tilt",
        "holds the cheapest fifth of large companies by price-to-book, rebalanced yearly",
        (150, 210),
    ),
    Style(
        "sector momentum",
        "rotates each month into the three sector funds with the best six-month return",
        (160, 230),
    ),
    Style(
        "dividend growth",
        "owns companies that raised their dividend for at least ten years in a row",
        (120, 165),
    ),
    Style(
        "dip buying",
        "buys the index after a fall of more than 5% from its recent high and sells on recovery",
        (140, 210),
    ),
    Style(
        "balanced 60/40", "keeps 60% in equities and 40% in government bonds, rebalanced quarterly", (80, 110)
    ),
    Style(
        "low volatility",
        "holds the fifth of stocks with the calmest price history over the past year",
        (60, 100),
    ),
    Style("small-cap growth", "owns fast-growing small companies screened on sales growth", (220, 320)),
    Style("covered calls", "holds an index fund and sells one-month call options against it", (100, 140)),
    Style("quality factor", "owns companies with high return on equity and low debt", (130, 175)),
    Style(
        "technical breakout",
        "buys stocks closing at a 60-day high and exits below the 20-day average",
        (180, 270),
    ),
)
"""Strategy kinds with realistic volatility bands (broad US equities run at about 15-16% a year)."""

LOW_VOLATILITY = "low volatility"
MAX_DRAWDOWN = 700
"""Deepest drawdown drawn, in tenths of a percent (diversified strategies rarely lost more than 70%)."""


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


def _summary(stream: RandomStream, name: str, volatility: int, risk_free_tenths: int) -> BackTest:
    """A summary with a Sharpe ratio between -0.3 and 0.9 and a drawdown of 1.0 to 2.6 times volatility."""
    annual_return = risk_free_tenths + round(volatility * stream.uniform(-0.3, 0.9))
    drawdown = min(MAX_DRAWDOWN, round(volatility * stream.uniform(1.0, 2.6)))
    return BackTest(name, annual_return, volatility, drawdown)


def draw_back_test(stream: RandomStream, style: Style, risk_free_tenths: int) -> BackTest:
    """Return a plausible back-test summary for a strategy of ``style``."""
    return _summary(stream, style.name, stream.randint(*style.volatility), risk_free_tenths)


def distinct_sharpes(tests: tuple[BackTest, ...], risk_free_tenths: int) -> bool:
    """Whether the displayed Sharpe ratios of ``tests`` are all different."""
    return len({test.shown_sharpe(risk_free_tenths) for test in tests}) == len(tests)


def draw_back_tests(stream: RandomStream, styles: list[Style], risk_free_tenths: int) -> tuple[BackTest, ...]:
    """One summary per style, redrawn until Sharpe ratios differ and a low-volatility style is the calmest."""
    while True:
        tests = tuple(draw_back_test(stream, style, risk_free_tenths) for style in styles)
        calmest = min(test.volatility for test in tests)
        low_volatility_calmest = (
            all(test.volatility == calmest for test in tests if test.name == LOW_VOLATILITY)
            and sum(test.volatility == calmest for test in tests) == 1
        )
        if distinct_sharpes(tests, risk_free_tenths) and low_volatility_calmest:
            return tests


CHANGES: tuple[str, ...] = (
    "shorter look-back",
    "longer look-back",
    "stop-loss",
    "smaller positions",
    "weekly rebalancing",
    "cash filter",
    "volatility target",
    "debt screen",
)
"""One-parameter changes a variant of a strategy applies."""


@dataclass(frozen=True)
class Variant:
    """A tested change to the user's strategy.

    Attributes:
        change: One of :data:`CHANGES`.
        setting: The new setting (days, percent), or 0 where the change has none.
        description: The change in words, with the current and new settings.
        test: Its back-test summary.

    """

    change: str
    setting: int
    description: str
    test: BackTest


def _scaled(stream: RandomStream, value: int, low: float, high: float) -> int:
    return max(1, round(value * stream.uniform(low, high)))


def draw_variant(
    stream: RandomStream, base: BackTest, change: str, name: str, lookback: int, position: int, risk_free: int
) -> Variant:
    """Return the variant of ``base`` that applies ``change``, with figures that move as the change says.

    Shorter or longer look-backs and weekly rebalancing change volatility a little either way;
    smaller positions and a debt screen lower it a little; a stop-loss and a cash filter cut
    the drawdown; a volatility target sets volatility to within half a point of the target.
    """
    excess = base.annual_return - risk_free
    volatility, drawdown, setting = base.volatility, base.max_drawdown, 0
    if change == "shorter look-back":
        setting = stream.randint(max(3, lookback // 4), lookback - 2)
        description = f"shorten the signal look-back from {lookback} to {setting} days"
        volatility = _scaled(stream, volatility, 0.97, 1.15)
        drawdown = _scaled(stream, drawdown * volatility // base.volatility, 0.92, 1.08)
    elif change == "longer look-back":
        setting = stream.randint(lookback + 10, lookback * 2 + 20)
        description = f"lengthen the signal look-back from {lookback} to {setting} days"
        volatility = _scaled(stream, volatility, 0.85, 1.03)
        drawdown = _scaled(stream, drawdown * volatility // base.volatility, 0.92, 1.08)
    elif change == "stop-loss":
        setting = stream.randint(8, 20)
        description = f"add a stop-loss at {setting}% below the entry price"
        volatility = _scaled(stream, volatility, 0.88, 0.99)
        drawdown = _scaled(stream, drawdown, 0.6, 0.9)
    elif change == "smaller positions":
        setting = stream.randint(max(2, position // 3), position - 1)
        description = f"cut the largest single position from {position}% to {setting}% of the portfolio"
        volatility = _scaled(stream, volatility, 0.85, 0.97)
        drawdown = _scaled(stream, drawdown, 0.8, 0.97)
    elif change == "weekly rebalancing":
        description = "rebalance weekly instead of monthly (more trading costs)"
        volatility = _scaled(stream, volatility, 0.96, 1.04)
        drawdown = _scaled(stream, drawdown * volatility // base.volatility, 0.92, 1.08)
    elif change == "cash filter":
        setting = stream.randint(30, 80)
        description = f"hold {setting}% in cash whenever the index is below its 200-day average"
        volatility = _scaled(stream, volatility, 0.65, 0.88)
        drawdown = _scaled(stream, drawdown, 0.5, 0.8)
    elif change == "volatility target":
        setting = max(4, round(base.volatility * stream.uniform(0.5, 0.85) / 10))
        description = f"scale exposure to a volatility target of {setting}% a year"
        volatility = setting * 10 + stream.randint(-5, 5)
        drawdown = _scaled(stream, drawdown * volatility // base.volatility, 0.9, 1.1)
    else:
        setting = stream.randint(40, 80)
        description = f"exclude companies with debt above {setting}% of assets"
        volatility = _scaled(stream, volatility, 0.9, 0.99)
        drawdown = _scaled(stream, drawdown * volatility // base.volatility, 0.92, 1.08)
    # Excess return scales with exposure, then the change's own effect on skill and costs.
    new_excess = round(excess * volatility / base.volatility * stream.uniform(0.5, 1.2)) + stream.randint(
        -8, 8
    )
    if change == "weekly rebalancing":
        new_excess -= stream.randint(2, 12)
    test = BackTest(
        name, risk_free + new_excess, volatility, min(MAX_DRAWDOWN, max(drawdown, volatility // 2))
    )
    return Variant(change, setting, description, test)


def best_by_sharpe(tests: tuple[BackTest, ...], risk_free_tenths: int) -> BackTest:
    """The summary with the highest Sharpe ratio."""
    return max(tests, key=lambda test: test.sharpe(risk_free_tenths))
