"""Citation contexts: the sentences a citation comes from, with their neighbours, cut from a document.

A citation is an exact substring of the document (or a ``(start, end)`` span of it). Each one is
widened to the whole sentences it touches plus ``before`` sentences before and ``after`` after;
overlapping or adjacent selections become one passage, and every stretch of the document left out
is marked with ``gap_marker``. The document's first ``lead_sentences`` sentences (its title, the
company name) can be put first; a sentence is never repeated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from finsynth.errors import FinsynthError
from finsynth.perturbations.sentences import Sentence, split_sentences

Citation = str | tuple[int, int]
_PREVIEW = 60


@dataclass(frozen=True)
class CitationContext:
    """The passages of a document that support its citations.

    Attributes:
        text: The passages in document order, joined by the gap marker wherever text was left out.
        sentence_ids: Indexes (from :func:`split_sentences`) of the sentences kept, in order.
        spans: Where each citation was found in the document, as ``(start, end)``, in the order given.

    """

    text: str
    sentence_ids: tuple[int, ...]
    spans: tuple[tuple[int, int], ...]


def _preview(citation: str) -> str:
    return citation if len(citation) <= _PREVIEW else citation[: _PREVIEW - 3] + "..."


def _locate(document: str, index: int, citation: Citation) -> tuple[int, int]:
    """Return the span of one citation, or raise naming the citation."""
    if isinstance(citation, str):
        if not citation.strip():
            raise FinsynthError(f"citation {index} is empty or only whitespace")
        start = document.find(citation)
        if start < 0:
            raise FinsynthError(
                f"citation {index} ({_preview(citation)!r}) is not an exact substring of the document"
            )
        return start, start + len(citation)
    start, end = citation
    if not 0 <= start < end <= len(document):
        raise FinsynthError(
            f"citation {index} span ({start}, {end}) is not a non-empty span of the document "
            f"(0 <= start < end <= {len(document)})"
        )
    if not document[start:end].strip():
        raise FinsynthError(f"citation {index} span ({start}, {end}) covers only whitespace")
    return start, end


def citation_context(
    document: str,
    citations: Sequence[Citation],
    *,
    before: int = 1,
    after: int = 1,
    lead_sentences: int = 0,
    gap_marker: str = "[...]",
    sentences: Sequence[Sentence] | None = None,
) -> CitationContext:
    """Cut the passages that support ``citations`` out of ``document``.

    Args:
        document: The full context, e.g. a 10-K.
        citations: Exact substrings of the document (the first occurrence is used) or
            ``(start, end)`` spans.
        before: Sentences kept before each cited sentence.
        after: Sentences kept after each cited sentence.
        lead_sentences: How many of the document's first sentences to put first.
        gap_marker: What marks left-out text, between passages and at either end.
        sentences: The document's sentences, if already split (saves splitting it again when one
            document has many questions).

    Returns:
        The passages, the indexes of the sentences they are made of, and each citation's span.

    Raises:
        FinsynthError: If the document is blank, there are no citations, a citation is blank or not
            in the document, or a count is negative.

    """
    if not document.strip():
        raise FinsynthError("citation context: the document is empty or only whitespace")
    if not citations:
        raise FinsynthError("citation context: no citations were given")
    for name, value in (("before", before), ("after", after), ("lead_sentences", lead_sentences)):
        if value < 0:
            raise FinsynthError(f"citation context: {name} must be at least 0, got {value}")
    spans = tuple(_locate(document, index, citation) for index, citation in enumerate(citations))
    parts = list(split_sentences(document) if sentences is None else sentences)
    last = len(parts) - 1

    kept = set(range(min(lead_sentences, len(parts))))
    for number, (start, end) in enumerate(spans):
        touched = [sentence.index for sentence in parts if sentence.start < end and start < sentence.end]
        if not touched:
            raise FinsynthError(f"citation {number} ({start}, {end}) lies outside the sentences given")
        kept.update(range(max(touched[0] - before, 0), min(touched[-1] + after, last) + 1))
    ids = sorted(kept)

    runs: list[list[int]] = []
    for index in ids:
        if runs and runs[-1][-1] == index - 1:
            runs[-1].append(index)
        else:
            runs.append([index])
    passages = [document[parts[run[0]].start : parts[run[-1]].end] for run in runs]
    text = f" {gap_marker} ".join(passages)
    if ids[0] > 0:
        text = f"{gap_marker} {text}"
    if ids[-1] < last:
        text = f"{text} {gap_marker}"
    return CitationContext(text, tuple(ids), spans)
