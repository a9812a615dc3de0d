"""The UCFE inspect_ai task: the model serves a simulated user, a judge compares it with a reference.

For each UCFE item that has a reference dialogue:

1. **Dialogue** (:func:`ucfe_dialogue`). A multi-turn item is played by the same loop that
   ``finsynth ucfe simulate`` uses (:func:`~finsynth.generators.ucfe.dialogues.item_dialogue`,
   with the stop rule of :func:`~finsynth.generators.ucfe.simulator.dialogue_steps`): the
   ``user`` model role plays the client, the evaluated model the assistant, under the round
   limits of the reference dialogue. A zero-shot item gets one reply to its prompt.
2. **Judge** (:func:`ucfe_judge`). The ``grader`` model role (or ``judge=``) compares the two
   dialogues with the item's own evaluation prompt and hints, once in each order; the orders
   must agree for a win, else it is a tie (:mod:`finsynth.scoring.dialogue_judge`).
   An evaluated dialogue whose assistant gave an empty reply (or none), or only declined in every
   reply, is a loss without asking the judge; a judge reply without a readable verdict on its
   last line is a loss too (reported, never left out). The score's ``rated_by`` metadata and the
   ``rated_by`` metric count each path: ``judge``, ``empty_answer``, ``refusal_only``,
   ``unreadable_judge``.
3. **Metrics.** ``win_rate`` (ties count half), the share of each outcome and the number of
   ``judged`` items (an item without a verdict in both orders is unscored), and the evaluated
   model's Elo and Bradley–Terry ratings against the reference with cluster-bootstrap intervals
   (:mod:`finsynth.scoring.ratings`). ``finsynth score ratings --from inspect`` rates several
   models from their logs together.

Reference dialogues come from a ``ucfe_dialogues`` dataset (``-T reference=PATH_OR_ID``),
made by ``finsynth ucfe simulate`` with the reference model on the same items. Without a
``user`` role the evaluated model also plays the client; without a ``grader`` role it judges.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from inspect_ai import Task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageUser,
    Model,
    ModelOutput,
    get_model,
)
from inspect_ai.scorer import Metric, SampleScore, Score, Scorer, Target, Value, metric, scorer
from inspect_ai.solver import Generate, Solver, TaskState, solver

from finsynth.errors import FinsynthError
from finsynth.generators.ucfe.dialogues import CONFIG as DIALOGUES_CONFIG
from finsynth.generators.ucfe.dialogues import RoundLimits, item_dialogue
from finsynth.generators.ucfe.simulator import DEFAULT_END_MARKER, Dialogue, DialogueSteps, Speaker
from finsynth.harness.deadlines import task_generate_config
from finsynth.harness.sources import interleaved, load_split
from finsynth.scoring.client import Message, Preference
from finsynth.scoring.dialogue_judge import (
    OUTCOME_POINTS,
    Outcome,
    item_judge_prompt,
    outcome,
    outcome_game,
    outcome_of_points,
    unreadable,
    verdict_of_replies,
)
from finsynth.scoring.ratings import Game, Method, bootstrap_ratings
from finsynth.scoring.refusals import is_refusal_only

DIALOGUE_STORE_KEY = "ucfe_dialogue"
"""Where the solver leaves the evaluated dialogue (``Dialogue.to_dict()``) in the sample's store."""
EVALUATED = "evaluated"
"""The evaluated model's name inside the task's rating metrics."""
REFERENCE = "reference"
"""The reference model's name inside the task's rating metrics."""
PREFERRED: Mapping[Preference, str] = {"A": "the evaluated dialogue", "B": "the reference", "tie": "neither"}
"""How a score's explanation names what the judge preferred in one order."""
ITEM_KEYS = ("task", "setting", "role_prompt", "information", "needs", "evaluation_prompt", "rendered_hints")
"""Item fields a sample carries: what the dialogue loop and the judge read."""


