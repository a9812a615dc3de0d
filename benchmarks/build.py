"""Full builds of a large config: wall time and peak memory of the whole process tree."""

from __future__ import annotations

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


def build(records: int, num_proc: int, templates: int) -> dict[str, float]:
    """Build ``records`` records with ``num_proc`` processes; return seconds and peak MiB."""
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
            "--num-proc",
            str(num_proc),
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
