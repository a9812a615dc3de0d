"""Reading the JSON-lines files the scorers take, reporting every line they cannot use.

A scorer never stops at a bad line and never drops one silently: each becomes an
:class:`InputProblem` with its line number, which the command line prints and writes into
the JSON report.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from finsynth.errors import ConfigError, FinsynthError
from finsynth.input_files import parse_json


@dataclass(frozen=True)
class InputProblem:
    """One input line (or record) that could not be used as given.

    Attributes:
        kind: A short slug, such as ``bad_json``, ``missing_id``, ``duplicate_id``,
            ``unknown_id``, ``empty_output``, ``bad_field``, ``rating_parse_failure`` or
            ``no_prediction``.
        message: What was wrong and what is allowed.
        line: 1-based line in the input file, when the problem is on a line.
        id: The record or item id concerned, when known.

    """

    kind: str
    message: str
    line: int | None = None
    id: str | None = None

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        about = f"{self.id}: " if self.id is not None else ""
        return f"{where}{self.kind}: {about}{self.message}"


def read_jsonl(path: Path) -> Iterator[tuple[int, dict[str, Any] | InputProblem]]:
    """Yield ``(line number, object)`` per non-blank line, or an :class:`InputProblem` for a bad one.

    Raises:
        FinsynthError: If the file cannot be opened or is not UTF-8 text.

    """
    try:
        with path.open(encoding="utf-8") as handle:
            for number, text in enumerate(handle, 1):
                if not text.strip():
                    continue
                try:
                    value = parse_json(text, str(path), line=number)
                except ConfigError as error:
                    yield number, InputProblem("bad_json", error.message, number)
                    continue
                if not isinstance(value, dict):
                    yield (
                        number,
                        InputProblem(
                            "bad_json", f"expected a JSON object, got {type(value).__name__}", number
                        ),
                    )
                    continue
                yield number, value
    except OSError as error:
        raise FinsynthError(f"{path}: cannot read: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise FinsynthError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})") from None
