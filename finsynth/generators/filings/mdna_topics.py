"""Prose topics of the MD&A that do not depend on the numbers, loaded from ``resources/mdna_topics.yaml``.

The file (written for finsynth) is checked against ``filings_mdna_topics.schema.json`` when loaded;
an error names the file and the entry. It holds the critical accounting estimates, the inventory
estimate (for companies that hold inventory), the other discussions and the sentences on recent
accounting pronouncements.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from finsynth.generators.filings.resource_files import check_unique_titles, read_resource
from finsynth.schemas import Validator, load_schema
from finsynth.schemas.loader import check_data_file

TOPICS_FILE = "resources/mdna_topics.yaml"
"""Where the topics live, relative to the ``finsynth.generators.filings`` package."""

Topic = tuple[str, tuple[str, ...]]
"""A topic's subheading and its sentences."""


class MdnaTopics(NamedTuple):
    """The MD&A's prose topics.

    Attributes:
        estimates: Critical accounting estimates, in order.
        inventory_estimate: The estimate added where the company holds inventory.
        other_topics: Further discussions.
        pronouncements: Sentences on recent accounting pronouncements.

    """

    estimates: tuple[Topic, ...]
    inventory_estimate: Topic
    other_topics: tuple[Topic, ...]
    pronouncements: tuple[str, ...]


def _topic(entry: dict[str, Any]) -> Topic:
    return entry["title"], tuple(entry["sentences"])


def parse_mdna_topics(document: Any, source: str) -> MdnaTopics:
    """Check an MD&A topics document and return its topics.

    Args:
        document: The parsed YAML document.
        source: Where it came from, for error messages.

    Raises:
        ConfigError: Naming the source and the JSON path of the first problem: a schema violation
            or a subheading used twice.

    """
    check_data_file(Validator(load_schema("filings_mdna_topics"), "filings MD&A topics"), document, source)
    entries = [
        *((f"$.estimates[{index}]", entry) for index, entry in enumerate(document["estimates"])),
        ("$.inventory_estimate", document["inventory_estimate"]),
        *((f"$.other_topics[{index}]", entry) for index, entry in enumerate(document["other_topics"])),
    ]
    check_unique_titles(entries, "topic", source)
    return MdnaTopics(
        tuple(_topic(entry) for entry in document["estimates"]),
        _topic(document["inventory_estimate"]),
        tuple(_topic(entry) for entry in document["other_topics"]),
        tuple(document["pronouncements"]),
    )


def _shipped() -> MdnaTopics:
    return parse_mdna_topics(*read_resource(TOPICS_FILE))


SHIPPED = _shipped()
"""The shipped topics."""
ESTIMATES = SHIPPED.estimates
"""Critical accounting estimates every filing may discuss, in order."""
INVENTORY_ESTIMATE = SHIPPED.inventory_estimate
"""The estimate added second where the company holds inventory."""
OTHER_TOPICS = SHIPPED.other_topics
"""Further MD&A discussions."""
PRONOUNCEMENTS = SHIPPED.pronouncements
"""Sentences on recent accounting pronouncements."""
