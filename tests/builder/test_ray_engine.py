"""The Ray engine writes the same bytes as the local engine, in-process and on a two-node cluster."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from finsynth.builder import parse_config, run_build
from finsynth.builder.engine import run_engine
from finsynth.errors import BuildError
from tests.builder.test_build import CONFIG, ROOT, cli

needs_ray = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason="ray is not installed (the Ray engine is the finsynth[ray] extra: pip install 'finsynth[ray]')",
)
RAY = Path(sys.executable).parent / "ray"
# A token shared by the test cluster's nodes and drivers only (Ray asks for one on new clusters).
RAY_ENV = {
    "RAY_USAGE_STATS_ENABLED": "0",
    "RAY_AUTH_MODE": "token",
    "RAY_AUTH_TOKEN": "finsynth-test-" + "0" * 32,
}
FAILING = """\
name: tiny
version: 0.0.1
seed: 99
plugins: [tests.builder.failing_plugin]
configs:
  - name: finchain
    family: finchain
    generators: [testing/failing_generator]
    splits:
      test: {per_generator: 6}
"""


def folder_hashes(folder: Path) -> dict[str, str]:
    """sha256 of every file under ``folder``, by relative path."""
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


@pytest.fixture(scope="module")
def local_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return run_build(parse_config(CONFIG, "tiny.yaml"), tmp_path_factory.mktemp("local"), num_proc=1)


@pytest.fixture(scope="module")
def ray_session() -> Iterator[None]:
    import ray

    # Ray's socket paths must stay short, so its temp folder sits directly in /tmp.
    with tempfile.TemporaryDirectory(prefix="fsray", dir="/tmp") as temp:
        ray.init(num_cpus=2, include_dashboard=False, _temp_dir=temp, logging_level="warning")
        try:
            yield
        finally:
            ray.shutdown()


@needs_ray
def test_ray_tasks_write_the_local_engines_bytes(
    ray_session: None, local_build: Path, tmp_path: Path
) -> None:
    folder = run_build(parse_config(CONFIG, "tiny.yaml"), tmp_path, engine="ray")
    assert folder_hashes(folder) == folder_hashes(local_build)
    assert len(folder_hashes(folder)) > 7


@needs_ray
def test_a_failing_ray_task_names_its_shard(ray_session: None, tmp_path: Path) -> None:
    config = parse_config(FAILING, "failing.yaml")
    # The same message as the local engine's, without Ray's wrapping.
    message = "shard finchain/test-00000-of-00001.parquet failed: RuntimeError: simulated generator crash"
    with pytest.raises(BuildError, match=f"^{re.escape(message)}$"):
        run_build(config, tmp_path, engine="ray")
    assert not (tmp_path / "tiny" / "0.0.1").exists()


def test_without_ray_installed_the_engine_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail as if it were absent
    with pytest.raises(BuildError, match=r"pip install 'finsynth\[ray\]'"):
        run_engine("ray", [], tmp_path, lambda spec, result: None)


def test_importing_finsynth_does_not_import_ray() -> None:
    code = "import sys, finsynth, finsynth.builder, finsynth.cli; print('ray' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert result.stdout.strip() == "False"


def test_engine_options_belong_to_their_engine(tmp_path: Path) -> None:
    with pytest.raises(BuildError, match="--address is for --engine ray"):
        run_engine("local", [], tmp_path, lambda spec, result: None, address="127.0.0.1:6379")
    with pytest.raises(BuildError, match="--num-proc is for --engine local"):
        run_engine("ray", [], tmp_path, lambda spec, result: None, num_proc=2)
    with pytest.raises(BuildError, match="unknown engine 'spark'; choose one of: local, ray"):
        run_engine("spark", [], tmp_path, lambda spec, result: None)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def processes_of(sessions: set[int], marker: str) -> list[int]:
    """Live processes in one of ``sessions`` or whose command line mentions ``marker``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
            in_session = os.getsid(int(entry)) in sessions
        except OSError:
            continue
        if in_session or marker.encode() in command:
            found.append(int(entry))
    return found


def stop(node: subprocess.Popen[bytes]) -> None:
    """Stop a `ray start --block` node: it drains and ends its own processes on SIGTERM."""
    node.terminate()
    try:
        node.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(node.pid, signal.SIGKILL)
        node.wait()


def wait_for_cpus(address: str, cpus: int, env: dict[str, str]) -> None:
    deadline = time.monotonic() + 900  # ends a broken run only: a busy machine is slower, never red
    while time.monotonic() < deadline:
        status = subprocess.run(
            [str(RAY), "status", "--address", address], capture_output=True, text=True, env=env
        )
        if f"/{cpus}.0 CPU" in status.stdout:
            return
        time.sleep(1)
    raise AssertionError(f"the test cluster never reached {cpus} CPUs:\n{status.stdout}\n{status.stderr}")


@needs_ray
@pytest.mark.skipif(not RAY.exists(), reason=f"no `ray` command beside {sys.executable}")
def test_a_two_node_cluster_started_with_ray_start_builds_the_same_bytes(
    local_build: Path, tmp_path: Path
) -> None:
    config = tmp_path / "tiny.yaml"
    config.write_text(CONFIG)
    port = free_port()
    address = f"127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT), **RAY_ENV}
    # `ray stop` would stop every Ray process on the machine; each node runs with --block in a
    # session of its own instead, and is stopped (with all it started) through its process.
    nodes: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory(prefix="fsray", dir="/tmp") as temp:
        common = ["--num-cpus", "1", "--disable-usage-stats", "--temp-dir", temp, "--block"]
        head = ["--head", "--port", str(port), "--include-dashboard", "false"]
        log = (tmp_path / "ray.log").open("wb")
        try:
            for arguments in (head, ["--address", address]):
                nodes.append(
                    subprocess.Popen(
                        [str(RAY), "start", *arguments, *common],
                        env=env,
                        cwd=ROOT,
                        stdout=log,
                        stderr=subprocess.STDOUT,
                        start_new_session=True,
                    )
                )
                wait_for_cpus(address, len(nodes), env)
            result = cli(
                "build",
                str(config),
                "--out",
                str(tmp_path),
                "--engine",
                "ray",
                "--address",
                address,
                env=RAY_ENV,
            )
            assert result.returncode == 0, result.stderr
        finally:
            for node in reversed(nodes):
                stop(node)
            log.close()
        assert processes_of({node.pid for node in nodes}, temp) == []
    folder = Path(result.stdout.strip().splitlines()[-1])
    assert folder_hashes(folder) == folder_hashes(local_build)


@needs_ray
def test_the_ray_engine_resumes_a_build_the_local_engine_left_killed(tmp_path: Path) -> None:
    from tests.builder.test_resume import CONFIG as HANGING
    from tests.builder.test_resume import kill_midway

    config = tmp_path / "hang.yaml"
    config.write_text(HANGING)
    kill_midway(config, tmp_path / "out")
    result = cli("build", str(config), "--out", str(tmp_path / "out"), "--engine", "ray")
    assert result.returncode == 0, result.stderr
    assert "reused 3 of 6 shards" in result.stderr
    whole = run_build(parse_config(HANGING, "hang.yaml"), tmp_path / "whole")
    assert folder_hashes(Path(result.stdout.strip().splitlines()[-1])) == folder_hashes(whole)
