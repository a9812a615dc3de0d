"""The UCFE dialogue loop: a simulated client talks with the assistant under test.

The simulated user is a chat model given a role, the information it holds and its needs (see
:data:`USER_SIMULATOR_PROMPT`); it speaks first. The assistant is the model being evaluated.
Both only need to satisfy :class:`~finsynth.scoring.client.ChatModel`.

The loop itself is :func:`dialogue_steps`, a generator that asks for each reply as a
:class:`TurnRequest` and is sent the reply back: :func:`play_dialogue` answers it with
:class:`~finsynth.scoring.client.ChatModel` objects, and the inspect_ai harness answers it with
inspect models (:mod:`finsynth.harness.ucfe_task`). So the stop rule has one implementation.

Two faults of the original UCFE loop are designed out: the simulated user could end at the
first round it was allowed to (it did so in most dialogues), and transcripts were joined
without saying who spoke. Here the end marker is refused before ``min_rounds`` (see
:func:`simulate_dialogue`), and a :class:`Dialogue` keeps every turn with its role.
"""

from __future__ import annotations

import re
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from finsynth.errors import FinsynthError
from finsynth.scoring.client import ChatError, ChatModel, Message, render_transcript

Speaker = Literal["user", "assistant"]
EndReason = Literal["user_ended", "max_rounds", "failure"]

DEFAULT_END_MARKER = "[END OF CONVERSATION]"
"""What the simulated user writes to end the conversation."""

MAX_USER_WORDS = 150
"""A user turn with more words than this, not counting lines quoted from its information, is flagged."""

ANSWER_PHRASES: tuple[str, ...] = (
    "the answer is",
    "the correct answer",
    "in conclusion",
    "to summarize",
    "step 1",
    "final answer",
)
"""Phrases that belong in an answer, not in a client's question; a user turn holding one is flagged."""

USER_SIMULATOR_PROMPT = """\
You are acting as a client who is talking to a financial assistant. Stay in this role for the whole \
conversation and never mention that you are acting.

Who you are:
{role}

What you know. Share it when it helps the assistant, a piece at a time, as a real client would:
{information}

What you want from the assistant:
{needs}

How to write each message:
- Write only your own next message to the assistant, in the first person, in a few sentences.
- You ask; the assistant works. Do not compute the figures, write the report or give the analysis \
yourself. If a reply is wrong, vague or incomplete, say so and ask for what is missing.
- Keep asking follow-up questions until your needs are met.
- When your needs are fully met, or it is clear they will not be, write a short closing message \
that ends with {end_marker}
"""

OPENING_REQUEST = "Write your first message to the assistant."
"""What the simulated user is shown before it speaks first (chat servers need a user message)."""

CONTINUE_REQUEST = (
    "It is too early to end the conversation: at least {remaining} more exchange(s) must follow. "
    "Do not write {end_marker}. Write your next message to the assistant instead."
)
"""What the simulated user is told when it tries to end before ``min_rounds``."""

_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class DialogueFailure:
    """Why a dialogue stopped early.

    Attributes:
        reason: What went wrong (a client error or an empty reply).
        round: The 1-based round in which it happened.
        speaker: Whose turn failed.

    """

    reason: str
    round: int
    speaker: Speaker


@dataclass(frozen=True)
class TurnRequest:
    """What :func:`dialogue_steps` asks for next: one side's reply to the conversation as it sees it.

    Attributes:
        speaker: Who must reply: the simulated ``user`` or the ``assistant`` under test.
        messages: The conversation as that side sees it (system prompt first, if any).

    """

    speaker: Speaker
    messages: tuple[Message, ...]


TurnReply = str | ChatError
"""What a driver sends back into :func:`dialogue_steps`: the reply text, or the error that stopped it."""


@dataclass(frozen=True)
class AnswerLikeTurn:
    """A user turn that looks like the simulated user answered its own question.

    Attributes:
        turn: Index of the turn in :attr:`Dialogue.turns`.
        reason: Which check flagged it.

    """

    turn: int
    reason: str


