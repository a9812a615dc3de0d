"""Key ratios per industry, the ranges real companies report them in, and their public sources.

The table lives in ``resources/industry_ratios.yaml``: for each industry with its own balance-sheet
model, the ratios an analyst checks first, each with the range every drawn company must stay inside
in every fiscal year and the public source of that range. :data:`RATIOS` computes each ratio from a
fiscal year's statement values (and the year before, for averages), so the test that checks the
ranges, the dataset card that tabulates them and the docs use one definition.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from finsynth.errors import ConfigError
from finsynth.schemas import shipped_yaml
from finsynth.seeding import RandomStream, derive_seed
from finsynth.world.company import make_company
from finsynth.world.industries import INDUSTRIES
from finsynth.world.statements import Statements, make_statements

Values = Mapping[str, int]
RatioFunction = Callable[[Values, Values], float]
TABLE_FILE = "resources/industry_ratios.yaml"
"""Where the table lives, relative to the ``finsynth.world`` package."""


def _average(values: Values, before: Values, key: str) -> float:
    return (values[key] + before[key]) / 2


def _earning_assets(values: Values) -> int:
    return values["cash"] + values["accounts_receivable"] + values["prepaid_and_other"]


def _debt(values: Values) -> int:
    return values["current_debt"] + values["long_term_debt"]


RATIOS: dict[str, tuple[str, RatioFunction]] = {
    "net_interest_margin": (
        "Net interest income / average earning assets (cash, loans, securities)",
        lambda v, b: v["net_interest_income"] / ((_earning_assets(v) + _earning_assets(b)) / 2),
    ),
    "efficiency_ratio": (
        "Noninterest expense / total net revenue",
        lambda v, b: v["total_operating_expenses"] / v["revenue"],
    ),
    "equity_to_assets": (
        "Stockholders' equity / total assets",
        lambda v, b: v["total_equity"] / v["total_assets"],
    ),
    "loans_to_assets": (
        "Loans, net / total assets",
        lambda v, b: v["accounts_receivable"] / v["total_assets"],
    ),
    "deposits_to_assets": ("Deposits / total assets", lambda v, b: v["accounts_payable"] / v["total_assets"]),
    "assets_to_revenue": ("Total assets / revenue", lambda v, b: v["total_assets"] / v["revenue"]),
    "effective_tax_rate": (
        "Provision for income taxes / income before income taxes",
        lambda v, b: v["income_tax_expense"] / v["income_before_taxes"],
    ),
    "combined_ratio": (
        "(Losses and LAE + underwriting costs) / net premiums earned",
        lambda v, b: (v["cost_of_revenue"] + v["total_operating_expenses"]) / v["net_premiums_earned"],
    ),
    "investment_yield": (
        "Net investment income / average invested assets",
        lambda v, b: v["net_investment_income"] / _average(v, b, "prepaid_and_other"),
    ),
    "reserves_to_premiums": (
        "Reserves for unpaid losses and LAE / net premiums earned",
        lambda v, b: v["accounts_payable"] / v["net_premiums_earned"],
    ),
    "unearned_to_premiums": (
        "Unearned premiums / net premiums earned",
        lambda v, b: v["accrued_liabilities"] / v["net_premiums_earned"],
    ),
    "debt_to_assets": ("Total debt / total assets", lambda v, b: _debt(v) / v["total_assets"]),
    "operating_margin": ("Operating income / revenue", lambda v, b: v["operating_income"] / v["revenue"]),
}
"""Every ratio the table may name: its definition in words and how it is computed from a year's values."""


@dataclass(frozen=True)
class RatioRange:
    """One industry ratio and where it must lie.

    Attributes:
        ratio: Key of :data:`RATIOS`.
        low: Lowest value a drawn company may report.
        high: Highest value.
        source: The public source of the range, in words.

    """

    ratio: str
    low: float
    high: float
    source: str

    @property
    def definition(self) -> str:
        """The ratio in words."""
        return RATIOS[self.ratio][0]

    def of(self, values: Values, before: Values) -> float:
        """The ratio for a fiscal year with ``values`` after a year with ``before``."""
        return RATIOS[self.ratio][1](values, before)


