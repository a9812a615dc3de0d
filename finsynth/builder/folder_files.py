"""Reading the files of a dataset folder without ever leaving it or blocking on it.

A manifest comes from whoever handed over the folder, so its file names are untrusted: a name
is read only if it is a plain relative path (no absolute path, no ``..``, no ``.`` or empty
parts, no backslash) whose every part is a real folder or file, not a symbolic link, and whose
file is a regular file (a FIFO, device or socket would block or never end). Files are opened
with ``O_NOFOLLOW | O_NONBLOCK`` and checked again on the open descriptor, so a file swapped for
a link or a FIFO after the check is still refused.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from finsynth.errors import FinsynthError

_CHUNK = 1 << 20


class UnsafeFileError(FinsynthError):
    """A listed file name points outside the folder, through a link, or at something not a file."""


def member(folder: Path, name: object) -> Path:
    """Return the path of file ``name`` inside ``folder``, after checking it is safe to read.

    Raises:
        UnsafeFileError: If the name is not a plain relative path, a part of it is a symbolic
            link, or it is not a regular file (missing files raise it too).

    """
    if not isinstance(name, str) or not name or "\\" in name or "\0" in name:
        raise UnsafeFileError(f"{name!r}: not a plain relative file name")
    parts = PurePosixPath(name).parts
    if name.startswith("/") or any(part in ("", ".", "..") for part in name.split("/")):
        raise UnsafeFileError(f"{name!r}: must be a relative path inside the folder (no '.' or '..' parts)")
    path = folder
    for position, part in enumerate(parts):
        path = path / part
        try:
            mode = path.lstat().st_mode
        except FileNotFoundError:
            raise UnsafeFileError(f"{name}: missing") from None
        except OSError as error:
            raise UnsafeFileError(f"{name}: cannot be read: {error.strerror}") from None
        if stat.S_ISLNK(mode):
            raise UnsafeFileError(f"{name}: a symbolic link; only regular files inside the folder are read")
        last = position == len(parts) - 1
        if last and not stat.S_ISREG(mode):
            raise UnsafeFileError(f"{name}: not a regular file")
        if not last and not stat.S_ISDIR(mode):
            raise UnsafeFileError(f"{name}: {'/'.join(parts[: position + 1])} is not a folder")
    return path


@contextmanager
def open_member(folder: Path, name: object) -> Iterator[BinaryIO]:
    """Open file ``name`` of ``folder`` for reading in binary, refusing anything :func:`member` refuses.

    Raises:
        UnsafeFileError: As :func:`member`, also when the file changed into something else since.

    """
    path = member(folder, name)
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as error:
        raise UnsafeFileError(f"{name}: cannot be opened: {error.strerror}") from None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise UnsafeFileError(f"{name}: not a regular file")
    with os.fdopen(descriptor, "rb") as handle:
        yield handle


def sha256_member(folder: Path, name: object) -> str:
    """Return the sha256 of file ``name`` of ``folder``, read as :func:`open_member` allows."""
    digest = hashlib.sha256()
    with open_member(folder, name) as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def folder_entries(folder: Path) -> tuple[list[str], list[str]]:
    """Return the regular files under ``folder`` and everything else (links, FIFOs, devices).

    Both as sorted relative POSIX paths; the walk never follows a symbolic link.
    """
    files: list[str] = []
    others: list[str] = []
    for root, folders, names in os.walk(folder, followlinks=False):
        base = Path(root)
        for name in folders:
            if (base / name).is_symlink():
                others.append((base / name).relative_to(folder).as_posix())
        for name in names:
            relative = (base / name).relative_to(folder).as_posix()
            try:
                mode = (base / name).lstat().st_mode
            except OSError:  # a path too long to name, or gone since the listing: not a readable file
                others.append(relative)
                continue
            (files if stat.S_ISREG(mode) else others).append(relative)
    return sorted(files), sorted(others)
