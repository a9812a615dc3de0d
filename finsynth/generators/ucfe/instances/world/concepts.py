"""Financial concepts in plain words: the points any correct explanation makes, and a worked example idea.

The table is data, ``finsynth/generators/ucfe/resources/concepts.yaml`` (written for this
project), checked against ``ucfe_concepts.schema.json`` when loaded: each entry holds the term,
two points an explanation must make, an example that helps a lay reader, a related term, and
whether the concept is about investment returns (so an answer must not promise them).
"""

from __future__ import annotations

from importlib import resources
from typing import Any, NamedTuple

from finsynth.errors import ConfigError
from finsynth.schemas import Validator, load_schema, shipped_yaml
from finsynth.schemas.loader import check_data_file

CONCEPTS_FILE = "resources/concepts.yaml"
"""Where the table lives, relative to the ``finsynth.generators.ucfe`` package."""


class Concept(NamedTuple):
    """One entry of the concept table.

    Attributes:
        term: The concept's name.
        points: Two statements an explanation must make.
        example: An example that would help a lay reader.
        related: A concept worth connecting it to.
        about_returns: Whether it concerns investment returns.

    """

    term: str
    points: tuple[str, str]
    example: str
    related: str
    about_returns: bool


def parse_concepts(document: Any, source: str) -> tuple[Concept, ...]:
    """Check a concepts document and return its entries in file order.

    Args:
        document: The parsed YAML document.
        source: Where it came from, for error messages.

    Raises:
        ConfigError: Naming the source and the JSON path of the first problem: a schema
            violation, a term listed twice, or a related term that is not an entry.

    """
    validator = Validator(load_schema("ucfe_concepts"), "UCFE concepts")
    check_data_file(validator, document, source)
    entries = document["concepts"]
    terms = [entry["term"] for entry in entries]
    for index, entry in enumerate(entries):
        where = f"$.concepts[{index}]"
        if entry["term"] in terms[:index]:
            raise ConfigError(f"term {entry['term']!r} appears twice", source=source, path=f"{where}.term")
        if entry["related"] not in terms or entry["related"] == entry["term"]:
            raise ConfigError(
                f"related term {entry['related']!r} is not another entry's term",
                source=source,
                path=f"{where}.related",
            )
    return tuple(
        Concept(
            entry["term"], tuple(entry["points"]), entry["example"], entry["related"], entry["about_returns"]
        )
        for entry in entries
    )


def _shipped_concepts() -> tuple[Concept, ...]:
    package = "finsynth.generators.ucfe"
    text = resources.files(package).joinpath(CONCEPTS_FILE).read_text(encoding="utf-8")
    return parse_concepts(shipped_yaml.load(text), f"finsynth/generators/ucfe/{CONCEPTS_FILE}")


CONCEPTS: tuple[Concept, ...] = _shipped_concepts()
"""The shipped concept table, in file order (items draw a concept by position)."""
