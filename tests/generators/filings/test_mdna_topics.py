"""The MD&A's prose topics are a data file: shipped in the package, checked on load, filled by the MD&A."""

from __future__ import annotations

import copy
import string
from importlib import resources
from typing import Any

import pytest
import yaml

from finsynth.errors import ConfigError
from finsynth.generators.filings.mdna_figures import topic_values
from finsynth.generators.filings.mdna_topics import (
    ESTIMATES,
    INVENTORY_ESTIMATE,
    OTHER_TOPICS,
    PLACEHOLDERS,
    PRONOUNCEMENTS,
    TOPICS_FILE,
    parse_mdna_topics,
)
from finsynth.generators.filings.resource_files import PACKAGE
from finsynth.seeding import RandomStream, derive_seed
from finsynth.world.company import make_company
from finsynth.world.statements import make_statements

SOURCE = "mdna_topics.yaml"


def _shipped() -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load(
        resources.files(PACKAGE).joinpath(TOPICS_FILE).read_text(encoding="utf-8")
    )
    return document


def test_every_placeholder_is_one_the_mdna_fills_from_the_company() -> None:
    company = make_company(RandomStream(derive_seed(3, "filings", "company")))
    values = topic_values(
        company, make_statements(company, RandomStream(derive_seed(3, "filings", "statements")))
    )
    assert set(values) == PLACEHOLDERS
    used = {
        name
        for _, sentences in (*ESTIMATES, INVENTORY_ESTIMATE, *OTHER_TOPICS, ("", PRONOUNCEMENTS))
        for sentence in sentences
        for _, name, _, _ in string.Formatter().parse(sentence)
        if name
    }
    assert used == PLACEHOLDERS  # none is computed for nothing


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
        ("unknown placeholder", "unknown placeholder {ceo}", "$.estimates[1].sentences[0]"),
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
    elif change == "unknown placeholder":
        document["estimates"][1]["sentences"][0] = "Our chief executive, {ceo}, reviews goodwill."
    elif change == "unknown key":
        document["inventory_estimate"]["notes"] = "extra"
    else:
        del document["other_topics"]
    with pytest.raises(ConfigError) as error:
        parse_mdna_topics(document, SOURCE)
    assert error.value.source == SOURCE
    assert error.value.path == path
    assert message in error.value.message
