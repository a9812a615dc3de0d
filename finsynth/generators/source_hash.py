"""Source hashes: what a build's records depend on, recorded in manifests and resume journals.

Two hashes are kept. :func:`code_hash` covers every file of the ``finsynth`` package (and of
any plugin package a build imports): module constants, shared helpers such as name lists,
resource files and templates. Any change to them can change records, so resume compares it.
Each generator also records its own, narrower source hash for information (which template
changed); that one alone is not enough to trust a resumed build.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
from collections.abc import Iterable
from pathlib import Path

_SKIPPED_PARTS = frozenset({"__pycache__"})
_SKIPPED_SUFFIXES = frozenset({".pyc", ".pyo"})


def _package_root(name: str) -> Path:
    """Return the folder of a package, or the file of a plain module."""
    module = importlib.import_module(name)
    paths = getattr(module, "__path__", None)
    if paths:
        return Path(next(iter(paths)))
    if module.__file__ is None:
        raise ValueError(f"module {name!r} has no source file to hash")
    return Path(module.__file__)


def _files(root: Path) -> list[Path]:
    """Return the files under a package root that can change its behaviour, in sorted order."""
    if root.is_file():
        return [root]
    return sorted(
        path
        for path in root.rglob("*")
        if path.is_file()
        and not _SKIPPED_PARTS.intersection(path.relative_to(root).parts)
        and path.suffix not in _SKIPPED_SUFFIXES
    )


def tree_hash(root: Path, label: str) -> str:
    """Return the sha256 over every file under ``root`` (names and bytes, in sorted path order).

    Args:
        root: A package folder (or a single module file).
        label: The name the files are recorded under, so a moved package hashes differently.

    Returns:
        The hex digest.
    """
    digest = hashlib.sha256()
    for path in _files(root):
        relative = path.name if root.is_file() else path.relative_to(root).as_posix()
        digest.update(f"{label}/{relative}\0".encode())
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def package_source_hash(*packages: str) -> str:
    """Return the sha256 over every file of the named packages (or modules), in sorted order.

    Args:
        *packages: Importable package or module names.

    Returns:
        The hex digest; it changes whenever any file of any of the packages does.
    """
    digest = hashlib.sha256()
    for name in sorted(set(packages)):
        digest.update(f"{name}\0{tree_hash(_package_root(name), name)}\n".encode())
    return digest.hexdigest()


@functools.cache
def _code_hash(packages: tuple[str, ...]) -> str:
    return package_source_hash(*packages)


def code_hash(plugins: Iterable[str] = ()) -> str:
    """Return the hash of all code and resources a build's records can depend on.

    That is the whole ``finsynth`` package plus the top-level package of every plugin module.
    Computed once per process and set of plugins.

    Args:
        plugins: Plugin module names a build imports (``plugins:`` in its config).

    Returns:
        The hex digest recorded as ``code_hash`` in manifests and resume journals.
    """
    top_levels = {"finsynth", *(plugin.split(".", 1)[0] for plugin in plugins)}
    return _code_hash(tuple(sorted(top_levels)))
