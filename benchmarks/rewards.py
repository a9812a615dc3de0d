"""Reinforcement learning: reward throughput per core, and the stream's rate with a curriculum attached.

Reward throughput: 10,000 completions mixed as a policy writes them early and late in training
(the worked solution, a bare right answer, a wrong answer after the working, a reply without an
``Answer:`` line, a hedge, ``Answer:`` spam), scored by all three FinChain reward functions
in TRL's batched calling form, in CPU time of this process.

Curriculum: FinChain records drawn by :class:`~finsynth.rewards.Curriculum` with a reward fed
back for every record (so the level moves up and down), against the one-lane training stream
(``stream_records``) of the same templates, both after a warm-up that draws every level. The
goal is ≥ 0.8× the stream's rate.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from typing import Any

from benchmarks.rates import items_per_cpu_second
from finsynth.chat import assistant_message
from finsynth.generators.registry import resolve
from finsynth.pipeline import stream_records
from finsynth.rewards import Curriculum, reward_functions

COMPLETIONS = 10_000
BATCH = 64
"""Completions per reward call (a GRPO step's batch)."""
CURRICULUM_GOAL = 0.8
ITEMS = 30_000
WARM_UP = 60_000


def _mixed(record: dict[str, Any], kind: int) -> str:
    target, solution = str(record["target"]), str(record["solution"])
    return [
        assistant_message(solution, target),
        f"Answer: {target}",
        f"{solution}\nAnswer: 123456789",
        solution.replace("Answer:", "So"),
        f"Answer: {target} or 0.5",
        "Answer: 1\n" * 40,
    ][kind % 6]


def reward_rate() -> float:
    """Completions scored by every FinChain reward per CPU second."""
    ids = tuple(generator.info.id for generator in resolve(["finchain/"]))
    rows = list(itertools.islice(stream_records(ids, 3, [0], 1), COMPLETIONS))
    completions = [_mixed(row, index) for index, row in enumerate(rows)]
    functions = reward_functions("finchain")
    start = time.process_time()
    for first in range(0, COMPLETIONS, BATCH):
        batch = rows[first : first + BATCH]
        columns = {
            key: [row[key] for row in batch]
            for key in ("target", "choices", "answer_value", "answer_label", "answer_unit", "steps")
        }
        for function in functions:
            function(prompts=[], completions=completions[first : first + BATCH], **columns)
    return COMPLETIONS / (time.process_time() - start)


def _curriculum_items() -> Iterator[None]:
    curriculum = Curriculum(seed=1, window=32)
    for step in itertools.count():
        next(curriculum)
        # rises for a while, then falls: the level walks up and back down
        curriculum.record(1.0 if (step // 20_000) % 2 == 0 else 0.0)
        yield None


def _stream_items() -> Iterator[None]:
    ids = tuple(generator.info.id for generator in resolve(["finchain/"]))
    for _ in stream_records(ids, 1, [0], 1):
        yield None


def run() -> list[dict[str, object]]:
    """Two rows: reward throughput, and the stream with and without a curriculum."""
    stream, curriculum = (
        items_per_cpu_second(_stream_items, WARM_UP, ITEMS),
        items_per_cpu_second(_curriculum_items, WARM_UP, ITEMS),
    )
    return [
        {
            "problem": f"score {COMPLETIONS:,} mixed completions, 3 FinChain rewards",
            "per CPU second (one core)": reward_rate(),
            "baseline per CPU second": "",
            "ratio": "",
            f"÷ goal ({CURRICULUM_GOAL:g}×)": "",
        },
        {
            "problem": "stream records with a curriculum fed a reward per record",
            "per CPU second (one core)": curriculum,
            "baseline per CPU second": stream,
            "ratio": curriculum / stream,
            f"÷ goal ({CURRICULUM_GOAL:g}×)": curriculum / stream / CURRICULUM_GOAL,
        },
    ]


if __name__ == "__main__":
    for row in run():
        print(row)
