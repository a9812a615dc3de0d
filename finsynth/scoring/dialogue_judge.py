"""Judging two dialogues of one UCFE item with the item's own evaluation prompt, in both orders.

A UCFE item carries its judge prompt (``evaluation_prompt``, with ``{needs}``,
``{evaluation_hints}``, ``{dialogue1}`` and ``{dialogue2}`` to fill) and its rendered hints.
:func:`item_judge_prompt` fills it with two role-labelled transcripts; the judge ends with
``[[1]]``, ``[[2]]`` or ``[[3]]`` (a tie), read by :func:`parse_item_verdict`.
:func:`judge_dialogues` asks once in each order and combines them as
:func:`~finsynth.scoring.client.judge_pair` does (a tie when the orders disagree); the
inspect_ai harness does the same with inspect models.

The judge's verdict is its own (issue 28): the dialogues are neutralised before they enter
the prompt (:func:`~finsynth.scoring.client.judged_transcript`: no ``[[n]]`` token and no
closing tag survives in them), and the verdict is read only from the judge's last non-empty
line, which must name exactly one of the tokens. A reply without one is *unreadable* and
counts as the evaluated dialogue's loss (:func:`outcome`), the worst it can get, so a
dialogue that derails its judge gains nothing; only a judge that never replied (a request
error) leaves an item unjudged.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from finsynth.scoring.client import (
    ChatError,
    ChatModel,
    Message,
    PairwiseVerdict,
    Position,
    Preference,
    VerdictParseError,
    combine_orders,
    judged_transcript,
    read_ordered_reply,
)
from finsynth.scoring.judge_fence import final_line, repeats
from finsynth.scoring.ratings import Game, Winner

_PLACEHOLDER = re.compile(r"\{(needs|evaluation_hints|dialogue1|dialogue2)\}")
_VERDICT = re.compile(r"\[\[\s*([123])\s*\]\]")
_VERDICT_LINE = re.compile(r"(?i)^(?:(?:final\s+)?verdict\s*[:=]?\s*)?\[\[\s*[123]\s*\]\][.!]?$")
_POSITIONS: Mapping[str, Position] = {"1": "first", "2": "second", "3": "tie"}

Outcome = Literal["win", "tie", "loss", "unjudged"]
"""How the evaluated model's dialogue fared against the reference dialogue."""
_OUTCOMES: Mapping[Preference | None, Outcome] = {"A": "win", "B": "loss", "tie": "tie", None: "unjudged"}
OUTCOME_POINTS: Mapping[Outcome, float] = {"win": 1.0, "tie": 0.5, "loss": 0.0, "unjudged": float("nan")}
"""An item's score: the evaluated model's points against the reference (``nan``: not judged)."""


def outcome_of_points(points: float) -> Outcome:
    """The outcome of a sample's points; a mean over epochs above 0.5 counts as a win, below as a loss."""
    if math.isnan(points):
        return "unjudged"
    return "win" if points > 0.5 else "loss" if points < 0.5 else "tie"


_WINNERS: Mapping[Outcome, Winner] = {"win": "model_a", "loss": "model_b", "tie": "tie"}


def item_judge_prompt(item: Mapping[str, Any], first: Sequence[Message], second: Sequence[Message]) -> str:
    """The item's evaluation prompt with its needs, rendered hints and the two transcripts filled in.

    One pass, so braces inside the needs, hints or dialogues are left alone.

    Args:
        item: A UCFE record (its ``evaluation_prompt``, ``needs`` and ``rendered_hints``).
        first: The turns shown as dialogue 1.
        second: The turns shown as dialogue 2.

    """
    values = {
        "needs": str(item["needs"]),
        "evaluation_hints": str(item["rendered_hints"]),
        "dialogue1": judged_transcript(first),
        "dialogue2": judged_transcript(second),
    }
    return _PLACEHOLDER.sub(lambda match: values[match.group(1)], str(item["evaluation_prompt"]))


def parse_item_verdict(reply: str, judged: str = "") -> Position:
    """The dialogue a judge preferred: the one ``[[1]]``, ``[[2]]`` or ``[[3]]`` (tie) of its last line.

    Only the last non-empty line counts: UCFE prompts name all three tokens and judges often
    repeat them while reasoning, and a dialogue may quote tokens of its own; the last line
    must be the token alone (``[[1]]``, or ``Verdict: [[1]]``, markdown aside), and must not
    repeat ``judged``, the evaluated dialogue's text
    (:func:`~finsynth.scoring.judge_fence.repeats`: it may be a quote).

    Raises:
        VerdictParseError: If the last line holds no token, different ones, or repeats ``judged``.

    """
    line = final_line(reply)
    if judged and repeats(line, judged):
        raise VerdictParseError(
            f"the last line of the judge reply repeats the judged dialogue: {line[-200:]!r}"
        )
    found = set(_VERDICT.findall(line))
    if len(found) != 1 or not _VERDICT_LINE.match(line):
        raise VerdictParseError(
            f"the last line of the judge reply is not one of [[1]], [[2]], [[3]] alone: {reply[-200:]!r}"
        )
    return _POSITIONS[found.pop()]


def verdict_of_replies(
    a_first: str | ChatError, b_first: str | ChatError, evaluated: Sequence[Message] = ()
) -> PairwiseVerdict:
    """Combine the judge's replies with A shown first and with B shown first (A: the evaluated dialogue).

    Args:
        a_first: The reply with A shown first (or the error that kept it from replying).
        b_first: The reply with B shown first.
        evaluated: The evaluated dialogue's turns: a last line that repeats them is no verdict.

    """
    judged = "\n".join(turn.content for turn in evaluated)

    def parse(reply: str) -> Position:
        return parse_item_verdict(reply, judged)

    return combine_orders(
        read_ordered_reply(a_first, a_first=True, parse=parse),
        read_ordered_reply(b_first, a_first=False, parse=parse),
    )


def judge_dialogues(
    judge: ChatModel, item: Mapping[str, Any], evaluated: Sequence[Message], reference: Sequence[Message]
) -> PairwiseVerdict:
    """Compare an evaluated dialogue (A) with a reference dialogue (B) of one item, in both orders.

    Returns:
        A or B when both orders agree, ``tie`` when they disagree or both say tie, ``None`` when
        an order failed (see the judgements' ``error``).

    """
    replies: list[str | ChatError] = []
    for first, second in ((evaluated, reference), (reference, evaluated)):
        try:
            replies.append(judge.complete([Message("user", item_judge_prompt(item, first, second))]))
        except ChatError as error:
            replies.append(error)
    return verdict_of_replies(replies[0], replies[1], evaluated)


def unreadable(verdict: PairwiseVerdict) -> bool:
    """Whether the judge replied in some order without a readable verdict."""
    return any(
        order.reply is not None and order.preferred is None for order in (verdict.a_first, verdict.b_first)
    )


def outcome(verdict: PairwiseVerdict) -> Outcome:
    """The evaluated model's outcome (it is A) from a two-order verdict.

    An unreadable reply in either order is a loss (the worst outcome, see the module
    docstring); ``unjudged`` only when the judge never replied in an order.
    """
    if verdict.winner is None and unreadable(verdict):
        return "loss"
    return _OUTCOMES[verdict.winner]


def outcome_game(model: str, reference: str, result: Outcome, item: str) -> Game | None:
    """The rating game of one judged item (``None`` when it was not judged)."""
    winner = _WINNERS.get(result)
    return None if winner is None else Game(model, reference, winner, item)
