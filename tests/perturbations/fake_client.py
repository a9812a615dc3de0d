"""A scripted chat client for the ``method="llm"`` paths: it records what it was sent."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


class ScriptedClient:
    """Answers every conversation with ``reply`` and keeps the conversations it received."""

    def __init__(self, reply: str) -> None:
        self.reply = reply
        self.conversations: list[list[dict[str, str]]] = []

    def complete(self, messages: Sequence[Mapping[str, str]]) -> str:
        self.conversations.append([dict(message) for message in messages])
        return self.reply
