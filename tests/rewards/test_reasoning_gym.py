"""FinChain as a reasoning-gym dataset, tested against the installed reasoning-gym package."""

from __future__ import annotations

import itertools

import pytest
import reasoning_gym
from reasoning_gym.composite import CompositeConfig, CompositeDataset, DatasetSpec
from reasoning_gym.dataset import ProceduralDataset

from finsynth import score_answer
from finsynth.generators.registry import resolve
from finsynth.pipeline import stream_records
from finsynth.rewards import reasoning_gym_dataset, register_reasoning_gym


def test_entries_have_the_reasoning_gym_shape_and_score_their_own_answers() -> None:
    dataset = reasoning_gym_dataset("finchain/", size=600, seed=4)
    assert isinstance(dataset, ProceduralDataset) and len(dataset) == 600
    entries = list(dataset)
    assert len(entries) == 600
    for entry in entries:
        assert isinstance(entry["question"], str) and isinstance(entry["answer"], str)
        assert entry["metadata"]["source_dataset"] == "finsynth"
        assert dataset.score_answer(entry["answer"], entry) == 1.0
        assert dataset.score_answer(f"Working...\nAnswer: {entry['answer']}", entry) == 1.0
    assert dataset.score_answer("123456789", entries[0]) == 0.0
    assert dataset.score_answer(None, entries[0]) == 0.0
    assert dataset.score_answer("", entries[0]) == 0.0


def test_scoring_is_score_answer_of_the_answer_line() -> None:
    dataset = reasoning_gym_dataset("finchain/corporate_finance", size=50, seed=1)
    for entry in dataset:
        for answer in (entry["answer"], "12", "12%", f"{entry['answer']} or 3"):
            assert dataset.score_answer(answer, entry) == score_answer(f"Answer: {answer}", entry["metadata"])


def test_entries_are_the_one_lane_stream_by_index_and_deterministic() -> None:
    dataset = reasoning_gym_dataset("finchain/", size=700, seed=9)
    ids = tuple(generator.info.id for generator in resolve(["finchain/"]))
    stream = list(itertools.islice(stream_records(ids, 9, [0], 1), 700))
    for index in (699, 0, 290, 3, 291):
        assert dataset[index]["metadata"]["id"] == stream[index]["id"]
        assert dataset[index] == reasoning_gym_dataset("finchain/", size=700, seed=9)[index]
    with pytest.raises(IndexError):
        dataset[700]


def test_reasoning_gym_builds_it_by_name_and_mixes_it_into_a_composite() -> None:
    register_reasoning_gym()
    by_name = reasoning_gym.create_dataset("finsynth", selection="finchain/", size=10, seed=3)
    assert by_name[2] == reasoning_gym_dataset("finchain/", size=10, seed=3)[2]
    composite = CompositeDataset(
        CompositeConfig(
            size=40,
            seed=5,
            datasets=[
                DatasetSpec("finsynth", 1.0, {"selection": ["finchain/"]}),
                DatasetSpec("basic_arithmetic", 1.0, {}),
            ],
        )
    )
    sources = [composite[index]["metadata"]["source_dataset"] for index in range(40)]
    assert set(sources) == {"finsynth", "basic_arithmetic"}
    for index in range(40):
        entry = composite[index]
        assert composite.score_answer(entry["answer"], entry) == 1.0
    finance = next(composite[index] for index in range(40) if sources[index] == "finsynth")
    assert composite.score_answer("Answer: -1", finance) == 0.0
