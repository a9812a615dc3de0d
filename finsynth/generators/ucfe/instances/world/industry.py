"""Industry outlooks for report summaries: the investment directions and risks an analyst would discuss.

Each outlook belongs to an industry of the shared world (:mod:`finsynth.world.industries`, the
industries the synthetic 10-K filings draw) and takes its name from it, so a report on an
industry calls it what a filing of that industry calls it. A key that is not a world
industry is an error on import.

Market figures are drawn per report: size in $ billions (one decimal), compound annual growth
rate in tenths of a percent and a horizon in years; the projected size is
size × (1 + growth)^years, rounded to one decimal.
"""

from __future__ import annotations

from dataclasses import dataclass

from finsynth.errors import ConfigError
from finsynth.world.industries import INDUSTRIES
from finsynth.world.industry_profiles import Industry
from finsynth.world.rounding import round_half_up

_BY_KEY = {industry.key: industry for industry in INDUSTRIES}


@dataclass(frozen=True)
class IndustryOutlook:
    """An industry as a sell-side report covers it.

    Attributes:
        key: The world industry's key (:data:`finsynth.world.industries.INDUSTRY_KEYS`).
        driver: What drives its growth, as a clause.
        directions: Segments with investment value, each with a reason.
        risks: Things that could go wrong.

    """

    key: str
    driver: str
    directions: tuple[tuple[str, str], ...]
    risks: tuple[str, ...]

    def __post_init__(self) -> None:
        """Refuse an outlook for an industry the world does not have."""
        if self.key not in _BY_KEY:
            raise ConfigError(
                f"industry outlook {self.key!r} names no world industry; known: {sorted(_BY_KEY)}",
                source=__name__,
            )

    @property
    def industry(self) -> Industry:
        """The world industry the outlook covers."""
        return _BY_KEY[self.key]

    @property
    def name(self) -> str:
        """The industry as readers see it: the world industry's label."""
        return self.industry.label


OUTLOOKS: tuple[IndustryOutlook, ...] = (
    IndustryOutlook(
        "hospitals",
        "an ageing population needs more care while payers push treatment toward lower-cost settings",
        (
            ("outpatient surgery centres", "payers steer routine procedures out of inpatient wards"),
            ("home health services", "patients leave hospital sooner and recover at home"),
            ("medical information systems", "hospitals must upgrade records to meet new audit rules"),
        ),
        (
            "reimbursement cuts by public payers",
            "nurse shortages that raise wage costs",
            "weaker earnings at listed providers",
        ),
    ),
    IndustryOutlook(
        "automotive_parts",
        "carmakers are moving to electric drivetrains and fit more electronics to every vehicle",
        (
            ("electric drive units", "every new electric model needs motors and inverters"),
            ("power electronics", "higher-voltage platforms need new chips and inverters"),
            ("driver-assistance sensors", "safety rules require more cameras and radar per vehicle"),
            ("aftermarket parts", "cars stay on the road longer and need more repairs"),
        ),
        ("price wars among carmakers", "subsidy cuts", "raw-material price spikes"),
    ),
    IndustryOutlook(
        "software",
        "companies keep moving workloads off their own servers",
        (
            ("data-centre infrastructure", "capacity is short in most regions"),
            ("cybersecurity", "breaches are costlier and rules stricter"),
            ("AI model services", "firms pay per use for hosted models"),
        ),
        (
            "slower corporate IT budgets",
            "power shortages for data centres",
            "pricing pressure from the largest providers",
        ),
    ),
    IndustryOutlook(
        "renewable_energy",
        "utilities must meet emission targets while demand for electricity rises",
        (
            ("grid-scale storage", "storage smooths output from wind and solar"),
            ("transmission equipment", "new lines are needed to connect remote projects"),
            ("distributed solar", "businesses cut their power bills with rooftop systems"),
        ),
        ("curtailment when grids are congested", "rising interest rates", "trade barriers on equipment"),
    ),
    IndustryOutlook(
        "packaged_foods",
        "households trade up to healthier and more convenient products",
        (
            ("ready meals", "smaller households cook less"),
            ("functional snacks", "buyers pay more for protein and low-sugar lines"),
            ("private-label supply", "supermarkets expand their own brands"),
        ),
        ("input cost inflation", "weaker consumer spending", "food-safety incidents"),
    ),
    IndustryOutlook(
        "industrial_machinery",
        "labour costs rise and factories automate to keep output steady",
        (
            ("collaborative robots", "small factories can deploy them without safety cages"),
            ("machine vision", "inspection is moving from people to cameras"),
            ("precision reducers", "local suppliers are replacing imports"),
        ),
        (
            "a downturn in manufacturing investment",
            "intense price competition",
            "slow adoption by small firms",
        ),
    ),
    IndustryOutlook(
        "logistics",
        "online retail keeps raising parcel volumes",
        (
            ("cold-chain logistics", "fresh food and medicines need temperature control"),
            ("warehouse automation", "sorting robots cut handling costs"),
            ("cross-border freight", "exporters sell directly to overseas buyers"),
        ),
        ("fuel price swings", "overcapacity in express delivery", "trade disputes"),
    ),
    IndustryOutlook(
        "semiconductors",
        "every device adds more chips and local supply chains are being built",
        (
            ("power semiconductors", "electric vehicles and solar inverters need them"),
            ("chip equipment", "new fabs are under construction"),
            ("advanced packaging", "stacking chips extends performance gains"),
        ),
        ("inventory corrections", "export controls", "a slower smartphone market"),
    ),
)


def projected_size(size: float, growth_tenths: int, years: int) -> float:
    """Market size after ``years`` of growth at ``growth_tenths`` tenths of a percent a year."""
    return round_half_up(size * (1 + growth_tenths / 1000) ** years, 1)
