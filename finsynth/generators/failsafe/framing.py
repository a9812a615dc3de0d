"""Where the question itself lies inside a FailSafe query, between its framing words.

A synthetic filing's question may open with a lead-in ("Per the 10-K, ") and close with a
follow-up ("Keep the answer short."), both drawn from the filings' question framing. The
perturbations that must reach the question itself (a misspelling, a lay rephrasing) or leave the
framing out (a keyword query) are given the span between the two, the question's core.
"""

from __future__ import annotations

from functools import cache

from finsynth.generators.filings.question_framing import QUESTION_FRAMING

Span = tuple[int, int]


@cache
def _framing() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Lead-ins and trailers, longest first, so the longest that fits is taken."""
    lead_ins = sorted({text for text in QUESTION_FRAMING.lead_ins if text.strip()}, key=len, reverse=True)
    trailers = {
        text for text in (*QUESTION_FRAMING.follow_ups, *QUESTION_FRAMING.writing_notes) if text.strip()
    }
    return tuple(lead_ins), tuple(sorted(trailers, key=len, reverse=True))


def question_core(question: str) -> Span:
    """Return ``(start, end)`` of ``question`` without its framing lead-in and trailer.

    A question with neither is its own core; a question that would be left empty keeps it whole.
    """
    lead_ins, trailers = _framing()
    start = next((len(lead) for lead in lead_ins if question.startswith(lead)), 0)
    end = len(question) - next((len(tail) for tail in trailers if question.endswith(tail)), 0)
    if not question[start:end].strip():
        return 0, len(question)
    return start, end