@dataclass(frozen=True)
class Dialogue:
    """A finished dialogue between the simulated user and the assistant.

    Attributes:
        turns: The turns in order, alternating ``user`` and ``assistant`` from a user turn. The
            last turn is a user turn when the user closed the conversation or the assistant failed.
        rounds: Completed rounds (a user turn answered by the assistant).
        ended_by: ``user_ended`` (end marker at or after ``min_rounds``), ``max_rounds`` or ``failure``.
        failure: What failed when ``ended_by`` is ``failure``, else ``None``.
        early_end_attempts: How often the user wrote the end marker before ``min_rounds``.
        answer_like_turns: User turns flagged by :func:`answer_like_reason`.

    """

    turns: tuple[Message, ...]
    rounds: int
    ended_by: EndReason
    failure: DialogueFailure | None = None
    early_end_attempts: int = 0
    answer_like_turns: tuple[AnswerLikeTurn, ...] = ()

    def render(self) -> str:
        """Return the transcript as ``User: ...`` / ``Assistant: ...`` lines."""
        return render_transcript(self.turns)

    def to_dict(self) -> dict[str, Any]:
        """Return the dialogue as a JSON-ready dict."""
        failure = self.failure
        return {
            "turns": [{"role": turn.role, "text": turn.content} for turn in self.turns],
            "rounds": self.rounds,
            "ended_by": self.ended_by,
            "failure": None
            if failure is None
            else {"reason": failure.reason, "round": failure.round, "speaker": failure.speaker},
            "early_end_attempts": self.early_end_attempts,
            "answer_like_turns": [
                {"turn": flag.turn, "reason": flag.reason} for flag in self.answer_like_turns
            ],
        }


def answer_like_reason(text: str, information: str, *, max_words: int = MAX_USER_WORDS) -> str | None:
    """Say why a user turn looks like an answer rather than a client's message, or return ``None``.

    The heuristic: a client asks briefly and may paste what it knows, so a turn is flagged when,
    after removing lines copied verbatim from ``information``, it has more than ``max_words``
    words, or when it contains one of :data:`ANSWER_PHRASES`. It flags for review; it proves nothing.
    """
    known_lines = {line.strip() for line in information.splitlines() if line.strip()}
    own_text = "\n".join(line for line in text.splitlines() if line.strip() not in known_lines)
    words = len(_WORD.findall(own_text))
    if words > max_words:
        return f"{words} words of its own (more than {max_words})"
    lowered = own_text.lower()
    for phrase in ANSWER_PHRASES:
        if phrase in lowered:
            return f"contains {phrase!r}"
    return None


DialogueSteps = Generator[TurnRequest, TurnReply, Dialogue]
"""A dialogue in progress: yields :class:`TurnRequest`, is sent :data:`TurnReply`, returns the dialogue."""


def simulate_dialogue(
    user: ChatModel,
    assistant: ChatModel,
    *,
    user_role_prompt: str,
    information: str,
    needs: str,
    assistant_prompt: str,
    min_rounds: int,
    max_rounds: int,
    end_marker: str = DEFAULT_END_MARKER,
) -> Dialogue:
    """Play a dialogue in which the simulated user speaks first (see :func:`dialogue_steps` for the rules).

    Args:
        user: The model playing the client.
        assistant: The model under test.
        user_role_prompt: Who the client is.
        information: What the client knows and may share.
        needs: What the client wants.
        assistant_prompt: System prompt of the assistant (``""`` for none).
        min_rounds: Complete rounds before the user may end the dialogue.
        max_rounds: Most rounds.
        end_marker: What the user writes to end the dialogue.

    Returns:
        The dialogue, with role-labelled turns and any failure or flagged user turns.

    Raises:
        FinsynthError: If the round limits or the end marker are invalid.

    """
    steps = dialogue_steps(
        user_role_prompt=user_role_prompt,
        information=information,
        needs=needs,
        assistant_prompt=assistant_prompt,
        min_rounds=min_rounds,
        max_rounds=max_rounds,
        end_marker=end_marker,
    )
    return play_dialogue(steps, {"user": user, "assistant": assistant})


