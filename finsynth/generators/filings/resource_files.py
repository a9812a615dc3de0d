"""Where the filings generator's prose data files live, and how one is read."""

from __future__ import annotations

from collections.abc import Iterable
from importlib import resources
from typing import Any

import yaml

from finsynth.errors import ConfigError

PACKAGE = "finsynth.generators.filings"
"""The package whose ``resources/`` folder holds the house style, general risks, policies and topics."""


def read_resource(name: str) -> tuple[Any, str]:
    """Parse a shipped YAML data file and name it as error messages should.

    Args:
        name: The file's path inside the package, e.g. ``"resources/house_style.yaml"``.

    Returns:
        The parsed document and its source label (the path inside the repository).
    """
    text = resources.files(PACKAGE).joinpath(name).read_text(encoding="utf-8")
    return yaml.safe_load(text), f"{PACKAGE.replace('.', '/')}/{name}"


def check_unique_titles(entries: Iterable[tuple[str, Any]], what: str, source: str) -> None:
    """Refuse a data file in which two entries share a title.

    Args:
        entries: Each entry's JSON path and the entry (a mapping with a ``title``), in file order.
        what: What an entry is, for the message (``"policy"``, ``"topic"``).
        source: The data file, for the message.

    Raises:
        ConfigError: At the first entry whose title an earlier entry already has.
    """
    seen: set[str] = set()
    for where, entry in entries:
        if entry["title"] in seen:
            raise ConfigError(
                f"{what} {entry['title']!r} appears twice", source=source, path=f"{where}.title"
            )
        seen.add(entry["title"])
