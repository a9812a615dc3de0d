"""Draws shared by the UCFE instance tests: 1,000 seeds per task, generated once per session."""

from __future__ import annotations

from functools import cache

from finsynth.generators.ucfe.instances import TaskInstance, instance_generator
from finsynth.seeding import RandomStream, derive_seed

SEEDS = 1_000


def seed_of(task: str, index: int) -> int:
    """The test seed of instance ``index`` of ``task``."""
    return derive_seed("ucfe-instances-test", task, index)


@cache
def draws(task: str) -> tuple[TaskInstance, ...]:
    """The instances of ``task`` for the first :data:`SEEDS` test seeds."""
    generate = instance_generator(task)
    return tuple(generate(RandomStream(seed_of(task, index))) for index in range(SEEDS))
