"""General sentences and phrases of Item 1, Business, loaded from ``resources/business_prose.yaml``.

The file (written for finsynth) is checked against ``filings_business_prose.schema.json`` when
loaded; none of its texts uses a placeholder, and one that does is refused. An error names the
file and the entry.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from finsynth.generators.filings.resource_files import check_placeholders, read_resource, texts_of
from finsynth.schemas import Validator, load_schema
from finsynth.schemas.loader import check_data_file

PROSE_FILE = "resources/business_prose.yaml"
"""Where the business prose lives, relative to the ``finsynth.generators.filings`` package."""


class BusinessProse(NamedTuple):
    """Item 1's general prose, each list in file order (filings draw from them by position).

    Attributes:
        channels: How a segment reaches customers, where the industry names no channels.
        segment_strategies: A segment's priorities (one per segment).
        segment_markets: What drives a segment's market (three per segment).
        competitive_factors: What the company competes on (four named).
        human_capital: Employment practices (three taken).
        history_events: Milestones completing "In <year>, the Company ..." (three taken).
        supply: Sourcing practices of a company that sells goods on trade terms (three taken).
        sustainability: Environmental and sourcing commitments (four taken).

    """

    channels: tuple[str, ...]
    segment_strategies: tuple[str, ...]
    segment_markets: tuple[str, ...]
    competitive_factors: tuple[str, ...]
    human_capital: tuple[str, ...]
    history_events: tuple[str, ...]
    supply: tuple[str, ...]
    sustainability: tuple[str, ...]


def parse_business_prose(document: Any, source: str) -> BusinessProse:
    """Check a business-prose document and return its lists.

    Args:
        document: The parsed YAML document.
        source: Where it came from, for error messages.

    Raises:
        ConfigError: Naming the source and the JSON path of the first problem: a schema violation
            (a missing list, a repeated entry, too few entries) or a placeholder.

    """
    check_data_file(
        Validator(load_schema("filings_business_prose"), "filings business prose"), document, source
    )
    for field in BusinessProse._fields:
        check_placeholders(texts_of(f"$.{field}", document[field]), (), source)
    return BusinessProse(*(tuple(document[field]) for field in BusinessProse._fields))


def _shipped() -> BusinessProse:
    return parse_business_prose(*read_resource(PROSE_FILE))


BUSINESS_PROSE = _shipped()
"""The shipped business prose."""