def _chat_message(message: Message) -> ChatMessage:
    if message.role == "system":
        return ChatMessageSystem(content=message.content)
    if message.role == "user":
        return ChatMessageUser(content=message.content)
    return ChatMessageAssistant(content=message.content)


async def play_with_models(steps: DialogueSteps, models: Mapping[Speaker, Model]) -> Dialogue:
    """Answer every turn request of ``steps`` with the inspect model of its speaker.

    An empty completion is sent back as it is (the loop records it as a failure); errors that
    inspect raises after its own retries end the sample as an error, as for any inspect solver.
    """
    try:
        request = next(steps)
        while True:
            output = await models[request.speaker].generate([_chat_message(m) for m in request.messages])
            request = steps.send(output.completion)
    except StopIteration as finished:
        dialogue: Dialogue = finished.value
        return dialogue


@solver
def ucfe_dialogue(end_marker: str = DEFAULT_END_MARKER) -> Solver:
    """Play the sample's UCFE item: the ``user`` role is the client, the evaluated model the assistant."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        item = {"input": state.input_text, **state.metadata}
        limits = RoundLimits(state.metadata["min_rounds"], state.metadata["max_rounds"])
        played = item_dialogue(item, limits, end_marker)
        assistant = get_model()
        dialogue = await play_with_models(
            played.steps, {"user": get_model(role="user"), "assistant": assistant}
        )
        state.store.set(DIALOGUE_STORE_KEY, dialogue.to_dict())
        state.messages = [_chat_message(turn) for turn in dialogue.turns]
        replies = [turn.content for turn in dialogue.turns if turn.role == "assistant"]
        state.output = ModelOutput.from_content(model=str(assistant), content=replies[-1] if replies else "")
        return state

    return solve


def _outcomes(scores: list[SampleScore]) -> list[tuple[str, Outcome]]:
    return [(str(score.sample_id), outcome_of_points(score.score.as_float())) for score in scores]


@metric
def win_rate() -> Metric:
    """Share of judged items the evaluated model won, ties counting half (``nan`` when none was judged)."""

    def compute(scores: list[SampleScore]) -> Value:
        judged = [result for _, result in _outcomes(scores) if result != "unjudged"]
        if not judged:
            return float("nan")
        return (judged.count("win") + judged.count("tie") / 2) / len(judged)

    return compute


@metric(name="share")
def outcome_shares() -> Metric:
    """Share of judged items per outcome (``share_win``, ``share_tie``, ``share_loss``; ``nan`` if none)."""

    def compute(scores: list[SampleScore]) -> Value:
        judged = [result for _, result in _outcomes(scores) if result != "unjudged"]
        return {
            f"share_{name}": judged.count(name) / len(judged) if judged else float("nan")
            for name in ("win", "tie", "loss")
        }

    return compute


RATED_BY = ("judge", "empty_answer", "refusal_only", "unreadable_judge")
"""How an item's outcome was reached: by the judge, by the empty-answer or refusal-only rule, or as
a loss for an unreadable judge reply."""


@metric(name="rated_by")
def rated_by_counts() -> Metric:
    """How many items each path decided (``rated_by_judge``, ``rated_by_empty_answer``, ...)."""

    def compute(scores: list[SampleScore]) -> Value:
        paths = [str((score.score.metadata or {}).get("rated_by", "judge")) for score in scores]
        return {f"rated_by_{path}": paths.count(path) for path in RATED_BY}

    return compute


def empty_answer(dialogue: Mapping[str, Any]) -> bool:
    """Whether the evaluated assistant gave an empty reply (the loop's failure) or no reply at all."""
    failure = dialogue.get("failure") or {}
    replies = [turn for turn in dialogue["turns"] if turn["role"] == "assistant" and turn["text"].strip()]
    return failure.get("speaker") == "assistant" or not replies


def refusal_only(dialogue: Mapping[str, Any]) -> bool:
    """Whether every reply of the evaluated assistant only declines (every UCFE task has an answer).

    See :func:`finsynth.scoring.refusals.is_refusal_only`.
    """
    replies = [turn["text"] for turn in dialogue["turns"] if turn["role"] == "assistant"]
    return bool(replies) and all(is_refusal_only(reply) for reply in replies)


@metric
def judged() -> Metric:
    """How many items the judge gave a verdict in both orders (the others are unscored, ``nan``)."""

    def compute(scores: list[SampleScore]) -> Value:
        return sum(result != "unjudged" for _, result in _outcomes(scores))

    return compute


def _games(scores: list[SampleScore]) -> list[Game]:
    games = []
    for item, result in _outcomes(scores):
        game = outcome_game(EVALUATED, REFERENCE, result, item)
        if game is not None:
            games.append(game)
    return games


RATING_METRICS: Mapping[Method, str] = {"elo": "elo", "bt": "bradley_terry"}
"""The rating metrics' names (reported as ``<name>_rating``, ``<name>_ci_low``, ``<name>_ci_high``)."""


def rating_metric(method: Method, rounds: int, seed: int) -> Metric:
    """The evaluated model's rating against the reference, with its cluster-bootstrap interval."""
    name = RATING_METRICS[method]

    def compute(scores: list[SampleScore]) -> Value:
        games = _games(scores)
        if not games:
            return {f"{name}_{key}": float("nan") for key in ("rating", "ci_low", "ci_high")}
        interval = bootstrap_ratings(games, method=method, rounds=rounds, seed=seed)[EVALUATED]
        return {
            f"{name}_rating": interval.rating,
            f"{name}_ci_low": interval.ci_low,
            f"{name}_ci_high": interval.ci_high,
        }

    def factory() -> Metric:
        return cast(Metric, compute)

    return metric(name=name)(factory)()


def ucfe_judge(judge: str | None = None, bootstrap: int = 200, seed: int = 0) -> Scorer:
    """The judge compares the evaluated dialogue with the reference dialogue, in both orders.

    The sample's score is the evaluated model's points (:data:`OUTCOME_POINTS`): 1 for a win,
    0.5 for a tie (also when the two orders disagree), 0 for a loss. An empty evaluated
    dialogue (:func:`empty_answer`) is a loss without asking the judge, and a judge reply
    without a readable verdict is a loss too; the outcome's name and the path that decided it
    (``rated_by``) are in the score's metadata.

    Args:
        judge: The judge model; the ``grader`` role (or the evaluated model) when ``None``.
        bootstrap: Bootstrap rounds over items for the rating intervals.
        seed: Seed of the bootstrap.

    """
    metrics = [
        win_rate(),
        outcome_shares(),
        judged(),
        rated_by_counts(),
        *(rating_metric(method, bootstrap, seed) for method in RATING_METRICS),
    ]

    @scorer(metrics=metrics, name="ucfe_judge")
    def build() -> Scorer:
        async def score(state: TaskState, target: Target) -> Score:
            item = state.metadata
            played = state.store.get(DIALOGUE_STORE_KEY)
            for rule, rated_by, why in (
                (empty_answer, "empty_answer", "gave an empty reply"),
                (refusal_only, "refusal_only", "only declined to answer"),
            ):
                if rule(played):
                    return Score(
                        value=OUTCOME_POINTS["loss"],
                        answer=state.output.completion,
                        explanation=f"loss\n\nthe evaluated assistant {why}: no judge asked",
                        metadata={"outcome": "loss", "rated_by": rated_by},
                    )
            evaluated = [Message(turn["role"], turn["text"]) for turn in played["turns"]]
            reference = [Message(turn["role"], turn["content"]) for turn in item["reference_turns"]]
            model = get_model(judge) if judge else get_model(role="grader")
            a_first, b_first = [
                (await model.generate(item_judge_prompt(item, first, second))).completion
                for first, second in ((evaluated, reference), (reference, evaluated))
            ]
            verdict = verdict_of_replies(a_first, b_first, evaluated)
            explanation = "\n\n".join(
                f"{'Evaluated' if order.a_first else 'Reference'} shown first: "
                + (order.error or f"prefers {PREFERRED[order.preferred or 'tie']}\n{order.reply}")
                for order in (verdict.a_first, verdict.b_first)
            )
            result = outcome(verdict)
            return Score(
                value=OUTCOME_POINTS[result],
                answer=state.output.completion,
                explanation=f"{result}\n\n{explanation}",
                metadata={
                    "outcome": result,
                    "rated_by": "unreadable_judge" if unreadable(verdict) else "judge",
                },
            )

        return score

    return build()


def _reference_dialogues(reference: str, revision: str | None, split: str) -> dict[str, dict[str, Any]]:
    rows = load_split(reference, DIALOGUES_CONFIG, split, revision)
    return {str(row["item_id"]): dict(row) for row in rows}


def ucfe_samples(
    items: Sequence[Mapping[str, Any]], references: Mapping[str, Mapping[str, Any]], where: str
) -> list[Sample]:
    """One sample per item that has a reference dialogue, in item order.

    Raises:
        FinsynthError: If no item has a reference dialogue (naming both sources).

    """
    samples = []
    for item in items:
        found = references.get(str(item["id"]))
        if found is None:
            continue
        metadata = {key: item[key] for key in ITEM_KEYS}
        metadata |= {
            "item_id": item["id"],
            "min_rounds": found["min_rounds"],
            "max_rounds": found["max_rounds"],
            "reference_turns": [dict(turn) for turn in found["turns"]],
            "reference_model": found["assistant_model"],
        }
        samples.append(Sample(id=item["id"], input=item["input"], target=item["target"], metadata=metadata))
    if not samples:
        raise FinsynthError(
            f"{where}: none of its {len(items)} UCFE items has a dialogue in the reference dataset "
            f"({len(references)} dialogues); make them with `finsynth ucfe simulate` on the same items"
        )
    return samples


def ucfe_task(
    dataset: str,
    config: str,
    *,
    reference: str | None,
    revision: str | None = None,
    reference_revision: str | None = None,
    split: str = "test",
    reference_split: str = "test",
    judge: str | None = None,
    bootstrap: int = 200,
    seed: int = 0,
) -> Task:
    """UCFE items played with a simulated user and judged against reference dialogues.

    Items without a reference dialogue are not evaluated: the log's sample count says how many were.

    Args:
        dataset: The items' dataset folder or Hub id.
        config: The items' config (``ucfe``, or ``ucfe_bench`` for an import).
        reference: The reference dialogues: a ``ucfe_dialogues`` dataset folder or Hub id.
        revision: The Hub revision of ``dataset``.
        reference_revision: The Hub revision of ``reference``.
        split: The items' split.
        reference_split: The dialogues' split.
        judge: The judge model (default: the ``grader`` role, else the evaluated model).
        bootstrap: Bootstrap rounds for the rating intervals.
        seed: Seed of the bootstrap.

    Raises:
        FinsynthError: Without ``reference``, or when no item has a reference dialogue.

    """
    from finsynth.harness.sources import resolve_dataset

    if not reference:
        raise FinsynthError(
            "the ucfe task needs -T reference=PATH_OR_ID: a ucfe_dialogues dataset of the reference "
            "model's dialogues on these items (made with `finsynth ucfe simulate`)"
        )
    source = resolve_dataset(reference, None, reference)
    items = [dict(row) for row in interleaved(load_split(dataset, config, split, revision), key="task")]
    samples = ucfe_samples(items, _reference_dialogues(source, reference_revision, reference_split), dataset)
    return Task(
        dataset=MemoryDataset(samples, name=f"{config}/{split}", location=dataset),
        solver=ucfe_dialogue(),
        scorer=ucfe_judge(judge, bootstrap, seed),
        config=task_generate_config(),
    )
