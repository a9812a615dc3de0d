"""Engines run shard specs; every engine writes the same bytes for the same specs.

The local engine uses a process pool (``spawn`` start method, so workers begin from a
clean interpreter on every platform) or, with one process, runs in the caller.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_EXCEPTION, Future, ProcessPoolExecutor, wait
from pathlib import Path

from finsynth.build.plan import ShardSpec
from finsynth.build.shard import ShardResult, build_shard
from finsynth.errors import BuildError, FinsynthError

ShardDone = Callable[[ShardSpec, ShardResult], None]


def _failure(spec: ShardSpec, error: BaseException) -> BuildError:
    if isinstance(error, FinsynthError):
        return BuildError(f"shard {spec.file_name}: {error}")
    return BuildError(f"shard {spec.file_name} failed: {type(error).__name__}: {error}")


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
    if num_proc == 1 or len(shards) == 1:
        for position, spec in enumerate(shards):
            try:
                results[position] = build_shard(spec, folder)
            except Exception as error:
                raise _failure(spec, error) from error
            on_done(spec, results[position])
        return [results[position] for position in range(len(shards))]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(num_proc, len(shards)), mp_context=context) as pool:
        pending: dict[Future[ShardResult], int] = {
            pool.submit(build_shard, spec, folder): position for position, spec in enumerate(shards)
        }
        while pending:
            done, _ = wait(pending, return_when=FIRST_EXCEPTION)
            for future in done:
                position = pending.pop(future)
                failure = future.exception()
                if failure is not None:
                    for other in pending:
                        other.cancel()
                    raise _failure(shards[position], failure) from failure
                results[position] = future.result()
                on_done(shards[position], results[position])
    return [results[position] for position in range(len(shards))]
