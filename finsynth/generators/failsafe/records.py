"""Building a ``failsafe`` record: one item with every query and context failure applied.

Every perturbation draws from its own seed, derived from the item's seed and the
perturbation's name, so changing one perturbation's options never shifts another's draws.

Every perturbed query passes :func:`~finsynth.perturbations.check_query`, redrawn with a
salted seed while it fails (:func:`~finsynth.perturbations.perturb_checked`). The OCR pass
spreads its noise over the whole context, the cited evidence and the answer's figures included,
so a clean number is no hint of the answer; a draw after which a number the answer needs no
longer reads as written (:func:`~finsynth.perturbations.check_ocr`) is redrawn the same way, and
``metadata.ocr_number_damage`` records the share of numbers damaged inside the evidence and
elsewhere. An item whose perturbation fails every try gets no record but a :class:`LeftOut`
saying which condition failed; its caller leaves the item out and counts it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from finsynth.generators.failsafe.conditions import prompt
from finsynth.generators.failsafe.framing import question_core
from finsynth.generators.failsafe.items import SourceItem
from finsynth.generators.registry import Record
from finsynth.perturbations import (
    Checked,
    Perturbed,
    check_ocr,
    check_query,
    perturb_checked,
)
from finsynth.perturbations.citations import citation_context
from finsynth.perturbations.invariants import Span, number_tokens
from finsynth.perturbations.misspell import QUERY_EDITS, kind_at
from finsynth.perturbations.ocr_damage import number_damage
from finsynth.perturbations.tokens import count_tokens
from finsynth.seeding import derive_seed

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


OCR_TRIES = 24
"""Noise draws of one context before its item is left out. Uniform noise damages about a quarter
of all numbers, so a passage citing several figures often needs many draws before every figure
reads; fewer tries would leave out mostly the items whose evidence holds the most numbers."""


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


def checked_against(perturbation: str, question: str) -> str:
    """The text a perturbed query must keep the numbers, labels and polarity words of.

    A keyword query leaves out the framing ("Per the 10-K,"), so it answers for the question's core.
    """
    if perturbation != "incomplete":
        return question
    start, end = question_core(question)
    return question[start:end]


def _query(column: str, question: str, seed: int, idx: int) -> tuple[Perturbed | None, int]:
    name = QUERY_PERTURBATIONS[column]
    options: dict[str, Any] = {} if name == "out_of_domain" else {"core": question_core(question)}
    if name == "misspell":
        # Items of a split take the misspelling kinds in turn, so even 220 items follow the mix closely.
        options.update(first_kind=kind_at(idx), edits=QUERY_EDITS)
    asked = checked_against(name, question)
    checked = perturb_checked(
        name,
        question,
        derive_seed(seed, name),
        lambda perturbed: check_query(name, asked, perturbed),
        **options,
    )
    return checked.perturbed, checked.redraws


def _ocr(context: str, seed: int, answer: str) -> Checked:
    """OCR noise over the whole context, redrawn while a figure of the answer no longer reads.

    The noise treats the evidence like any other text (a clean evidence passage would tell a model
    where the answer is). A draw passes when every number the answer states still reads as written
    somewhere in the noisy context (:func:`check_ocr`); only those are required, since requiring
    every number of the evidence would redraw until the evidence came out clean, the very tell the
    uniform noise removes.
    """
    needed = number_tokens(answer)
    return perturb_checked(
        "ocr",
        context,
        derive_seed(seed, "ocr"),
        lambda noisy: check_ocr(context, noisy.text, needed),
        tries=OCR_TRIES,
    )


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
    checked_ocr = _ocr(item.context, seed, item.answer)
    if checked_ocr.perturbed is None:
        return LeftOut(KIND_OF_COLUMN["ocr_context"])
    ocr = checked_ocr.perturbed
    redraws[KIND_OF_COLUMN["ocr_context"]] = checked_ocr.redraws
    damage = number_damage(item.context, ocr.text, spans)
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
        "ocr_number_damage": damage.to_dict() if damage is not None else None,
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
