"""Engines run shard specs; every engine writes the same bytes for the same specs.

The local engine uses a process pool or, with one process, runs in the caller. On Linux its
workers are forked from a fork server, a clean interpreter that has imported the generators once
(:mod:`finsynth.builder.preload`), instead of each importing them again (about 3 CPU-seconds a
worker); elsewhere they are spawned. Either way a worker starts from a clean interpreter with the
build process's environment variables. The Ray
engine (:mod:`finsynth.builder.ray_engine`, imported only when chosen) runs them as Ray tasks.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.context
import multiprocessing.queues
import os
import queue
import select
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_EXCEPTION, Future, ProcessPoolExecutor, wait
from pathlib import Path

from finsynth.builder.plan import ShardSpec
from finsynth.builder.shard import ShardResult, build_shard
from finsynth.errors import BuildError, FinsynthError

ShardDone = Callable[[ShardSpec, ShardResult], None]
ShardRows = Callable[[ShardSpec, int], None]
"""Called with a shard and the number of rows it has just written (progress within a shard)."""
_POLL_SECONDS = 0.2
_worker_rows: multiprocessing.queues.Queue[tuple[int, int]] | None = None
ENGINES = ("local", "ray")
"""Engine names, as ``--engine`` takes them."""


def failure(spec: ShardSpec, error: BaseException) -> BuildError:
    """Return the build error for a shard that raised ``error``."""
    if isinstance(error, FinsynthError):
        return BuildError(f"shard {spec.file_name}: {error}")
    return BuildError(f"shard {spec.file_name} failed: {type(error).__name__}: {error}")


def _worker_context() -> multiprocessing.context.BaseContext:
    """The pool's start method: a fork server on Linux, ``spawn`` elsewhere.

    The fork server is one per process, started by the first pool that asks for it; in a program
    that started its own before its first build, the workers still start clean but load the
    generators themselves.
    """
    if not sys.platform.startswith("linux"):
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    # Read when the fork server starts (the first pool of this process); later calls change nothing.
    context.set_forkserver_preload(["finsynth.builder.preload"])
    return context


def _parent_of(pid: int) -> int:
    """The parent of a Linux process, or 0 if it has gone."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def _exit_when_ended(build: int) -> None:
    """End this process as soon as process ``build`` ends (a Linux pidfd, watched by a thread)."""
    try:
        handle = os.pidfd_open(build)
    except ProcessLookupError:
        os._exit(1)
    except (AttributeError, OSError):  # a kernel before 5.3: the pool's own shutdown applies
        return

    def wait() -> None:
        select.select([handle], [], [])
        os._exit(1)

    threading.Thread(target=wait, name="finsynth-build-watch", daemon=True).start()


def die_with_parent(build: int) -> None:
    """Make this worker process end when the build process ``build`` ends, even if killed.

    On Linux a spawned worker, a child of the build, gets ``SIGKILL`` from the kernel when its
    parent dies (``PR_SET_PDEATHSIG``); a worker forked by the fork server watches the build's
    pidfd instead (the server and its workers keep each other alive: each forked worker holds the
    pipe the server watches for its build's end). A worker whose build died before either was set
    exits at once. Elsewhere the pool's own shutdown applies.
    """
    if not sys.platform.startswith("linux"):
        if os.getppid() != build:
            os._exit(1)
        return
    import ctypes

    set_parent_death_signal = 1  # PR_SET_PDEATHSIG in <sys/prctl.h>
    ctypes.CDLL(None, use_errno=True).prctl(set_parent_death_signal, signal.SIGKILL)
    parent = os.getppid()
    if parent == build:
        return
    if _parent_of(parent) != build:
        os._exit(1)
    _exit_when_ended(build)


def _start_worker(
    build: int, environment: dict[str, str], rows: multiprocessing.queues.Queue[tuple[int, int]]
) -> None:
    """Initialize a pool worker: end with the build, take its environment, report rows on ``rows``.

    A forked worker inherits the fork server's environment, which is the build process's as it
    was when the server started; the build's current one replaces it, as a spawned worker's would.
    """
    global _worker_rows
    die_with_parent(build)
    if os.environ != environment:
        os.environ.clear()
        os.environ.update(environment)
    _worker_rows = rows


