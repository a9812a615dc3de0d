"""Our UCFE needs and hints against the real bench's lengths (``bench_lengths``), and what makes them long.

The length must come from the item: needs are a wording of the task plus detail sentences built
from the item's own facts (its names, amounts, dates and counts), and hint entries quote them.
"""

from __future__ import annotations

import json
import re
import statistics
from functools import cache
from pathlib import Path

import pytest

from finsynth.generators.ucfe.bench import BENCH_TASKS
from finsynth.generators.ucfe.bench_lengths import BENCH_LENGTHS, HINTS_RATIO, NEEDS_RATIO
from finsynth.generators.ucfe.hints import EvaluationHints, render_hints
from finsynth.generators.ucfe.instances import TASKS, TaskInstance, instance_generator
from finsynth.seeding import RandomStream, derive_seed
from finsynth.world.formatting import count_word

ROOT = Path(__file__).resolve().parents[3]
REAL_BENCH = ROOT / ".." / "shared" / "data" / "ucfe" / "UCFE_bench.json"
DRAWS = 60
GROUNDED_HINT_SHARE = 0.3
"""Least share of a task's hint characters in entries that quote the item's own facts."""


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


@cache
def _instances(task: str) -> tuple[TaskInstance, ...]:
    generate = instance_generator(task)
    return tuple(generate(RandomStream(derive_seed("bench lengths", task, index))) for index in range(DRAWS))


def _rendered(instance: TaskInstance) -> str:
    return render_hints(
        EvaluationHints.from_dict({kind: list(items) for kind, items in instance.hints.items()})
    )


@pytest.mark.parametrize("task", TASKS)
def test_needs_and_hints_are_as_long_as_the_real_benchs(task: str) -> None:
    needs = statistics.median(len(instance.needs) for instance in _instances(task))
    hints = statistics.median(len(_rendered(instance)) for instance in _instances(task))
    reference = BENCH_LENGTHS[task]
    assert NEEDS_RATIO[0] <= needs / reference.needs <= NEEDS_RATIO[1], (needs, reference.needs)
    assert hints / reference.hints >= HINTS_RATIO, (hints, reference.hints)


def _details(instance: TaskInstance) -> str:
    """The sentences every wording of the needs ends with: the item's details (empty when none)."""
    first, *others = instance.needs_variants
    length = 0
    while length < len(first) and all(
        length < len(other) and other[-1 - length] == first[-1 - length] for other in others
    ):
        length += 1
    tail = first[len(first) - length :]
    if tail.startswith(" "):  # the wordings end differently, so the details start here
        return tail[1:]
    start = re.search(r"(?<=[.?!]) (?=[A-Z\"'])", tail)  # the wordings share their last characters
    return tail[start.end() :] if start else ""


def _grounds(instance: TaskInstance) -> set[str]:
    """The item's own facts as a text may show them: names, numbers of its information, counts."""
    grounds = {value for value in instance.facts.values() if isinstance(value, str) and len(value) > 3}
    grounds |= set(re.findall(r"\$?\d[\d,]*(?:\.\d+)?%?", instance.information))
    grounds |= set(re.findall(r"\b[A-Z][\w&'-]+(?: (?:and )?[A-Z][\w&'-]+)+", instance.information))
    for value in instance.facts.values():
        if isinstance(value, int) and not isinstance(value, bool):
            grounds |= {f"{value:,}", f"${value:,}", count_word(value)}
    return {ground for ground in grounds if len(ground) > 1 or ground.isdigit()}


def _quotes_the_item(text: str, grounds: set[str]) -> bool:
    words = set(re.findall(r"\$?[\w,.%'-]+", text)) | {word.strip(".,;:") for word in text.split()}
    return any(
        ground in words or ((" " in ground or len(ground) > 4) and ground in text) for ground in grounds
    )


@pytest.mark.parametrize("task", TASKS)
def test_needs_are_long_because_of_the_items_own_details(task: str) -> None:
    instances = _instances(task)
    wording_only = statistics.median(len(instance.needs) - len(_details(instance)) for instance in instances)
    if wording_only >= NEEDS_RATIO[0] * BENCH_LENGTHS[task].needs:
        return  # the task's wordings alone are long enough; details are optional
    for instance in instances:
        details = _details(instance)
        assert details, (task, instance.needs)
        assert _quotes_the_item(details, _grounds(instance)), (task, details)
    assert len({_details(instance) for instance in instances}) >= DRAWS // 2, task


@pytest.mark.parametrize("task", TASKS)
def test_hints_are_long_because_they_quote_the_item(task: str) -> None:
    grounded = total = 0
    for instance in _instances(task):
        grounds = _grounds(instance)
        for items in instance.hints.values():
            for item in items:
                total += len(item)
                grounded += len(item) if _quotes_the_item(item, grounds) else 0
    assert grounded / total >= GROUNDED_HINT_SHARE, (task, round(grounded / total, 2))
