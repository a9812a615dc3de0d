"""Span edits of an original text: checking the input, applying ops, and "nothing to change".

Query perturbations describe each change as an :class:`Op` with ``start``/``end`` in the
original text, so the perturbed text is always the original with those spans replaced,
and everything outside them is untouched.
"""

from __future__ import annotations

from collections.abc import Iterable

from finsynth.errors import FinsynthError
from finsynth.perturbations.ops import Op, Perturbed


def require_text(perturbation: str, text: str) -> None:
    """Raise unless ``text`` is a string with at least one non-whitespace character.

    Raises:
        FinsynthError: Naming the perturbation and what it needs.

    """
    if not isinstance(text, str):
        raise FinsynthError(f"{perturbation}: expected text as a string, got {type(text).__name__}")
    if not text.strip():
        raise FinsynthError(
            f"{perturbation}: the text is empty or only whitespace; give it a query to change"
        )


def apply_ops(text: str, ops: Iterable[Op]) -> str:
    """Return ``text`` with each op's ``[start, end)`` span replaced by its ``after``.

    Ops without a span (summaries such as ``no_candidate``) are skipped.

    Raises:
        ValueError: If spans overlap or fall outside the text.

    """
    spans = sorted(
        (op.start, op.end, op.after or "") for op in ops if op.start is not None and op.end is not None
    )
    pieces: list[str] = []
    position = 0
    for start, end, after in spans:
        if start < position or end > len(text) or end < start:
            raise ValueError(f"op span [{start}, {end}) overlaps another or lies outside the text")
        pieces += [text[position:start], after]
        position = end
    pieces.append(text[position:])
    return "".join(pieces)


def edited(text: str, ops: Iterable[Op]) -> Perturbed:
    """Return the perturbed text made by applying ``ops`` (sorted by position) to ``text``."""
    ordered = tuple(sorted(ops, key=lambda op: op.start or 0))
    return Perturbed(apply_ops(text, ordered), ordered)


def no_candidate(text: str, reason: str) -> Perturbed:
    """Return ``text`` unchanged with one ``no_candidate`` op saying why nothing changed."""
    return Perturbed(text, (Op(kind="no_candidate", details={"reason": reason}),))
