"""The UCFE concept table is data: checked on load, with errors naming the file and the entry."""

from __future__ import annotations

import copy
from importlib import resources
from typing import Any

import pytest
import yaml

from finsynth.errors import ConfigError
from finsynth.generators.ucfe.instances.world.concepts import CONCEPTS, CONCEPTS_FILE, parse_concepts

SOURCE = "concepts.yaml"


def shipped_document() -> dict[str, Any]:
    text = resources.files("finsynth.generators.ucfe").joinpath(CONCEPTS_FILE).read_text(encoding="utf-8")
    document: dict[str, Any] = yaml.safe_load(text)
    return document


def test_the_shipped_file_gives_the_table_in_file_order() -> None:
    entries = shipped_document()["concepts"]
    assert [concept.term for concept in CONCEPTS] == [entry["term"] for entry in entries]
    assert all(isinstance(concept.points, tuple) and len(concept.points) == 2 for concept in CONCEPTS)


def broken(change: str) -> dict[str, Any]:
    document = copy.deepcopy(shipped_document())
    first = document["concepts"][3]
    if change == "duplicate":
        first["term"] = document["concepts"][0]["term"]
    elif change == "unknown related":
        first["related"] = "astrology"
    elif change == "self related":
        first["related"] = first["term"]
    elif change == "three points":
        first["points"].append("a third point")
    elif change == "unknown key":
        first["source"] = "somewhere"
    elif change == "returns not a boolean":
        first["about_returns"] = "yes"
    return document


@pytest.mark.parametrize(
    ("change", "message", "path"),
    [
        ("duplicate", "appears twice", "$.concepts[3].term"),
        ("unknown related", "'astrology' is not another entry's term", "$.concepts[3].related"),
        ("self related", "is not another entry's term", "$.concepts[3].related"),
        ("three points", "", "$.concepts[3].points"),
        ("unknown key", "unknown key 'source'", "$.concepts[3]"),
        ("returns not a boolean", "", "$.concepts[3].about_returns"),
    ],
)
def test_a_broken_table_is_refused_naming_the_entry(change: str, message: str, path: str) -> None:
    with pytest.raises(ConfigError) as error:
        parse_concepts(broken(change), SOURCE)
    text = str(error.value)
    assert SOURCE in text and path in text and message in text