def _build_reporting(position: int, spec: ShardSpec, folder: Path) -> ShardResult:
    """Build a shard in a pool worker, reporting ``(position, rows)`` as row groups are written."""
    rows = _worker_rows
    return build_shard(spec, folder, None if rows is None else lambda count: rows.put((position, count)))


class _RowReports:
    """Row counts reported by pool workers, passed on so that each shard's add up to its rows.

    A worker's report travels on a queue and its result on another pipe, so a report can arrive
    after its shard's result: at a shard's end the remainder is passed on and later reports of
    that shard are dropped.
    """

    def __init__(self, shards: Sequence[ShardSpec], on_rows: ShardRows | None) -> None:
        self._shards = shards
        self._on_rows = on_rows
        self._reported: dict[int, int] = {}
        self._finished: set[int] = set()

    def drain(self, rows: multiprocessing.queues.Queue[tuple[int, int]]) -> None:
        """Pass on every count the workers have reported so far."""
        while True:
            try:
                position, count = rows.get_nowait()
            except queue.Empty:
                return
            if position not in self._finished:
                self._pass_on(position, count)

    def finish(self, position: int, result: ShardResult) -> None:
        """Pass on the rows of a finished shard not yet reported."""
        self._pass_on(position, result.rows - self._reported.get(position, 0))
        self._finished.add(position)

    def _pass_on(self, position: int, count: int) -> None:
        self._reported[position] = self._reported.get(position, 0) + count
        if self._on_rows is not None and count:
            self._on_rows(self._shards[position], count)


def run_local(
    shards: Sequence[ShardSpec],
    folder: Path,
    num_proc: int,
    on_done: ShardDone,
    on_rows: ShardRows | None = None,
) -> list[ShardResult]:
    """Build every shard into ``folder`` with ``num_proc`` processes.

    ``on_rows``, when given, hears of every row group as it is written (from the workers, through
    a queue), so progress advances within shards; the counts of a shard add up to its rows, all
    passed before its ``on_done``.

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
            report = None if on_rows is None else (lambda count, spec=spec: on_rows(spec, count))
            try:
                results[position] = build_shard(spec, folder, report)
            except Exception as error:
                raise failure(spec, error) from error
            on_done(spec, results[position])
        return [results[position] for position in range(len(shards))]
    context = _worker_context()
    workers = min(num_proc, len(shards))
    rows: multiprocessing.queues.Queue[tuple[int, int]] = context.Queue()
    reports = _RowReports(shards, on_rows)
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_start_worker,
        initargs=(os.getpid(), dict(os.environ), rows),
    ) as pool:
        pending: dict[Future[ShardResult], int] = {
            pool.submit(_build_reporting, position, spec, folder): position
            for position, spec in enumerate(shards)
        }
        while pending:
            done, _ = wait(pending, timeout=_POLL_SECONDS, return_when=FIRST_EXCEPTION)
            reports.drain(rows)
            for future in done:
                position = pending.pop(future)
                raised = future.exception()
                if raised is not None:
                    for other in pending:
                        other.cancel()
                    raise failure(shards[position], raised) from raised
                results[position] = future.result()
                reports.finish(position, results[position])
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
    on_rows: ShardRows | None = None,
) -> list[ShardResult]:
    """Build every shard into ``folder`` with the named engine.

    Args:
        engine: ``"local"`` (processes on this machine) or ``"ray"`` (Ray tasks).
        shards: Shard specs to build.
        folder: Staging folder.
        on_done: Called after each shard is written.
        on_rows: Called as rows are written within a shard (local engine; the Ray engine reports
            whole shards through ``on_done`` only).
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
        return run_local(shards, folder, num_proc, on_done, on_rows)
    if engine == "ray":
        if num_proc != 1:
            raise BuildError("--num-proc is for --engine local; --engine ray uses every CPU Ray has")
        from finsynth.builder.ray_engine import run_ray

        return run_ray(shards, folder, on_done, address=address)
    raise BuildError(f"unknown engine {engine!r}; choose one of: {', '.join(ENGINES)}")
