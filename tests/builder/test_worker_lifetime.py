"""Killing a ``--num-proc 2`` build's main process also ends its workers.

On Linux the workers are forked by the pool's fork server, a child of the build: the build's
descendants are the server, the workers and multiprocessing's resource tracker, and all must end.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from finsynth.builder import parse_config, run_build
from finsynth.errors import BuildError
from tests.builder.test_resume import CONFIG as HANGING_CONFIG

ROOT = Path(__file__).resolve().parents[2]
CONFIG = """\
name: long
version: 0.0.1
seed: 3
configs:
  - name: finchain
    family: finchain
    shard_size: 200
    generators: [finchain/]
    splits:
      test: {per_generator: 40}
"""


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def descendants_of(pid: int) -> list[int]:
    found = children_of(pid)
    for child in list(found):
        found.extend(descendants_of(child))
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_die_with_a_killed_build(tmp_path: Path) -> None:
    (tmp_path / "long.yaml").write_text(CONFIG)
    build = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "finsynth.cli",
            "build",
            str(tmp_path / "long.yaml"),
            "--out",
            str(tmp_path),
            "--num-proc",
            "2",
        ],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        # Generous bounds that only end a broken run: a busy machine makes this slower, never red.
        deadline = time.monotonic() + 900
        workers: list[int] = []
        while time.monotonic() < deadline and len(workers) < 2 and build.poll() is None:
            # The fork server's children: the pool's workers.
            workers = [pid for child in children_of(build.pid) for pid in children_of(child)]
            time.sleep(0.2)
        assert len(workers) >= 2, "the build never started its workers"
        time.sleep(1)  # let the workers run their initializer
        started = descendants_of(build.pid)
        assert set(workers) <= set(started)
        os.kill(build.pid, signal.SIGKILL)
        build.wait()
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline and any(alive(pid) for pid in started):
            time.sleep(0.2)
        assert not any(alive(pid) for pid in started)
    finally:
        if build.poll() is None:
            build.kill()


def test_workers_see_the_environment_of_the_build_not_of_the_first_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first build starts the pool's fork server (on Linux) with this environment; the second,
    # in the same process, sets a variable its workers must see, as spawned workers would.
    config = parse_config(HANGING_CONFIG, "hang.yaml")
    monkeypatch.delenv("FINSYNTH_TEST_FAIL_AT", raising=False)
    run_build(config, tmp_path / "first", num_proc=2)
    monkeypatch.setenv("FINSYNTH_TEST_FAIL_AT", "train/000017")
    with pytest.raises(BuildError, match="fails as FINSYNTH_TEST_FAIL_AT asks"):
        run_build(config, tmp_path / "second", num_proc=2)
