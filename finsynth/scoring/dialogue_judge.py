"""Judging two dialogues of one UCFE item with the item's own evaluation prompt, in both orders.

A UCFE item carries its judge prompt (``evaluation_prompt``, with ``{needs}``,
``{evaluation_hints}``, ``{dialogue1}`` and ``{dialogue2}`` to fill) and its rendered hints.
:func:`item_judge_prompt` fills it with two role-labelled transcripts; the judge ends with
``[[1]]``, ``[[2]]`` or ``[[3]]`` (a tie), read by :func:`parse_item_verdict`.
:func:`judge_dialogues` asks once in each order and combines them as
:func:`~finsynth.scoring.client.judge_pair` does (a tie when the orders disagree); the
inspect_ai harness does the same with inspect models.
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
    read_ordered_reply,
    render_transcript,
)
from finsynth.scoring.ratings import Game, Winner

_PLACEHOLDER = re.compile(r"\{(needs|evaluation_hints|dialogue1|dialogue2)\}")
_VERDICT = re.compile(r"\[\[\s*([123])\s*\]\]")
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
        "dialogue1": render_transcript(first),
        "dialogue2": render_transcript(second),
    }
    return _PLACEHOLDER.sub(lambda match: values[match.group(1)], str(item["evaluation_prompt"]))


def parse_item_verdict(reply: str) -> Position:
    """The dialogue a judge preferred: its last ``[[1]]``, ``[[2]]`` or ``[[3]]`` (tie).

    The last token counts: UCFE prompts name all three tokens, and judges often repeat them
    before giving their own.

    Raises:
        VerdictParseError: If the reply holds no such token.

    """
    found = _VERDICT.findall(reply)
    if not found:
        raise VerdictParseError(f"no [[1]], [[2]] or [[3]] in judge reply: {reply[-200:]!r}")
    return _POSITIONS[found[-1]]


def verdict_of_replies(a_first: str | ChatError, b_first: str | ChatError) -> PairwiseVerdict:
    """Combine the judge's replies with A shown first and with B shown first (A: the evaluated dialogue)."""
    return combine_orders(
        read_ordered_reply(a_first, a_first=True, parse=parse_item_verdict),
        read_ordered_reply(b_first, a_first=False, parse=parse_item_verdict),
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
    return verdict_of_replies(*replies)


def outcome(verdict: PairwiseVerdict) -> Outcome:
    """The evaluated model's outcome (it is A) from a two-order verdict."""
    return _OUTCOMES[verdict.winner]


def outcome_game(model: str, reference: str, result: Outcome, item: str) -> Game | None:
    """The rating game of one judged item (``None`` when it was not judged)."""
    winner = _WINNERS.get(result)
    return None if winner is None else Game(model, reference, winner, item)
