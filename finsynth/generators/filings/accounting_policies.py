"""Summaries of significant accounting policies, loaded from ``resources/accounting_policies.yaml``.

The file (written for finsynth) is checked against ``filings_accounting_policies.schema.json``
when loaded; an error names the file and the entry. Each policy is a title and its sentences.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from finsynth.generators.filings.resource_files import (
    check_placeholders,
    check_unique_titles,
    read_resource,
    texts_of,
)
from finsynth.schemas import Validator, load_schema
from finsynth.schemas.loader import check_data_file

POLICIES_FILE = "resources/accounting_policies.yaml"
"""Where the policies live, relative to the ``finsynth.generators.filings`` package."""


FIGURE_PLACEHOLDERS = (
    "year",
    "prior",
    "segment_count",
    "total_assets",
    "prior_total_assets",
    "goodwill",
    "intangibles",
    "goodwill_share",
    "tax_expense",
    "pretax_income",
    "effective_rate",
    "cash",
    "prior_cash",
    "cash_change",
    "depreciation",
    "depreciation_share",
    "property",
    "foreign_revenue",
    "foreign_share",
    "receivables",
    "receivable_days",
    "research",
    "research_share",
    "stock_compensation",
    "prior_stock_compensation",
)
"""What a policy's ``figures`` may name (:func:`finsynth.generators.filings.policy_figures.policy_values`)."""


class Policy(NamedTuple):
    """One accounting policy.

    Attributes:
        title: The policy's subheading.
        sentences: Its sentences, in reading order.
        trade_only: Whether only a company that sells goods on trade terms has it (shipping,
            warranties); a bank, insurer or REIT (``Industry.trade_terms`` false) leaves it out.
        figures: Sentences stating the company's own balances for the policy, with placeholders
            that :mod:`finsynth.generators.filings.policy_figures` fills from the statements.

    """

    title: str
    sentences: tuple[str, ...]
    trade_only: bool = False
    figures: tuple[str, ...] = ()


def parse_policies(document: Any, source: str) -> tuple[tuple[Policy, ...], tuple[Policy, ...]]:
    """Check a policies document and return its ``policies`` and ``more_policies``.

    Args:
        document: The parsed YAML document.
        source: Where it came from, for error messages.

    Raises:
        ConfigError: Naming the source and the JSON path of the first problem: a schema violation
            a title used twice, or a placeholder the code does not fill.

    """
    validator = Validator(load_schema("filings_accounting_policies"), "filings accounting policies")
    check_data_file(validator, document, source)
    entries = (
        (f"$.{key}[{index}]", entry)
        for key in ("policies", "more_policies")
        for index, entry in enumerate(document[key])
    )
    located = list(entries)
    check_unique_titles(located, "policy", source)
    for where, entry in located:
        check_placeholders(texts_of(f"{where}.sentences", entry["sentences"]), (), source)
        check_placeholders(
            texts_of(f"{where}.figures", entry.get("figures", [])), FIGURE_PLACEHOLDERS, source
        )
    first, more = (
        tuple(
            Policy(
                entry["title"],
                tuple(entry["sentences"]),
                entry.get("trade_only", False),
                tuple(entry.get("figures", ())),
            )
            for entry in document[key]
        )
        for key in ("policies", "more_policies")
    )
    return first, more


def _shipped() -> tuple[tuple[Policy, ...], tuple[Policy, ...]]:
    return parse_policies(*read_resource(POLICIES_FILE))


POLICIES, MORE_POLICIES = _shipped()
"""The shipped policies: those listed first, then the further ones (a filing offers all of them)."""
