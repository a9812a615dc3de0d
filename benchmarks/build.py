"""Full builds of a large config: wall time and peak memory of the whole process tree.

Two tables: the same build with each engine (``--num-proc 1``, ``--num-proc 2``, Ray when it is
installed), and peak memory against the number of records (``BENCH_FLATNESS_RECORDS``, a
comma-separated list of sizes, ``1000000,3000000`` by default; add ``10000000`` for the long run),
which stays flat because every engine streams shards to disk and keeps only their small results.
"""

from __future__ import annotations

import importlib.util
import os
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


def build(records: int, engine_options: list[str], templates: int) -> dict[str, float]:
    """Build ``records`` records with the given engine options; return seconds and peak MiB."""
    per_generator = -(-records // templates)
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "bench.yaml"
        config.write_text(
            "name: bench\nversion: 0.0.1\nseed: 1\nconfigs:\n  - name: finchain\n    family: finchain\n"
            f"    shard_size: 100000\n    generators: [{TEMPLATE_PREFIX}]\n"
            f"    splits:\n      train: {{per_generator: {per_generator}}}\n"
        )
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
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        peak = 0
        stop = threading.Event()

        def sample() -> None:
            nonlocal peak
            while not stop.is_set():
                peak = max(peak, _descendants_rss(process.pid))
                time.sleep(0.1)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        process.wait()
        seconds = time.perf_counter() - start
        stop.set()
        sampler.join()
        if process.returncode != 0:
            raise RuntimeError(f"bench build failed with exit code {process.returncode}")
    return {"records": per_generator * templates, "seconds": seconds, "peak MiB": peak / 2**20}


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
        row["speed-up vs 1 process"] = rows[0]["seconds"] / row["seconds"]  # type: ignore[operator]
    return rows


def flatness_sizes() -> list[int]:
    """Record counts of the memory-flatness table, from ``BENCH_FLATNESS_RECORDS``."""
    return [int(size) for size in os.environ.get("BENCH_FLATNESS_RECORDS", "1000000,3000000").split(",")]


def flatness(sizes: list[int], templates: int, measured: list[dict[str, object]]) -> list[dict[str, object]]:
    """Peak memory of ``--num-proc 2`` builds of each size, reusing a row of ``measured`` of that size."""
    known = {row["records"]: row for row in measured if row["engine"] == FLATNESS_ENGINE}
    rows: list[dict[str, object]] = []
    for size in sizes:
        records = -(-size // templates) * templates
        result = known.get(records) or build(size, ENGINES[FLATNESS_ENGINE], templates)
        rows.append(
            {"records": result["records"], "seconds": result["seconds"], "peak MiB": result["peak MiB"]}
        )
    for row in rows:
        row["peak ÷ smallest build's"] = row["peak MiB"] / rows[0]["peak MiB"]  # type: ignore[operator]
    return rows
