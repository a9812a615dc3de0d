"""What a query perturbation must carry over unchanged: numbers, answer labels and polarity words.

A misspelled, keyword or lay query is only a fair test when it still asks for the same thing.
These spans of the original are found here once, so the perturbations can leave them alone
and :mod:`.validators` can check that they did:

- numbers with their sign, currency symbol and percent sign (``−$360,000``, ``24.50%``, ``3``
  and ``2`` of ``3-for-2``);
- quoted labels (``'form filed'``) and the answer labels a caller names (a question's choices);
- polarity words that flip what is asked: ``no``, ``not``, ``cannot``, ``never``, ``without``,
  ``except``, ``excluding``, ``unless``, ``net of``, ``before tax``, ``after-tax`` and the like;
- for keyword queries, the comparison words and units a label rule turns on (``above``,
  ``at least``, ``otherwise``, ``percentage points``, ``days``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from finsynth.perturbations.phrase_patterns import phrase_alternation

Span = tuple[int, int]

NUMBER = re.compile(r"(?<![\w.,])[-−+]?[$€£¥]?\d+(?:[.,]\d+)*%?")
"""A number as written, with its sign, currency symbol, separators and percent sign."""

QUOTED = re.compile(
    r"(?<!\w)(?:'([^'\n]{1,80}?)'|‘([^’\n]{1,80}?)’|\"([^\"\n]{1,80}?)\"|“([^”\n]{1,80}?)”)(?!\w)"
)
"""A quoted label such as ``'form filed'`` (apostrophes inside words never open a quote)."""

POLARITY_PHRASES = (
    "no",
    "not",
    "never",
    "none",
    "cannot",
    "nor",
    "neither",
    "without",
    "except",
    "excluding",
    "exclusive of",
    "unless",
    "net of",
    "before tax",
    "before taxes",
    "after tax",
    "after taxes",
    "pre-tax",
    "pretax",
    "after-tax",
)
"""Words and phrases that flip or bound what a question asks; each must survive a perturbation."""

POLARITY = re.compile(
    rf"(?<![\w-])(?:{phrase_alternation(POLARITY_PHRASES)}|\w*n['’]t)(?![\w-])",
    re.IGNORECASE,
)
"""One polarity phrase, or a contraction ending in ``n't`` (``isn't``, ``doesn't``)."""


RULE_PHRASES = (
    "above",
    "below",
    "over",
    "under",
    "exceed",
    "exceeds",
    "more than",
    "less than",
    "fewer than",
    "greater than",
    "higher than",
    "lower than",
    "at least",
    "at most",
    "up to",
    "or more",
    "or less",
    "falls short",
    "short of",
    "between",
    "within",
    "otherwise",
    "percent",
    "percentage point",
    "percentage points",
    "basis points",
    "bps",
    "days",
    "months",
    "years",
    "times",
    "per share",
)
"""Comparison words and units that a label rule (``'high' if the share is above 10.00%``) turns on;
a keyword query keeps them, or it no longer says which way a threshold cuts or in what unit."""

RULE_WORDS = re.compile(rf"(?<![\w-])(?:{phrase_alternation(RULE_PHRASES)})(?![\w-])", re.IGNORECASE)
"""One comparison word or unit of :data:`RULE_PHRASES`."""


def rule_words(text: str) -> list[str]:
    """Return each comparison word and unit of ``text`` (:data:`RULE_WORDS`), case-folded, in order."""
    return [" ".join(match.group().casefold().split()) for match in RULE_WORDS.finditer(text)]


def number_tokens(text: str) -> list[str]:
    """Return every number of ``text`` as written, in order (see :data:`NUMBER`)."""
    return NUMBER.findall(text)


def quoted_labels(text: str) -> list[str]:
    """Return the text inside each quoted label of ``text``, in order."""
    return [next(group for group in match.groups() if group is not None) for match in QUOTED.finditer(text)]


def polarity_words(text: str) -> list[str]:
    """Return each polarity phrase of ``text``, case-folded with single spaces, in order."""
    return [" ".join(match.group().casefold().replace("’", "'").split()) for match in POLARITY.finditer(text)]


def labels_in(text: str, keep: Iterable[str] = ()) -> list[str]:
    """Return the labels ``text`` must keep: its quoted labels and those of ``keep`` it contains."""
    found = quoted_labels(text)
    found += [label for label in keep if label and label in text and label not in found]
    return found


def protected_spans(text: str, keep: Sequence[str] = ()) -> list[Span]:
    """Return the sorted, merged spans of ``text`` a perturbation must copy verbatim.

    Args:
        text: The original query.
        keep: Phrases that must survive as written wherever they occur (e.g. answer labels).

    """
    spans = [match.span() for pattern in (NUMBER, QUOTED, POLARITY) for match in pattern.finditer(text)]
    for phrase in keep:
        if phrase:
            spans += [(match.start(), match.end()) for match in re.finditer(re.escape(phrase), text)]
    return merge_spans(spans)


def merge_spans(spans: Iterable[Span]) -> list[Span]:
    """Return ``spans`` sorted with overlapping or touching spans joined."""
    merged: list[Span] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def missing(before: Iterable[str], after: Iterable[str]) -> list[str]:
    """Return the items of ``before`` (with repeats) that ``after`` has fewer of."""
    lost = Counter(before) - Counter(after)
    return sorted(lost.elements())


def number_spans(text: str, within: Iterable[Span], margin: int = 1) -> list[Span]:
    """Return the spans of the numbers of ``text`` that lie inside ``within``, widened by ``margin``.

    The margin keeps the characters touching a number (a bracket, a space) as they are, so noise
    next to a number cannot glue a digit to it.
    """
    spans = []
    for start, end in within:
        for match in NUMBER.finditer(text, start, end):
            spans.append((max(0, match.start() - margin), min(len(text), match.end() + margin)))
    return merge_spans(spans)
