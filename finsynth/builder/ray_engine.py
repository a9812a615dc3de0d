"""The Ray engine: shard specs run as Ray tasks, on a local Ray instance or on a cluster.

Each task calls :func:`~finsynth.builder.shard.build_shard`, which writes its parquet file
straight into the staging folder and returns a small :class:`~finsynth.builder.shard.ShardResult`,
so no shard's bytes travel through Ray's object store or the driver. Every node therefore
needs the staging folder at the same path: on one machine any folder works; on a cluster of
several machines ``--out`` must be on a filesystem all of them mount at the same path. The
driver checks each reported file's size, so a worker that wrote to a disk the driver cannot
see fails the build with a clear message rather than publishing a folder with missing shards.

At most two tasks per cluster CPU are in flight, so memory stays flat whatever the number of
shards. Ray is imported only when this engine runs (the ``finsynth[ray]`` extra).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from finsynth.builder.engine import ShardDone, failure
from finsynth.builder.plan import ShardSpec
from finsynth.builder.shard import ShardResult, build_shard
from finsynth.errors import BuildError

TASKS_PER_CPU = 2
"""Tasks in flight per cluster CPU: enough to keep every CPU busy while results come back."""


def _import_ray() -> ModuleType:
    # import_module, not `import ray`: the type checker then needs neither Ray nor its stubs,
    # so mypy gives the same answer with and without the extra installed.
    try:
        ray = importlib.import_module("ray")
    except ImportError:
        raise BuildError(
            "--engine ray needs Ray, which is not installed: pip install 'finsynth[ray]'"
        ) from None
    return ray


def _connect(ray: ModuleType, address: str | None) -> bool:
    """Connect to Ray unless this process already is; return whether this call started it."""
    if ray.is_initialized():
        return False
    # A local instance needs no dashboard; a cluster keeps the one its head was started with.
    local = {} if address or os.environ.get("RAY_ADDRESS") else {"include_dashboard": False}
    try:
        ray.init(address=address, logging_level="warning", log_to_driver=False, **local)
    except (ConnectionError, RuntimeError, ValueError) as error:
        where = f"the Ray cluster at {address}" if address else "a local Ray instance"
        raise BuildError(f"could not start or reach {where}: {error}") from None
    return True


def _checked(result: ShardResult, folder: Path) -> ShardResult:
    """Return ``result`` if the driver sees the file the worker reported, else raise."""
    path = folder / result.file_name
    if not path.is_file() or path.stat().st_size != result.size:
        raise BuildError(
            f"a Ray worker wrote it, but {path} is missing or of another size "
            "here; on a cluster of several machines --out must be on a filesystem every node mounts "
            "at the same path"
        )
    return result


def _unwrapped(error: BaseException) -> BaseException:
    """Return the exception a task raised, without Ray's wrapper."""
    cause = getattr(error, "cause", None)
    return cause if isinstance(cause, BaseException) else error


def run_ray(
    shards: Sequence[ShardSpec], folder: Path, on_done: ShardDone, *, address: str | None = None
) -> list[ShardResult]:
    """Build every shard into ``folder`` as Ray tasks.

    Uses this process's Ray connection if it has one, else connects to ``address`` (a cluster
    started with ``ray start --head``), else starts a local Ray instance, which is shut down
    again at the end.

    Args:
        shards: Shard specs to build.
        folder: Staging folder; every Ray node must see it at this path.
        on_done: Called in the driver after each shard is written.
        address: Address of a running cluster (``HOST:PORT`` or ``auto``), or ``None``.

    Returns:
        Results in the order of ``shards`` (not completion order).

    Raises:
        BuildError: If Ray is not installed, the cluster cannot be reached, or a shard fails
            (naming the first one; the other tasks are cancelled).

    """
    ray = _import_ray()
    started = _connect(ray, address)
    try:
        # Workers do not share the driver's working folder, so they get the absolute path.
        return _run(ray, shards, folder.absolute(), on_done)
    finally:
        if started:
            ray.shutdown()


def _run(ray: ModuleType, shards: Sequence[ShardSpec], folder: Path, on_done: ShardDone) -> list[ShardResult]:
    task = ray.remote(num_cpus=1)(build_shard)
    limit = max(1, TASKS_PER_CPU * int(ray.cluster_resources().get("CPU", 1)))
    waiting = list(enumerate(shards))
    waiting.reverse()
    pending: dict[Any, int] = {}
    results: dict[int, ShardResult] = {}
    while waiting or pending:
        while waiting and len(pending) < limit:
            position, spec = waiting.pop()
            pending[task.remote(spec, folder)] = position
        done, _ = ray.wait(list(pending), num_returns=1)
        position = pending.pop(done[0])
        try:
            result = _checked(ray.get(done[0]), folder)
        except Exception as error:
            for other in pending:
                ray.cancel(other, force=True)
            cause = _unwrapped(error)
            raise failure(shards[position], cause) from cause
        results[position] = result
        on_done(shards[position], result)
    return [results[position] for position in range(len(shards))]
