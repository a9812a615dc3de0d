"""What must hold for every UCFE task's instances: shape, determinism, variety and the registry contract."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FinsynthError
from finsynth.generators.ucfe.instances import (
    HINT_KEYS,
    MULTI_TURN_TASKS,
    TASKS,
    ZERO_SHOT_TASKS,
    TaskInstance,
    hint_map,
    instance_generator,
    task_instance,
)
from finsynth.seeding import RandomStream
from tests.generators.ucfe.instances.harness import SEEDS, draws, seed_of

NO_SINGLE_ANSWER = {"analyst_simulation", "financial_knowledge_consulting"}
"""Tasks whose instances have no reference answer (an open framework or explanation)."""

REPO = Path(__file__).resolve().parents[4]


def check_well_formed(instance: TaskInstance, task: str) -> None:
    assert instance.task == task
    assert tuple(instance.hints) == HINT_KEYS
    for kind, items in instance.hints.items():
        assert isinstance(items, tuple), kind
        assert all(isinstance(item, str) and item.strip() for item in items), (kind, items)
    assert instance.hints["must_contain"], "every task grounds at least one must-contain fact"
    assert instance.information.strip() and instance.needs.strip()
    assert (instance.reference_answer == "") == (task in NO_SINGLE_ANSWER)
    assert all(isinstance(value, (str, int, float, bool)) for value in instance.facts.values())
    texts = [instance.information, instance.needs, instance.reference_answer]
    texts += [item for items in instance.hints.values() for item in items]
    for text in texts:
        assert "{" not in text and "}" not in text, f"unfilled placeholder in {text!r}"
        assert "  " not in text, f"double space in {text!r}"


def digest(tasks: tuple[str, ...], count: int) -> str:
    """SHA-256 over the instances of ``count`` seeds of every task, as canonical JSON."""
    hasher = hashlib.sha256()
    for task in tasks:
        generate = instance_generator(task)
        for index in range(count):
            instance = generate(RandomStream(seed_of(task, index)))
            payload = [
                instance.task,
                instance.information,
                instance.needs,
                instance.hints,
                instance.facts,
                instance.reference_answer,
            ]
            hasher.update(json.dumps(payload, sort_keys=True).encode("utf-8"))
    return hasher.hexdigest()


def test_the_task_list_is_the_seventeen_ucfe_tasks() -> None:
    assert len(TASKS) == len(set(TASKS)) == 17
    assert set(MULTI_TURN_TASKS).isdisjoint(ZERO_SHOT_TASKS)
    assert len(ZERO_SHOT_TASKS) == 4


def test_unknown_tasks_and_bad_hints_are_refused() -> None:
    with pytest.raises(FinsynthError, match="unknown UCFE task 'credit_risk'"):
        instance_generator("credit_risk")
    with pytest.raises(FinsynthError, match="unknown UCFE task"):
        task_instance("not_a_task")
    with pytest.raises(FinsynthError, match="hint keys must be exactly"):
        TaskInstance("stock_price_prediction", "data", "ask", {"answer": ()}, {}, "")
    registered = instance_generator("stock_price_prediction")
    with pytest.raises(FinsynthError, match="has two instance generators"):
        task_instance("stock_price_prediction")(lambda stream: registered(stream))
    assert instance_generator("stock_price_prediction") is registered
    assert tuple(hint_map()) == HINT_KEYS


@pytest.mark.slow
@pytest.mark.parametrize("task", TASKS)
def test_every_instance_is_well_formed_varied_and_repeatable(task: str) -> None:
    instances = draws(task)
    for instance in instances:
        check_well_formed(instance, task)
    distinct = len({instance.information for instance in instances})
    assert distinct >= 0.95 * SEEDS, f"{task}: only {distinct} distinct informations in {SEEDS}"
    generate = instance_generator(task)
    again = tuple(generate(RandomStream(seed_of(task, index))) for index in range(SEEDS))
    assert again == instances


@settings(max_examples=150, deadline=None)
@given(task=st.sampled_from(TASKS), seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_any_seed_gives_a_well_formed_instance(task: str, seed: int) -> None:
    check_well_formed(instance_generator(task)(RandomStream(seed)), task)


@pytest.mark.slow
def test_instances_are_identical_across_processes_and_hash_seeds() -> None:
    expected = digest(TASKS, 40)
    script = (
        "from tests.generators.ucfe.instances.test_base import digest;"
        "from finsynth.generators.ucfe.instances import TASKS;"
        "print(digest(TASKS, 40))"
    )
    for hash_seed in ("0", "4242"):
        environment = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run(
            [sys.executable, "-c", script],
            cwd=REPO,
            env=environment,
            capture_output=True,
            text=True,
            check=True,
        )
        assert result.stdout.strip() == expected, f"PYTHONHASHSEED={hash_seed}"
