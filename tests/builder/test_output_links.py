"""A planted link never makes a build read, change or delete anything outside ``--out``.

Every path the builder touches is tried in turn: ``OUT/NAME``, the staging folder
``OUT/NAME/.VERSION.partial`` and what a build writes in it (journal, shards, their folders,
card, manifest, harness), a retired copy ``.VERSION.old-*`` and the version folder itself. A
link where the build expects its own folder is refused with exit 2 naming the path; a link
inside its own staging folder is deleted as itself. The victim folder holds a FIFO, and every
planted file link points at it: following one would block, which the alarm turns into a failure.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from finsynth.builder import parse_config, run_build
from finsynth.builder.journal import JOURNAL_NAME
from finsynth.builder.manifest import provenance
from finsynth.builder.output import ForeignOutputError
from finsynth.cli.app import app

CONFIG = """\
name: x
version: 0.1.0
seed: 1
configs:
  - name: finchain
    family: finchain
    generators: [finchain/investment_analysis/compound_interest]
    splits:
      test: {per_generator: 2}
"""
BUILD = parse_config(CONFIG, "x.yaml")
SHARD = "finchain/test-00000-of-00001.parquet"


@pytest.fixture(autouse=True)
def no_blocking() -> Iterator[None]:
    """Fail instead of hanging if the build opens the victim's FIFO through a link."""

    def blocked(signum: int, frame: object) -> None:
        raise AssertionError("the build opened a file outside --out through a planted link")

    previous = signal.signal(signal.SIGALRM, blocked)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    folder = tmp_path / "victim"
    (folder / "sub").mkdir(parents=True)
    (folder / "keep").write_text("keep")
    (folder / "sub" / "t.tex").write_text("tex")
    os.mkfifo(folder / "pipe")
    return folder


def snapshot(folder: Path) -> dict[str, object]:
    """Every entry under ``folder``: its kind, bytes of regular files and modification time."""
    entries: dict[str, object] = {}
    for path in sorted(folder.rglob("*")):
        status = path.lstat()
        content = path.read_bytes() if stat.S_ISREG(status.st_mode) else None
        kind = stat.S_IFMT(status.st_mode)
        entries[path.relative_to(folder).as_posix()] = (kind, content, status.st_mtime_ns)
    return entries


def no_links_in(folder: Path) -> bool:
    return not any(path.is_symlink() for path in folder.rglob("*"))


Planter = Callable[[Path, Path], Path]
"""Plants something under ``out`` pointing at ``victim``; returns the path planted."""


def _link(relative: str, to: str) -> Planter:
    def plant(out: Path, victim: Path) -> Path:
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.symlink_to(victim / to if to else victim)
        return path

    return plant


def _file(relative: str) -> Planter:
    def plant(out: Path, victim: Path) -> Path:
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("not a folder")
        return path

    return plant


REFUSED: dict[str, Planter] = {
    "dataset folder is a link": _link("x", ""),
    "staging folder is a link (the issue's reproduction)": _link("x/.0.1.0.partial", ""),
    "staging folder is a file": _file("x/.0.1.0.partial"),
    "version folder is a link": _link("x/0.1.0", ""),
    "version folder is a dangling link": _link("x/0.1.0", "gone"),
    "version folder is a file": _file("x/0.1.0"),
    "dataset folder is a file": _file("x"),
}


@pytest.mark.parametrize("overwrite", [False, True])
@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_link_or_file_where_the_build_expects_its_folder_is_refused(
    tmp_path: Path, victim: Path, case: str, overwrite: bool
) -> None:
    out = tmp_path / "out"
    planted = REFUSED[case](out, victim)
    before = snapshot(victim)
    with pytest.raises(ForeignOutputError, match=re.escape(str(planted))):
        run_build(BUILD, out, overwrite=overwrite)
    assert snapshot(victim) == before
    assert planted.is_symlink() or planted.is_file()  # refused, not replaced


INSIDE_STAGING: dict[str, list[Planter]] = {
    # Planted together, one build each (to keep the test fast): every file the build writes, and
    # the folders it makes, with a link to the victim (or its FIFO) at each.
    "files": [
        _link(f"x/.0.1.0.partial/{JOURNAL_NAME}", "pipe"),
        _link(f"x/.0.1.0.partial/{JOURNAL_NAME}.new", "pipe"),
        _link(f"x/.0.1.0.partial/{SHARD}", "pipe"),
        _link("x/.0.1.0.partial/README.md", "keep"),
        _link("x/.0.1.0.partial/manifest.json", "keep"),
        _link("x/.0.1.0.partial/harness/inspect_task.py", "keep"),
        _link("x/.0.1.0.partial/plots", "sub"),
        _link("x/.0.1.0.old-abc", ""),
    ],
    "folders": [_link("x/.0.1.0.partial/finchain", ""), _link("x/.0.1.0.partial/harness", "")],
}


@pytest.mark.parametrize("case", sorted(INSIDE_STAGING))
def test_a_link_inside_the_builds_own_folders_is_removed_never_followed(
    tmp_path: Path, victim: Path, case: str
) -> None:
    out = tmp_path / "out"
    for plant in INSIDE_STAGING[case]:
        plant(out, victim)
    before = snapshot(victim)
    folder = run_build(BUILD, out, overwrite=True)
    assert snapshot(victim) == before
    assert no_links_in(folder) and (folder / SHARD).is_file()


def test_a_journaled_shard_that_is_a_link_is_not_reused(tmp_path: Path, victim: Path) -> None:
    out = tmp_path / "out"
    staging = out / "x" / ".0.1.0.partial"
    (staging / "finchain").mkdir(parents=True)
    target = victim / "keep"
    (staging / SHARD).symlink_to(target)
    entry = {
        "file_name": SHARD,
        "rows": 2,
        "sha256": hashlib.sha256(target.read_bytes()).hexdigest(),
        "size": target.stat().st_size,
    }
    header = {"format": 1, "provenance": provenance(BUILD)}
    (staging / JOURNAL_NAME).write_text(json.dumps(header) + "\n" + json.dumps(entry) + "\n")
    before = snapshot(victim)
    reused: list[object] = []
    folder = run_build(BUILD, out, on_resume=lambda resumption: reused.extend(resumption.reused))
    assert reused == []
    assert snapshot(victim) == before and no_links_in(folder)


def test_the_cli_refuses_the_issues_reproduction_with_exit_2(tmp_path: Path, victim: Path) -> None:
    out = tmp_path / "out"
    planted = REFUSED["staging folder is a link (the issue's reproduction)"](out, victim)
    config = tmp_path / "x.yaml"
    config.write_text(CONFIG)
    before = snapshot(victim)
    result = CliRunner().invoke(app, ["build", str(config), "--out", str(out)])
    assert result.exit_code == 2
    assert f"{planted}: a symbolic link" in result.output and "unexpected" not in result.output
    assert snapshot(victim) == before
