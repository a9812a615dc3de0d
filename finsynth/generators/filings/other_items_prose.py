"""Wordings and lists of a filing's shorter items, loaded from ``resources/other_items_prose.yaml``.

The file (written for finsynth) is checked against ``filings_other_items_prose.schema.json`` when
loaded, then for what a schema cannot state: only the controls conclusions name placeholders
(the company's officers and year end, the framework), and no two exhibits share a number.
An error names the file and the entry.
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
from finsynth.schemas import Validator, load_schema
from finsynth.schemas.loader import check_data_file

PROSE_FILE = "resources/other_items_prose.yaml"
"""Where the prose lives, relative to the ``finsynth.generators.filings`` package."""

_PLACEHOLDERS = {
    "disclosure_conclusions": ("ceo", "cfo", "year_end"),
    "internal_conclusions": ("framework", "year_end"),
}
"""The placeholders each list's texts may name; lists not named here name none."""


@dataclass(frozen=True)
class Exhibit:
    """An entry of the exhibit index.

    Attributes:
        number: The exhibit number (``"10.1"``).
        title: What the exhibit is.
        optional: Whether a company files it only when it has the contract or plan.

    """

    number: str
    title: str
    optional: bool = False


@dataclass(frozen=True)
class OtherItemsProse:
    """The shorter items' prose, each list in file order (filings draw from them by position).

    Attributes:
        forward_looking_factors: Factors the cautionary statement lists.
        property_uses: What a property is used for; the first is the headquarters.
        disclosure_conclusions: Wordings of the disclosure-controls conclusion, naming ``{ceo}``,
            ``{cfo}`` and ``{year_end}``.
        internal_conclusions: Wordings of management's assessment, each with ``{framework}`` and the
            company's ``{year_end}``.
        prior_roles: What an executive officer did before joining.
        signing_statements: Wordings of the statement above the signatures.
        exhibits: The exhibit index, in order.
        part_iii_references: Wordings of Part III's reference to the proxy statement.

    """

    forward_looking_factors: tuple[str, ...]
    property_uses: tuple[str, ...]
    disclosure_conclusions: tuple[str, ...]
    internal_conclusions: tuple[str, ...]
    prior_roles: tuple[str, ...]
    signing_statements: tuple[str, ...]
    exhibits: tuple[Exhibit, ...]
    part_iii_references: tuple[str, ...]


_LISTS = (
    "forward_looking_factors",
    "property_uses",
    "disclosure_conclusions",
    "internal_conclusions",
    "prior_roles",
    "signing_statements",
    "part_iii_references",
)


def parse_other_items_prose(document: Any, source: str) -> OtherItemsProse:
    """Check an other-items prose document and return its lists.

    Args:
        document: The parsed YAML document.
        source: Where it came from, for error messages.

    Raises:
        ConfigError: Naming the source and the JSON path of the first problem: a schema violation,
            a placeholder the code does not fill there, or an exhibit number used twice.

    """
    validator = Validator(load_schema("filings_other_items_prose"), "filings other items' prose")
    check_data_file(validator, document, source)
    for field in _LISTS:
        check_placeholders(texts_of(f"$.{field}", document[field]), _PLACEHOLDERS.get(field, ()), source)
    exhibits = [(f"$.exhibits[{index}]", entry) for index, entry in enumerate(document["exhibits"])]
    check_unique_titles(exhibits, "exhibit", source, field="number")
    check_placeholders([(f"{where}.title", entry["title"]) for where, entry in exhibits], (), source)
    lists = {field: tuple(document[field]) for field in _LISTS}
    return OtherItemsProse(
        **lists,
        exhibits=tuple(
            Exhibit(entry["number"], entry["title"], entry.get("optional", False))
            for entry in document["exhibits"]
        ),
    )


def _shipped() -> OtherItemsProse:
    return parse_other_items_prose(*read_resource(PROSE_FILE))


OTHER_ITEMS_PROSE = _shipped()
"""The shipped prose of the shorter items."""
