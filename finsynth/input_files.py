"""Reading user-supplied files as UTF-8 text, JSON or YAML, with errors that name the file and the place.

Every command and loader that reads a user's file goes through here, so a missing file, a
non-UTF-8 byte or broken JSON is reported the same way everywhere:
``data.json:3: not valid JSON: Expecting value (column 5)``.

The JSON and YAML readers are strict, because these files come from anyone: a key given twice,
nesting deeper than :data:`MAX_NESTING`, an integer longer than :data:`MAX_INTEGER_DIGITS`
digits, ``NaN``/``Infinity`` or a number too large for a float, and a YAML document whose aliases
expand to more than :data:`MAX_DOCUMENT_NODES` values (an "alias bomb") are all errors, never a
silently dropped value, a hang or a crash.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from finsynth.errors import ConfigError

MAX_NESTING = 100
"""Deepest nesting of lists and objects a JSON or YAML document may have."""
MAX_INTEGER_DIGITS = 100
"""Most digits an integer in a JSON document may have."""
MAX_DOCUMENT_NODES = 1_000_000
"""Most values a YAML document may hold once its aliases are expanded."""
MAX_FILE_BYTES = 1 << 30
"""Largest file :func:`read_text` reads (1 GiB), so ``/dev/zero`` is an error, not an endless read."""


def read_text(path: str | Path, *, max_bytes: int = MAX_FILE_BYTES) -> str:
    """Return a file's UTF-8 text.

    Args:
        path: The file.
        max_bytes: Largest size accepted.

    Raises:
        ConfigError: If the file is missing, unreadable, larger than ``max_bytes`` or not UTF-8
            (naming the byte offset).

    """
    source = str(path)
    try:
        with Path(path).open("rb") as handle:
            data = handle.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise ConfigError(f"the file is larger than {max_bytes:,} bytes", source=source)
        return decode_utf8(data, source)
    except FileNotFoundError:
        raise ConfigError("file not found", source=source) from None
    except OSError as error:
        raise ConfigError(f"cannot read the file: {error.strerror or error}", source=source) from None


def decode_utf8(data: bytes, source: str) -> str:
    """Return ``data`` as UTF-8 text, or raise :class:`ConfigError` naming ``source`` and the bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ConfigError(f"not UTF-8 text (bad byte at offset {error.start})", source=source) from None


class _RejectedValueError(ValueError):
    """A value the strict JSON reader refuses, raised from inside the decoder's hooks."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    document: dict[str, Any] = {}
    for key, value in pairs:
        if key in document:
            raise _RejectedValueError(f"key {key!r} appears twice in one object")
        document[key] = value
    return document


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INTEGER_DIGITS:
        raise _RejectedValueError(
            f"an integer has {len(text.lstrip('-'))} digits (at most {MAX_INTEGER_DIGITS})"
        )
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _RejectedValueError(f"the number {text[:40]} is too large")
    return value


def _no_constant(text: str) -> Any:
    raise _RejectedValueError(f"{text} is not a JSON number")


def parse_json(text: str, source: str, *, line: int | None = None) -> Any:
    """Return the document in JSON ``text``, read strictly (see the module docstring).

    Args:
        text: The JSON text.
        source: Where the text came from, for the error (a file name).
        line: The line of ``source`` the text starts on (a JSON Lines record), else ``None``.

    Raises:
        ConfigError: If the text is not JSON, or breaks a rule of the strict reader.

    """
    try:
        document = json.loads(
            text,
            object_pairs_hook=_unique_keys,
            parse_int=_integer,
            parse_float=_finite_float,
            parse_constant=_no_constant,
        )
    except json.JSONDecodeError as error:
        where = error.lineno if line is None else line + error.lineno - 1
        raise ConfigError(
            f"not valid JSON: {error.msg} (column {error.colno})", source=source, line=where
        ) from None
    except _RejectedValueError as error:
        raise ConfigError(f"not accepted JSON: {error}", source=source, line=line) from None
    except RecursionError:
        raise ConfigError(
            f"not accepted JSON: nested more than {MAX_NESTING} levels", source=source, line=line
        ) from None
    if not _text_proves_limits(text):
        check_nesting(document, source, line=line)
    return document


_STRING_LITERAL = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _text_proves_limits(text: str) -> bool:
    """Whether JSON ``text`` (already parsed) shows by itself that :func:`check_nesting` would pass.

    A parsed JSON text holds at most one value per character (it has no aliases), nests no deeper
    than its brackets outside strings do, and can only hold a lone surrogate where the text has one
    or escapes one. These checks run at C speed on the text; when one cannot tell (a long text, a
    surrogate escape), the caller walks the document.
    """
    if len(text) > MAX_DOCUMENT_NODES or _SURROGATE_ESCAPE.search(text):
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return True
    depth = deepest = 0
    for bracket in _NOT_A_BRACKET.sub("", _STRING_LITERAL.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest <= MAX_NESTING


def read_json(path: str | Path) -> Any:
    """Return a JSON file's document, or raise :class:`ConfigError` naming the line and column."""
    return parse_json(read_text(path), str(path))


