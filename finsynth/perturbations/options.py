"""Keyword options of a perturbation, read into its options dataclass.

Perturbations take ``**options`` (the registry's calling convention); each reads them
into a frozen dataclass so an unknown or misspelled option fails with the allowed names
instead of being ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, TypeVar

from finsynth.errors import FinsynthError

OptionsT = TypeVar("OptionsT")


def read_options(perturbation: str, options: Mapping[str, Any], options_type: type[OptionsT]) -> OptionsT:
    """Return ``options_type(**options)`` after checking every name is one of its fields.

    Args:
        perturbation: The perturbation's registered name, for the error message.
        options: The keyword options it was called with.
        options_type: A dataclass whose fields are the allowed options; it checks values itself.

    Raises:
        FinsynthError: Naming the unknown options and the allowed ones.

    """
    allowed = [field.name for field in fields(options_type)]  # type: ignore[arg-type]
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise FinsynthError(
            f"{perturbation}: unknown option(s) {', '.join(unknown)}; "
            f"allowed: {', '.join(allowed) if allowed else 'none'}"
        )
    return options_type(**options)


def require_core_span(perturbation: str, core: object) -> None:
    """Check an optional ``core`` option: ``None`` or a ``(start, end)`` character span, start < end.

    Raises:
        FinsynthError: Naming the perturbation and the value it was given.

    """
    if core is not None and not (
        isinstance(core, list | tuple)
        and len(core) == 2
        and all(isinstance(bound, int) and not isinstance(bound, bool) for bound in core)
        and 0 <= core[0] < core[1]
    ):
        raise FinsynthError(
            f"{perturbation}: core must be a (start, end) span with start < end, got {core!r}"
        )
