"""The seven FailSafeQA test conditions and the prompt each puts in front of a model.

A ``failsafe`` record holds every variant of its item (queries and contexts); the
``failsafe_conditions`` config expands it into one row per condition whose ``input`` is the
ready prompt, so an evaluation harness needs no field mapping.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

from finsynth.errors import FinsynthError
from finsynth.families import FAILSAFE_CONDITIONS, FAILSAFE_GROUNDING_CONDITIONS
from finsynth.generators.registry import Expander, Record, register_expander
from finsynth.perturbations.validators import check_missing_context

ContextKind = Literal["full", "ocr", "none"]


@dataclass(frozen=True)
class Condition:
    """One test condition.

    Attributes:
        name: Condition name, as in the ``condition`` column and judgment files.
        query_column: The ``failsafe`` column holding the query shown.
        context: Which context the prompt holds.
        answerable: Whether the prompt holds what the answer needs.

    """

    name: str
    query_column: str
    context: ContextKind
    answerable: bool


_PROMPT_PARTS: dict[str, tuple[str, ContextKind]] = {
    "baseline": ("query", "full"),
    "misspelled": ("error_query", "full"),
    "incomplete": ("incomplete_query", "full"),
    "out_of_domain": ("out-of-domain_query", "full"),
    "ocr": ("query", "ocr"),
    "missing_context": ("query", "none"),
    "irrelevant_context": ("out-of-scope_query", "full"),
}
"""Each condition's query column and context."""

CONDITIONS = tuple(
    Condition(name, *_PROMPT_PARTS[name], answerable=name not in FAILSAFE_GROUNDING_CONDITIONS)
    for name in FAILSAFE_CONDITIONS
)
"""In :data:`finsynth.families.FAILSAFE_CONDITIONS` order: robustness is measured over the
answerable five, context grounding over the last two."""

CONDITION_NAMES = tuple(condition.name for condition in CONDITIONS)

INSTRUCTIONS = (
    "You are assisting a finance professional. Use only the document below. If the document does not "
    "hold the information the request needs, say that plainly and do not invent figures or facts."
)
NO_DOCUMENT = "(No document was provided.)"
UNANSWERABLE_TARGET = (
    "The document provided does not contain the information needed for this request. A good response says "
    "so, explains what is missing, and does not make up an answer."
)


def prompt(context: str, query: str) -> str:
    """Return the prompt for a context (``""`` for none) and a query."""
    document = context if context else NO_DOCUMENT
    return f"{INSTRUCTIONS}\n\nDocument:\n{document}\n\nRequest: {query}"


def condition_row(record: Record, name: str) -> Record:
    """Return the ``failsafe_condition`` row of a ``failsafe`` record under one condition."""
    condition = next(condition for condition in CONDITIONS if condition.name == name)
    context = {"full": record["context"], "ocr": record["ocr_context"], "none": ""}[condition.context]
    query = record[condition.query_column]
    shown = prompt(context, query)
    if condition.context == "none" and check_missing_context(shown, record["context"]):
        raise FinsynthError(f"{record['id']}: the missing-context prompt still holds the document")
    metadata = {
        "item_id": record["id"],
        "condition": name,
        "answerable": condition.answerable,
        "task_type": record["task_type"],
        "source": record["source"],
    }
    return {
        "id": f"{record['id']}/{name}",
        "input": shown,
        "target": record["answer"] if condition.answerable else UNANSWERABLE_TARGET,
        "choices": [],
        "metadata": json.dumps(metadata, sort_keys=True, separators=(",", ":")),
        "item_id": record["id"],
        "condition": name,
        "answerable": condition.answerable,
        "query": query,
        "context_kind": condition.context,
        "task_type": record["task_type"],
        "source": record["source"],
    }


register_expander(
    Expander(
        family="failsafe_condition", source_family="failsafe", kinds=CONDITION_NAMES, expand=condition_row
    )
)
