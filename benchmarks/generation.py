"""Single-core generation throughput: finsynth records and instances vs the f-string baseline."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial

from benchmarks.baseline_fstring import PROBLEMS
from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import all_generators, get_generator
from finsynth.schemas import Validator, validator_for
from finsynth.seeding import InstanceSeeder

COUNT = 20_000


def _rate(function: Callable[[int], None], count: int) -> float:
    start = time.perf_counter()
    for index in range(count):
        function(index)
    return count / (time.perf_counter() - start)


def _baseline(problem: Callable[[random.Random], object], rng: random.Random, index: int) -> None:
    problem(rng)


def _instance(generator: FinChainGenerator, seeder: InstanceSeeder, index: int) -> None:
    generator.instance(seeder.seeds(index))


def _record(generator: FinChainGenerator, seeder: InstanceSeeder, validator: Validator, index: int) -> None:
    validator.validate(generator.record("bench", seeder.seeds(index)))


def run(count: int = COUNT) -> list[dict[str, object]]:
    """Return one row per problem: per-core rates of the baseline and of finsynth."""
    rows: list[dict[str, object]] = []
    validator = validator_for("finchain")
    for template_id, baseline in PROBLEMS.items():
        generator = get_generator(template_id)
        assert isinstance(generator, FinChainGenerator)
        seeder = InstanceSeeder(1, "bench", "bench", template_id)
        baseline_rate = _rate(partial(_baseline, baseline, random.Random(1)), count)
        instance_rate = _rate(partial(_instance, generator, seeder), count)
        record_rate = _rate(partial(_record, generator, seeder, validator), count)
        rows.append(
            {
                "problem": template_id.rsplit("/", 1)[1][:32],
                "baseline pairs/s": baseline_rate,
                "finsynth question+solution/s": instance_rate,
                "finsynth validated records/s": record_rate,
                "question+solution ÷ baseline": instance_rate / baseline_rate,
                "records ÷ baseline": record_rate / baseline_rate,
            }
        )
    rows.append(all_templates(validator, count // 50))
    return rows


def all_templates(validator: Validator, per_template: int) -> dict[str, object]:
    """Per-core rates over every registered FinChain template (no baseline exists for all of them)."""
    instance_seconds = record_seconds = 0.0
    total = 0
    for generator in all_generators("finchain"):
        assert isinstance(generator, FinChainGenerator)
        seeder = InstanceSeeder(1, "bench", "bench", generator.info.id)
        instance_seconds += per_template / _rate(partial(_instance, generator, seeder), per_template)
        record_seconds += per_template / _rate(partial(_record, generator, seeder, validator), per_template)
        total += per_template
    return {
        "problem": f"all {len(all_generators('finchain'))} templates",
        "baseline pairs/s": "",
        "finsynth question+solution/s": total / instance_seconds,
        "finsynth validated records/s": total / record_seconds,
        "question+solution ÷ baseline": "",
        "records ÷ baseline": "",
    }
