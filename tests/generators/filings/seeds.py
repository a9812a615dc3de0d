"""Finding filing seeds whose company is in a given industry (drawing a company is cheap)."""

from __future__ import annotations

from finsynth.seeding import RandomStream, derive_seed
from finsynth.world.company import make_company


def industry_seeds(key: str, count: int, *, start: int = 0) -> list[int]:
    """The first ``count`` seeds from ``start`` whose filing's company is in industry ``key``."""
    found: list[int] = []
    seed = start
    while len(found) < count:
        if make_company(RandomStream(derive_seed(seed, "filings", "company"))).industry.key == key:
            found.append(seed)
        seed += 1
    return found
