"""The MD&A's prose topics are a data file: shipped in the package, checked on load, same text as before."""

from __future__ import annotations

import copy
from importlib import resources
from typing import Any

import pytest
import yaml

from finsynth.errors import ConfigError
from finsynth.generators.filings.mdna_topics import (
    ESTIMATES,
    INVENTORY_ESTIMATE,
    OTHER_TOPICS,
    PRONOUNCEMENTS,
    TOPICS_FILE,
    parse_mdna_topics,
)
from finsynth.generators.filings.resource_files import PACKAGE

SOURCE = "mdna_topics.yaml"


def _shipped() -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load(
        resources.files(PACKAGE).joinpath(TOPICS_FILE).read_text(encoding="utf-8")
    )
    return document


def test_the_shipped_file_is_what_the_mdna_offers() -> None:
    topics = parse_mdna_topics(_shipped(), SOURCE)
    assert (topics.estimates, topics.inventory_estimate, topics.other_topics, topics.pronouncements) == (
        ESTIMATES,
        INVENTORY_ESTIMATE,
        OTHER_TOPICS,
        PRONOUNCEMENTS,
    )
    assert [title for title, _ in ESTIMATES][:3] == ["Revenue Recognition", "Goodwill", "Income Taxes"]
    assert INVENTORY_ESTIMATE[0] == "Inventory Valuation"
    assert len(ESTIMATES) == 5 and len(OTHER_TOPICS) == 3 and len(PRONOUNCEMENTS) == 2


@pytest.mark.parametrize(
    ("change", "message", "path"),
    [
        ("repeated title", "appears twice", "$.other_topics[1].title"),
        ("no sentences", "should be non-empty", "$.estimates[2].sentences"),
        ("not a sentence", "does not match", "$.pronouncements[1]"),
        ("unknown key", "unknown key 'notes'", "$.inventory_estimate.notes"),
        ("missing part", "'other_topics'", "$"),
    ],
)
def test_a_broken_topics_file_is_refused_naming_file_and_entry(change: str, message: str, path: str) -> None:
    document = copy.deepcopy(_shipped())
    if change == "repeated title":
        document["other_topics"][1]["title"] = document["estimates"][0]["title"]
    elif change == "no sentences":
        document["estimates"][2]["sentences"] = []
    elif change == "not a sentence":
        document["pronouncements"][1] = "no capital and no stop"
    elif change == "unknown key":
        document["inventory_estimate"]["notes"] = "extra"
    else:
        del document["other_topics"]
    with pytest.raises(ConfigError) as error:
        parse_mdna_topics(document, SOURCE)
    assert error.value.source == SOURCE
    assert error.value.path == path
    assert message in error.value.message
