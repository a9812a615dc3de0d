"""``verifiers.load_environment("finsynth-…")`` finds finsynth's environments; they score with its rewards.

Needs the ``rl`` extra (verifiers, Python 3.11+); skipped without it. ``make test-integration``
installs it and runs this folder; tests/integration/test_verifiers_eval.py runs an environment
against the local llama.cpp server.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from finsynth.environments import ENVIRONMENTS
from finsynth.rewards import reward_functions
from tests.scoring.chat_server import ChatServer, Reply, chat_reply

vf: Any = pytest.importorskip("verifiers", reason="needs the rl extra: pip install -e '.[rl]'")


def test_load_environment_by_name() -> None:
    environment = vf.load_environment("finsynth-finchain", num_examples=5, seed=3)
    assert isinstance(environment, vf.SingleTurnEnv)
    dataset = environment.get_dataset()
    assert len(dataset) == 5
    again = vf.load_environment("finsynth-finchain", num_examples=5, seed=3).get_dataset()
    assert dataset["info"] == again["info"]
    # verifiers adds its own monitoring metrics (weight 0) after the environment's rubric.
    names = environment.rubric._get_reward_func_names()
    weights = dict(zip(names, environment.rubric._get_reward_weights(), strict=True))
    finchain = [reward.__name__ for reward in reward_functions("finchain")]
    assert names[: len(finchain)] == finchain
    assert [weights[name] for name in finchain] == [1.0] * len(finchain)


@pytest.mark.parametrize("name", [name for name, family in ENVIRONMENTS.items() if family != "finchain"])
def test_judged_environment_without_a_judge_says_how_to_configure_one(name: str) -> None:
    with pytest.raises(RuntimeError, match="judge_base_url and judge_model"):
        vf.load_environment(name, num_examples=1)


def _state(row: dict[str, Any], text: str) -> Any:
    """A finished rollout of ``row`` whose reply is ``text``, as verifiers' rubric reads it."""
    return vf.State(
        prompt=row["prompt"],
        completion=[vf.AssistantMessage(content=text)],
        answer=row["answer"],
        info=row["info"],
        trajectory=[],
    )


def _score(environment: Any, states: list[Any]) -> list[float]:
    asyncio.run(environment.rubric.score_group(states))
    return [state["reward"] for state in states]


def test_rubric_scores_rollouts_with_finsynth_rewards() -> None:
    environment = vf.load_environment("finsynth-finchain", num_examples=3, seed=8)
    for row in environment.get_dataset():
        record = json.loads(row["info"]["record"])
        texts = [f"Working.\nAnswer: {record['target']}", "Answer: no idea", ""]
        states = [_state(row, text) for text in texts]
        right, wrong, empty = _score(environment, states)
        assert right > wrong >= empty == 0.0
        assert states[0]["metrics"]["finchain_correct"] == 1.0
        assert states[1]["metrics"]["finchain_correct"] == 0.0


def test_judged_environment_asks_the_configured_judge() -> None:
    def respond(body: dict[str, Any], headers: dict[str, str]) -> Reply:
        return chat_reply("Both replies serve the user equally well.\n[[3]]")

    with ChatServer(respond) as judge:
        environment = vf.load_environment(
            "finsynth-ucfe", num_examples=1, seed=4, judge_base_url=judge.url, judge_model="scripted"
        )
        (row,) = environment.get_dataset()
        rewards = _score(
            environment, [_state(row, "A careful, complete reply to the request."), _state(row, "")]
        )
        assert judge.hits == 2  # the reply against the reference, in both orders; the empty one loses unasked
    assert rewards == [0.5, 0.0]  # a tie in both orders
