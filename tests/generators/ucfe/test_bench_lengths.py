"""Our UCFE needs and hints against the real benchmark's lengths (``bench_lengths``)."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from finsynth.generators.ucfe.bench import BENCH_TASKS
from finsynth.generators.ucfe.bench_lengths import BENCH_LENGTHS, HINTS_RATIO, NEEDS_RATIO
from finsynth.generators.ucfe.hints import EvaluationHints, render_hints
from finsynth.generators.ucfe.instances import TASKS, instance_generator
from finsynth.seeding import RandomStream, derive_seed

ROOT = Path(__file__).resolve().parents[3]
REAL_BENCH = ROOT / ".." / "shared" / "data" / "ucfe" / "UCFE_bench.json"
DRAWS = 60


@pytest.mark.skipif(not REAL_BENCH.exists(), reason=f"UCFE benchmark not found at {REAL_BENCH}")
def test_the_reference_table_is_the_real_benchmarks_medians() -> None:
    bench = json.loads(REAL_BENCH.read_text(encoding="utf-8"))
    measured = {
        BENCH_TASKS[key]: (
            statistics.median(len(item["needs"]) for item in items),
            statistics.median(len(item["evaluation_hints"]) for item in items),
            len(items),
        )
        for key, items in bench.items()
    }
    assert {task: tuple(lengths) for task, lengths in BENCH_LENGTHS.items()} == measured


def test_the_table_covers_every_task() -> None:
    assert set(BENCH_LENGTHS) == set(TASKS)


def _medians(task: str) -> tuple[float, float]:
    generate = instance_generator(task)
    instances = [generate(RandomStream(derive_seed("bench lengths", task, index))) for index in range(DRAWS)]
    needs = statistics.median(len(instance.needs) for instance in instances)
    hints = statistics.median(
        len(render_hints(EvaluationHints.from_dict({k: list(v) for k, v in instance.hints.items()})))
        for instance in instances
    )
    return needs, hints


@pytest.mark.xfail(
    strict=True,
    reason="issue #30: needs are still 0.17-0.6x the real bench's median in ten tasks and hints under "
    "half in seven; lengthening them from each item's facts is not done yet",
)
def test_needs_and_hints_are_as_long_as_the_real_benchs() -> None:
    short = {}
    for task in TASKS:
        needs, hints = _medians(task)
        reference = BENCH_LENGTHS[task]
        ratio = (needs / reference.needs, hints / reference.hints)
        if not (NEEDS_RATIO[0] <= ratio[0] <= NEEDS_RATIO[1] and ratio[1] >= HINTS_RATIO):
            short[task] = (round(ratio[0], 2), round(ratio[1], 2))
    assert short == {}
