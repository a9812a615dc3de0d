"""Summaries of significant accounting policies, loaded from ``resources/accounting_policies.yaml``.

The file (written for finsynth) is checked against ``filings_accounting_policies.schema.json``
when loaded; an error names the file and the entry. Each policy is a title and its sentences, each
sentence one wording or several: the first whose figures the company has is written (issue #29).
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


ALWAYS = (
    "year",
    "prior",
    "year_end",
    "segment_count",
    "segments",
    "largest_segment",
    "largest_share",
    "total_assets",
    "prior_total_assets",
    "total_liabilities",
    "revenue",
    "prior_revenue",
    "operating_result",
    "founded",
    "city",
    "state",
    "incorporation_state",
    "incorporated",
    "accrued",
    "accrued_label",
    "property",
    "property_label",
    "leased",
)
"""Placeholders every company fills: the last wording of a policy sentence may name only these."""
FIGURE_PLACEHOLDERS = (
    *ALWAYS,
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
    "capex",
    "foreign_revenue",
    "foreign_share",
    "receivables",
    "receivables_label",
    "receivable_days",
    "trade_receivables",
    "research",
    "research_share",
    "stock_compensation",
    "prior_stock_compensation",
    "inventories",
    "cost_of_revenue",
    "debt",
    "other_assets",
    "other_assets_label",
    "other_liabilities",
    "other_liabilities_label",
)
"""What a policy's sentences and ``figures`` may name.

:func:`finsynth.generators.filings.policy_figures.policy_values` fills them.
"""


class Policy(NamedTuple):
    """One accounting policy.

    Attributes:
        title: The policy's subheading.
        sentences: Its sentences, in reading order, each as its wordings: the filing writes the first
            whose every placeholder the company has; the last names only :data:`ALWAYS`.
        trade_only: Whether only a company that sells goods on trade terms has it (shipping,
            warranties); a bank, insurer or REIT (``Industry.trade_terms`` false) leaves it out.
        figures: Sentences stating the company's own balances for the policy, with placeholders
            that :mod:`finsynth.generators.filings.policy_figures` fills from the statements.

    """

    title: str
    sentences: tuple[tuple[str, ...], ...]
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
        for position, sentence in enumerate(entry["sentences"]):
            wordings = [sentence] if isinstance(sentence, str) else sentence
            at = f"{where}.sentences[{position}]"
            located_wordings = texts_of(at, wordings) if len(wordings) > 1 else [(at, wordings[0])]
            check_placeholders(located_wordings[:-1], FIGURE_PLACEHOLDERS, source)
            check_placeholders(located_wordings[-1:], ALWAYS, source)
        check_placeholders(
            texts_of(f"{where}.figures", entry.get("figures", [])), FIGURE_PLACEHOLDERS, source
        )
    first, more = (
        tuple(
            Policy(
                entry["title"],
                tuple(
                    (sentence,) if isinstance(sentence, str) else tuple(sentence)
                    for sentence in entry["sentences"]
                ),
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
