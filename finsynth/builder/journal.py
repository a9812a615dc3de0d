"""The resume journal: which shards of a staging folder are complete, and for which build.

A staging folder holds ``.journal.jsonl``: a first line with the build's provenance (config
hash, library and Python versions, the hash of all code and resources, generator source
hashes), then one line per shard, appended once the shard's file is complete. A later run of
the same build re-hashes every journaled file and reuses those that still match; everything
else in the folder is deleted and rebuilt. A journal written for a different provenance, or
``resume=False``, empties the folder first. The journal is removed before the folder is
published.

Nothing here follows a link: the journal and shards are read with ``O_NOFOLLOW`` (see
:mod:`finsynth.builder.folder_files`), and the clean-up walks the folder through descriptors
opened with ``O_NOFOLLOW``, so a link planted in the folder is deleted, never walked into.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any

from finsynth.builder.folder_files import UnsafeFileError, member, open_member, sha256_member
from finsynth.builder.plan import ShardSpec
from finsynth.builder.shard import ShardResult

JOURNAL_NAME = ".journal.jsonl"
JOURNAL_FORMAT = 1


@dataclass(frozen=True)
class Resumption:
    """What a build took over from an earlier run in the same staging folder.

    Attributes:
        folder: The staging folder.
        reused: Shards whose file still matched its journaled sha256, kept as they were.
        discarded: Why an earlier run's files were not reused, or ``""`` when none were discarded.

    """

    folder: Path
    reused: tuple[ShardResult, ...]
    discarded: str


def _read(path: Path) -> tuple[dict[str, Any] | None, list[ShardResult]]:
    """Return a journal's header and shard entries; a line cut short by a kill ends it."""
    try:
        with open_member(path.parent, path.name) as handle:
            lines = handle.read().decode("utf-8").splitlines()
    except (UnsafeFileError, OSError, UnicodeDecodeError):
        return None, []
    header: dict[str, Any] | None = None
    entries: list[ShardResult] = []
    for number, line in enumerate(lines):
        try:
            value = json.loads(line)
            if number == 0:
                header = dict(value)
            else:
                entries.append(ShardResult(**value))
        except (json.JSONDecodeError, TypeError, ValueError):
            break
    return header, entries


def _difference(earlier: Mapping[str, Any], now: Mapping[str, Any]) -> str:
    """Say how an earlier run's header differs from this build's, or ``""`` if it does not."""
    if earlier.get("format") != now["format"]:
        return "its journal has another format"
    provenance, current = earlier.get("provenance", {}), now["provenance"]
    if provenance.get("config_hash") != current["config_hash"]:
        return "the config changed (config hash differs)"
    old, new = provenance.get("library", {}), current["library"]
    for name in sorted(set(old) | set(new)):
        if old.get(name) != new.get(name):
            return f"{name} version changed ({old.get(name, 'absent')} → {new.get(name, 'absent')})"
    old, new = provenance.get("generators", {}), current["generators"]
    for name in sorted(set(old) | set(new)):
        if old.get(name) != new.get(name):
            return f"generator {name} changed (its source hash differs)"
    if provenance.get("code_hash") != current["code_hash"]:
        return "finsynth's code or resources changed (code hash differs)"
    if provenance.get("python") != current["python"]:
        return f"Python changed ({provenance.get('python')} → {current['python']})"
    return ""


def _verified(folder: Path, entries: Sequence[ShardResult], shards: Sequence[ShardSpec]) -> list[ShardResult]:
    """Return the journaled shards of the plan whose files still hash to what was journaled."""
    planned = {spec.file_name for spec in shards}
    verified = []
    for entry in entries:
        if entry.file_name not in planned:
            continue
        try:
            if (
                member(folder, entry.file_name).lstat().st_size == entry.size
                and sha256_member(folder, entry.file_name) == entry.sha256
            ):
                verified.append(entry)
        except (UnsafeFileError, OSError):
            continue
    return verified


_FOLDER_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)


def _keep_only(folder: Path, kept: set[str]) -> None:
    """Delete everything in ``folder`` but the regular files ``kept`` (relative names), and empty folders.

    A link is deleted as itself, never followed: every folder is opened with ``O_NOFOLLOW``
    and every entry removed relative to its folder's descriptor.
    """
    descriptor = os.open(folder, _FOLDER_FLAGS)
    try:
        _remove_all_but(descriptor, "", kept)
    finally:
        os.close(descriptor)


