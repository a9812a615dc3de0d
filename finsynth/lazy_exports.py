"""Public names a package imports on first use (PEP 562), so importing the package stays cheap."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(
    package: str, exports: Mapping[str, str], namespace: dict[str, Any]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """Return a package's ``__getattr__`` and ``__dir__`` for names imported on first use.

    Args:
        package: The package's name, for the error of an unknown attribute.
        exports: Each lazily imported name, by the module that defines it.
        namespace: The package's ``globals()``: a name, once imported, is kept there.

    Returns:
        The module-level ``__getattr__`` and ``__dir__`` to assign in the package.

    """

    def attribute(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def names() -> list[str]:
        return sorted({*namespace, *exports})

    return attribute, names
