"""The 17 synthetic UCFE generators: valid, deterministic records whose hints match their facts."""

from __future__ import annotations

import json

import pytest

from finsynth.generators.registry import all_generators, get_generator
from finsynth.generators.ucfe import task_spec
from finsynth.generators.ucfe.instances import TASKS, instance_generator
from finsynth.schemas import validate_record
from finsynth.seeding import InstanceSeeder, RandomStream

SEEDS = 1000


def test_every_task_has_exactly_one_generator() -> None:
    assert [generator.info.id for generator in all_generators("ucfe")] == sorted(
        f"ucfe/{task}" for task in TASKS
    )


@pytest.mark.parametrize("task", TASKS)
def test_records_are_valid_deterministic_and_carry_their_instance(task: str) -> None:
    generator = get_generator(f"ucfe/{task}")
    spec = task_spec(task)
    seeder = InstanceSeeder(7, "ucfe", "test", generator.info.id)
    make_instance = instance_generator(task)
    for index in range(SEEDS):
        seeds = seeder.seeds(index)
        record = generator.record(f"ucfe/{task}/test/{index:06d}", seeds)
        validate_record("ucfe", record)
        instance = make_instance(RandomStream(seeds.values))
        assert record["information"] == instance.information
        assert record["needs"] in (instance.needs_variants or (instance.needs,)), "one of the item's wordings"
        assert {name: tuple(entries) for name, entries in record["hints"].items()} == dict(instance.hints)
        metadata = json.loads(record["metadata"])
        assert metadata["facts"] == dict(instance.facts)
        assert metadata["reference_answer"] == instance.reference_answer
        assert all(record["hints"][name] for name in spec.required_hints)
        if index < 20:
            assert generator.record(record["id"], seeds) == record
