"""Reading user-supplied files as UTF-8 text or JSON, with errors that name the file and the place.

Every command and loader that reads a user's file goes through here, so a missing file, a
non-UTF-8 byte or broken JSON is reported the same way everywhere:
``data.json:3: not valid JSON: Expecting value (column 5)``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from finsynth.errors import ConfigError


def read_text(path: str | Path) -> str:
    """Return a file's UTF-8 text.

    Raises:
        ConfigError: If the file is missing, unreadable or not UTF-8 (naming the byte offset).

    """
    source = str(path)
    try:
        return decode_utf8(Path(path).read_bytes(), source)
    except FileNotFoundError:
        raise ConfigError("file not found", source=source) from None
    except OSError as error:
        raise ConfigError(f"cannot read the file: {error}", source=source) from None


def decode_utf8(data: bytes, source: str) -> str:
    """Return ``data`` as UTF-8 text, or raise :class:`ConfigError` naming ``source`` and the bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ConfigError(f"not UTF-8 text (bad byte at offset {error.start})", source=source) from None


def read_json(path: str | Path) -> Any:
    """Return a JSON file's document, or raise :class:`ConfigError` naming the line and column."""
    text = read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ConfigError(
            f"not valid JSON: {error.msg} (column {error.colno})", source=str(path), line=error.lineno
        ) from None
