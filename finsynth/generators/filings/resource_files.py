"""Where the filings generator's prose data files live, and how one is read."""

from __future__ import annotations

import string
from collections.abc import Collection, Iterable, Sequence
from importlib import resources
from typing import Any

import yaml

from finsynth.errors import ConfigError
from finsynth.schemas import shipped_yaml

PACKAGE = "finsynth.generators.filings"
"""The package whose ``resources/`` folder holds the filings' prose data files."""


def read_resource(name: str) -> tuple[Any, str]:
    """Parse a shipped YAML data file and name it as error messages should.

    Args:
        name: The file's path inside the package, e.g. ``"resources/house_style.yaml"``.

    Returns:
        The parsed document and its source label (the path inside the repository).

    Raises:
        ConfigError: If a mapping of the file names a key twice (see :func:`parse_resource`).
    """
    text = resources.files(PACKAGE).joinpath(name).read_text(encoding="utf-8")
    source = f"{PACKAGE.replace('.', '/')}/{name}"
    return parse_resource(text, source), source


def parse_resource(text: str, source: str) -> Any:
    """Parse the text of a YAML data file, refusing a mapping that names a key twice.

    Args:
        text: The file's text.
        source: The file, for the message.

    Raises:
        ConfigError: At the second occurrence of a key in one mapping (YAML would silently keep
            the last value), naming the file and line.
    """
    _check_unique_keys(shipped_yaml.compose(text), source)
    return shipped_yaml.load(text)


def _check_unique_keys(root: yaml.Node | None, source: str) -> None:
    """Refuse a mapping that names a key twice (YAML would silently keep the last value)."""
    pending = [] if root is None else [root]
    while pending:
        node = pending.pop()
        if isinstance(node, yaml.MappingNode):
            seen: set[str] = set()
            for key_node, _ in node.value:
                if key_node.value in seen:
                    line = key_node.start_mark.line + 1
                    raise ConfigError(f"key {key_node.value!r} appears twice", source=source, line=line)
                seen.add(key_node.value)
            pending.extend(value for _, value in node.value)
        elif isinstance(node, yaml.SequenceNode):
            pending.extend(node.value)


def check_unique_titles(
    entries: Iterable[tuple[str, Any]], what: str, source: str, *, field: str = "title"
) -> None:
    """Refuse a data file in which two entries share a title (or another identifying field).

    Args:
        entries: Each entry's JSON path and the entry (a mapping with ``field``), in file order.
        what: What an entry is, for the message (``"policy"``, ``"topic"``).
        source: The data file, for the message.
        field: The field that must differ between entries.

    Raises:
        ConfigError: At the first entry whose ``field`` an earlier entry already has.
    """
    seen: set[str] = set()
    for where, entry in entries:
        if entry[field] in seen:
            raise ConfigError(
                f"{what} {entry[field]!r} appears twice", source=source, path=f"{where}.{field}"
            )
        seen.add(entry[field])


def check_placeholders(texts: Iterable[tuple[str, str]], allowed: Collection[str], source: str) -> None:
    """Refuse a text whose ``{placeholder}`` the code does not fill, or whose braces do not pair.

    Args:
        texts: Each text's JSON path and the text, in file order.
        allowed: The placeholder names the code fills in these texts (empty: none).
        source: The data file, for the message.

    Raises:
        ConfigError: At the first text naming another placeholder (or a positional ``{}``), or with
            an unpaired brace.
    """
    for where, text in texts:
        try:
            names = [name for _, name, _, _ in string.Formatter().parse(text) if name is not None]
        except ValueError as error:
            raise ConfigError(f"{error} in {text!r}", source=source, path=where) from None
        for name in names:
            if name not in allowed:
                known = ", ".join(f"{{{known}}}" for known in sorted(allowed)) or "none"
                message = f"unknown placeholder {{{name}}} (allowed here: {known})"
                raise ConfigError(message, source=source, path=where)


def texts_of(where: str, texts: Sequence[str]) -> list[tuple[str, str]]:
    """Return each of ``texts`` with its JSON path under ``where`` (``where[i]``)."""
    return [(f"{where}[{index}]", text) for index, text in enumerate(texts)]
