"""Accounting policies are a data file: shipped in the package and checked on load."""

from __future__ import annotations

import copy
from importlib import resources
from typing import Any

import pytest
import yaml

from finsynth.errors import ConfigError
from finsynth.generators.filings.accounting_policies import (
    ALWAYS,
    FIGURE_PLACEHOLDERS,
    MORE_POLICIES,
    POLICIES,
    POLICIES_FILE,
    parse_policies,
)
from finsynth.generators.filings.resource_files import PACKAGE

SOURCE = "accounting_policies.yaml"


def _shipped() -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load(
        resources.files(PACKAGE).joinpath(POLICIES_FILE).read_text(encoding="utf-8")
    )
    return document


def test_the_shipped_file_is_what_the_notes_offer() -> None:
    assert parse_policies(_shipped(), SOURCE) == (POLICIES, MORE_POLICIES)
    assert len(POLICIES) + len(MORE_POLICIES) >= 15


@pytest.mark.parametrize(
    ("change", "message", "path"),
    [
        ("repeated title", "appears twice", "$.more_policies[1].title"),
        ("no sentences", "should be non-empty", "$.policies[2].sentences"),
        ("not a sentence", "does not match", "$.policies[0].sentences[1]"),
        ("unknown key", "unknown key 'notes'", "$.policies[3].notes"),
    ],
)
def test_a_broken_policy_file_is_refused_naming_file_and_entry(change: str, message: str, path: str) -> None:
    document = copy.deepcopy(_shipped())
    if change == "repeated title":
        document["more_policies"][1]["title"] = document["policies"][0]["title"]
    elif change == "no sentences":
        document["policies"][2]["sentences"] = []
    elif change == "not a sentence":
        document["policies"][0]["sentences"][1] = "intercompany balances"
    else:
        document["policies"][3]["notes"] = "extra"
    with pytest.raises(ConfigError) as error:
        parse_policies(document, SOURCE)
    assert error.value.source == SOURCE
    assert error.value.path == path
    assert message in error.value.message


def test_a_sentence_whose_last_wording_needs_a_figure_some_company_lacks_is_refused() -> None:
    document = copy.deepcopy(_shipped())
    document["policies"][0]["sentences"][0] = [
        "Goodwill was {goodwill} in fiscal {year}.",
        "Goodwill was {goodwill}.",
    ]
    with pytest.raises(ConfigError) as error:
        parse_policies(document, SOURCE)
    assert error.value.path == "$.policies[0].sentences[0][1]"
    assert "unknown placeholder {goodwill}" in error.value.message


def test_a_wording_may_name_any_figure_while_the_last_names_only_what_every_company_has() -> None:
    document = copy.deepcopy(_shipped())
    document["policies"][0]["sentences"][0] = ["Goodwill was {goodwill}.", "Assets were {total_assets}."]
    policies, _ = parse_policies(document, SOURCE)
    assert policies[0].sentences[0] == ("Goodwill was {goodwill}.", "Assets were {total_assets}.")
    assert set(ALWAYS) < set(FIGURE_PLACEHOLDERS)
