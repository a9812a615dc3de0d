"""Atomic output: a build appears complete, or not at all.

Files are written into a hidden staging folder beside the target and renamed into place
when everything succeeded; any previous output stays untouched until that rename.
:func:`staged_folder` uses a fresh temporary folder, removed on failure. Builds use
:func:`resumable_folder` instead: its path is fixed, ``<out>/<name>/.<version>.partial``, so
what an interrupted (even SIGKILLed) or failed build wrote there is found by the next run,
which resumes it (see :mod:`finsynth.builder.journal`).

An output folder may be shared with other users, so no path the builder makes under it is
followed through a link it did not create: ``<out>/<name>``, the staging folder and the target
must each be a real folder (the staging folder also this user's), checked with ``lstat`` and
opened with ``O_NOFOLLOW``; a link or another object there is refused with
:class:`ForeignOutputError`, never followed, written through or deleted through.
"""

from __future__ import annotations

import glob
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from finsynth.errors import BuildError


class ForeignOutputError(BuildError):
    """Where the build expects its own folder there is a link, a file or another user's folder."""


def _kind(path: Path) -> int | None:
    """The file type bits of ``path`` itself (a link is not followed), or ``None`` if it is missing."""
    try:
        return stat.S_IFMT(os.lstat(path).st_mode)
    except (FileNotFoundError, NotADirectoryError):
        return None


def _refuse_foreign(path: Path, kind: int | None) -> None:
    """Raise unless ``kind`` (from :func:`_kind`) is a real folder or nothing."""
    if kind is None or kind == stat.S_IFDIR:
        return
    what = "a symbolic link" if kind == stat.S_IFLNK else "not a folder"
    raise ForeignOutputError(
        f"{path}: {what} where the build expects its own folder; it is never followed or "
        "replaced: remove it or choose another --out"
    )


def claim_folder(path: Path) -> None:
    """Create ``path`` as a folder, or accept it if it is already a real folder.

    Raises:
        ForeignOutputError: If a link, a file or another object is there (never followed).

    """
    with suppress(FileExistsError):
        os.mkdir(path)
    _refuse_foreign(path, _kind(path))


def refuse_existing(target: Path, overwrite: bool) -> None:
    """Raise if ``target`` exists and overwriting was not asked for, or is not a real folder.

    Raises:
        ForeignOutputError: If ``target`` is a link (even a dangling one) or not a folder.
        BuildError: If ``target`` is a folder and ``overwrite`` is false.

    """
    kind = _kind(target)
    _refuse_foreign(target, kind)
    if kind is not None and not overwrite:
        raise BuildError(f"{target} already exists; pass --overwrite to replace it or bump the version")


def _folder_mode() -> int:
    """The mode a new folder gets under the process umask (read without changing it for long)."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o777 & ~umask


def refuse_existing_build(target: Path, overwrite: bool) -> None:
    """:func:`refuse_existing` for a build's ``<out>/<name>/<version>``, whose parent is the builder's own.

    Raises:
        ForeignOutputError: If ``<out>/<name>`` or ``target`` is a link or not a folder.
        BuildError: As :func:`refuse_existing`.

    """
    _refuse_foreign(target.parent, _kind(target.parent))
    refuse_existing(target, overwrite)


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
    refuse_existing_build(target, overwrite)
    staging = resumable_folder(target)
    target.parent.parent.mkdir(parents=True, exist_ok=True)  # the --out folder: the user's to choose
    claim_folder(target.parent)
    claim_folder(staging)
    with _exclusive(staging):
        try:
            yield staging
        except BaseException:
            with suppress(OSError):  # only an empty folder goes: rmdir never follows a link
                staging.rmdir()
            raise
        _publish(staging, target, overwrite)


class BuildInProgressError(BuildError):
    """Another running build holds the staging folder; its shards are that build's, not ours."""


def open_own_folder(folder: Path) -> int:
    """Open ``folder`` without following a link and return its descriptor.

    Raises:
        ForeignOutputError: If ``folder`` is a link or not a folder, or (POSIX) belongs to
            another user, who could otherwise plant links in it while the build runs.

    """
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(folder, flags)
    except OSError:
        _refuse_foreign(folder, _kind(folder))
        raise
    status = os.fstat(descriptor)
    if hasattr(os, "geteuid") and status.st_uid != os.geteuid():
        os.close(descriptor)
        raise ForeignOutputError(
            f"{folder}: belongs to another user (uid {status.st_uid}); a build only resumes its own "
            "staging folder: remove it or choose another --out"
        )
    return descriptor


@contextmanager
def _exclusive(folder: Path) -> Iterator[None]:
    """Lock ``folder`` for this process, so two builds of one version never share a staging folder.

    The lock goes with the process, even when it is killed.

    Raises:
        BuildError: If another process holds the lock.
        ForeignOutputError: As :func:`open_own_folder`.

    """
    if sys.platform == "win32":
        _refuse_foreign(folder, _kind(folder))
        yield
        return
    import fcntl

    descriptor = open_own_folder(folder)

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
        shutil.rmtree(leftover, ignore_errors=True)  # rmtree refuses a link and never walks into one
    _refuse_foreign(staging, _kind(staging))
    if _kind(target) is not None:
        retired = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
        target.rename(retired / target.name)
        staging.rename(target)
        shutil.rmtree(retired, ignore_errors=True)
    else:
        staging.rename(target)
