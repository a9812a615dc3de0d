"""The verifiers environments' parts that need no verifiers: dataset rows, the rubric adapter, the judge.

``finsynth.environments`` imports ``verifiers`` only when an environment is built, so these run
in every environment; tests/environments/test_verifiers_environments.py loads the environments
through verifiers itself.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from finsynth.chat import prompt_messages
from finsynth.environments import ENVIRONMENTS, environment_rows, judge_endpoint, rubric_function
from finsynth.errors import FinsynthError
from finsynth.pipeline import iterable_dataset
from finsynth.rewards import reward_functions


class DictLike:
    """A message as verifiers hands it: a pydantic model read with ``.get``, not a ``Mapping``."""

    def __init__(self, **fields: Any) -> None:
        self.fields = fields

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


def test_rows_are_the_seeded_stream() -> None:
    rows = environment_rows("finsynth-finchain", num_examples=6, seed=11)
    records = list(iterable_dataset("finchain/", seed=11, lanes=1).take(6))
    assert [json.loads(row["info"]["record"]) for row in rows] == records
    assert [row["prompt"] for row in rows] == [prompt_messages(record) for record in records]
    assert [row["answer"] for row in rows] == [record["target"] for record in records]
    assert {tuple(row) for row in rows} == {("prompt", "answer", "info")}
    assert environment_rows("finsynth-finchain", num_examples=6, seed=11) == rows
    assert environment_rows("finsynth-finchain", num_examples=6, seed=12) != rows


def test_rows_follow_the_selection() -> None:
    rows = environment_rows(
        "finsynth-finchain", "finchain/corporate_finance", num_examples=5, seed=1, difficulties=["basic"]
    )
    ids = [json.loads(row["info"]["record"])["id"] for row in rows]
    assert len(ids) == 5
    assert all(record_id.startswith("finchain/corporate_finance/") for record_id in ids)


def test_judged_rows_ask_the_records_input() -> None:
    (row,) = environment_rows("finsynth-ucfe", num_examples=1, seed=2)
    record = json.loads(row["info"]["record"])
    assert row["prompt"] == [{"role": "user", "content": record["input"]}]
    assert row["answer"] == record["target"]


@pytest.mark.parametrize(
    ("name", "count", "message"), [("finsynth-nope", 1, "unknown"), ("finsynth-finchain", -1, "0 or more")]
)
def test_bad_rows_arguments_fail_clearly(name: str, count: int, message: str) -> None:
    with pytest.raises(FinsynthError, match=message):
        environment_rows(name, num_examples=count, seed=0)


def test_rubric_functions_score_as_the_trl_rewards() -> None:
    """Each verifiers reward gives, for one rollout, what the TRL reward gives for that row."""
    rows = environment_rows("finsynth-finchain", num_examples=4, seed=5)
    rewards = reward_functions("finchain")
    for row in rows:
        record = json.loads(row["info"]["record"])
        right = f"The working is done.\nAnswer: {record['target']}"
        for text in (right, "I am not sure.", ""):
            completion = [DictLike(role="assistant", content=text)]
            for reward in rewards:
                adapted = rubric_function(reward)
                assert adapted.__name__ == reward.__name__
                score = adapted(prompt=row["prompt"], completion=completion, info=row["info"], answer="x")
                columns = {name: [value] for name, value in record.items()}
                plain = [{"role": "assistant", "content": text}]
                assert score == reward([row["prompt"]], [plain], **columns)[0]
        correct = rubric_function(rewards[0])
        assert (
            correct(
                prompt=row["prompt"], completion=[DictLike(role="assistant", content=right)], info=row["info"]
            )
            == 1.0
        )
        assert correct(prompt=row["prompt"], completion="Answer: nothing", info=row["info"]) == 0.0


@pytest.mark.parametrize("name", [name for name, family in ENVIRONMENTS.items() if family != "finchain"])
def test_judged_environments_need_a_judge(name: str) -> None:
    with pytest.raises(FinsynthError, match="judge_base_url and judge_model"):
        judge_endpoint(name, None, "judge", "OPENAI_API_KEY", 64)
    with pytest.raises(FinsynthError, match=f"vf-eval {name}"):
        judge_endpoint(name, "http://127.0.0.1:9/v1", "", "OPENAI_API_KEY", 64)
    endpoint = judge_endpoint(name, "http://127.0.0.1:9/v1", "judge", "MY_KEY", 64)
    assert (endpoint.base_url, endpoint.model, endpoint.api_key_env, endpoint.max_tokens) == (
        "http://127.0.0.1:9/v1",
        "judge",
        "MY_KEY",
        64,
    )
