"""The curriculum: levels from measured difficulty, moves from rewards, selections, determinism."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from finsynth import FinsynthError
from finsynth.generators.registry import SCORE_TAG, resolve
from finsynth.rewards import Curriculum, finchain_correct
from finsynth.rewards.curriculum import default_bands

ROOT = Path(__file__).resolve().parents[2]


def test_default_levels_cover_every_template_once_easiest_first() -> None:
    curriculum = Curriculum(seed=1)
    scores = {g.info.id: int(g.info.tags[SCORE_TAG]) for g in resolve(["finchain/"])}
    listed = [name for level in curriculum.levels for name in level.generator_ids]
    assert sorted(listed) == sorted(scores)
    for lower, higher in zip(curriculum.levels, curriculum.levels[1:], strict=False):
        assert lower.highest < higher.lowest
    for level in curriculum.levels:
        assert len(level.generator_ids) >= 10
        assert all(level.lowest <= scores[name] <= level.highest for name in level.generator_ids)


def test_default_bands_merge_a_thin_last_band() -> None:
    assert default_bands([1, 1, 2, 3, 3, 3, 9], size=3) == [(1, 2), (3, 9)]
    assert default_bands([4, 5], size=3) == [(4, 5)]


def test_records_come_from_the_current_level() -> None:
    curriculum = Curriculum("finchain/corporate_finance", seed=3, levels=[(1, 3), (4, 5), (6, 20)])
    for level in range(len(curriculum.levels)):
        curriculum.set_level(level)
        band = curriculum.levels[level]
        scores = {record["difficulty_score"] for record in curriculum.take(50)}
        assert band.lowest <= min(scores) and max(scores) <= band.highest


def test_the_level_follows_the_mean_reward_of_the_window() -> None:
    curriculum = Curriculum(seed=1, window=4, raise_above=0.75, lower_below=0.25, max_level=2)
    curriculum.update([1, 1, 1])
    assert curriculum.level == 0  # the window is not full yet
    curriculum.record(1)
    assert curriculum.level == 1
    curriculum.update([1, 1, 1, 0])  # mean 0.75: up again; a move starts a new window
    assert curriculum.level == 2
    curriculum.update([1, 1, 1, 1])
    assert curriculum.level == 2  # max_level
    curriculum.update([0, 0, 0, 0.5])  # mean 0.125
    assert curriculum.level == 1
    curriculum.update([0.5, 0.5, 0.5, 0.5])
    assert curriculum.level == 1  # between the thresholds
    curriculum.update([0, 0])  # the window slides: 0.5, 0.5, 0, 0 -> 0.25
    assert curriculum.level == 0
    curriculum.update([0] * 8)
    assert curriculum.level == 0  # min_level


def test_feedback_records_the_rewards_a_reward_function_gives() -> None:
    curriculum = Curriculum(seed=1, window=2, raise_above=1.0, lower_below=0.0)
    rewarded = curriculum.feedback(finchain_correct)
    assert rewarded.__name__ == "finchain_correct"
    rows = curriculum.take(2)
    values = rewarded(
        prompts=["", ""],
        completions=[f"Answer: {row['target']}" for row in rows],
        target=[row["target"] for row in rows],
    )
    assert values == [1.0, 1.0] and curriculum.level == 1


def test_selections_still_apply() -> None:
    curriculum = Curriculum(seed=2, domains=["corporate_finance"], window=1, raise_above=0.5)
    for _ in range(len(curriculum.levels) * 20):
        assert next(curriculum)["domain"] == "corporate_finance"
        curriculum.record(1.0)
    assert curriculum.level == len(curriculum.levels) - 1
    topic = Curriculum("finchain/investment_analysis", seed=2, levels=[(1, 20)], topics=["compound_interest"])
    assert {record["topic"] for record in topic.take(30)} == {"compound_interest"}


def test_prompt_and_messages_columns() -> None:
    record = next(Curriculum(seed=1, prompt=True, messages=True))
    assert [message["role"] for message in record["prompt"]] == ["system", "user"]
    assert record["prompt"][1]["content"] == record["input"]
    assert record["messages"][:2] == record["prompt"]


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"window": 0}, "window must be at least 1"),
        ({"raise_above": 0.2, "lower_below": 0.5}, "lower_below < raise_above"),
        ({"start_level": 99}, "start_level"),
        ({"levels": [(1, 3), (50, 60)]}, r"level 1 \(difficulty scores 50-60\) holds no selected template"),
    ],
)
def test_bad_settings_are_refused(settings: dict[str, object], message: str) -> None:
    with pytest.raises(FinsynthError, match=message):
        Curriculum(seed=1, **settings)  # type: ignore[arg-type]


def test_templates_without_measured_difficulty_are_refused() -> None:
    with pytest.raises(FinsynthError, match=r"worked solution|measured difficulty"):
        Curriculum("failsafe/", seed=1)


SCRIPT = """
import hashlib, json, sys
from finsynth.rewards import Curriculum
curriculum = Curriculum(
    "finchain/corporate_finance", seed=7, levels=[(1, 3), (4, 5), (6, 20)], window=8, raise_above=0.6
)
ids, top = [], 0
for step in range(400):
    record = next(curriculum)
    ids.append(record["id"])
    curriculum.record(float(step % 10 < 7 if step < 100 else step % 10 < 2))
    top = max(top, curriculum.level)
print(hashlib.sha256(json.dumps(ids).encode()).hexdigest(), top, curriculum.level)
"""


def _run(hash_seed: str, script: str = SCRIPT) -> str:
    environment = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=environment, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_the_same_seed_and_rewards_give_the_same_items_in_any_process() -> None:
    first, second = _run("0"), _run("4242")
    assert first == second and first.split()[1:] == ["2", "0"]  # up to the top and down again
    changed = _run("0", SCRIPT.replace("step % 10 < 7", "step % 10 < 1"))
    assert changed.split()[0] != first.split()[0]  # the rewards fed back change the items


def test_item_order_matches_in_process() -> None:
    curriculum = Curriculum(
        "finchain/corporate_finance", seed=7, levels=[(1, 3), (4, 5), (6, 20)], window=8, raise_above=0.6
    )
    ids, top = [], 0
    for step in range(400):
        ids.append(next(curriculum)["id"])
        curriculum.record(float(step % 10 < 7 if step < 100 else step % 10 < 2))
        top = max(top, curriculum.level)
    digest = hashlib.sha256(json.dumps(ids).encode()).hexdigest()
    assert _run("1") == f"{digest} {top} {curriculum.level}\n"
    assert len({record_id.rsplit("/", 2)[0] for record_id in ids}) > 10
