"""finsynth's record families as ``verifiers`` environments: ``vf.load_environment("finsynth-finchain")``.

The ``verifiers`` library finds an environment by name: ``load_environment("finsynth-finchain")``
imports the module ``finsynth_finchain`` and calls its ``load_environment(**env_args)``. finsynth
installs three such modules (``finsynth_finchain``, ``finsynth_failsafe``, ``finsynth_ucfe``, in
the ``environments/`` folder); each is one line calling a function here.

Each environment is a single-turn ``vf.SingleTurnEnv``:

- **dataset**: records from finsynth's seeded stream (:func:`finsynth.iterable_dataset`), one
  row per record: ``prompt`` (the chat prompt), ``answer`` (the record's ``target``) and
  ``info`` (``{"record": <the record as JSON>}``);
- **rubric**: the family's reward functions from :func:`finsynth.rewards.reward_functions`, each
  called on one completion with the record's columns, exactly as TRL's ``GRPOTrainer`` calls it,
  so a verifiers run, a TRL run and an evaluation score an answer alike;
- **parser**: verifiers' plain ``Parser``; the rewards read the answer line themselves.

FailSafe and UCFE rewards ask a judge: pass ``judge_base_url`` and ``judge_model`` (and
``judge_api_key_env``, the *name* of the variable holding the key) as environment arguments.
``verifiers`` is an optional dependency (the ``rl`` extra), imported only when an environment is
built.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from finsynth.chat import prompt_messages
from finsynth.errors import FinsynthError
from finsynth.pipeline import iterable_dataset
from finsynth.rewards import RewardFunction, reward_functions
from finsynth.scoring.client import ChatEndpoint

ENVIRONMENTS: Mapping[str, str] = {
    "finsynth-finchain": "finchain",
    "finsynth-failsafe": "failsafe",
    "finsynth-ucfe": "ucfe",
}
"""Each environment's name (as ``verifiers.load_environment`` takes it) and its record family."""

SELECTIONS: Mapping[str, str] = {"finchain": "finchain/", "failsafe": "failsafe/", "ucfe": "ucfe/"}
"""The generators each environment draws from by default."""


def _verifiers() -> Any:
    try:
        import verifiers
    except ImportError as error:
        raise FinsynthError(
            "finsynth's verifiers environments need the verifiers package (Python 3.11 or later): "
            "pip install 'finsynth[rl]'"
        ) from error
    return verifiers


def _chat_message(message: Any) -> dict[str, Any]:
    """A verifiers message (a pydantic model with dict-style access) as a plain ``{role, content}`` dict."""
    return {"role": message.get("role"), "content": message.get("content")}


def _conversation(messages: Any) -> Any:
    """A prompt or completion as TRL hands it: a string stays, a list of messages becomes plain dicts."""
    if isinstance(messages, list):
        return [_chat_message(message) for message in messages]
    return messages


def rubric_function(reward: RewardFunction) -> Callable[..., float]:
    """``reward`` (TRL's batch form) as a verifiers reward: one rollout in, one float out.

    The record's columns come from ``info["record"]`` and reach ``reward`` as keyword arguments
    holding one value each, as TRL passes dataset columns.
    """

    def scored(prompt: Any, completion: Any, info: Mapping[str, Any], **_: Any) -> float:
        record = json.loads(info["record"])
        columns = {name: [value] for name, value in record.items() if name != "prompt"}
        return reward([_conversation(prompt)], [_conversation(completion)], **columns)[0]

    scored.__name__ = reward.__name__
    scored.__doc__ = reward.__doc__
    return scored


def _prompt(family: str, record: Mapping[str, Any]) -> list[dict[str, str]]:
    if family == "finchain":
        return prompt_messages(dict(record))
    return [{"role": "user", "content": str(record["input"])}]


