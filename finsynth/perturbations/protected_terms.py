"""Words of a query and which of them a misspelling must never touch.

Words are maximal runs of letters (with inner apostrophes, as in ``company's``) that touch
no digit or underscore, so numbers, years, percentages, currency amounts and codes such as
``FY2023`` or ``10-K`` are never words and never edited. Among the words, these are
protected:

- tickers: all-caps words of one to five letters (``AAPL``, ``GE``);
- dates: capitalized month and weekday names and their abbreviations (``March``, ``Dec``);
- amount words: ``million``, ``billion``, ``percent``, ``dollars``, ``bps`` and the like;
- financial terms: every term of our jargon lexicon (``net income``, ``goodwill``,
  ``diluted EPS``), matched word by word, case-insensitively.
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from finsynth.perturbations.lexicons import jargon_lexicon

WORD = re.compile(r"\b[^\W\d_]+(?:['’][^\W\d_]+)*\b")
"""One word: letters with inner apostrophes, not glued to digits or underscores."""

TICKER_MAX_LETTERS = 5

CALENDAR_WORDS = frozenset(
    [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
        "Jan",
        "Feb",
        "Mar",
        "Apr",
        "Jun",
        "Jul",
        "Aug",
        "Sep",
        "Sept",
        "Oct",
        "Nov",
        "Dec",
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
    ]
)
AMOUNT_WORDS = frozenset(
    [
        "thousand",
        "thousands",
        "million",
        "millions",
        "billion",
        "billions",
        "trillion",
        "trillions",
        "bn",
        "mn",
        "mm",
        "k",
        "percent",
        "percentage",
        "points",
        "bps",
        "dollar",
        "dollars",
        "cent",
        "cents",
        "euro",
        "euros",
        "usd",
        "eur",
        "gbp",
        "jpy",
        "yen",
    ]
)


class Words(NamedTuple):
    """The words of a text, as parallel lists."""

    spans: list[tuple[int, int]]
    """``(start, end)`` offsets of each word."""
    texts: list[str]
    """Each word as written."""
    lowered: list[str]
    """Each word in lower case."""


def words(text: str) -> Words:
    """Return the words of ``text`` in order."""
    spans = [match.span() for match in WORD.finditer(text)]
    texts = [text[start:end] for start, end in spans]
    lower = text.lower()
    if len(lower) == len(text):
        lowered = [lower[start:end] for start, end in spans]
    else:  # a few characters (such as "İ") grow in lower case, so the offsets no longer line up
        lowered = [word.lower() for word in texts]
    return Words(spans, texts, lowered)


@cache
def _financial_terms() -> dict[str, tuple[tuple[str, ...], ...]]:
    """Return the lexicon's terms as word tuples, indexed by first word, longest first."""
    by_first: dict[str, list[tuple[str, ...]]] = {}
    for term in jargon_lexicon():
        term_words = tuple(WORD.findall(term))
        # "10-k" leaves only "k": a lone letter would protect every "k", so it is not a term here.
        if term_words and not (len(term_words) == 1 and len(term_words[0]) == 1):
            by_first.setdefault(term_words[0], []).append(term_words)
    return {first: tuple(sorted(terms, key=len, reverse=True)) for first, terms in by_first.items()}


def _is_ticker_or_date(word: str) -> bool:
    base = word.split("'", 1)[0].split("’", 1)[0]
    return (base.isupper() and len(base) <= TICKER_MAX_LETTERS) or base in CALENDAR_WORDS


def protected(text_words: Words) -> list[bool]:
    """Return, for each word, whether misspellings must leave it alone."""
    lowered = text_words.lowered
    flags = [
        low in AMOUNT_WORDS or (word[0].isupper() and _is_ticker_or_date(word))
        for word, low in zip(text_words.texts, lowered, strict=True)
    ]
    terms = _financial_terms()
    for index, low in enumerate(lowered):
        for term in terms.get(low, ()):
            if tuple(lowered[index : index + len(term)]) == term:
                flags[index : index + len(term)] = [True] * len(term)
                break
    return flags
