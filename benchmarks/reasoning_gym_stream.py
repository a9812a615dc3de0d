"""The training stream per core against reasoning-gym's templated word problems, as an RL loop uses them.

What a reinforcement-learning loop pays per item is drawing the item and scoring a completion
against it. reasoning-gym's ``gsm_symbolic`` (templated GSM8K word problems) does both with
``dataset[i]`` and ``dataset.score_answer(answer, entry)``; finsynth does them with its training
stream (``stream_records``, every FinChain template in turn) and ``finsynth.score_answer`` on an
``Answer:`` line. Both are timed in CPU time of this process, in the same run, after a warm-up.
The goal is ≥ 2× reasoning-gym's items per second; a finsynth record carries a worked solution,
its steps, a replayable trace and metadata, which a ``gsm_symbolic`` entry does not.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from benchmarks.rates import items_per_cpu_second
from finsynth import score_answer
from finsynth.generators.registry import resolve
from finsynth.pipeline import stream_records

GOAL = 2.0
"""finsynth items per second ÷ reasoning-gym's, in the same run."""
ITEMS = 20_000
WARM_UP = 3_000


def _completion(record: dict[str, Any]) -> str:
    """A completion that states the record's own answer, as a policy that got it right would."""
    return f"Some working.\nAnswer: {record['target']}"


def finsynth_items() -> Iterator[None]:
    ids = tuple(generator.info.id for generator in resolve(["finchain/"]))
    for record in stream_records(ids, 1, [0], 1024):
        score_answer(_completion(record), record)
        yield None


def reasoning_gym_items() -> Iterator[None]:
    import reasoning_gym

    dataset = reasoning_gym.create_dataset("gsm_symbolic", size=WARM_UP + ITEMS, seed=1)
    for index in range(WARM_UP + ITEMS):
        entry = dataset[index]
        dataset.score_answer(entry["answer"], entry)
        yield None


def run() -> list[dict[str, object]]:
    """One row: both rates (items drawn and scored per CPU second) and their ratio."""
    theirs = items_per_cpu_second(reasoning_gym_items, WARM_UP, ITEMS)
    ours = items_per_cpu_second(finsynth_items, WARM_UP, ITEMS)
    return [
        {
            "problem": "draw an item + score one completion",
            "finsynth stream items/s (one core)": ours,
            "reasoning-gym gsm_symbolic items/s": theirs,
            "ratio": ours / theirs,
            f"÷ goal ({GOAL:g}×)": ours / theirs / GOAL,
        }
    ]


if __name__ == "__main__":
    for row in run():
        print(row)
