"""The unit every FailSafe source produces: a long context with one question, its answer and citations."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

TaskType = Literal["QA", "TG"]

WRITING_VERBS = ("write", "draft", "compose", "create", "prepare", "summarize", "summarise", "generate")
"""First words of a text-generation request; used to label sources that do not say QA or TG."""


@dataclass(frozen=True)
class SourceItem:
    """One context–question pair to perturb.

    Attributes:
        id: Stable id within its source (e.g. the TAT-QA question uid).
        context: The document text the question is about.
        question: The user's question or request.
        answer: The reference answer.
        citations: Exact substrings of ``context`` that support the answer (may be empty).
        task_type: ``QA`` (question answering) or ``TG`` (text generation).
        source: Where the item came from: ``synthetic``, ``failsafeqa``, ``tatqa``, ``jsonl``.
        details: What the source knows about the item beyond the text, merged into the record's
            ``metadata`` (synthetic items: ``question_kind``, ``filing_items`` and ``industry``).

    """

    id: str
    context: str
    question: str
    answer: str
    citations: tuple[str, ...]
    task_type: TaskType
    source: str
    details: Mapping[str, str | list[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Problem:
    """An input item a loader could not use, and why (loaders report, never drop silently).

    Attributes:
        where: File and position, e.g. ``data.jsonl:12`` or ``tatqa.json[3].questions[2]``.
        message: What is wrong.

    """

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


def task_type_of(question: str) -> TaskType:
    """Label a request ``TG`` when it starts with a writing verb ("Draft a short post…"), else ``QA``."""
    words = question.strip().split(maxsplit=1)
    first = words[0].lower().strip(",.:;!?") if words else ""
    return "TG" if first in WRITING_VERBS else "QA"
