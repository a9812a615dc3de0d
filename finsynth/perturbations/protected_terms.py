"""Words of a query, which of them a misspelling must never touch, and which name a finance concept.

Words are maximal runs of letters (with inner apostrophes, as in ``company's``) that touch
no digit or underscore, so numbers, years, percentages, currency amounts and codes such as
``FY2023`` or ``Q3`` are never words and never edited. Among the words, these are
protected:

- proper names: a capitalized word that does not start a sentence (``Mahoney Financial``,
  ``the Federal Reserve``), and one that does when the next word is capitalized too or it
  takes a possessive (``Pearson, Inc. warns``, ``Disney's``), and a joining word between two
  such words (``Walls, Irwin and Henderson``, ``Bank of America``): company and person names;
- tickers: all-caps words of one to five letters (``AAPL``, ``GE``);
- dates: capitalized month and weekday names and their abbreviations (``March``, ``Dec``);
- amount words: ``million``, ``billion``, ``percent``, ``dollars``, ``bps`` and the like.

Financial terms (every term of our jargon lexicon: ``net income``, ``goodwill``, ``diluted EPS``,
matched word by word, case-insensitively) may take a slip of the keyboard like any other word, as
in FailSafeQA, but never a real-word swap (``principal`` → ``principle``), which would change the
concept asked about: :func:`financial_term_words` marks them.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import accumulate
from typing import NamedTuple

from finsynth.perturbations.lexicons import jargon_lexicon, query_scaffolding

WORD = re.compile(r"\b[^\W\d_]+(?:['’][^\W\d_]+)*\b")
"""One word: letters with inner apostrophes, not glued to digits or underscores."""
_SPLIT = re.compile(f"({WORD.pattern})")

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
    """The words of a text and what lies between them, as parallel lists."""

    texts: list[str]
    """Each word as written."""
    lowered: list[str]
    """Each word in lower case, or as written where lower case would change its length."""
    gaps: list[str]
    """The text before each word, and after the last one (one more than the words)."""
    starts: list[int]
    """Offset of each word."""


def words(text: str) -> Words:
    """Return the words of ``text`` in order, with the text between them."""
    parts = _SPLIT.split(text)  # [gap, word, gap, word, ..., gap]: splitting and slicing run in C
    texts = parts[1::2]
    lowered = list(map(str.lower, texts))
    if sum(map(len, lowered)) != sum(map(len, texts)):  # "İ" and a few others grow in lower case
        lowered = [low if len(low) == len(word) else word for word, low in zip(texts, lowered, strict=True)]
    starts = list(accumulate(map(len, parts)))[0:-1:2]
    return Words(texts, lowered, parts[0::2], starts)


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


_SENTENCE_END = re.compile(r"[.!?:;]\s*$|\n")


def _starts_sentence(text_words: Words, index: int) -> bool:
    """Whether word ``index`` opens the text or follows a sentence end (``.``, ``?``, a line break)."""
    gap = text_words.gaps[index]
    if index == 0:
        return not gap.strip(" \"'“(")
    return bool(_SENTENCE_END.search(gap)) and not text_words.texts[index - 1].isupper()


def _is_name(text_words: Words, index: int) -> bool:
    """Whether the capitalized word ``index`` is part of a proper name (all capitals is emphasis)."""
    if text_words.texts[index].isupper():
        return False
    if not _starts_sentence(text_words, index):
        return True
    word, texts = text_words.texts[index], text_words.texts
    if text_words.lowered[index] in query_scaffolding():  # "What", "Did", "Their": not a name
        return False
    following = index + 1 < len(texts) and texts[index + 1][:1].isupper()
    return following or "'" in word or "’" in word


def protected(text_words: Words) -> list[bool]:
    """Return, for each word, whether misspellings must leave it alone."""
    lowered = text_words.lowered
    flags = [low in AMOUNT_WORDS for low in lowered]
    for index in [index for index, word in enumerate(text_words.texts) if word[:1].isupper()]:
        word = text_words.texts[index]
        flags[index] = flags[index] or _is_ticker_or_date(word) or _is_name(text_words, index)
    # "Walls, Irwin and Henderson", "Bank of America": a joining word between two name words
    for index in range(1, len(lowered) - 1):
        if lowered[index] in _NAME_JOINERS and _capital_name(text_words, index - 1, index + 1):
            flags[index] = True
    return flags


_NAME_JOINERS = frozenset({"and", "of", "de", "van", "von", "du", "la"})


def _capital_name(text_words: Words, before: int, after: int) -> bool:
    """Whether the words ``before`` and ``after`` both start with a capital and are names."""
    texts = text_words.texts
    return (
        texts[before][:1].isupper()
        and texts[after][:1].isupper()
        and _is_name(text_words, before)
        and _is_name(text_words, after)
    )


def financial_term_words(text_words: Words) -> list[bool]:
    """Return, for each word, whether it belongs to a term of the jargon lexicon (longest match)."""
    lowered = text_words.lowered
    flags = [False] * len(lowered)
    terms = _financial_terms()
    for index in [index for index, low in enumerate(lowered) if low in terms]:
        for term in terms[lowered[index]]:
            if tuple(lowered[index : index + len(term)]) == term:
                flags[index : index + len(term)] = [True] * len(term)
                break
    return flags
