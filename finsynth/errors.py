"""Exceptions a user can act on: each says what was wrong, where, and what is allowed."""

from __future__ import annotations

import functools
from typing import Any


class FinsynthError(Exception):
    """Base class of every error finsynth raises on purpose.

    The command line turns these into one readable line and exit code 2.
    """


class ConfigError(FinsynthError):
    """A build config (or another input document) does not match its schema.

    Attributes:
        source: The file (or other source label) the bad value came from.
        path: JSON path of the offending value, such as ``$.configs[0].splits.test``, or ``""``
            when the problem is the whole document (missing file, not UTF-8).
        line: 1-based line in ``source`` when it is known, else ``None``.

    """

    def __init__(self, message: str, *, source: str, path: str = "", line: int | None = None) -> None:
        self.source = source
        self.path = path
        self.line = line
        self.message = message
        where = source if line is None else f"{source}:{line}"
        super().__init__(f"{where}: {path}: {message}" if path else f"{where}: {message}")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle by the fields, so the error reaches the parent intact from a build worker process."""
        rebuild = functools.partial(ConfigError, source=self.source, path=self.path, line=self.line)
        return (rebuild, (self.message,))


class RecordValidationError(FinsynthError):
    """A generated or loaded record does not match the record schema of its family."""


class UnknownGeneratorError(FinsynthError):
    """No registered generator matches an id or prefix."""


class FormulaError(FinsynthError):
    """A formula or trace is outside the restricted grammar, or cannot be evaluated."""


class UnsatisfiableConstraintsError(FinsynthError):
    """A template's variable constraints rejected every draw up to the retry cap."""


class BuildError(FinsynthError):
    """A build could not complete; any previous output is left as it was."""
