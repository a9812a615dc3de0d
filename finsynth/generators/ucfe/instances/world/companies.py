"""Fictional companies: a name, a ticker, a sector and the business segments the sector offers.

Names come from the seeded Faker word lists of the FinChain family; sectors and their
segments are our own table.
"""

from __future__ import annotations

from dataclasses import dataclass

from finsynth.seeding import RandomStream
from finsynth.world.names import company_name


@dataclass(frozen=True)
class Sector:
    """An industry and the business lines a company in it may run.

    Attributes:
        name: The sector as a reader names it.
        segments: Business lines a company of the sector may report separately.
        customers: Who buys from such companies.

    """

    name: str
    segments: tuple[str, ...]
    customers: str


SECTORS: tuple[Sector, ...] = (
    Sector(
        "consumer electronics",
        ("televisions", "smart-home devices", "online services", "audio equipment", "displays"),
        "households and retailers",
    ),
    Sector(
        "specialty chemicals",
        ("coatings", "adhesives", "water-treatment agents", "battery materials", "pigments"),
        "manufacturers",
    ),
    Sector(
        "animal nutrition",
        ("compound feed", "poultry processing", "feed-ingredient trading", "veterinary products"),
        "livestock farms",
    ),
    Sector(
        "industrial automation",
        ("motion controllers", "industrial robots", "machine-vision systems", "maintenance services"),
        "factories",
    ),
    Sector(
        "medical devices",
        ("diagnostic imaging", "surgical instruments", "patient monitors", "consumables"),
        "hospitals and clinics",
    ),
    Sector(
        "renewable energy",
        ("solar modules", "wind-farm operation", "energy storage", "grid services"),
        "utilities and large power users",
    ),
    Sector(
        "software",
        ("cloud subscriptions", "licences", "implementation services", "data analytics"),
        "mid-sized enterprises",
    ),
    Sector(
        "logistics",
        ("freight forwarding", "warehousing", "last-mile delivery", "customs brokerage"),
        "retailers and exporters",
    ),
    Sector(
        "packaged foods",
        ("snacks", "frozen meals", "beverages", "private-label supply"),
        "supermarket chains",
    ),
    Sector(
        "semiconductors",
        ("power chips", "sensors", "memory controllers", "foundry services"),
        "device makers",
    ),
    Sector(
        "intelligent transportation",
        ("highway systems integration", "urban traffic control", "toll software", "operations support"),
        "road operators and city governments",
    ),
    Sector(
        "pharmaceuticals",
        ("generic drugs", "innovative drugs", "active ingredients", "contract manufacturing"),
        "distributors and hospitals",
    ),
)


@dataclass(frozen=True)
class Company:
    """A fictional company.

    Attributes:
        name: Company name.
        ticker: A four-letter ticker.
        sector: Its sector.
        segments: The segments it reports (two to four of the sector's).
        founded: Year of foundation.

    """

    name: str
    ticker: str
    sector: Sector
    segments: tuple[str, ...]
    founded: int


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def draw_company(stream: RandomStream, segment_count: tuple[int, int] = (2, 4)) -> Company:
    """Return a fictional company with ``segment_count`` (low, high) segments."""
    name = company_name(stream)
    letters = [character for character in name.upper() if character.isalpha()]
    ticker = "".join(letters[:2]) + "".join(stream.choice(_LETTERS) for _ in range(2))
    sector = stream.choice(SECTORS)
    count = stream.randint(segment_count[0], min(segment_count[1], len(sector.segments)))
    return Company(
        name, ticker, sector, tuple(stream.sample(sector.segments, count)), stream.randint(1978, 2016)
    )
