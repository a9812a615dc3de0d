"""The fictional company behind a filing: name, industry, segments and descriptive facts."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from finsynth.seeding import RandomStream
from finsynth.world.industries import INDUSTRIES
from finsynth.world.industry_profiles import Industry, SegmentProfile
from finsynth.world.names import COMPANY_SUFFIXES, LAST_NAMES, company_name, person_name

CITIES = (
    ("Columbus", "Ohio"),
    ("Raleigh", "North Carolina"),
    ("Denver", "Colorado"),
    ("Minneapolis", "Minnesota"),
    ("Austin", "Texas"),
    ("Nashville", "Tennessee"),
    ("Salt Lake City", "Utah"),
    ("Pittsburgh", "Pennsylvania"),
    ("Milwaukee", "Wisconsin"),
    ("Richmond", "Virginia"),
    ("Portland", "Oregon"),
    ("Kansas City", "Missouri"),
    ("Omaha", "Nebraska"),
    ("Boise", "Idaho"),
    ("Tampa", "Florida"),
    ("Charlotte", "North Carolina"),
)
_INCORPORATION_STATES = ("Delaware", "Delaware", "Delaware", "Nevada", "Maryland", "Ohio")
_EXCHANGES = ("New York Stock Exchange", "Nasdaq Global Select Market")
_FISCAL_YEAR_END_MONTHS = (12, 12, 12, 12, 6, 9, 3)
_OFFICER_TITLES = (
    "Chief Operating Officer",
    "General Counsel and Corporate Secretary",
    "Chief Human Resources Officer",
    "Chief Technology Officer",
    "President, International",
    "Chief Accounting Officer",
)
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Officer:
    """An executive officer.

    Attributes:
        name: Full name.
        title: Title.
        age: Age in years.
        since: Year the officer joined the company.

    """

    name: str
    title: str
    age: int
    since: int


@dataclass(frozen=True)
class Company:
    """A fictional U.S. public company.

    Attributes:
        name: Legal name, e.g. ``"Harmon Systems, Inc."``.
        short_name: Name used in running text, e.g. ``"Harmon Systems"``.
        ticker: Trading symbol.
        exchange: Exchange where the common stock trades.
        industry: Industry profile.
        segments: Reportable segments (three or four).
        city: City of the headquarters.
        state: State of the headquarters.
        incorporation_state: State of incorporation.
        founded: Year founded.
        revenue_per_employee: Drawn revenue per full-time employee in dollars (inside the industry's
            band); :func:`employee_count` turns it into a head count once revenue is known.
        fiscal_year_end_month: Month (1–12) in which the fiscal year ends.
        fiscal_years: Fiscal years covered by the statements, oldest first.
        unit: ``"thousands"`` or ``"millions"`` of U.S. dollars.
        officers: Executive officers, the chief executive and chief financial officers first.

    """

    name: str
    short_name: str
    ticker: str
    exchange: str
    industry: Industry
    segments: tuple[SegmentProfile, ...]
    city: str
    state: str
    incorporation_state: str
    founded: int
    revenue_per_employee: float
    fiscal_year_end_month: int
    fiscal_years: tuple[int, ...]
    unit: str
    officers: tuple[Officer, ...]

    @property
    def segment_names(self) -> tuple[str, ...]:
        """The names of the reportable segments, in the company's order."""
        return tuple(segment.name for segment in self.segments)

    @property
    def customers(self) -> str:
        """Who the company sells to, in the third person.

        The industries describe customers as a filing does, in the company's own voice ("consumers
        who shop our stores"); a text about the company says "its stores".
        """
        return _FIRST_PERSON.sub("its", self.industry.customers)


_FIRST_PERSON = re.compile(r"\bour\b")


def _short_name(stream: RandomStream, industry: Industry) -> str:
    """Return a company name without its legal suffix."""
    if stream.random() < 0.5:
        return f"{stream.choice(LAST_NAMES)} {stream.choice(industry.name_words)}"
    base = company_name(stream)
    # Faker's suffixes ("LLC", "and Sons", ...) read oddly before ", Inc."; keep their name part whole.
    for suffix in COMPANY_SUFFIXES:
        if base.endswith(f" {suffix}"):
            return base[: -len(suffix) - 1]
    return base


def _officer(stream: RandomStream, title: str, founded: int, latest_year: int) -> Officer:
    """Draw an officer who joined after the founding and after turning 25."""
    age = stream.randint(41, 66)
    earliest = max(founded, latest_year - (age - 25))
    return Officer(person_name(stream), title, age, stream.randint(earliest, latest_year - 1))


UNIT_DOLLARS = {"thousands": 1_000, "millions": 1_000_000}
"""Dollars per amount of each unit."""


def employee_count(company: Company, revenue: int) -> int:
    """Full-time employees of a company with ``revenue`` (in its unit) in its latest fiscal year.

    The count is the nearest whole number to revenue over the drawn revenue per employee, moved
    where rounding would leave the industry's band, so revenue per employee always lies inside it.
    """
    dollars = revenue * UNIT_DOLLARS[company.unit]
    low, high = company.industry.bands.revenue_per_employee
    count = round(dollars / company.revenue_per_employee)
    return max(1, min(max(count, math.ceil(dollars / high)), math.floor(dollars / low)))


def make_company(stream: RandomStream) -> Company:
    """Draw a fictional company from ``stream``."""
    industry = stream.choice(INDUSTRIES)
    short_name = _short_name(stream, industry)
    segments = tuple(stream.sample(industry.segments, stream.randint(3, min(4, len(industry.segments)))))
    city, state = stream.choice(CITIES)
    latest_year = stream.randint(2019, 2025)
    year_count = stream.randint(2, 3)
    fiscal_years = tuple(range(latest_year - year_count + 1, latest_year + 1))
    founded = stream.randint(1925, latest_year - 12)
    unit = stream.choice(("thousands", "millions"))
    revenue_per_employee = stream.uniform(*industry.bands.revenue_per_employee)
    titles = ("Chief Executive Officer", "Chief Financial Officer", *stream.sample(_OFFICER_TITLES, 3))
    officers = tuple(_officer(stream, title, founded, latest_year) for title in titles)
    ticker = "".join(stream.choice(_LETTERS) for _ in range(stream.randint(3, 4)))
    return Company(
        name=f"{short_name}, Inc.",
        short_name=short_name,
        ticker=ticker,
        exchange=stream.choice(_EXCHANGES),
        industry=industry,
        segments=segments,
        city=city,
        state=state,
        incorporation_state=stream.choice(_INCORPORATION_STATES),
        founded=founded,
        revenue_per_employee=revenue_per_employee,
        fiscal_year_end_month=stream.choice(_FISCAL_YEAR_END_MONTHS),
        fiscal_years=fiscal_years,
        unit=unit,
        officers=officers,
    )
