"""Prose topics of the MD&A, loaded from ``resources/mdna_topics.yaml``.

The file (written for finsynth) is checked against ``filings_mdna_topics.schema.json`` when loaded;
an error names the file and the entry. It holds the critical accounting estimates, the inventory
estimate (for companies that hold inventory), the other discussions and the sentences on recent
accounting pronouncements. Every sentence is a template filled with the company's own figures
(:data:`PLACEHOLDERS`, computed by :mod:`finsynth.generators.filings.mdna_figures`), so an estimate
names the balance it concerns and its amount.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from finsynth.generators.filings.resource_files import check_placeholders, check_unique_titles, read_resource
from finsynth.schemas import Validator, load_schema
from finsynth.schemas.loader import check_data_file

TOPICS_FILE = "resources/mdna_topics.yaml"
"""Where the topics live, relative to the ``finsynth.generators.filings`` package."""

Topic = tuple[str, tuple[str, ...]]
"""A topic's subheading and its sentence templates."""

PLACEHOLDERS = frozenset(
    {
        "acquisition_clause",
        "acquisitions_spent",
        "capex",
        "cost_label",
        "cost_share",
        "date",
        "debt",
        "deferred_clause",
        "founded",
        "goodwill",
        "goodwill_share",
        "inflation_outcome",
        "intangibles",
        "inventories",
        "inventory_cost_label",
        "inventory_days",
        "inventory_one_percent",
        "largest_segment",
        "largest_share",
        "margin_move",
        "operating_margin",
        "pretax_record",
        "prior",
        "prior_cost_share",
        "prior_operating_margin",
        "receivables",
        "receivables_label",
        "receivables_one_percent",
        "receivables_share",
        "repurchase_clause",
        "returned_clause",
        "revenue",
        "revenue_one_percent",
        "segment_count",
        "segment_list",
        "tax",
        "tax_one_point",
        "tax_rate_clause",
        "total_assets",
        "weakest_margin",
        "weakest_segment",
        "year",
    }
)
"""The placeholders the topics' templates may use."""


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
            a subheading used twice or a placeholder the MD&A does not fill.

    """
    check_data_file(Validator(load_schema("filings_mdna_topics"), "filings MD&A topics"), document, source)
    entries = [
        *((f"$.estimates[{index}]", entry) for index, entry in enumerate(document["estimates"])),
        ("$.inventory_estimate", document["inventory_estimate"]),
        *((f"$.other_topics[{index}]", entry) for index, entry in enumerate(document["other_topics"])),
    ]
    check_unique_titles(entries, "topic", source)
    for where, entry in entries:
        texts = [(f"{where}.sentences[{index}]", text) for index, text in enumerate(entry["sentences"])]
        check_placeholders(texts, PLACEHOLDERS, source)
    check_placeholders(
        [(f"$.pronouncements[{index}]", text) for index, text in enumerate(document["pronouncements"])],
        PLACEHOLDERS,
        source,
    )
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


def fill(templates: tuple[str, ...], values: dict[str, str]) -> tuple[str, ...]:
    """Return ``templates`` with their placeholders filled from ``values`` (one company's figures)."""
    return tuple(template.format_map(values) for template in templates)