def play_dialogue(steps: DialogueSteps, models: Mapping[Speaker, ChatModel]) -> Dialogue:
    """Answer every request of ``steps`` with the model of its speaker; return the finished dialogue.

    A :class:`~finsynth.scoring.client.ChatError` is sent back as the reply, so it ends the
    dialogue as a recorded failure rather than escaping.
    """
    try:
        request = next(steps)
        while True:
            reply: TurnReply
            try:
                reply = models[request.speaker].complete(request.messages)
            except ChatError as error:
                reply = error
            request = steps.send(reply)
    except StopIteration as finished:
        dialogue: Dialogue = finished.value
        return dialogue


def dialogue_steps(
    *,
    user_role_prompt: str,
    information: str,
    needs: str,
    assistant_prompt: str,
    min_rounds: int,
    max_rounds: int,
    end_marker: str = DEFAULT_END_MARKER,
) -> DialogueSteps:
    """The dialogue loop as a generator of turn requests, for any driver (sync or async).

    Stop rule. Round ``r`` (from 1) is a user turn and the assistant's reply to it.

    - A user turn containing ``end_marker`` ends the dialogue only if at least ``min_rounds``
      rounds are complete. The marker is removed; any text left is kept as a closing user turn.
    - Earlier, the user is asked once to continue (:data:`CONTINUE_REQUEST`) and its new message
      is used with any marker removed; the attempt is counted in ``early_end_attempts``.
    - After the assistant's reply in round ``max_rounds`` the dialogue stops.
    - A client error or an empty message (after removing the marker) stops the dialogue with a
      :class:`DialogueFailure`; it is never stored as an empty turn.

    So, unless a turn fails, a dialogue has between ``min_rounds`` and ``max_rounds`` complete rounds.
    The arguments are those of :func:`simulate_dialogue` without the models.

    Raises:
        FinsynthError: At once (not at the first step) if the round limits or the end marker are invalid.

    """
    if not 0 <= min_rounds <= max_rounds or max_rounds < 1:
        raise FinsynthError(
            f"simulate_dialogue: need 0 <= min_rounds <= max_rounds and max_rounds >= 1, "
            f"got min_rounds={min_rounds}, max_rounds={max_rounds}"
        )
    if not end_marker.strip():
        raise FinsynthError("simulate_dialogue: end_marker must not be blank")
    user_system = USER_SIMULATOR_PROMPT.format(
        role=user_role_prompt.strip(),
        information=information.strip(),
        needs=needs.strip(),
        end_marker=end_marker,
    )
    loop = _DialogueLoop(user_system, assistant_prompt, end_marker)
    return _rounds(loop, information, min_rounds, max_rounds)


def _rounds(loop: _DialogueLoop, information: str, min_rounds: int, max_rounds: int) -> DialogueSteps:
    end_marker = loop.end_marker
    for round_number in range(1, max_rounds + 1):
        completed = round_number - 1
        said = yield from loop.ask_user(round_number)
        if said is None:
            return loop.finish(completed, "failure")
        if end_marker in said:
            if completed >= min_rounds:
                closing = said.replace(end_marker, "").strip()
                if closing:
                    loop.add_user_turn(closing, information)
                return loop.finish(completed, "user_ended")
            loop.early_end_attempts += 1
            remaining = min_rounds - completed
            request = CONTINUE_REQUEST.format(remaining=remaining, end_marker=end_marker)
            said = yield from loop.ask_user(round_number, early_reply=said, request=request)
            if said is None:
                return loop.finish(completed, "failure")
        loop.add_user_turn(said, information)
        if not (yield from loop.ask_assistant(round_number)):
            return loop.finish(completed, "failure")
    return loop.finish(max_rounds, "max_rounds")


