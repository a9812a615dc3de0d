"""Engines run shard specs; every engine writes the same bytes for the same specs.

The local engine uses a process pool (``spawn`` start method, so workers begin from a
clean interpreter on every platform) or, with one process, runs in the caller. The Ray
engine (:mod:`finsynth.builder.ray_engine`, imported only when chosen) runs them as Ray tasks.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_EXCEPTION, Future, ProcessPoolExecutor, wait
from pathlib import Path

from finsynth.builder.plan import ShardSpec
from finsynth.builder.shard import ShardResult, build_shard
from finsynth.errors import BuildError, FinsynthError

ShardDone = Callable[[ShardSpec, ShardResult], None]
ENGINES = ("local", "ray")
"""Engine names, as ``--engine`` takes them."""


def failure(spec: ShardSpec, error: BaseException) -> BuildError:
    """Return the build error for a shard that raised ``error``."""
    if isinstance(error, FinsynthError):
        return BuildError(f"shard {spec.file_name}: {error}")
    return BuildError(f"shard {spec.file_name} failed: {type(error).__name__}: {error}")


def die_with_parent(parent: int) -> None:
    """Make this worker process end when the build process that started it ends, even if killed.

    On Linux the kernel sends ``SIGKILL`` when the parent dies (``PR_SET_PDEATHSIG``); a worker
    whose parent died before that was set exits at once. Elsewhere the pool's own shutdown applies.
    """
    if sys.platform.startswith("linux"):
        import ctypes

        set_parent_death_signal = 1  # PR_SET_PDEATHSIG in <sys/prctl.h>
        ctypes.CDLL(None, use_errno=True).prctl(set_parent_death_signal, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)


def run_local(
    shards: Sequence[ShardSpec], folder: Path, num_proc: int, on_done: ShardDone
) -> list[ShardResult]:
    """Build every shard into ``folder`` with ``num_proc`` processes.

    Returns:
        Results in the order of ``shards`` (not completion order).

    Raises:
        BuildError: Naming the first shard that failed; the other workers are stopped.

    """
    if num_proc < 1:
        raise BuildError(f"--num-proc must be at least 1, got {num_proc}")
    results: dict[int, ShardResult] = {}
    if num_proc == 1 or len(shards) <= 1:
        for position, spec in enumerate(shards):
            try:
                results[position] = build_shard(spec, folder)
            except Exception as error:
                raise failure(spec, error) from error
            on_done(spec, results[position])
        return [results[position] for position in range(len(shards))]
    context = multiprocessing.get_context("spawn")
    workers = min(num_proc, len(shards))
    with ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=die_with_parent, initargs=(os.getpid(),)
    ) as pool:
        pending: dict[Future[ShardResult], int] = {
            pool.submit(build_shard, spec, folder): position for position, spec in enumerate(shards)
        }
        while pending:
            done, _ = wait(pending, return_when=FIRST_EXCEPTION)
            for future in done:
                position = pending.pop(future)
                raised = future.exception()
                if raised is not None:
                    for other in pending:
                        other.cancel()
                    raise failure(shards[position], raised) from raised
                results[position] = future.result()
                on_done(shards[position], results[position])
    return [results[position] for position in range(len(shards))]


def run_engine(
    engine: str,
    shards: Sequence[ShardSpec],
    folder: Path,
    on_done: ShardDone,
    *,
    num_proc: int = 1,
    address: str | None = None,
) -> list[ShardResult]:
    """Build every shard into ``folder`` with the named engine.

    Args:
        engine: ``"local"`` (processes on this machine) or ``"ray"`` (Ray tasks).
        shards: Shard specs to build.
        folder: Staging folder.
        on_done: Called after each shard is written.
        num_proc: Worker processes of the local engine.
        address: Ray cluster address for the Ray engine.

    Returns:
        Results in the order of ``shards``.

    Raises:
        BuildError: For an unknown engine, an option the engine does not take, or a failed shard.

    """
    if engine == "local":
        if address is not None:
            raise BuildError("--address is for --engine ray; the local engine runs on this machine")
        return run_local(shards, folder, num_proc, on_done)
    if engine == "ray":
        if num_proc != 1:
            raise BuildError("--num-proc is for --engine local; --engine ray uses every CPU Ray has")
        from finsynth.builder.ray_engine import run_ray

        return run_ray(shards, folder, on_done, address=address)
    raise BuildError(f"unknown engine {engine!r}; choose one of: {', '.join(ENGINES)}")
