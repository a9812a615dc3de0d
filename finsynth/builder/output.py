"""Atomic output: a build appears complete, or not at all.

Files are written into a hidden staging folder beside the target and renamed into place
when everything succeeded; any previous output stays untouched until that rename.
:func:`staged_folder` uses a fresh temporary folder, removed on failure. Builds use
:func:`resumable_folder` instead: its path is fixed, ``<out>/<name>/.<version>.partial``, so
what an interrupted (even SIGKILLed) or failed build wrote there is found by the next run,
which resumes it (see :mod:`finsynth.builder.journal`).
"""

from __future__ import annotations

import glob
import os
import shutil
import sys
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
        _publish(staging, target, overwrite)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)


def resumable_folder(target: Path) -> Path:
    """Return the fixed staging folder of ``target``: ``.<version>.partial`` beside it."""
    return target.parent / f".{target.name}.partial"


@contextmanager
def resumable_staged_folder(target: Path, *, overwrite: bool) -> Iterator[Path]:
    """Yield :func:`resumable_folder`, which replaces ``target`` only if the block succeeds.

    The folder may hold an earlier run's files. If the block fails, what it left in the
    folder stays; the folder itself is removed when empty.

    Raises:
        BuildError: If ``target`` exists and ``overwrite`` is false.

    """
    refuse_existing(target, overwrite)
    staging = resumable_folder(target)
    staging.mkdir(parents=True, exist_ok=True)
    with _exclusive(staging):
        try:
            yield staging
        except BaseException:
            if staging.is_dir() and not any(staging.iterdir()):
                staging.rmdir()
            raise
        _publish(staging, target, overwrite)


class BuildInProgressError(BuildError):
    """Another running build holds the staging folder; its shards are that build's, not ours."""


@contextmanager
def _exclusive(folder: Path) -> Iterator[None]:
    """Lock ``folder`` for this process, so two builds of one version never share a staging folder.

    The lock goes with the process, even when it is killed.

    Raises:
        BuildError: If another process holds the lock.

    """
    if sys.platform == "win32":
        yield
        return
    import fcntl

    descriptor = os.open(folder, os.O_RDONLY)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BuildInProgressError(
                f"{folder} is being written by another build of the same version; "
                "wait for it to finish or stop it"
            ) from None
        yield
    finally:
        os.close(descriptor)


def _publish(staging: Path, target: Path, overwrite: bool) -> None:
    """Rename ``staging`` to ``target``, moving an existing ``target`` out of the way first.

    Retired copies a killed earlier run left between its two renames are removed first; the
    caller holds the staging folder's lock, so no other build is publishing this target.
    """
    refuse_existing(target, overwrite)
    for leftover in target.parent.glob(f".{glob.escape(target.name)}.old-*"):
        shutil.rmtree(leftover, ignore_errors=True)
    if target.exists():
        retired = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
        target.rename(retired / target.name)
        staging.rename(target)
        shutil.rmtree(retired, ignore_errors=True)
    else:
        staging.rename(target)
