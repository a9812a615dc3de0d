"""What a reward function is handed: completions in plain or chat form, and dataset columns per row.

TRL's ``GRPOTrainer`` calls each reward function as ``fn(prompts=..., completions=...,
**columns)``: ``completions`` holds one string per completion, or (for conversational
datasets) one list of ``{"role", "content"}`` messages per completion, and every other dataset
column arrives as a keyword argument holding one value per completion. This module reads both
forms, so the rewards never see anything but text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from finsynth.errors import FinsynthError

MAX_COMPLETION_CHARS = 65_536
"""Longest completion a reward reads (about 16,000 tokens); a longer one earns 0 from every reward.

No answer needs that much text, and reading is linear in length, so an enormous completion
cannot stall a training step or reach a judge.
"""


class RewardFunction(Protocol):
    """A reward function as TRL's ``GRPOTrainer`` calls it: one float per completion."""

    __name__: str

    def __call__(self, prompts: Sequence[Any], completions: Sequence[Any], **columns: Any) -> list[float]:
        """Return one reward per completion (``columns`` hold one value per completion)."""
        ...


def _content_text(content: object) -> str:
    """The text of a message's content: a string, or the text parts of a list of parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, Sequence) and not isinstance(content, (bytes, bytearray)):
        return "".join(
            str(part.get("text", ""))
            for part in content
            if isinstance(part, Mapping) and part.get("type") == "text"
        )
    return ""


def completion_text(completion: object) -> str:
    """The text a completion states: a plain string, or the last assistant message of a conversation.

    Anything else (``None``, bytes, a conversation without an assistant message) reads as ``""``,
    which every reward scores 0.
    """
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Sequence) and not isinstance(completion, (bytes, bytearray)):
        for message in reversed(completion):
            if isinstance(message, Mapping) and message.get("role") == "assistant":
                return _content_text(message.get("content"))
    return ""


def readable(text: str) -> bool:
    """Whether a completion is short enough to read (see :data:`MAX_COMPLETION_CHARS`)."""
    return len(text) <= MAX_COMPLETION_CHARS


def column_rows(
    columns: Mapping[str, Any], names: Sequence[str], count: int, *, reward: str
) -> list[dict[str, Any]]:
    """One dict per completion with the ``names`` among ``columns`` (each a list of ``count`` values).

    Raises:
        FinsynthError: If a column does not hold one value per completion.

    """
    present = [name for name in names if name in columns]
    for name in present:
        values = columns[name]
        if not isinstance(values, Sequence) or isinstance(values, (str, bytes)) or len(values) != count:
            raise FinsynthError(
                f"reward {reward}: column {name!r} must hold one value per completion ({count}), "
                f"got {type(values).__name__}"
            )
    return [{name: columns[name][index] for name in present} for index in range(count)]


def require_columns(columns: Mapping[str, Any], needed: Sequence[str], *, reward: str) -> None:
    """Raise unless every column in ``needed`` was passed.

    Raises:
        FinsynthError: Naming the missing columns and the ones given.

    """
    missing = [name for name in needed if name not in columns]
    if missing:
        raise FinsynthError(
            f"reward {reward} needs the dataset columns {missing} (keep them in the dataset; "
            f"TRL passes every column but 'prompt'); got {sorted(columns)}"
        )
