"""Simulated UCFE dialogues as a dataset: one ``ucfe_dialogue`` record per UCFE item.

:func:`simulate_dataset` plays every multi-turn item with the dialogue loop
(:func:`~finsynth.generators.ucfe.simulator.dialogue_steps`) and answers every zero-shot item
with a single assistant reply to the item's full prompt (``input``): a one-round dialogue, so a
pairwise judge can compare assistants on all 17 tasks from this dataset alone. Each record keeps
the role-labelled turns, how the dialogue ended, any failure, and the item's needs, judge prompt
and hints.

Reproducibility. Each side of each item gets its own request seed,
``derive_seed(seed, item id, "user" | "assistant")``, sent to the server when the model supports
it (:meth:`~finsynth.scoring.client.ChatClient.with_seed`). An item's requests therefore do not
depend on which other items run or in what order, and a re-run with the same seed asks the same
requests, which a response cache answers without the server.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

from finsynth.errors import FinsynthError
from finsynth.generators.ucfe.record import FAMILY as ITEM_FAMILY
from finsynth.generators.ucfe.record import fill_item_fields
from finsynth.generators.ucfe.simulator import (
    DEFAULT_END_MARKER,
    Dialogue,
    DialogueSteps,
    dialogue_steps,
    play_dialogue,
    zero_shot_steps,
)
from finsynth.generators.ucfe.spec import Setting, task_spec
from finsynth.schemas import validator_for
from finsynth.scoring.client import ChatClient, ChatModel, Message
from finsynth.seeding import derive_seed

FAMILY = "ucfe_dialogue"
"""Record family: the schema is ``finsynth/schemas/ucfe_dialogue_record.schema.json``."""
CONFIG = "ucfe_dialogues"
"""The config (subfolder) name of a dialogues folder."""

REQUEST_SEED_SPAN = 2**31
"""Request seeds lie in ``[0, 2**31)``: servers such as llama.cpp take 32-bit seeds."""

NO_USER_MODEL = "none"
"""The ``user_model`` of zero-shot records, which have no simulated user."""

ROLE_PROMPT_POINTERS: Mapping[str, str] = {
    "information": "(what you know, given below)",
    "needs": "(what you want, given below)",
}
"""What fills an item's role prompt's ``{information}`` and ``{needs}``: the simulator's prompt
already gives both under their own headings, so the role prompt points there instead of repeating them."""

SideName = Literal["user", "assistant"]


@runtime_checkable
class SeedableChatModel(Protocol):
    """A chat model that can sample with a given seed, like :class:`~finsynth.scoring.client.ChatClient`."""

    def complete(self, messages: Sequence[Message]) -> str:
        """Return the reply to ``messages``."""
        ...

    def with_seed(self, seed: int | None) -> ChatModel:
        """Return the same model sending ``seed`` with every request."""
        ...


@dataclass(frozen=True)
class RoundLimits:
    """Round limits that replace the task specs' own (``None`` keeps the spec's).

    When only one limit is given, the spec's other limit is moved to it if they would cross, so
    ``RoundLimits(max_rounds=1)`` plays one round of every task.

    Attributes:
        min_rounds: Rounds the simulated user must complete before it may end the dialogue.
        max_rounds: Most rounds.

    """

    min_rounds: int | None = None
    max_rounds: int | None = None

    def __post_init__(self) -> None:
        if self.min_rounds is not None and self.min_rounds < 0:
            raise FinsynthError(f"min_rounds must be at least 0, not {self.min_rounds}")
        if self.max_rounds is not None and self.max_rounds < 1:
            raise FinsynthError(f"max_rounds must be at least 1, not {self.max_rounds}")
        if self.min_rounds is not None and self.max_rounds is not None and self.min_rounds > self.max_rounds:
            raise FinsynthError(
                f"min_rounds ({self.min_rounds}) is larger than max_rounds ({self.max_rounds})"
            )

    def for_task(self, spec_min: int, spec_max: int) -> tuple[int, int]:
        """Return ``(min_rounds, max_rounds)`` for a task whose spec says ``spec_min``..``spec_max``."""
        if self.max_rounds is not None:
            low = self.min_rounds if self.min_rounds is not None else min(spec_min, self.max_rounds)
            return low, self.max_rounds
        if self.min_rounds is not None:
            return self.min_rounds, max(spec_max, self.min_rounds)
        return spec_min, spec_max


def request_seed(seed: int, item_id: str, side: SideName) -> int:
    """Return the seed sent with every request of one side of one item's dialogue."""
    return derive_seed(seed, item_id, side) % REQUEST_SEED_SPAN


