"""Per-core rates of complete FinChain records through the public API, against the f-string baseline.

The issue's target: complete records (question, solution, steps, trace, metadata) through
``finsynth.generate`` (with and without validation) and through ``finsynth.iterable_dataset``
at 2× the original FinChain generator's plain pairs per second, i.e. about 0.7× the f-string
baseline of ``benchmarks/baseline_fstring.py`` measured in the same run (the original made
about 0.35× of it here). Every rate is CPU time of this process, over all 290 templates.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator

import finsynth
from benchmarks.baseline_fstring import PROBLEMS
from finsynth.generators.registry import resolve
from finsynth.pipeline import stream_records

PER_TEMPLATE = 200
"""Instances of each template drawn by ``generate`` (and records taken from the stream per template)."""
TARGET_OF_BASELINE = 0.7
"""2× the original generator, which made about 0.35× the f-string baseline's pairs/s."""


def _cpu_rate(records: Callable[[], Iterator[object]], count: int) -> float:
    start = time.process_time()
    drawn = sum(1 for _ in itertools.islice(records(), count))
    return drawn / (time.process_time() - start)


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


def run(per_template: int = PER_TEMPLATE) -> list[dict[str, object]]:
    """Return one row per path: records/s on one core and the ratio to the baseline of this run."""
    templates = len(resolve(["finchain/"]))
    count = per_template * templates
    list(finsynth.generate("finchain/", n=1, seed=0))  # compile every template's batch drawer first
    ids = tuple(generator.info.id for generator in resolve(["finchain/"]))
    paths: dict[str, Callable[[], Iterator[object]]] = {
        "finsynth.generate, validated": lambda: finsynth.generate("finchain/", n=per_template, seed=1),
        "finsynth.generate, validate=False": lambda: finsynth.generate(
            "finchain/", n=per_template, seed=1, validate=False
        ),
        "stream_records (the stream's lanes)": lambda: stream_records(ids, 1, [0], 1024),
        "iterable_dataset (through datasets)": lambda: iter(finsynth.iterable_dataset("finchain/", seed=1)),
    }
    baseline = baseline_rate()
    rows: list[dict[str, object]] = []
    for name, records in paths.items():
        rate = _cpu_rate(records, count)
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
