"""The UCFE dialogue loop with scripted user and assistant models."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FinsynthError
from finsynth.generators.ucfe.simulator import (
    CONTINUE_REQUEST,
    DEFAULT_END_MARKER,
    OPENING_REQUEST,
    answer_like_reason,
    simulate_dialogue,
)
from finsynth.scoring.client import ChatError, Message

END = DEFAULT_END_MARKER


class Scripted:
    """Replies with a function of the messages it is shown; records every call."""

    def __init__(self, reply: Callable[[Sequence[Message]], str]) -> None:
        self.reply = reply
        self.calls: list[list[Message]] = []

    def complete(self, messages: Sequence[Message]) -> str:
        self.calls.append(list(messages))
        return self.reply(messages)


def from_list(replies: list[str | Exception]) -> Scripted:
    remaining = iter(replies)

    def reply(messages: Sequence[Message]) -> str:
        item = next(remaining)
        if isinstance(item, Exception):
            raise item
        return item

    return Scripted(reply)


def numbered_assistant() -> Scripted:
    return Scripted(lambda messages: f"reply {sum(m.role == 'assistant' for m in messages) + 1}")


def ends_after(replies_seen: int) -> Scripted:
    """A user that writes the end marker once it has seen ``replies_seen`` assistant replies.

    Told to continue, it writes a normal message.
    """

    def reply(messages: Sequence[Message]) -> str:
        seen = sum(m.role == "user" for m in messages) - 1  # minus the opening request
        if messages[-1].content.startswith("It is too early"):
            return f"question after {seen - 1} replies, continued"
        return f"thanks {END}" if seen >= replies_seen else f"question after {seen} replies"

    return Scripted(reply)


def play(user: Scripted, assistant: Scripted | None = None, *, min_rounds: int = 1, max_rounds: int = 5):
    return simulate_dialogue(
        user,
        assistant if assistant is not None else numbered_assistant(),
        user_role_prompt="A retired teacher with savings.",
        information="Savings: $120,000\nHorizon: 10 years",
        needs="Advice on a low-risk portfolio.",
        assistant_prompt="You are a careful financial assistant.",
        min_rounds=min_rounds,
        max_rounds=max_rounds,
    )


def test_the_user_speaks_first_and_turns_alternate_with_role_labels():
    dialogue = play(from_list(["Hello?", "And bonds?", f"Thank you. {END}"]), min_rounds=2)
    assert [turn.role for turn in dialogue.turns] == ["user", "assistant", "user", "assistant", "user"]
    assert dialogue.render() == (
        "User: Hello?\nAssistant: reply 1\nUser: And bonds?\nAssistant: reply 2\nUser: Thank you."
    )
    assert dialogue.rounds == 2 and dialogue.ended_by == "user_ended" and dialogue.failure is None


def test_the_end_marker_is_honoured_once_min_rounds_are_complete():
    dialogue = play(ends_after(2), min_rounds=2, max_rounds=6)
    assert dialogue.rounds == 2 and dialogue.ended_by == "user_ended" and dialogue.early_end_attempts == 0


def test_an_end_marker_before_min_rounds_is_stripped_and_the_user_asked_to_continue():
    user = ends_after(1)
    dialogue = play(user, min_rounds=3, max_rounds=6)
    assert dialogue.rounds == 3 and dialogue.ended_by == "user_ended"
    assert dialogue.early_end_attempts == 2
    assert all(END not in turn.content for turn in dialogue.turns)
    nudges = [call for call in user.calls if call[-1].content.startswith("It is too early")]
    assert len(nudges) == 2
    assert nudges[0][-1].content == CONTINUE_REQUEST.format(remaining=2, end_marker=END)
    assert nudges[0][-2] == Message("assistant", f"thanks {END}")


def test_a_user_who_never_ends_stops_at_max_rounds():
    user = Scripted(lambda messages: "one more question")
    assistant = numbered_assistant()
    dialogue = play(user, assistant, min_rounds=1, max_rounds=4)
    assert dialogue.rounds == 4 and dialogue.ended_by == "max_rounds"
    assert len(assistant.calls) == 4 and len(user.calls) == 4 and dialogue.turns[-1].role == "assistant"


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 6), st.integers(0, 6), st.integers(1, 6))
def test_rounds_follow_the_stop_rule(wants, min_rounds, extra):
    max_rounds = max(min_rounds, 1) + extra - 1
    dialogue = play(ends_after(wants), min_rounds=min_rounds, max_rounds=max_rounds)
    assert dialogue.rounds == min(max(wants, min_rounds), max_rounds)
    assert dialogue.early_end_attempts == max(0, min_rounds - wants)
    assert dialogue.ended_by == ("user_ended" if max(wants, min_rounds) < max_rounds else "max_rounds")
    assert all(END not in turn.content and turn.content for turn in dialogue.turns)
    roles = [turn.role for turn in dialogue.turns]
    assert roles == ["user", "assistant"] * dialogue.rounds + ["user"] * (dialogue.ended_by == "user_ended")


def test_each_side_sees_its_own_view_of_the_conversation():
    user = from_list(["How much should I keep in cash?", f"Clear, thanks. {END}"])
    assistant = numbered_assistant()
    play(user, assistant, min_rounds=1)
    user_view = user.calls[1]
    assert user_view[0].role == "system"
    for text in ("A retired teacher", "Savings: $120,000", "low-risk portfolio", END, "Do not compute"):
        assert text in user_view[0].content
    assert user_view[1:] == [
        Message("user", OPENING_REQUEST),
        Message("assistant", "How much should I keep in cash?"),
        Message("user", "reply 1"),
    ]
    assert assistant.calls[0] == [
        Message("system", "You are a careful financial assistant."),
        Message("user", "How much should I keep in cash?"),
    ]


@pytest.mark.parametrize(
    ("user_script", "assistant_script", "expected"),
    [
        (["q1", ChatError("HTTP 503: busy")], ["a1"], ("HTTP 503: busy", 2, "user", 2)),
        (["q1", "   "], ["a1"], ("empty reply", 2, "user", 2)),
        (["q1"], [""], ("empty reply", 1, "assistant", 1)),
        (["q1", "q2"], ["a1", ChatError("timed out")], ("timed out", 2, "assistant", 3)),
        ([f"bye {END}", END], [], ("user gave only the end marker when asked to continue", 1, "user", 0)),
    ],
)
def test_failures_are_recorded_with_reason_and_round_never_as_empty_turns(
    user_script, assistant_script, expected
):
    dialogue = play(from_list(user_script), from_list(assistant_script), min_rounds=2)
    reason, round_number, speaker, turns = expected
    assert dialogue.ended_by == "failure" and dialogue.failure is not None
    assert (dialogue.failure.reason, dialogue.failure.round, dialogue.failure.speaker) == (
        reason,
        round_number,
        speaker,
    )
    assert len(dialogue.turns) == turns and all(turn.content.strip() for turn in dialogue.turns)
    assert dialogue.rounds == round_number - 1


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.text(), st.booleans()), min_size=1, max_size=8), st.integers(1, 4))
def test_no_turn_is_empty_or_keeps_the_marker_whatever_the_user_writes(script, min_rounds):
    replies = [f"{text}{END}" if ends else text for text, ends in script]
    user = Scripted(lambda messages: replies[(len(messages) // 2 - 1) % len(replies)])
    dialogue = play(user, min_rounds=min_rounds, max_rounds=min_rounds + 2)
    assert all(turn.content.strip() and END not in turn.content for turn in dialogue.turns)
    if dialogue.failure is None:
        assert min_rounds <= dialogue.rounds <= min_rounds + 2
    else:
        assert dialogue.failure.speaker == "user" and dialogue.rounds < min_rounds + 2


def test_user_turns_that_look_like_answers_are_flagged():
    lecture = "Let me explain how this works. " * 40
    dialogue = play(from_list(["What is a bond ladder?", lecture, f"ok {END}"]), min_rounds=2)
    assert [flag.turn for flag in dialogue.answer_like_turns] == [2]
    assert "words of its own" in dialogue.answer_like_turns[0].reason


def test_the_answer_like_heuristic_ignores_pasted_information_and_reads_answer_phrases():
    information = "\n".join(
        f"Line {i}: revenue was {i * 100} million dollars in the quarter." for i in range(40)
    )
    assert answer_like_reason(information + "\nWhat does this mean for my shares?", information) is None
    assert answer_like_reason("So the answer is 4.2%, right?", "") == "contains 'the answer is'"
    assert answer_like_reason("Should I sell?", "") is None
    assert answer_like_reason("word " * 151, "") is not None and answer_like_reason("word " * 150, "") is None


@settings(max_examples=100, deadline=None)
@given(st.text(), st.text())
def test_the_answer_like_heuristic_accepts_any_text(text, information):
    reason = answer_like_reason(text, information)
    assert reason is None or isinstance(reason, str)
    assert answer_like_reason(information, information) is None


def test_a_dialogue_serializes_to_json():
    dialogue = play(from_list(["q1", ChatError("down")]), min_rounds=2)
    data = json.loads(json.dumps(dialogue.to_dict()))
    assert data["turns"] == [{"role": "user", "text": "q1"}, {"role": "assistant", "text": "reply 1"}]
    assert data["failure"] == {"reason": "down", "round": 2, "speaker": "user"}


@pytest.mark.parametrize(
    ("min_rounds", "max_rounds", "marker"), [(3, 2, END), (-1, 2, END), (0, 0, END), (1, 2, " ")]
)
def test_invalid_round_limits_or_marker_are_rejected(min_rounds, max_rounds, marker):
    with pytest.raises(FinsynthError):
        simulate_dialogue(
            numbered_assistant(),
            numbered_assistant(),
            user_role_prompt="r",
            information="i",
            needs="n",
            assistant_prompt="",
            min_rounds=min_rounds,
            max_rounds=max_rounds,
            end_marker=marker,
        )
