"""Source hashes of generators defined by whole packages, recorded in build manifests."""

from __future__ import annotations

import hashlib
import importlib
from pathlib import Path


def package_source_hash(*packages: str) -> str:
    """Return the sha256 over the Python and resource files of packages, in sorted path order.

    A generator whose output depends on several modules (a document generator, the
    perturbations it applies) records this, so a manifest changes when any of them does.
    """
    digest = hashlib.sha256()
    for name in sorted(packages):
        package = importlib.import_module(name)
        root = Path(next(iter(package.__path__)))
        for path in sorted(root.rglob("*")):
            if (
                path.is_file()
                and path.suffix in (".py", ".json", ".tsv", ".txt", ".yaml")
                and "__pycache__" not in path.parts
            ):
                digest.update(f"{name}/{path.relative_to(root).as_posix()}\0".encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()
