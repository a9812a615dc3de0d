"""The resume journal: which shards of a staging folder are complete, and for which build.

A staging folder holds ``.journal.jsonl``: a first line with the build's provenance (config
hash, library and Python versions, the hash of all code and resources, generator source
hashes), then one line per shard, appended once the shard's file is complete. A later run of
the same build re-hashes every journaled file and reuses those that still match; everything
else in the folder is deleted and rebuilt. A journal written for a different provenance, or
``resume=False``, empties the folder first. The journal is removed before the folder is
published.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any

from finsynth.builder.hashing import sha256_file
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
        lines = path.read_text(encoding="utf-8").splitlines()
    except (FileNotFoundError, UnicodeDecodeError):
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
        path = folder / entry.file_name
        if (
            entry.file_name in planned
            and path.is_file()
            and path.stat().st_size == entry.size
            and sha256_file(path) == entry.sha256
        ):
            verified.append(entry)
    return verified


def _keep_only(folder: Path, kept: set[str]) -> None:
    """Delete every file of ``folder`` but ``kept`` (relative names), then the empty folders."""
    for path in sorted(folder.rglob("*"), reverse=True):
        name = path.relative_to(folder).as_posix()
        if path.is_dir() and not path.is_symlink():
            if not any(path.iterdir()):
                path.rmdir()
        elif name not in kept:
            path.unlink()


def journaled_shards(folder: Path) -> int:
    """Return how many shards the journal of a staging folder lists (0 if it has none)."""
    return len(_read(folder / JOURNAL_NAME)[1])


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
        fresh.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
        os.replace(fresh, path)
        self._handle: IO[str] = path.open("a", encoding="utf-8")

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
