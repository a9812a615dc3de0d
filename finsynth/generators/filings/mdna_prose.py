"""General sentences the MD&A sets beside its numbers, loaded from ``resources/mdna_prose.yaml``.

The file (written for finsynth) is checked against ``filings_mdna_prose.schema.json`` when loaded.
The liquidity, margin and region sentences are templates the MD&A fills with the company's own figures
(:data:`PLACEHOLDERS` names what each may use); the other texts use none. A text naming another
placeholder is refused; an error names the file and the entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from finsynth.generators.filings.resource_files import check_placeholders, read_resource, texts_of
from finsynth.schemas import Validator, load_schema
from finsynth.schemas.loader import check_data_file

PROSE_FILE = "resources/mdna_prose.yaml"
"""Where the MD&A prose lives, relative to the ``finsynth.generators.filings`` package."""

_LISTS = ("capital_spending_purposes", "liquidity_sufficiency", "margin_reasons", "region_reasons")
PLACEHOLDERS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "capital_spending_purposes": frozenset(),
        "liquidity_sufficiency": frozenset({"debt_due"}),
        "margin_reasons": frozenset({"cost_move", "revenue_move", "margin_move", "margin_cause"}),
        "region_reasons": frozenset(
            {
                "foreign_share",
                "prior_foreign_share",
                "year",
                "prior",
                "moved_region",
                "moved_change",
                "largest_region",
                "largest_amount",
            }
        ),
    }
)
"""The placeholders each list's templates may use (the MD&A fills them from the statements)."""


class MdnaProse(NamedTuple):
    """The MD&A's general prose, each list in file order (filings draw from them by position).

    Attributes:
        capital_spending_purposes: What capital spending went to.
        liquidity_sufficiency: Templates of the statement that liquidity covers the company's needs.
        margin_reasons: Templates of what moved a segment's margin (its costs against its revenue).
        region_reasons: Templates of what moved revenue outside the United States.
        expense_reasons: What drove an operating expense, by its income-statement line key.

    """

    capital_spending_purposes: tuple[str, ...]
    liquidity_sufficiency: tuple[str, ...]
    margin_reasons: tuple[str, ...]
    region_reasons: tuple[str, ...]
    expense_reasons: Mapping[str, tuple[str, ...]]


def parse_mdna_prose(document: Any, source: str) -> MdnaProse:
    """Check an MD&A-prose document and return its lists.

    Args:
        document: The parsed YAML document.
        source: Where it came from, for error messages.

    Raises:
        ConfigError: Naming the source and the JSON path of the first problem: a schema violation
            (a missing list, a repeated entry, not a sentence) or a placeholder the list may not use.

    """
    check_data_file(Validator(load_schema("filings_mdna_prose"), "filings MD&A prose"), document, source)
    for field in _LISTS:
        check_placeholders(texts_of(f"$.{field}", document[field]), PLACEHOLDERS[field], source)
    for key, reasons in document["expense_reasons"].items():
        check_placeholders(texts_of(f"$.expense_reasons.{key}", reasons), (), source)
    return MdnaProse(
        capital_spending_purposes=tuple(document["capital_spending_purposes"]),
        liquidity_sufficiency=tuple(document["liquidity_sufficiency"]),
        margin_reasons=tuple(document["margin_reasons"]),
        region_reasons=tuple(document["region_reasons"]),
        expense_reasons=MappingProxyType(
            {key: tuple(reasons) for key, reasons in document["expense_reasons"].items()}
        ),
    )


def _shipped() -> MdnaProse:
    return parse_mdna_prose(*read_resource(PROSE_FILE))


MDNA_PROSE = _shipped()
"""The shipped MD&A prose."""
