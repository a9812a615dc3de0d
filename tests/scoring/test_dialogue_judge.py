"""Judging two UCFE dialogues with the item's own prompt, in both orders."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from finsynth.scoring.client import ChatError, Message, VerdictParseError
from finsynth.scoring.dialogue_judge import (
    OUTCOME_POINTS,
    item_judge_prompt,
    judge_dialogues,
    outcome,
    outcome_game,
    outcome_of_points,
    parse_item_verdict,
)

ITEM = {
    "needs": "a credit view of {the} borrower",
    "rendered_hints": 'Reference answer:\n- "low risk"',
    "evaluation_prompt": "Needs: {needs}\nHints: {evaluation_hints}\n<1>{dialogue1}</1>\n<2>{dialogue2}</2>\n"
    "Answer [[1]], [[2]] or [[3]].",
}
GOOD = [Message("user", "Is the borrower risky?"), Message("assistant", "Low risk: leverage is 1.2x.")]
POOR = [Message("user", "Is the borrower risky?"), Message("assistant", "Hard to say.")]


class Judge:
    """Prefers the dialogue holding ``prefer``, or always the first (``biased``); records its prompts."""

    def __init__(
        self, prefer: str = "1.2x", biased: bool = False, replies: Sequence[str] | None = None
    ) -> None:
        self.prefer, self.biased, self.replies = prefer, biased, list(replies or [])
        self.prompts: list[str] = []

    def complete(self, messages: Sequence[Message]) -> str:
        prompt = messages[-1].content
        self.prompts.append(prompt)
        if self.replies:
            return self.replies.pop(0)
        if self.biased:
            return "[[1]]"
        first = prompt.split("<1>")[1].split("</1>")[0]
        return "Verdict: [[1]]" if self.prefer in first else "Verdict: [[2]]"


def test_the_items_prompt_is_filled_once_with_both_transcripts() -> None:
    prompt = item_judge_prompt(ITEM, GOOD, [Message("user", "{dialogue2}"), Message("assistant", "ok")])
    assert prompt.startswith("Needs: a credit view of {the} borrower\nHints: Reference answer:")
    assert "<1>User: Is the borrower risky?\nAssistant: Low risk: leverage is 1.2x.</1>" in prompt
    assert "<2>User: {dialogue2}\nAssistant: ok</2>" in prompt  # text inside a dialogue is not a placeholder


@given(st.text(alphabet=st.characters(blacklist_characters="[]")), st.sampled_from("123"))
def test_the_last_bracketed_verdict_counts(text: str, token: str) -> None:
    reply = f"I weigh [[1]], [[2]] and [[3]]. {text}\nVerdict: [[ {token} ]]"
    assert parse_item_verdict(reply) == {"1": "first", "2": "second", "3": "tie"}[token]


def test_a_reply_without_a_verdict_is_an_error() -> None:
    for reply in ("Both are fine. Verdict: 1", "[[1]]\nOn reflection both are fine.", "[[1]] or [[2]]"):
        with pytest.raises(VerdictParseError, match="the last line"):
            parse_item_verdict(reply)


def test_both_orders_are_asked_and_must_agree_for_a_win() -> None:
    judge = Judge()
    verdict = judge_dialogues(judge, ITEM, GOOD, POOR)
    assert verdict.winner == "A" and outcome(verdict) == "win" and verdict.consistent
    assert "1.2x" in judge.prompts[0].split("<2>")[0] and "1.2x" in judge.prompts[1].split("<2>")[1]
    assert outcome(judge_dialogues(Judge(), ITEM, POOR, GOOD)) == "loss"
    # A judge that always prefers the first dialogue contradicts itself across orders: a tie.
    biased = judge_dialogues(Judge(biased=True), ITEM, GOOD, POOR)
    assert biased.winner == "tie" and not biased.consistent and outcome(biased) == "tie"


class Failing:
    def complete(self, messages: Sequence[Message]) -> str:
        raise ChatError("judge server down")


def test_an_unreadable_order_is_a_loss_and_only_a_failed_one_leaves_the_item_unjudged() -> None:
    unreadable = judge_dialogues(Judge(replies=["[[1]]", "no idea"]), ITEM, GOOD, POOR)
    assert unreadable.winner is None and outcome(unreadable) == "loss"  # the worst, never left out
    assert unreadable.b_first.error is not None and "the last line" in unreadable.b_first.error
    failed = judge_dialogues(Failing(), ITEM, GOOD, POOR)
    assert outcome(failed) == "unjudged" and failed.a_first.error == "judge server down"
    assert outcome_game("m", "ref", "unjudged", "item-1") is None


@pytest.mark.parametrize("result", ["win", "tie", "loss", "unjudged"])
def test_points_give_back_the_outcome(result: str) -> None:
    points = OUTCOME_POINTS[result]  # type: ignore[index]
    assert outcome_of_points(points) == result
    assert math.isnan(points) == (result == "unjudged")


def test_a_mean_over_epochs_is_read_by_its_side_of_one_half() -> None:
    assert [outcome_of_points(points) for points in (0.75, 0.5, 0.25)] == ["win", "tie", "loss"]
    game = outcome_game("m", "ref", "win", "item-1")
    assert game is not None and (game.model_a, game.model_b, game.winner, game.item) == (
        "m",
        "ref",
        "model_a",
        "item-1",
    )