def parse_ratio_table(document: Any, source: str) -> dict[str, tuple[RatioRange, ...]]:
    """Check the ratio table and return its ranges by industry key.

    Raises:
        ConfigError: Naming the source and the path of an unknown ratio, a malformed entry or a
            range that runs backwards.

    """
    if not isinstance(document, dict):
        raise ConfigError("the ratio table must map industry keys to lists", source=source, path="$")
    table: dict[str, tuple[RatioRange, ...]] = {}
    for industry, entries in document.items():
        ranges = []
        for index, entry in enumerate(entries):
            path = f"$.{industry}[{index}]"
            if not isinstance(entry, dict) or set(entry) != {"ratio", "range", "source"}:
                raise ConfigError("an entry has exactly ratio, range and source", source=source, path=path)
            if entry["ratio"] not in RATIOS:
                raise ConfigError(f"unknown ratio {entry['ratio']!r}", source=source, path=f"{path}.ratio")
            low, high = (float(bound) for bound in entry["range"])
            if low > high:
                raise ConfigError(
                    f"range [{low}, {high}] runs backwards", source=source, path=f"{path}.range"
                )
            ranges.append(RatioRange(entry["ratio"], low, high, str(entry["source"])))
        table[str(industry)] = tuple(ranges)
    return table


def _shipped_table() -> dict[str, tuple[RatioRange, ...]]:
    text = resources.files("finsynth.world").joinpath(TABLE_FILE).read_text(encoding="utf-8")
    return parse_ratio_table(shipped_yaml.load(text), f"finsynth/world/{TABLE_FILE}")


INDUSTRY_RATIOS: dict[str, tuple[RatioRange, ...]] = _shipped_table()
"""The key ratios of each industry with its own balance-sheet model, by industry key."""


def drawn_statements(key: str, seed: int) -> Statements:
    """The statements of the company drawn from ``seed``, moved into industry ``key`` (segments redrawn)."""
    industry = next(industry for industry in INDUSTRIES if industry.key == key)
    company = make_company(RandomStream(derive_seed(seed, "ratios", "company")))
    stream = RandomStream(derive_seed(seed, "ratios", "segments"))
    segments = tuple(stream.sample(industry.segments, min(3, len(industry.segments))))
    company = replace(company, industry=industry, segments=segments)
    return make_statements(company, RandomStream(derive_seed(seed, "ratios", "statements")))


@dataclass(frozen=True)
class ObservedRatio:
    """A documented ratio range beside what drawn companies report.

    Attributes:
        range: The documented range and its source.
        low: Lowest value over the drawn company-years.
        median: Median value.
        high: Highest value.

    """

    range: RatioRange
    low: float
    median: float
    high: float


def observed_ratios(key: str, companies: int) -> list[ObservedRatio]:
    """Each documented ratio of industry ``key`` over ``companies`` drawn companies (statements only).

    Companies come from fixed seeds, so the result is the same in every process; each fiscal year
    after the first counts once.
    """
    values: dict[str, list[float]] = {entry.ratio: [] for entry in INDUSTRY_RATIOS[key]}
    for seed in range(companies):
        statements = drawn_statements(key, seed)
        for before, year in zip(statements.years, statements.years[1:], strict=False):
            for entry in INDUSTRY_RATIOS[key]:
                values[entry.ratio].append(entry.of(statements.values[year], statements.values[before]))
    observed = []
    for entry in INDUSTRY_RATIOS[key]:
        drawn = sorted(values[entry.ratio])
        observed.append(ObservedRatio(entry, drawn[0], drawn[len(drawn) // 2], drawn[-1]))
    return observed
