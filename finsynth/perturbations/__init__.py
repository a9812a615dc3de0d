"""Seeded text perturbations: query failures, context failures and citations.

Each perturbation is ``(text, rng, **options) -> Perturbed`` (see :mod:`.ops`), registered
by name with ``@perturbation`` so the CLI and builds can look it up. Builds check every
perturbed item (:mod:`.validators`) and redraw a failing one (:mod:`.redraw`).
"""

from finsynth.perturbations.citations import CitationContext, citation_context
from finsynth.perturbations.context import ContextIndex, missing_context, pick_irrelevant
from finsynth.perturbations.incomplete import incomplete
from finsynth.perturbations.misspell import misspell
from finsynth.perturbations.ocr import ocr_noise
from finsynth.perturbations.ops import Op, Perturbed
from finsynth.perturbations.out_of_domain import out_of_domain
from finsynth.perturbations.redraw import MAX_TRIES, Checked, perturb_checked
from finsynth.perturbations.registry import Perturbation, get_perturbation, perturbation, perturbation_names
from finsynth.perturbations.sentences import Sentence, split_sentences
from finsynth.perturbations.tokens import count_tokens, count_tokens_batch
from finsynth.perturbations.validators import (
    QUERY_CHECKS,
    check_missing_context,
    check_ocr,
    check_out_of_scope,
    check_query,
    needed_numbers,
)

__all__ = [
    "MAX_TRIES",
    "QUERY_CHECKS",
    "Checked",
    "CitationContext",
    "ContextIndex",
    "Op",
    "Perturbation",
    "Perturbed",
    "Sentence",
    "check_missing_context",
    "check_ocr",
    "check_out_of_scope",
    "check_query",
    "citation_context",
    "count_tokens",
    "count_tokens_batch",
    "get_perturbation",
    "incomplete",
    "missing_context",
    "misspell",
    "needed_numbers",
    "ocr_noise",
    "out_of_domain",
    "perturb_checked",
    "perturbation",
    "perturbation_names",
    "pick_irrelevant",
    "split_sentences",
]
