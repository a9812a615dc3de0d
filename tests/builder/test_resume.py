"""Resumable builds: a build killed midway, run again, reuses its verified shards and ends identical."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from finsynth.builder import parse_config, run_build
from finsynth.builder.journal import JOURNAL_NAME
from tests.builder.test_build import ROOT, cli
from tests.builder.test_ray_engine import folder_hashes

CONFIG = """\
name: hang
version: 0.0.1
seed: 5
plugins: [tests.builder.hanging_plugin]
configs:
  - name: finchain
    family: finchain
    shard_size: 5
    generators: [testing/hanging_generator]
    splits:
      train: {per_generator: 30}
"""
SHARDS = [f"finchain/train-{index:05d}-of-00006.parquet" for index in range(6)]
HANG_AT = "train/000017"  # the third row of shard 3: shards 0, 1 and 2 are complete by then


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return run_build(parse_config(CONFIG, "hang.yaml"), tmp_path_factory.mktemp("whole"))


@contextmanager
def hanging_build(config: Path, out: Path) -> Iterator[subprocess.Popen[bytes]]:
    """Run the build in a subprocess and yield it once it hangs in shard 3; SIGKILL it after."""
    marker = out / "hanging"
    environment = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "FINSYNTH_TEST_HANG_AT": HANG_AT,
        "FINSYNTH_TEST_HANG_MARKER": str(marker),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "finsynth.cli", "build", str(config), "--out", str(out)],
        env=environment,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 900  # ends a broken run only
        while not marker.exists():
            assert process.poll() is None, "the build ended before reaching the hanging record"
            assert time.monotonic() < deadline, "the build never reached the hanging record"
            time.sleep(0.05)
        yield process
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()


def kill_midway(config: Path, out: Path) -> Path:
    """Run the build until it hangs in shard 3, SIGKILL it, and return its staging folder."""
    with hanging_build(config, out):
        pass
    staging = out / "hang" / ".0.0.1.partial"
    assert not (out / "hang" / "0.0.1").exists()
    return staging


def journaled(staging: Path) -> list[str]:
    lines = (staging / JOURNAL_NAME).read_text().splitlines()
    return [json.loads(line)["file_name"] for line in lines[1:]]


def identity(path: Path) -> tuple[int, int]:
    status = path.stat()
    return status.st_ino, status.st_mtime_ns


@pytest.mark.slow
def test_a_killed_build_resumes_without_rebuilding_its_verified_shards(
    uninterrupted: Path, tmp_path: Path
) -> None:
    config = tmp_path / "hang.yaml"
    config.write_text(CONFIG)
    staging = kill_midway(config, tmp_path)
    assert journaled(staging) == SHARDS[:3]
    assert not (staging / SHARDS[3]).exists()  # the shard being written has a temporary name
    before = {name: identity(staging / name) for name in SHARDS[:3]}
    # A shard whose bytes changed after it was journaled is found by its hash and rebuilt.
    damaged = staging / SHARDS[1]
    data = bytearray(damaged.read_bytes())
    data[len(data) // 2] ^= 0xFF
    damaged.write_bytes(bytes(data))

    result = cli("build", str(config), "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "reused 2 of 6 shards (sha256 verified)" in result.stderr
    folder = Path(result.stdout.strip().splitlines()[-1])
    for name in (SHARDS[0], SHARDS[2]):
        assert identity(folder / name) == before[name]
    assert folder_hashes(folder) == folder_hashes(uninterrupted)
    assert not staging.exists() and JOURNAL_NAME not in folder_hashes(folder)


@pytest.mark.slow
def test_no_resume_rebuilds_every_shard(uninterrupted: Path, tmp_path: Path) -> None:
    config = tmp_path / "hang.yaml"
    config.write_text(CONFIG)
    staging = kill_midway(config, tmp_path)
    before = {name: identity(staging / name) for name in journaled(staging)}
    assert before

    result = cli("build", str(config), "--out", str(tmp_path), "--no-resume")
    assert result.returncode == 0, result.stderr
    assert "--no-resume was given; starting afresh" in result.stderr
    folder = Path(result.stdout.strip().splitlines()[-1])
    assert all(identity(folder / name) != stamp for name, stamp in before.items())
    assert folder_hashes(folder) == folder_hashes(uninterrupted)


@pytest.mark.slow
def test_a_changed_config_does_not_reuse_the_killed_builds_shards(tmp_path: Path) -> None:
    config = tmp_path / "hang.yaml"
    config.write_text(CONFIG)
    kill_midway(config, tmp_path)
    config.write_text(CONFIG.replace("seed: 5", "seed: 6"))

    result = cli("build", str(config), "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "the config changed (config hash differs); starting afresh" in result.stderr
    folder = Path(result.stdout.strip().splitlines()[-1])
    fresh = run_build(parse_config(config.read_text(), "hang.yaml"), tmp_path / "fresh")
    assert folder_hashes(folder) == folder_hashes(fresh)


@pytest.mark.slow
def test_a_build_refused_while_another_runs_names_the_running_build_and_keeps_its_shards(
    tmp_path: Path,
) -> None:
    config = tmp_path / "hang.yaml"
    config.write_text(CONFIG)
    staging = tmp_path / "hang" / ".0.0.1.partial"
    with hanging_build(config, tmp_path) as running:
        kept = journaled(staging)
        assert kept == SHARDS[:3]  # the running build's shards, which the refused one must not offer
        second = cli("build", str(config), "--out", str(tmp_path))
        assert running.poll() is None
        assert journaled(staging) == kept
    assert second.returncode == 2
    assert [line for line in second.stderr.splitlines() if line.strip()] == [
        f"error: {staging} is being written by another build of the same version; "
        "wait for it to finish or stop it"
    ]
    assert "resume" not in second.stderr and "Traceback" not in second.stderr
    assert second.stdout == ""