def zero_shot_steps(prompt: str) -> DialogueSteps:
    """A one-round dialogue: ``prompt`` as the user turn, then the assistant's single reply.

    A failed or empty reply ends it as a ``failure`` in round 1; otherwise it ends by ``max_rounds``.
    """
    question = Message("user", prompt)
    reply = yield TurnRequest("assistant", (question,))
    if isinstance(reply, ChatError):
        return Dialogue((question,), 0, "failure", DialogueFailure(reply.reason, 1, "assistant"))
    if not reply.strip():
        return Dialogue((question,), 0, "failure", DialogueFailure("empty reply", 1, "assistant"))
    return Dialogue((question, Message("assistant", reply.strip())), 1, "max_rounds")


class _DialogueLoop:
    """The state of one dialogue: its turns, and each side's view of them."""

    def __init__(self, user_system: str, assistant_prompt: str, end_marker: str) -> None:
        self.user_system = user_system
        self.assistant_prompt = assistant_prompt
        self.end_marker = end_marker
        self.turns: list[Message] = []
        self.flags: list[AnswerLikeTurn] = []
        self.failure: DialogueFailure | None = None
        self.early_end_attempts = 0

    def user_view(self) -> list[Message]:
        """The conversation as the simulated user sees it: its own turns are its replies."""
        view = [Message("system", self.user_system), Message("user", OPENING_REQUEST)]
        flipped: dict[str, Literal["user", "assistant"]] = {"user": "assistant", "assistant": "user"}
        view.extend(Message(flipped[turn.role], turn.content) for turn in self.turns)
        return view

    def assistant_view(self) -> list[Message]:
        """The conversation as the assistant sees it."""
        system = [Message("system", self.assistant_prompt)] if self.assistant_prompt.strip() else []
        return system + self.turns

    def ask_user(
        self, round_number: int, *, early_reply: str | None = None, request: str = ""
    ) -> Generator[TurnRequest, TurnReply, str | None]:
        """Return the user's next message, marker removed if it is a reply to ``request``."""
        messages = self.user_view()
        if early_reply is not None:
            messages += [Message("assistant", early_reply), Message("user", request)]
        said = yield from self._call(messages, round_number, "user")
        if said is not None and early_reply is not None:
            said = said.replace(self.end_marker, "").strip()
            if not said:
                self.failure = DialogueFailure(
                    "user gave only the end marker when asked to continue", round_number, "user"
                )
                return None
        return said

    def ask_assistant(self, round_number: int) -> Generator[TurnRequest, TurnReply, bool]:
        """Add the assistant's reply; return whether there was one."""
        said = yield from self._call(self.assistant_view(), round_number, "assistant")
        if said is None:
            return False
        self.turns.append(Message("assistant", said))
        return True

    def add_user_turn(self, text: str, information: str) -> None:
        """Append a user turn, flagging it if it looks like an answer."""
        reason = answer_like_reason(text, information)
        if reason is not None:
            self.flags.append(AnswerLikeTurn(len(self.turns), reason))
        self.turns.append(Message("user", text))

    def _call(
        self, messages: Sequence[Message], round_number: int, speaker: Speaker
    ) -> Generator[TurnRequest, TurnReply, str | None]:
        """Ask for a side's reply; return it stripped, or record a failure and return ``None``."""
        reply = yield TurnRequest(speaker, tuple(messages))
        if isinstance(reply, ChatError):
            self.failure = DialogueFailure(reply.reason, round_number, speaker)
            return None
        said = reply.strip()
        if not said:
            self.failure = DialogueFailure("empty reply", round_number, speaker)
            return None
        return said

    def finish(self, rounds: int, ended_by: EndReason) -> Dialogue:
        """Freeze the dialogue."""
        return Dialogue(
            turns=tuple(self.turns),
            rounds=rounds,
            ended_by=ended_by,
            failure=self.failure,
            early_end_attempts=self.early_end_attempts,
            answer_like_turns=tuple(self.flags),
        )
