"""Industries for report summaries: the investment directions and risks an analyst would discuss.

Market figures are drawn per report: size in $ billions (one decimal), compound annual growth
rate in tenths of a percent and a horizon in years; the projected size is
size × (1 + growth)^years, rounded to one decimal.
"""

from __future__ import annotations

from dataclasses import dataclass

from finsynth.generators.finchain.quantities import round_half_up


@dataclass(frozen=True)
class Industry:
    """An industry as a sell-side report covers it.

    Attributes:
        name: The industry.
        driver: What drives its growth, as a clause.
        directions: Segments with investment value, each with a reason.
        risks: Things that could go wrong.

    """

    name: str
    driver: str
    directions: tuple[tuple[str, str], ...]
    risks: tuple[str, ...]


INDUSTRIES: tuple[Industry, ...] = (
    Industry(
        "hospital services",
        "tighter rules on sales practices are pushing spending toward proven treatments",
        (
            ("innovative drugs and devices", "pricing reforms reward products with clear clinical value"),
            ("retail pharmacies", "prescriptions are moving out of hospitals"),
            ("medical information systems", "hospitals must upgrade records to meet new audit rules"),
        ),
        (
            "reforms slower than expected",
            "weaker earnings at listed providers",
            "budget cuts at public hospitals",
        ),
    ),
    Industry(
        "electric vehicles",
        "battery costs keep falling while charging networks spread",
        (
            ("battery materials", "demand for cathode and anode materials grows with every new model"),
            ("charging equipment", "public fast chargers lag far behind vehicle sales"),
            ("power electronics", "higher-voltage platforms need new chips and inverters"),
            ("vehicle software", "carmakers pay for driver-assistance and update services"),
        ),
        ("price wars among carmakers", "subsidy cuts", "raw-material price spikes"),
    ),
    Industry(
        "cloud computing",
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
    Industry(
        "renewable power",
        "utilities must meet emission targets while demand for electricity rises",
        (
            ("grid-scale storage", "storage smooths output from wind and solar"),
            ("transmission equipment", "new lines are needed to connect remote projects"),
            ("distributed solar", "businesses cut their power bills with rooftop systems"),
        ),
        ("curtailment when grids are congested", "rising interest rates", "trade barriers on equipment"),
    ),
    Industry(
        "consumer foods",
        "households trade up to healthier and more convenient products",
        (
            ("ready meals", "smaller households cook less"),
            ("functional snacks", "buyers pay more for protein and low-sugar lines"),
            ("private-label supply", "supermarkets expand their own brands"),
        ),
        ("input cost inflation", "weaker consumer spending", "food-safety incidents"),
    ),
    Industry(
        "industrial robotics",
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
    Industry(
        "logistics",
        "online retail keeps raising parcel volumes",
        (
            ("cold-chain logistics", "fresh food and medicines need temperature control"),
            ("warehouse automation", "sorting robots cut handling costs"),
            ("cross-border freight", "exporters sell directly to overseas buyers"),
        ),
        ("fuel price swings", "overcapacity in express delivery", "trade disputes"),
    ),
    Industry(
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
