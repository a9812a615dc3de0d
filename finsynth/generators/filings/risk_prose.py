"""Item 1A's prose other than the general risks, loaded from ``resources/risk_prose.yaml``.

The file (written for finsynth) is checked against ``filings_risk_prose.schema.json`` when loaded,
then for what a schema cannot state: each text uses only the placeholders the code fills there,
and no two segment risks share a topic. An error names the file and the entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from finsynth.generators.filings.resource_files import (
    check_placeholders,
    check_unique_titles,
    read_resource,
    texts_of,
)
from finsynth.generators.filings.risk_facts import ALWAYS
from finsynth.schemas import Validator, load_schema
from finsynth.schemas.loader import check_data_file
from finsynth.world.industry_profiles import RiskProfile

PROSE_FILE = "resources/risk_prose.yaml"
"""Where the risk prose lives, relative to the ``finsynth.generators.filings`` package."""

EXPOSURE_PLACEHOLDERS = (
    "label",
    "segment",
    "offering",
    "other",
    "year",
    "prior",
    "segment_revenue",
    "prior_revenue",
    "segment_share",
    "segment_change",
    "segment_income",
    "segment_margin",
    "other_share",
    "pair_share",
    "operating_income",
    "cash",
    "debt",
    "drop",
    "revenue_hit",
    "income_hit",
    "hit_share",
)
"""What an exposure sentence may name: the risk's label, two of the company's segments, the last two
fiscal years and figures computed from the statements (:mod:`finsynth.generators.filings.risk_exposures`)."""
SEGMENT_PLACEHOLDERS = ("segment", "offering")
"""What a segment risk's label and summary may name: the segment and its offering."""
SEGMENT_TEXT_PLACEHOLDERS = ALWAYS
"""What a segment risk's headline and sentences may name: the company's facts that every company has, with
``{segment}`` the risk's own segment (:mod:`~finsynth.generators.filings.risk_facts`)."""
OPENING_PLACEHOLDERS = ALWAYS
"""What an introduction or a summary lead may name: the company's facts that every company has."""


@dataclass(frozen=True)
class RiskProse:
    """Item 1A's prose other than the general risks, each list in file order.

    Attributes:
        introductions: Wordings of the paragraph that opens Item 1A, with the company's facts.
        summary_leads: Wordings of the sentence that opens the summary of risk factors.
        exposures: Sentences that tie any risk to the company's own segments and figures.
        segment_risks: Risks every segment carries, their label and summary written for any segment
            (``{segment}``, ``{offering}``), their headline and sentences with the segment's and the
            company's facts; the fact key is ``risk.<topic>_<segment index>``.

    """

    introductions: tuple[str, ...]
    summary_leads: tuple[str, ...]
    exposures: tuple[str, ...]
    segment_risks: tuple[RiskProfile, ...]


def _check_segment_risks(entries: list[dict[str, Any]], source: str) -> None:
    located = [(f"$.segment_risks[{index}]", entry) for index, entry in enumerate(entries)]
    check_unique_titles(located, "segment risk topic", source, field="topic")
    for where, entry in located:
        texts = [(f"{where}.{field}", entry[field]) for field in ("label", "summary")]
        check_placeholders(texts, SEGMENT_PLACEHOLDERS, source)
        told = [(f"{where}.headline", entry["headline"]), *texts_of(f"{where}.body", entry["body"])]
        check_placeholders(told, SEGMENT_TEXT_PLACEHOLDERS, source)


def parse_risk_prose(document: Any, source: str) -> RiskProse:
    """Check a risk-prose document and return its lists.

    Args:
        document: The parsed YAML document.
        source: Where it came from, for error messages.

    Raises:
        ConfigError: Naming the source and the JSON path of the first problem: a schema violation,
            a placeholder the code does not fill there, or a segment-risk topic used twice.

    """
    check_data_file(Validator(load_schema("filings_risk_prose"), "filings risk prose"), document, source)
    check_placeholders(texts_of("$.introductions", document["introductions"]), OPENING_PLACEHOLDERS, source)
    check_placeholders(texts_of("$.summary_leads", document["summary_leads"]), OPENING_PLACEHOLDERS, source)
    check_placeholders(texts_of("$.exposures", document["exposures"]), EXPOSURE_PLACEHOLDERS, source)
    _check_segment_risks(document["segment_risks"], source)
    return RiskProse(
        tuple(document["introductions"]),
        tuple(document["summary_leads"]),
        tuple(document["exposures"]),
        tuple(
            RiskProfile(
                entry["topic"], entry["label"], entry["headline"], entry["summary"], tuple(entry["body"])
            )
            for entry in document["segment_risks"]
        ),
    )


def _shipped() -> RiskProse:
    return parse_risk_prose(*read_resource(PROSE_FILE))


RISK_PROSE = _shipped()
"""The shipped risk prose."""