def environment_rows(
    name: str,
    selection: str | Sequence[str] | None = None,
    *,
    num_examples: int,
    seed: int,
    domains: Sequence[str] = (),
    topics: Sequence[str] = (),
    difficulties: Sequence[str] = (),
) -> list[dict[str, Any]]:
    """The dataset rows of environment ``name``: ``num_examples`` records of the seeded stream.

    Args:
        name: An environment name (:data:`ENVIRONMENTS`).
        selection: Generator ids or prefixes of the environment's family; ``None`` for all.
        num_examples: Number of rows.
        seed: Root seed of the stream (the same seed gives the same rows on every machine).
        domains: Keep only these domains.
        topics: Keep only these topics.
        difficulties: Keep only these measured difficulty levels.

    Returns:
        Rows with ``prompt``, ``answer`` and ``info`` (``{"record": <JSON>}``).

    Raises:
        FinsynthError: For an unknown environment or a negative ``num_examples``.

    """
    if name not in ENVIRONMENTS:
        raise FinsynthError(f"unknown finsynth environment {name!r}; known: {', '.join(ENVIRONMENTS)}")
    if num_examples < 0:
        raise FinsynthError(f"{name}: num_examples must be 0 or more, got {num_examples}")
    family = ENVIRONMENTS[name]
    stream = iterable_dataset(
        SELECTIONS[family] if selection is None else selection,
        seed=seed,
        lanes=1,
        domains=domains,
        topics=topics,
        difficulties=difficulties,
    )
    return [
        {
            "prompt": _prompt(family, record),
            "answer": str(record["target"]),
            "info": {"record": json.dumps(record, sort_keys=True)},
        }
        for record in stream.take(num_examples)
    ]


def judge_endpoint(
    name: str, base_url: str | None, model: str | None, api_key_env: str, max_tokens: int
) -> ChatEndpoint:
    """The judge of a judged environment, from its environment arguments.

    Raises:
        FinsynthError: If ``judge_base_url`` or ``judge_model`` is missing, saying how to pass them.

    """
    if not base_url or not model:
        raise FinsynthError(
            f"{name} rewards ask a judge model, and none is configured: pass judge_base_url and "
            "judge_model (any OpenAI-compatible server; the key is read from the variable named by "
            f"judge_api_key_env), e.g. vf-eval {name} -a "
            '\'{"judge_base_url": "http://127.0.0.1:8000/v1", "judge_model": "my-judge"}\''
        )
    return ChatEndpoint(base_url=base_url, model=model, api_key_env=api_key_env, max_tokens=max_tokens)


def load_environment(
    name: str,
    *,
    selection: str | Sequence[str] | None = None,
    num_examples: int = 200,
    seed: int = 0,
    domains: Sequence[str] = (),
    topics: Sequence[str] = (),
    difficulties: Sequence[str] = (),
    judge_base_url: str | None = None,
    judge_model: str | None = None,
    judge_api_key_env: str = "OPENAI_API_KEY",
    judge_max_tokens: int = 512,
    system_prompt: str | None = None,
) -> Any:
    """Build the verifiers environment ``name`` (a ``vf.SingleTurnEnv``); see the module docstring.

    Args:
        name: An environment name (:data:`ENVIRONMENTS`).
        selection: Generator ids or prefixes of the family; ``None`` for all of it.
        num_examples: Rows in the dataset.
        seed: Root seed of the dataset's stream.
        domains: Keep only these domains.
        topics: Keep only these topics.
        difficulties: Keep only these measured difficulty levels.
        judge_base_url: The judge's OpenAI-compatible API root (FailSafe and UCFE).
        judge_model: The judge's model name (FailSafe and UCFE).
        judge_api_key_env: Name of the environment variable holding the judge's API key.
        judge_max_tokens: Largest judge reply.
        system_prompt: A system prompt verifiers puts before each prompt.

    Returns:
        A ``verifiers.SingleTurnEnv``.

    Raises:
        FinsynthError: If verifiers is not installed, the name is unknown, or a judged
            environment has no judge.

    """
    vf = _verifiers()
    family = ENVIRONMENTS.get(name)
    if family is None:
        raise FinsynthError(f"unknown finsynth environment {name!r}; known: {', '.join(ENVIRONMENTS)}")
    judge = (
        None
        if family == "finchain"
        else judge_endpoint(name, judge_base_url, judge_model, judge_api_key_env, judge_max_tokens)
    )
    rewards = reward_functions(family, judge=judge)
    rows = environment_rows(
        name,
        selection,
        num_examples=num_examples,
        seed=seed,
        domains=domains,
        topics=topics,
        difficulties=difficulties,
    )
    from datasets import Dataset

    parser = vf.Parser()
    rubric = vf.Rubric(funcs=[rubric_function(reward) for reward in rewards], parser=parser)
    return vf.SingleTurnEnv(
        dataset=Dataset.from_list(rows), system_prompt=system_prompt, parser=parser, rubric=rubric
    )
