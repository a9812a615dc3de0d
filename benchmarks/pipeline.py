"""Per-core rates of complete FinChain records through the public API, against the f-string baseline.

The issue's target: complete records (question, solution, steps, trace, metadata) through
``finsynth.generate`` (with and without validation) and through ``finsynth.iterable_dataset``
at 2× the original FinChain generator's plain pairs per second, i.e. about 0.7× the f-string
baseline of ``benchmarks/baseline_fstring.py`` measured in the same run (the original made
about 0.35× of it here). Every rate is CPU time of this process, over all 290 templates.

Two ceiling rows bound what any generator could reach: one iterates, row by row, an Arrow table
of the same stream's records built before the clock starts, the way ``datasets`` serves any
in-memory table (``datasets``' own per-row cost); the other only copies record dicts whose values
are already computed (``dict`` and list copies in C), the least a path that yields plain dicts
pays. The Arrow-batches row reads the stream as ``datasets`` hands it to batched consumers
(``.with_format("arrow").iter``), without a dict per row.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import datasets
import pyarrow as pa

import finsynth
from benchmarks.baseline_fstring import PROBLEMS
from finsynth.generators.registry import resolve
from finsynth.pipeline import stream_records, stream_tables

PER_TEMPLATE = 200
"""Instances of each template drawn by ``generate`` (and records taken from the stream per template)."""
TARGET_OF_BASELINE = 0.7
"""2× the original generator, which made about 0.35× the f-string baseline's pairs/s."""
ARROW_BATCH = 1_000
"""Rows of each Arrow batch a batched consumer asks ``datasets`` for."""

Rows = Callable[[], Iterator[int]]
"""Start a path; each item it yields is how many records it delivered (one, or a batch's rows)."""


def _one_by_one(records: Iterable[object]) -> Iterator[int]:
    return (1 for _ in records)


def _cpu_rate(rows: Rows, count: int) -> float:
    start = time.process_time()
    delivered = 0
    for size in rows():
        delivered += size
        if delivered >= count:
            break
    return delivered / (time.process_time() - start)


def baseline_rate(count: int = 60_000) -> float:
    """Pairs per second of the f-string baseline, averaged over its problems (harmonic mean)."""
    seconds = 0.0
    for problem in PROBLEMS.values():
        rng = random.Random(1)
        start = time.process_time()
        for _ in range(count // len(PROBLEMS)):
            problem(rng)
        seconds += time.process_time() - start
    return count // len(PROBLEMS) * len(PROBLEMS) / seconds


def _stream_table(ids: tuple[str, ...], count: int) -> pa.Table:
    """The first ``count`` records of the stream of seed 1, lane 0, as one table."""
    tables = (table for _, table in stream_tables(ids, 1, [0], 1024))
    drawn: list[pa.Table] = []
    while sum(table.num_rows for table in drawn) < count:
        drawn.append(next(tables))
    return pa.concat_tables(drawn).slice(0, count)


def _copied(record: dict[str, Any]) -> dict[str, Any]:
    """A new record dict with new nested containers, from values already computed (C-level copies)."""
    copy = dict(record)
    copy["choices"] = list(record["choices"])
    copy["steps"] = [{**step, "inputs": [dict(item) for item in step["inputs"]]} for step in record["steps"]]
    return copy


def _dict_copies(records: list[dict[str, Any]]) -> Iterator[int]:
    """Yield 1 per record dict rebuilt, cycling over ``records``: what building the dicts alone costs."""
    for record in itertools.cycle(records):
        _copied(record)
        yield 1


def run(per_template: int = PER_TEMPLATE) -> list[dict[str, object]]:
    """Return one row per path: records/s on one core and the ratio to the baseline of this run."""
    templates = len(resolve(["finchain/"]))
    count = per_template * templates
    # Compile every template's batch drawer and let it learn its acceptance rates at this batch
    # size first, so that the first path timed does not pay for it.
    list(finsynth.generate("finchain/", n=per_template, seed=0, validate=False))
    ids = tuple(generator.info.id for generator in resolve(["finchain/"]))
    prebuilt = datasets.Dataset(_stream_table(ids, count))
    computed = list(finsynth.generate("finchain/", n=min(per_template, 20), seed=1, validate=False))
    paths: dict[str, Rows] = {
        "finsynth.generate, validated": lambda: _one_by_one(
            finsynth.generate("finchain/", n=per_template, seed=1)
        ),
        "finsynth.generate, validate=False": lambda: _one_by_one(
            finsynth.generate("finchain/", n=per_template, seed=1, validate=False)
        ),
        "stream_records, one lane": lambda: _one_by_one(stream_records(ids, 1, [0], 1024)),
        "stream_records, 8 lanes in one call": lambda: _one_by_one(stream_records(ids, 1, range(8), 1024)),
        "iterable_dataset, rows (through datasets)": lambda: _one_by_one(
            finsynth.iterable_dataset("finchain/", seed=1)
        ),
        f'iterable_dataset, .with_format("arrow").iter({ARROW_BATCH:,})': lambda: (
            batch.num_rows
            for batch in finsynth.iterable_dataset("finchain/", seed=1)
            .with_format("arrow")
            .iter(batch_size=ARROW_BATCH)
        ),
        "ceiling: datasets rows of a prebuilt table of these records": lambda: _one_by_one(
            prebuilt.to_iterable_dataset()
        ),
        "ceiling: only building the record dicts, values already computed": lambda: _dict_copies(computed),
    }
    baseline = baseline_rate()
    rows: list[dict[str, object]] = []
    for name, path in paths.items():
        rate = _cpu_rate(path, count)
        rows.append(
            {
                "problem": name,
                "records/s (one core)": rate,
                "f-string baseline pairs/s, same run": baseline,
                "÷ baseline": rate / baseline,
                f"÷ target ({TARGET_OF_BASELINE}× baseline)": rate / baseline / TARGET_OF_BASELINE,
            }
        )
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
