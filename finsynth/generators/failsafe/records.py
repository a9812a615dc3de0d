"""Building a ``failsafe`` record: one item with every query and context failure applied.

Every perturbation draws from its own seed, derived from the item's seed and the
perturbation's name, so changing one perturbation's options never shifts another's draws.

Every perturbed query passes :func:`~finsynth.perturbations.check_query`, redrawn with a
salted seed while it fails (:func:`~finsynth.perturbations.perturb_checked`). The OCR pass
leaves the numbers of the cited evidence as written (the figures the answer is built from)
and :func:`~finsynth.perturbations.check_ocr` confirms they still read the same. An item
whose query fails every try gets no record but a :class:`LeftOut` saying which condition
failed; its caller leaves the item out and counts it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from finsynth.generators.failsafe.conditions import prompt
from finsynth.generators.failsafe.items import SourceItem
from finsynth.generators.registry import Record
from finsynth.perturbations import (
    Perturbed,
    check_ocr,
    check_query,
    get_perturbation,
    needed_numbers,
    perturb_checked,
)
from finsynth.perturbations.citations import citation_context
from finsynth.perturbations.invariants import NUMBER, Span, merge_spans, number_spans, number_tokens
from finsynth.perturbations.misspell import kind_at
from finsynth.perturbations.tokens import count_tokens
from finsynth.seeding import RandomStream, derive_seed

QUERY_PERTURBATIONS = {
    "error_query": "misspell",
    "incomplete_query": "incomplete",
    "out-of-domain_query": "out_of_domain",
}
"""``failsafe`` column -> the perturbation of the query that fills it."""

KIND_OF_COLUMN = {
    "error_query": "misspelled",
    "incomplete_query": "incomplete",
    "out-of-domain_query": "out_of_domain",
    "ocr_context": "ocr",
}
"""``failsafe`` column -> the condition it serves (the name the card counts redraws under)."""


@dataclass(frozen=True)
class LeftOut:
    """An item that gets no record: one of its perturbations failed its checks every try.

    Attributes:
        kind: The condition whose perturbation failed (a value of :data:`KIND_OF_COLUMN`).

    """

    kind: str


def evidence_spans(context: str, citations: Sequence[str]) -> list[Span]:
    """Return where each citation first occurs in ``context`` (citations not found are skipped)."""
    spans = []
    for citation in citations:
        start = context.find(citation)
        if start >= 0:
            spans.append((start, start + len(citation)))
    return spans


def _query(column: str, question: str, seed: int, idx: int) -> tuple[Perturbed | None, int]:
    name = QUERY_PERTURBATIONS[column]
    # Items of a split take the misspelling kinds in turn, so even 220 items follow the mix closely.
    options: dict[str, Any] = {"first_kind": kind_at(idx)} if name == "misspell" else {}
    checked = perturb_checked(
        name,
        question,
        derive_seed(seed, name),
        lambda perturbed: check_query(name, question, perturbed),
        **options,
    )
    return checked.perturbed, checked.redraws


def _ocr(context: str, evidence: Sequence[Span], seed: int, answer: str) -> Perturbed | None:
    """OCR noise that keeps the numbers of the evidence and of the answer; ``None`` if one fails to read.

    A figure the answer computes (a ratio, a sum) may also occur elsewhere in the document by
    chance; those occurrences are kept too, so every number of the answer still reads as written.
    """
    answer_numbers = set(number_tokens(answer))
    also_kept = [
        (max(0, match.start() - 1), min(len(context), match.end() + 1))
        for match in NUMBER.finditer(context)
        if match.group() in answer_numbers
    ]
    keep = merge_spans([*number_spans(context, evidence), *also_kept])
    noisy = get_perturbation("ocr")(context, RandomStream(derive_seed(seed, "ocr")), keep_spans=keep)
    needed = [*needed_numbers(context[start:end] for start, end in evidence), *number_tokens(answer)]
    return None if check_ocr(context, noisy.text, needed) else noisy


def failsafe_record(
    item: SourceItem,
    *,
    record_id: str,
    idx: int,
    seed: int,
    out_of_scope_query: str,
    citations: str | None = None,
    evidence: Sequence[Span] | None = None,
    left_out: dict[str, int] | None = None,
) -> Record | LeftOut:
    """Return the ``failsafe`` record of an item (see ``failsafe_record.schema.json``), or why it has none.

    Args:
        item: The context, question, answer and citations.
        record_id: The record's stable id.
        idx: Position of the item in its split.
        seed: The item's seed; each perturbation's seed derives from it.
        out_of_scope_query: A question about another document, for the irrelevant-context condition.
        citations: The citation context, if the caller built it (e.g. from sentences it already
            knows); by default it is built from ``item.citations``.
        evidence: Spans of the context the answer relies on; by default where ``item.citations`` occur.
        left_out: Items left out before this one, per condition, recorded in ``metadata.left_out``.

    Returns:
        The record, or a :class:`LeftOut` when a perturbation failed its checks every try (the
        item must be left out).

    """
    queries: dict[str, Perturbed] = {}
    redraws: dict[str, int] = {}
    for column in QUERY_PERTURBATIONS:
        perturbed, redrawn = _query(column, item.question, seed, idx)
        if perturbed is None:
            return LeftOut(KIND_OF_COLUMN[column])
        queries[column], redraws[KIND_OF_COLUMN[column]] = perturbed, redrawn
    spans = evidence_spans(item.context, item.citations) if evidence is None else evidence
    ocr = _ocr(item.context, spans, seed, item.answer)
    if ocr is None:
        return LeftOut(KIND_OF_COLUMN["ocr_context"])
    if citations is None:
        citations = citation_context(item.context, item.citations).text if item.citations else ""
    tokens = count_tokens(item.context)
    citations_tokens = count_tokens(citations) if citations else 0
    ops = {
        name: [op.to_dict() for op in result.ops] for name, result in (*queries.items(), ("ocr_context", ocr))
    }
    metadata = {
        "task_type": item.task_type,
        "source": item.source,
        "source_id": item.id,
        "tokens": tokens,
        "seed": seed,
        "perturbation_redraws": redraws,
        "left_out": dict(left_out or {}),
        **item.details,
    }
    return {
        "id": record_id,
        "input": prompt(item.context, item.question),
        "target": item.answer,
        "choices": [],
        "metadata": json.dumps(metadata, sort_keys=True, separators=(",", ":")),
        "idx": idx,
        "tokens": tokens,
        "context": item.context,
        "ocr_context": ocr.text,
        "answer": item.answer,
        "query": item.question,
        **{column: result.text for column, result in queries.items()},
        "out-of-scope_query": out_of_scope_query,
        "citations": citations,
        "citations_tokens": citations_tokens,
        "task_type": item.task_type,
        "source": item.source,
        "seed": seed,
        "ops": json.dumps(ops, sort_keys=True, separators=(",", ":"), ensure_ascii=False),
    }
