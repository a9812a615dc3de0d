"""Building a ``failsafe`` record: one item with every query and context failure applied.

Every perturbation draws from its own seed, derived from the item's seed and the
perturbation's name, so changing one perturbation's options never shifts another's draws.
"""

from __future__ import annotations

import json

from finsynth.generators.failsafe.conditions import prompt
from finsynth.generators.failsafe.items import SourceItem
from finsynth.generators.registry import Record
from finsynth.perturbations import Perturbed, get_perturbation
from finsynth.perturbations.citations import citation_context
from finsynth.perturbations.tokens import count_tokens
from finsynth.seeding import RandomStream, derive_seed

QUERY_PERTURBATIONS = {
    "error_query": "misspell",
    "incomplete_query": "incomplete",
    "out-of-domain_query": "out_of_domain",
}
"""``failsafe`` column -> the perturbation of the query that fills it."""


def _perturb(name: str, text: str, seed: int) -> Perturbed:
    return get_perturbation(name)(text, RandomStream(derive_seed(seed, name)))


def failsafe_record(
    item: SourceItem,
    *,
    record_id: str,
    idx: int,
    seed: int,
    out_of_scope_query: str,
    citations: str | None = None,
) -> Record:
    """Return the ``failsafe`` record of an item (see ``failsafe_record.schema.json``).

    Args:
        item: The context, question, answer and citations.
        record_id: The record's stable id.
        idx: Position of the item in its split.
        seed: The item's seed; each perturbation's seed derives from it.
        out_of_scope_query: A question about another document, for the irrelevant-context condition.
        citations: The citation context, if the caller built it (e.g. from sentences it already
            knows); by default it is built from ``item.citations``.

    """
    queries = {column: _perturb(name, item.question, seed) for column, name in QUERY_PERTURBATIONS.items()}
    ocr = _perturb("ocr", item.context, seed)
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