def model_name(model: ChatModel) -> str:
    """Return the name a record gives a model: the endpoint's model name, or the class name of a fake."""
    return model.endpoint.model if isinstance(model, ChatClient) else type(model).__name__


def _seeded(model: ChatModel, seed: int) -> ChatModel:
    return model.with_seed(seed) if isinstance(model, SeedableChatModel) else model


@dataclass(frozen=True)
class ItemDialogue:
    """How one UCFE item is played: its dialogue steps and the round limits they follow.

    Attributes:
        steps: The dialogue in progress (:func:`~finsynth.generators.ucfe.simulator.dialogue_steps`
            for a multi-turn item, :func:`~finsynth.generators.ucfe.simulator.zero_shot_steps` otherwise).
        min_rounds: Rounds the simulated user must complete before it may end the dialogue.
        max_rounds: Most rounds.
        multi_turn: Whether a simulated user takes part.

    """

    steps: DialogueSteps
    min_rounds: int
    max_rounds: int
    multi_turn: bool


def item_dialogue(
    item: Mapping[str, Any], limits: RoundLimits = RoundLimits(), end_marker: str = DEFAULT_END_MARKER
) -> ItemDialogue:
    """The dialogue of one UCFE item, ready for a driver to answer its turn requests.

    A multi-turn item's simulated user gets the item's role prompt, information and needs, the
    assistant the item's ``input`` as its system prompt; a zero-shot item's ``input`` is the one
    user turn. Both this module and the inspect_ai harness play items through this function.

    Args:
        item: A UCFE record (``ucfe_record.schema.json``).
        limits: Round limits replacing the task spec's.
        end_marker: What the simulated user writes to end a dialogue.

    """
    spec = task_spec(item["task"])
    if not spec.is_multi_turn:
        return ItemDialogue(zero_shot_steps(item["input"]), 1, 1, multi_turn=False)
    low, high = limits.for_task(spec.min_rounds, spec.max_rounds)
    steps = dialogue_steps(
        user_role_prompt=fill_item_fields(
            item["role_prompt"],
            information=ROLE_PROMPT_POINTERS["information"],
            needs=ROLE_PROMPT_POINTERS["needs"],
        ),
        information=item["information"],
        needs=item["needs"],
        assistant_prompt=item["input"],
        min_rounds=low,
        max_rounds=high,
        end_marker=end_marker,
    )
    return ItemDialogue(steps, low, high, multi_turn=True)


@dataclass(frozen=True)
class _Simulation:
    """What every item of one run shares."""

    user: ChatModel
    assistant: ChatModel
    seed: int
    limits: RoundLimits
    end_marker: str

    def record(self, item: Mapping[str, Any]) -> dict[str, Any]:
        """Play one item and return its schema-valid dialogue record."""
        item_id = str(item["id"])
        seeds = {side: request_seed(self.seed, item_id, side) for side in ("user", "assistant")}
        played = item_dialogue(item, self.limits, self.end_marker)
        user = _seeded(self.user, seeds["user"])
        dialogue = play_dialogue(
            played.steps, {"user": user, "assistant": _seeded(self.assistant, seeds["assistant"])}
        )
        user_model = model_name(self.user) if played.multi_turn else NO_USER_MODEL
        low, high = played.min_rounds, played.max_rounds
        record = self._as_record(item, dialogue, (low, high), user_model, seeds)
        validator_for(FAMILY).validate(record, where=f"dialogue of item {item_id!r}")
        return record

    def _as_record(
        self,
        item: Mapping[str, Any],
        dialogue: Dialogue,
        limits: tuple[int, int],
        user_model: str,
        seeds: Mapping[str, int],
    ) -> dict[str, Any]:
        failure = dialogue.failure
        assistant_model = model_name(self.assistant)
        metadata = {
            "item_id": item["id"],
            "task": item["task"],
            "setting": item["setting"],
            "source": item["source"],
            "user_model": user_model,
            "assistant_model": assistant_model,
            "seed": self.seed,
            "user_seed": seeds["user"] if item["setting"] == "multi_turn" else None,
            "assistant_seed": seeds["assistant"],
            "end_marker": self.end_marker,
        }
        return {
            "id": f"{item['id']}/dialogue",
            "input": dialogue.render(),
            "target": item["target"],
            "choices": [],
            "metadata": json.dumps(metadata, ensure_ascii=False, sort_keys=True),
            "item_id": item["id"],
            "task": item["task"],
            "setting": item["setting"],
            "rounds": dialogue.rounds,
            "min_rounds": limits[0],
            "max_rounds": limits[1],
            "ended_by": dialogue.ended_by,
            "turns": [{"role": turn.role, "content": turn.content} for turn in dialogue.turns],
            "failure": None
            if failure is None
            else {"reason": failure.reason, "round": failure.round, "speaker": failure.speaker},
            "early_end_attempts": dialogue.early_end_attempts,
            "answer_like_turns": [
                {"turn": flag.turn, "reason": flag.reason} for flag in dialogue.answer_like_turns
            ],
            "user_model": user_model,
            "assistant_model": assistant_model,
            "seed": self.seed,
            "needs": item["needs"],
            "evaluation_prompt": item["evaluation_prompt"],
            "hints": dict(item["hints"]),
            "rendered_hints": item["rendered_hints"],
        }


