"""Sentence segmentation of financial text with exact character offsets.

``pysbd`` finds the sentences; we then locate each one in the original text (so offsets are
exact even where pysbd's own spans drift) and join the pieces pysbd splits wrongly in filings:
after abbreviations that never end a sentence (``approx.``, ``e.g.``, ``Mr.``, ``No.``), inside a
decimal number, and before a continuation that starts in lower case.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import pysbd  # type: ignore[import-untyped]

_NEVER_FINAL = re.compile(
    r"(?<![^\s(\"“'‘])(?:approx|appr|e\.g|i\.e|cf|vs|viz|incl|excl|est|Mr|Mrs|Ms|Messrs|Dr|Prof|No|Nos"
    r"|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec|Fig|Sec|Art|Ref|pp?)\.$"
)
_ENDS_IN_DIGIT_AND_POINT = re.compile(r"\d\.$")
_LONGEST_ABBREVIATION = len("Messrs.")
_STARTS_LIKE_A_CONTINUATION = re.compile(r"[a-z]")


@dataclass(frozen=True)
class Sentence:
    """One sentence and where it sits in the text it came from.

    Attributes:
        index: Position of the sentence among the text's sentences, from 0.
        start: Offset of its first character in the text.
        end: Offset just past its last character (``text[start:end] == sentence.text``).
        text: The sentence, without surrounding whitespace.

    """

    index: int
    start: int
    end: int
    text: str


@cache
def _segmenter() -> pysbd.Segmenter:
    return pysbd.Segmenter(language="en", clean=False)


def _starts(text: str) -> list[int]:
    """Offsets where pysbd's sentences begin, located in ``text`` one after another."""
    starts: list[int] = []
    cursor = 0
    for piece in _segmenter().segment(text):
        stripped = piece.strip()
        found = text.find(stripped, cursor) if stripped else -1
        if found >= 0:  # a piece pysbd rewrote is not found and stays part of the sentence before it
            starts.append(found)
            cursor = found + len(stripped)
    return starts


def _wrongly_split(text: str, before: tuple[int, int], after: tuple[int, int]) -> bool:
    """Whether pysbd's cut between two sentences (given as spans of ``text``) falls inside one sentence."""
    tail = max(before[0], before[1] - _LONGEST_ABBREVIATION - 1)
    if _NEVER_FINAL.search(text, tail, before[1]):
        return True
    if _ENDS_IN_DIGIT_AND_POINT.search(text, tail, before[1]) and text[after[0]].isdigit():
        return True
    return _STARTS_LIKE_A_CONTINUATION.match(text, after[0]) is not None


def split_sentences(text: str) -> list[Sentence]:
    """Split ``text`` into sentences with exact offsets.

    Every non-whitespace character of ``text`` belongs to exactly one sentence, and the text
    between consecutive sentences is whitespace only, so the sentences and the gaps between them
    reconstruct ``text``.

    Args:
        text: Any text; empty or whitespace-only text has no sentences.

    Returns:
        The sentences in order.

    """
    first = len(text) - len(text.lstrip())
    if first == len(text):
        return []
    cuts = sorted({first, *(start for start in _starts(text) if start > first)})
    spans: list[tuple[int, int]] = []
    for start, next_start in zip(cuts, [*cuts[1:], len(text)], strict=True):
        end = start + len(text[start:next_start].rstrip())
        if spans and _wrongly_split(text, spans[-1], (start, end)):
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
    return [Sentence(index, start, end, text[start:end]) for index, (start, end) in enumerate(spans)]
