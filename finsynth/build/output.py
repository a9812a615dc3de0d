"""Atomic output: a build appears complete, or not at all.

Files are written into a hidden staging folder beside the target and renamed into place
when everything succeeded. A failed or interrupted build removes its staging folder and
leaves any previous output untouched.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from finsynth.errors import BuildError


def refuse_existing(target: Path, overwrite: bool) -> None:
    """Raise if ``target`` exists and overwriting was not asked for."""
    if target.exists() and not overwrite:
        raise BuildError(f"{target} already exists; pass --overwrite to replace it or bump the version")


def _folder_mode() -> int:
    """The mode a new folder gets under the process umask (read without changing it for long)."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o777 & ~umask


@contextmanager
def staged_folder(target: Path, *, overwrite: bool) -> Iterator[Path]:
    """Yield a staging folder that replaces ``target`` only if the block succeeds.

    Raises:
        BuildError: If ``target`` exists and ``overwrite`` is false.

    """
    refuse_existing(target, overwrite)
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.partial-", dir=target.parent))
    staging.chmod(_folder_mode())  # mkdtemp makes it private; the published folder follows the umask
    try:
        yield staging
        refuse_existing(target, overwrite)
        if target.exists():
            retired = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
            target.rename(retired / target.name)
            staging.rename(target)
            shutil.rmtree(retired, ignore_errors=True)
        else:
            staging.rename(target)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