def select_items(
    records: Sequence[Mapping[str, Any]],
    *,
    settings: Sequence[Setting] = ("multi_turn", "zero_shot"),
    limit: int | None = None,
) -> list[Mapping[str, Any]]:
    """Return the UCFE records to simulate: those of the given settings, in order, at most ``limit``.

    Raises:
        FinsynthError: If ``limit`` is below 1 or no record has one of ``settings``.
        RecordValidationError: Naming the first record that is not a UCFE record.

    """
    if limit is not None and limit < 1:
        raise FinsynthError(f"limit must be at least 1, not {limit}")
    validator = validator_for(ITEM_FAMILY)
    for index, record in enumerate(records):
        validator.validate(record, where=f"UCFE item {index} ({record.get('id')!r})")
    chosen = [record for record in records if record["setting"] in settings]
    if not chosen:
        counts = {setting: sum(record["setting"] == setting for record in records) for setting in settings}
        raise FinsynthError(
            f"no items to simulate: of {len(records)} UCFE items, "
            + ", ".join(f"{count} are {setting.replace('_', '-')}" for setting, count in counts.items())
        )
    return chosen if limit is None else chosen[:limit]


def simulate_dataset(
    records: Sequence[Mapping[str, Any]],
    *,
    user: ChatModel,
    assistant: ChatModel,
    seed: int,
    min_rounds: int | None = None,
    max_rounds: int | None = None,
    end_marker: str = DEFAULT_END_MARKER,
    limit: int | None = None,
    settings: Sequence[Setting] = ("multi_turn", "zero_shot"),
    concurrency: int = 1,
) -> Iterator[dict[str, Any]]:
    """Simulate one dialogue per UCFE record; return an iterator of ``ucfe_dialogue`` records in input order.

    Arguments and records are checked at once; the dialogues are played as the iterator is read.

    A turn that fails (a client error after retries, an empty reply) ends its dialogue with
    ``ended_by="failure"`` and a ``failure`` entry; it never stops the run.

    Args:
        records: UCFE records (``ucfe_record.schema.json``), e.g. a built ``ucfe`` config or an import.
        user: The model playing the client in multi-turn items.
        assistant: The model under test.
        seed: The run seed; each item's request seeds derive from it (see :func:`request_seed`).
        min_rounds: Replaces every multi-turn task spec's ``min_rounds`` (see :class:`RoundLimits`).
        max_rounds: Replaces every multi-turn task spec's ``max_rounds``.
        end_marker: What the simulated user writes to end a dialogue.
        limit: Simulate only the first ``limit`` selected items.
        settings: Which items to simulate: ``multi_turn`` dialogues, ``zero_shot`` single replies.
        concurrency: Items played at once, each in its own thread (turns within an item are sequential).

    Returns:
        An iterator of schema-valid ``ucfe_dialogue`` records.

    Raises:
        FinsynthError: For invalid limits, a blank end marker, or when no item is selected.
        RecordValidationError: When an input record is not a UCFE record.

    """
    if concurrency < 1:
        raise FinsynthError(f"concurrency must be at least 1, not {concurrency}")
    if not end_marker.strip():
        raise FinsynthError("end_marker must not be blank")
    run = _Simulation(user, assistant, seed, RoundLimits(min_rounds, max_rounds), end_marker)
    items = select_items(records, settings=settings, limit=limit)
    return _play(run, items, concurrency)


def _play(run: _Simulation, items: Sequence[Mapping[str, Any]], concurrency: int) -> Iterator[dict[str, Any]]:
    if concurrency == 1:
        yield from map(run.record, items)
        return
    with ThreadPoolExecutor(max_workers=min(concurrency, len(items))) as pool:
        yield from pool.map(run.record, items)
