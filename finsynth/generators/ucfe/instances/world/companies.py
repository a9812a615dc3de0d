"""Fictional companies: a name, a ticker, an industry of the shared world and the segments it reports.

Names come from :mod:`finsynth.world.names`; industries, their customers and segments from
:mod:`finsynth.world.industries`, the same ones the synthetic 10-K filings draw, so a UCFE
company in an industry is described in the words a filing of that industry uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from finsynth.seeding import RandomStream
from finsynth.world.industries import INDUSTRIES
from finsynth.world.industry_profiles import Industry
from finsynth.world.names import company_name


@dataclass(frozen=True)
class Company:
    """A fictional company.

    Attributes:
        name: Company name.
        ticker: A four-letter ticker.
        industry: Its industry (its label is the sector a reader sees).
        segments: The segments it reports (two to four of the industry's segment names).
        founded: Year of foundation.

    """

    name: str
    ticker: str
    industry: Industry
    segments: tuple[str, ...]
    founded: int

    @property
    def customers(self) -> str:
        """Who the company sells to, in the third person.

        The world's industries describe customers as a filing does, in the company's own voice
        ("consumers who shop our stores"); a UCFE text speaks about the company ("its stores").
        """
        return _FIRST_PERSON.sub("its", self.industry.customers)


_FIRST_PERSON = re.compile(r"\bour\b")
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def draw_company(stream: RandomStream, segment_count: tuple[int, int] = (2, 4)) -> Company:
    """Return a fictional company with ``segment_count`` (low, high) segments."""
    name = company_name(stream)
    letters = [character for character in name.upper() if character.isalpha()]
    ticker = "".join(letters[:2]) + "".join(stream.choice(_LETTERS) for _ in range(2))
    industry = stream.choice(INDUSTRIES)
    names = [segment.name for segment in industry.segments]
    count = stream.randint(segment_count[0], min(segment_count[1], len(names)))
    return Company(name, ticker, industry, tuple(stream.sample(names, count)), stream.randint(1978, 2016))
