"""Single-core generation throughput: finsynth records and instances vs the f-string baseline."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial

import numpy as np

from benchmarks.baseline_fstring import PROBLEMS
from finsynth.builder.shard import BATCH_SIZE
from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import all_generators, get_generator
from finsynth.schemas import Validator, validator_for
from finsynth.seeding import InstanceSeeder

COUNT = 20_000
TARGET = 70_000
"""The foundation issue's per-core target: the original FinChain generator's 70–80k pairs/s."""


def _rate(function: Callable[[int], None], count: int) -> float:
    start = time.perf_counter()
    for index in range(count):
        function(index)
    return count / (time.perf_counter() - start)


def _baseline(problem: Callable[[random.Random], object], rng: random.Random, index: int) -> None:
    problem(rng)


def _instance(generator: FinChainGenerator, seeder: InstanceSeeder, index: int) -> None:
    generator.instance(seeder.seeds(index))


def _batch_rate(
    generator: FinChainGenerator, seeder: InstanceSeeder, count: int, validator: Validator | None
) -> float:
    """Per-core rate of drawing ``count`` instances (or validated records) in batches, as builds do."""
    start = time.perf_counter()
    for first in range(0, count, BATCH_SIZE):
        indices = range(first, min(count, first + BATCH_SIZE))
        names, values = seeder.seed_arrays(np.arange(indices.start, indices.stop))
        if validator is None:
            generator.instances(names, values)
            continue
        for record in generator.records([f"bench-{index}" for index in indices], names, values):
            validator.validate(record)
    return count / (time.perf_counter() - start)


def run(count: int = COUNT) -> list[dict[str, object]]:
    """Return one row per problem: per-core rates of the baseline and of finsynth."""
    rows: list[dict[str, object]] = []
    validator = validator_for("finchain")
    for template_id, baseline in PROBLEMS.items():
        generator = get_generator(template_id)
        assert isinstance(generator, FinChainGenerator)
        seeder = InstanceSeeder(1, "bench", "bench", template_id)
        generator.instances([1], [1])
        baseline_rate = _rate(partial(_baseline, baseline, random.Random(1)), count)
        single_rate = _rate(partial(_instance, generator, seeder), count // 4)
        instance_rate = _batch_rate(generator, seeder, count, None)
        record_rate = _batch_rate(generator, seeder, count, validator)
        rows.append(
            _row(template_id.rsplit("/", 1)[1][:32], baseline_rate, single_rate, instance_rate, record_rate)
        )
    rows.append(all_templates(validator, BATCH_SIZE))
    return rows


def _row(
    problem: str, baseline: float | None, single: float, batch: float, records: float
) -> dict[str, object]:
    return {
        "problem": problem,
        "baseline pairs/s": "" if baseline is None else baseline,
        "finsynth instances/s, one by one": single,
        "finsynth instances/s, batches": batch,
        "finsynth validated records/s": records,
        "instances ÷ baseline": "" if baseline is None else batch / baseline,
        "instances ÷ 70k target": batch / TARGET,
    }


def all_templates(validator: Validator, per_template: int) -> dict[str, object]:
    """Per-core rates over every registered FinChain template (no baseline exists for all of them)."""
    single_seconds = batch_seconds = record_seconds = 0.0
    total = 0
    for generator in all_generators("finchain"):
        assert isinstance(generator, FinChainGenerator)
        seeder = InstanceSeeder(1, "bench", "bench", generator.info.id)
        # Steady state: a template compiles its batch drawer once per process, on its first batch.
        generator.instances([1], [1])
        single_seconds += per_template / 4 / _rate(partial(_instance, generator, seeder), per_template // 4)
        batch_seconds += per_template / _batch_rate(generator, seeder, per_template, None)
        record_seconds += per_template / _batch_rate(generator, seeder, per_template, validator)
        total += per_template
    count = len(all_generators("finchain"))
    return _row(
        f"all {count} templates",
        None,
        total / 4 / single_seconds,
        total / batch_seconds,
        total / record_seconds,
    )