def _children(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        yield from value.values()
    elif isinstance(value, list):
        yield from value


def check_nesting(document: Any, source: str, *, line: int | None = None) -> None:
    """Check that ``document`` nests at most :data:`MAX_NESTING` levels and is not too large.

    It may hold at most :data:`MAX_DOCUMENT_NODES` values, a shared (aliased) value counted each
    time it is reached, and no text with a lone surrogate. The walk is iterative and stops at
    the first value over a limit, so it is cheap even for an alias bomb.

    Raises:
        ConfigError: If the document is nested too deeply or too large.

    """
    pending: list[tuple[Any, int]] = [(document, 0)]
    seen = 0
    while pending:
        value, depth = pending.pop()
        seen += 1
        if seen > MAX_DOCUMENT_NODES:
            raise ConfigError(
                f"the document expands to more than {MAX_DOCUMENT_NODES:,} values (aliases?)",
                source=source,
                line=line,
            )
        if depth > MAX_NESTING:
            raise ConfigError(f"nested more than {MAX_NESTING} levels", source=source, line=line)
        if isinstance(value, dict):
            for key in value:
                _check_text(key, source, line)
        _check_text(value, source, line)
        pending.extend((child, depth + 1) for child in _children(value))


def _check_text(value: object, source: str, line: int | None) -> None:
    """Reject a string holding a lone surrogate (U+D800 to U+DFFF): it is not UTF-8 text."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as error:
            bad = value[error.start].encode("utf-8", "backslashreplace").decode("ascii")
            raise ConfigError(
                f"a text holds a lone surrogate {bad}, not a character", source=source, line=line
            ) from None


def parse_yaml(text: str, source: str) -> Any:
    """Return the document in YAML ``text`` (safe types only), read within the limits above.

    Raises:
        ConfigError: If the text is not YAML, nests too deeply or expands to too many values.

    """
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        _check_nodes(root, source)
        document = yaml.load(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = None if mark is None else mark.line + 1
        raise ConfigError(
            f"not valid YAML: {getattr(error, 'problem', None) or error}", source=source, line=line
        ) from None
    except RecursionError:
        raise ConfigError(f"nested more than {MAX_NESTING} levels", source=source) from None
    check_nesting(document, source)
    return document


def _check_nodes(root: yaml.Node | None, source: str) -> None:
    """Check a composed YAML graph like :func:`check_nesting`, before anything walks it."""
    pending: list[tuple[yaml.Node, int]] = [] if root is None else [(root, 0)]
    seen = 0
    while pending:
        node, depth = pending.pop()
        seen += 1
        if seen > MAX_DOCUMENT_NODES:
            raise ConfigError(
                f"the document expands to more than {MAX_DOCUMENT_NODES:,} values (aliases?)", source=source
            )
        if depth > MAX_NESTING:
            raise ConfigError(
                f"nested more than {MAX_NESTING} levels", source=source, line=node.start_mark.line + 1
            )
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                pending += [(key, depth + 1), (value, depth + 1)]
        elif isinstance(node, yaml.SequenceNode):
            pending += [(item, depth + 1) for item in node.value]