def _remove_all_but(folder: int, prefix: str, kept: set[str]) -> bool:
    """Empty the open folder ``folder`` but ``kept``; return whether it is now empty."""
    empty = True
    with os.scandir(folder) as entries:
        names = sorted(entry.name for entry in entries)
    for name in names:
        relative = prefix + name
        mode = os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode
        if stat.S_ISDIR(mode):
            child = os.open(name, _FOLDER_FLAGS, dir_fd=folder)
            try:
                emptied = _remove_all_but(child, relative + "/", kept)
            finally:
                os.close(child)
            if emptied:
                os.rmdir(name, dir_fd=folder)
            else:
                empty = False
        elif relative in kept and stat.S_ISREG(mode):
            empty = False
        else:
            os.unlink(name, dir_fd=folder)
    return empty


def journaled_shards(folder: Path) -> int:
    """Return how many shards the journal of a staging folder lists (0 if it has none or is not a folder)."""
    try:
        if not stat.S_ISDIR(os.lstat(folder).st_mode):
            return 0
    except OSError:
        return 0
    return len(_read(folder / JOURNAL_NAME)[1])


def _create(path: Path, mode: int) -> IO[str]:
    """Open ``path`` for writing (``mode``: ``os.O_TRUNC`` or ``os.O_APPEND``), never through a link."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | mode | getattr(os, "O_NOFOLLOW", 0), 0o666)
    return os.fdopen(descriptor, "w", encoding="utf-8")


class Journal:
    """The open journal of one staging folder; shards are recorded as they complete.

    Attributes:
        folder: The staging folder.
        resumption: What was taken over from an earlier run.

    """

    def __init__(self, folder: Path, header: Mapping[str, Any], resumption: Resumption) -> None:
        self.folder = folder
        self.resumption = resumption
        self.recorded = {entry.file_name for entry in resumption.reused}
        path = folder / JOURNAL_NAME
        fresh = path.with_name(JOURNAL_NAME + ".new")
        lines = [header, *(asdict(entry) for entry in resumption.reused)]
        with _create(fresh, os.O_TRUNC) as handle:
            handle.write("".join(json.dumps(line) + "\n" for line in lines))
        os.replace(fresh, path)
        self._handle: IO[str] = _create(path, os.O_APPEND)

    def record(self, result: ShardResult) -> None:
        """Append a complete shard and force it to disk, so a kill right after keeps it."""
        self._handle.write(json.dumps(asdict(result)) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())
        self.recorded.add(result.file_name)

    def close(self) -> None:
        """Close the journal file."""
        self._handle.close()


@contextmanager
def resumable(
    folder: Path, provenance: Mapping[str, Any], shards: Sequence[ShardSpec], *, resume: bool
) -> Iterator[Journal]:
    """Open ``folder``'s journal, keeping only the verified shards of an earlier run of this build.

    On success the journal is removed (the folder is ready to publish). On failure only the
    verified shards and their journal stay, for the next run to resume; if there are none the
    folder is emptied.

    Args:
        folder: The staging folder (it exists).
        provenance: What the build's bytes depend on (see :func:`finsynth.builder.manifest.provenance`).
        shards: Every shard of the build's plan.
        resume: Reuse an earlier run's verified shards; ``False`` starts from an empty folder.

    """
    header = {"format": JOURNAL_FORMAT, "provenance": dict(provenance)}
    earlier, entries = _read(folder / JOURNAL_NAME)
    reused: list[ShardResult] = []
    discarded = ""
    if earlier is not None:
        discarded = _difference(earlier, header) if resume else "--no-resume was given"
        if not discarded:
            reused = _verified(folder, entries, shards)
    _keep_only(folder, {entry.file_name for entry in reused} | {JOURNAL_NAME})
    journal = Journal(folder, header, Resumption(folder, tuple(reused), discarded))
    try:
        yield journal
    except BaseException:
        journal.close()
        _keep_only(folder, journal.recorded | {JOURNAL_NAME} if journal.recorded else set())
        raise
    journal.close()
    (folder / JOURNAL_NAME).unlink()
