"""Full builds of a large config: wall time and peak memory of the whole process tree.

Two tables: the same build with each engine (``--num-proc 1``, ``--num-proc 2``, Ray when it is
installed), timing and measuring the shard phase (the engine's part) apart from the whole build;
and the shard phase's peak memory against the number of records (``BENCH_FLATNESS_RECORDS``, a
comma-separated list of sizes, ``1000000,3000000`` by default; add ``10000000`` for the long run),
which stays flat because every engine streams shards to disk and keeps only their small results.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

TEMPLATE_PREFIX = "finchain/"


def _descendants_rss(root: int) -> int:
    """Resident memory (bytes) of a process and all its descendants, read from /proc."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            parents[int(entry)] = int(fields[1])
            rss[int(entry)] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, IndexError, ValueError):
            continue
    tree, frontier = {root}, [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent and pid not in tree]
        tree.update(children)
        frontier += children
    return sum(rss.get(pid, 0) for pid in tree)


SHARD_SIZE = 100_000


def _journaled(journal: Path) -> int:
    """Shards the build's resume journal lists so far."""
    try:
        return max(0, len(journal.read_bytes().splitlines()) - 1)
    except FileNotFoundError:
        return 0


def build(
    records: int, engine_options: list[str], templates: int, *, shards_only: bool = False
) -> dict[str, float]:
    """Build ``records`` records with the given engine options, sampling the process tree's memory.

    The build's resume journal tells when the last shard is written, so the shard phase (the
    engine's part) is timed and measured apart from the card and manifest that follow it.

    Args:
        records: Records wanted (rounded up to a multiple of the templates).
        engine_options: ``finsynth build`` options choosing the engine.
        templates: Templates under :data:`TEMPLATE_PREFIX`.
        shards_only: Stop the build (SIGKILL) once every shard is written.

    Returns:
        ``records``, ``shard seconds``, ``peak MiB (shards)`` and, unless ``shards_only``,
        ``seconds`` and ``peak MiB`` of the whole build.

    """
    per_generator = -(-records // templates)
    shards = -(-per_generator * templates // SHARD_SIZE)
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "bench.yaml"
        config.write_text(
            "name: bench\nversion: 0.0.1\nseed: 1\nconfigs:\n  - name: finchain\n    family: finchain\n"
            f"    shard_size: {SHARD_SIZE}\n    generators: [{TEMPLATE_PREFIX}]\n"
            f"    splits:\n      train: {{per_generator: {per_generator}}}\n"
        )
        journal = Path(folder) / "bench" / ".0.0.1.partial" / ".journal.jsonl"
        command = [
            sys.executable,
            "-m",
            "finsynth.cli",
            "build",
            str(config),
            "--out",
            folder,
            *engine_options,
        ]
        start = time.perf_counter()
        process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )
        peak = shard_peak = 0
        shard_seconds = 0.0
        stop = threading.Event()

        def sample() -> None:
            nonlocal peak, shard_peak, shard_seconds
            while not stop.is_set():
                rss = _descendants_rss(process.pid)
                peak = max(peak, rss)
                if not shard_seconds:
                    shard_peak = max(shard_peak, rss)
                    if _journaled(journal) >= shards:
                        shard_seconds = time.perf_counter() - start
                        if shards_only:
                            os.killpg(process.pid, signal.SIGKILL)
                            return
                time.sleep(0.1)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        process.wait()
        seconds = time.perf_counter() - start
        stop.set()
        sampler.join()
        if not shard_seconds or (process.returncode != 0 and not shards_only):
            raise RuntimeError(f"bench build failed with exit code {process.returncode}")
    result = {"records": per_generator * templates, "shard seconds": shard_seconds}
    result["peak MiB (shards)"] = shard_peak / 2**20
    if not shards_only:
        result |= {"seconds": seconds, "peak MiB": peak / 2**20}
    return result


ENGINES = {
    "local --num-proc 1": ["--num-proc", "1"],
    "local --num-proc 2": ["--num-proc", "2"],
    "ray (local instance, all CPUs)": ["--engine", "ray"],
}
FLATNESS_ENGINE = "local --num-proc 2"


def engines(records: int, templates: int) -> list[dict[str, object]]:
    """One row per engine (Ray only when installed), with the speed-up over one process."""
    rows: list[dict[str, object]] = []
    for name, options in ENGINES.items():
        if name.startswith("ray") and importlib.util.find_spec("ray") is None:
            continue
        rows.append({"engine": name, **build(records, options, templates)})
    for row in rows:
        row["shard speed-up vs 1 process"] = rows[0]["shard seconds"] / row["shard seconds"]  # type: ignore[operator]
    return rows


def flatness_sizes() -> list[int]:
    """Record counts of the memory-flatness table, from ``BENCH_FLATNESS_RECORDS``."""
    return [int(size) for size in os.environ.get("BENCH_FLATNESS_RECORDS", "1000000,3000000").split(",")]


def flatness(sizes: list[int], templates: int) -> list[dict[str, object]]:
    """Peak memory of the shard phase of ``--num-proc 2`` builds of each size."""
    rows: list[dict[str, object]] = []
    for size in sizes:
        rows.append(dict(build(size, ENGINES[FLATNESS_ENGINE], templates, shards_only=True)))
    for row in rows:
        row["peak ÷ smallest build's"] = row["peak MiB (shards)"] / rows[0]["peak MiB (shards)"]  # type: ignore[operator]
    return rows
