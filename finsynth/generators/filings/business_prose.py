"""Sentence templates and phrases of Item 1, Business, loaded from ``resources/business_prose.yaml``.

The file (written for finsynth) is checked against ``filings_business_prose.schema.json`` when
loaded, then for its placeholders: a template may name only the figures
:mod:`finsynth.generators.filings.business_figures` computes or draws for the company
(:data:`COMPANY_PLACEHOLDERS`, :data:`SEGMENT_PLACEHOLDERS`), and a phrase list none. An error
names the file and the entry.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from finsynth.generators.filings.resource_files import check_placeholders, read_resource, texts_of
from finsynth.schemas import Validator, load_schema
from finsynth.schemas.loader import check_data_file

PROSE_FILE = "resources/business_prose.yaml"
"""Where the business prose lives, relative to the ``finsynth.generators.filings`` package."""

COMPANY_PLACEHOLDERS = (
    "year",
    "prior",
    "first",
    "next",
    "date",
    "description",
    "customers",
    "competitors",
    "place",
    "city",
    "exchange",
    "founded",
    "hq_since",
    "revenue",
    "revenue_change",
    "revenue_path",
    "us_revenue",
    "segment_count",
    "segment_list",
    "largest_segment",
    "largest_offering",
    "largest_share",
    "q4_share",
    "q4_revenue",
    "capex",
    "capex_share",
    "acquisitions",
    "employees",
    "top_ten_share",
    "top_ten_amount",
    "largest_customer_share",
    "largest_customer_amount",
    "second_customer_share",
    "receivables",
    "receivable_days",
    "reviewed",
    "cost_label",
    "cost",
    "firm",
    "ticker",
    "patents",
    "pending",
    "trademarks",
    "countries",
    "expiry_year",
    "expiring_share",
    "benefits",
    "survey_rate",
    "survey_teams",
    "training_hours",
    "turnover",
    "internal_share",
    "certified",
    "suppliers",
    "single_sourced",
    "top_suppliers",
    "agreements",
    "rated",
    "emissions_cut",
    "emissions_base",
    "emissions_target",
    "renewable",
    "code_suppliers",
    "green_capex",
    "efficient_share",
    "universities",
    "new_products_share",
    "licensors",
    "license_cost",
    "former_city",
    "promotions",
    "training_total",
    "leavers",
    "reorganized_revenue",
    "divested",
    "efficient_amount",
    "certified_count",
)
"""Figures an Item 1 template may name (:func:`.business_figures.company_figures`)."""
SEGMENT_PLACEHOLDERS = (
    "segment",
    "offering",
    "channel",
    "segment_revenue",
    "segment_change",
    "segment_change_noun",
    "segment_share",
    "segment_result",
    "margin_goal",
    "growth_goal",
    "target_year",
    "segment_capex",
    "segment_capex_share",
    "segment_trend",
    "quarter_low",
    "quarter_low_name",
    "quarter_high",
    "quarter_high_name",
    "segment_path",
    "segment_top_ten",
    "segment_top_ten_amount",
    "year",
    "prior",
    "next",
    "first",
)
"""Figures a segment template may name (:func:`.business_figures.segment_figures`)."""
_SEGMENT_LISTS = ("segment_intro", "segment_channel", "segment_plans", "segment_markets")
_PHRASE_LISTS = ("channels", "competitive_factors")
_OWN_PLACEHOLDERS = {"seasonality": ("seasonality",), "regulation": ("regulation",)}


class BusinessProse(NamedTuple):
    """Item 1's templates and phrases, each list in file order (filings draw from them by position).

    Attributes:
        channels: How a segment reaches customers, where the industry names no channels (a phrase).
        description: What the company does and its revenue (one drawn).
        customers: Its customers and the share of revenue from the United States (one drawn).
        headquarters: Where its headquarters are, and since when (one drawn).
        segments: Its reportable segments and the largest (one drawn).
        segment_intro: A segment's offering and revenue (one drawn per segment).
        segment_channel: A segment's channel and operating result (one drawn per segment).
        segment_plans: A segment's goal (one per segment).
        segment_markets: A segment's market and results (three per segment).
        customer_base: The customer base and its concentration (both).
        customer_terms_trade: Contract terms and receivables of a company on trade terms (one drawn).
        customer_terms_other: How other companies manage larger relationships (one drawn).
        competition_lead: Whom the company competes with, and where (one drawn).
        competition_standing: How it stands against competitors (one drawn).
        seasonality: The industry's seasonality (``{seasonality}``) with the company's fourth quarter.
        regulation: The industry's rules (``{regulation}``) with the company's capital spending.
        patents: Patents held and pending.
        trademarks: Trademarks and other protection.
        patent_materiality: Why no single patent is material.
        human_capital: Workforce measures (three taken).
        history_events: Milestones completing "In <year>, the Company ..." (two taken).
        supply: Sourcing of a company that sells goods on trade terms (three taken).
        sustainability: Environmental and sourcing commitments (four taken).
        licenses: Licensed software and data, for a company without research and development.
        available_information: Where the filings are available (both, in order).
        competitive_factors: What the company competes on (four named).

    """

    channels: tuple[str, ...]
    description: tuple[str, ...]
    customers: tuple[str, ...]
    headquarters: tuple[str, ...]
    segments: tuple[str, ...]
    segment_intro: tuple[str, ...]
    segment_channel: tuple[str, ...]
    segment_plans: tuple[str, ...]
    segment_markets: tuple[str, ...]
    customer_base: tuple[str, ...]
    customer_terms_trade: tuple[str, ...]
    customer_terms_other: tuple[str, ...]
    competition_lead: tuple[str, ...]
    competition_standing: tuple[str, ...]
    seasonality: tuple[str, ...]
    regulation: tuple[str, ...]
    patents: tuple[str, ...]
    trademarks: tuple[str, ...]
    patent_materiality: tuple[str, ...]
    human_capital: tuple[str, ...]
    history_events: tuple[str, ...]
    supply: tuple[str, ...]
    sustainability: tuple[str, ...]
    licenses: tuple[str, ...]
    available_information: tuple[str, ...]
    competitive_factors: tuple[str, ...]


def allowed_placeholders(field: str) -> tuple[str, ...]:
    """Return the placeholders the code fills in the texts of ``field``."""
    if field in _PHRASE_LISTS:
        return ()
    if field in _SEGMENT_LISTS:
        return SEGMENT_PLACEHOLDERS
    return (*COMPANY_PLACEHOLDERS, *_OWN_PLACEHOLDERS.get(field, ()))


def parse_business_prose(document: Any, source: str) -> BusinessProse:
    """Check a business-prose document and return its lists.

    Args:
        document: The parsed YAML document.
        source: Where it came from, for error messages.

    Raises:
        ConfigError: Naming the source and the JSON path of the first problem: a schema violation
            (a missing list, a repeated entry, too few entries) or a placeholder the code does not fill there.

    """
    check_data_file(
        Validator(load_schema("filings_business_prose"), "filings business prose"), document, source
    )
    for field in BusinessProse._fields:
        check_placeholders(texts_of(f"$.{field}", document[field]), allowed_placeholders(field), source)
    return BusinessProse(*(tuple(document[field]) for field in BusinessProse._fields))


def _shipped() -> BusinessProse:
    return parse_business_prose(*read_resource(PROSE_FILE))


BUSINESS_PROSE = _shipped()
"""The shipped business prose."""
