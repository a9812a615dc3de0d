"""Summaries of significant accounting policies, loaded from ``resources/accounting_policies.yaml``.

The file (written for finsynth) is checked against ``filings_accounting_policies.schema.json``
when loaded; an error names the file and the entry. Each policy is a title and its sentences.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from finsynth.generators.filings.resource_files import check_unique_titles, read_resource
from finsynth.schemas import Validator, load_schema
from finsynth.schemas.loader import check_data_file

POLICIES_FILE = "resources/accounting_policies.yaml"
"""Where the policies live, relative to the ``finsynth.generators.filings`` package."""


class Policy(NamedTuple):
    """One accounting policy.

    Attributes:
        title: The policy's subheading.
        sentences: Its sentences, in reading order.
        trade_only: Whether only a company that sells goods on trade terms has it (shipping,
            warranties); a bank, insurer or REIT (``Industry.trade_terms`` false) leaves it out.

    """

    title: str
    sentences: tuple[str, ...]
    trade_only: bool = False


def parse_policies(document: Any, source: str) -> tuple[tuple[Policy, ...], tuple[Policy, ...]]:
    """Check a policies document and return its ``policies`` and ``more_policies``.

    Args:
        document: The parsed YAML document.
        source: Where it came from, for error messages.

    Raises:
        ConfigError: Naming the source and the JSON path of the first problem: a schema violation
            or a title used twice.

    """
    validator = Validator(load_schema("filings_accounting_policies"), "filings accounting policies")
    check_data_file(validator, document, source)
    entries = (
        (f"$.{key}[{index}]", entry)
        for key in ("policies", "more_policies")
        for index, entry in enumerate(document[key])
    )
    check_unique_titles(entries, "policy", source)
    first, more = (
        tuple(
            Policy(entry["title"], tuple(entry["sentences"]), entry.get("trade_only", False))
            for entry in document[key]
        )
        for key in ("policies", "more_policies")
    )
    return first, more


def _shipped() -> tuple[tuple[Policy, ...], tuple[Policy, ...]]:
    return parse_policies(*read_resource(POLICIES_FILE))


POLICIES, MORE_POLICIES = _shipped()
"""The shipped policies: those listed first, then the further ones (a filing offers all of them)."""
