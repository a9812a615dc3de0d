"""Misspelled queries, FailSafeQA style: split, segment, real-word and common-typo errors.

One call makes ``edits`` misspellings: a fixed number (one by default) or a number drawn from a
declared distribution such as :data:`QUERY_EDITS`, the one builds use. Given a ``core`` span (the
question itself, without a lead-in such as "Per the 10-K," or a trailer such as "Keep the answer
short."), the first misspelling falls inside it. For each misspelling, a kind is drawn from the
mix (FailSafeQA's measured shares by default: split 31.7 %, segment 25.5 %, real-word
23.2 %, typo 19.6 %), then one candidate of that kind:

- ``split``: a word broken into two pieces a reader recognises: two dictionary words
  (``newspaper`` → ``news paper``), a prefix or suffix cut off (``repay`` → ``re pay``,
  ``payment`` → ``pay ment``), or else two pronounceable pieces (``Disney`` → ``Dis ney``);
- ``segment``: word boundaries in the wrong place: two words joined (``a cat`` → ``acat``),
  the boundary moved by one letter (``the cat`` → ``th ecat``), or a word cut where a
  split would not cut it (``cat`` → ``c at``);
- ``real_word``: a word swapped for a real word it is confused with (``principal`` →
  ``principle``), from our own list in ``resources/confusable_words.json``;
- ``typo``: a misspelling people actually make (``amount`` → ``ammount``), from codespell's
  dictionary read backwards (see :mod:`.common_typos`).

If the drawn kind has no candidate, another kind is drawn from the shares of the kinds not
yet tried, and the op records ``fallback_from``. Protected words (see :mod:`.protected_terms`)
(proper names such as company names among them) are never touched unless ``protect=False``, and
a finance term of the lexicon never takes a real-word swap;
numbers never are, and neither are quoted labels,
the answer labels given as ``keep`` or polarity words such as ``not`` and ``without`` (see
:mod:`.invariants`), whatever ``protect`` says. If no kind has a candidate, the text comes back
unchanged with one ``no_candidate`` op.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from finsynth.errors import FinsynthError
from finsynth.perturbations.common_typos import typos_by_word
from finsynth.perturbations.invariants import protected_spans
from finsynth.perturbations.lexicons import confusable_words, jargon_lexicon, word_parts
from finsynth.perturbations.ops import Op, Perturbed
from finsynth.perturbations.options import read_options, require_core_span
from finsynth.perturbations.protected_terms import WORD, financial_term_words, protected, words
from finsynth.perturbations.registry import perturbation
from finsynth.perturbations.spans import edited, no_candidate, require_text
from finsynth.seeding import RandomStream

MIX: dict[str, float] = {"split": 0.317, "segment": 0.255, "real_word": 0.232, "typo": 0.196}
"""FailSafeQA's shares of the four misspelling kinds."""

KINDS = tuple(MIX)

QUERY_EDITS: dict[int, float] = {1: 0.3, 2: 0.45, 3: 0.25}
"""Misspellings per query in builds, and the share of queries with each count (ours: a query
with one slip is the mildest case, most people who type fast make two or three in a question)."""

_VOWELS = re.compile("[aeiouy]")


@dataclass(frozen=True)
class MisspellOptions:
    """Options of :func:`misspell`."""

    kinds: Sequence[str] = KINDS
    """Which kinds may be drawn (names, or one comma-separated string); shares are renormalised over them."""
    edits: int | Mapping[int, float] = 1
    """How many misspellings to make, at different words (fewer if candidates run out): a number, or
    a distribution ``{count: share}`` the count is drawn from (shares are renormalised)."""
    core: Sequence[int] | None = None
    """``(start, end)`` of the question itself within the text: the first misspelling falls inside it
    (none is made when no word there can take one)."""
    protect: bool = True
    """Leave names, tickers, dates and amount words alone, and finance terms without real-word swaps."""
    keep: Sequence[str] = ()
    """Answer labels left as written wherever they occur (e.g. a question's choices)."""
    first_kind: str | None = None
    """The kind of the first misspelling, instead of drawing it (see :func:`kind_at`); when it has no
    candidate, the others are drawn from the mix as usual."""

    def __post_init__(self) -> None:
        kinds = tuple(self.kinds.split(",")) if isinstance(self.kinds, str) else tuple(self.kinds)
        unknown = [kind for kind in kinds if kind not in MIX]
        if not kinds or unknown or len(set(kinds)) != len(kinds):
            raise FinsynthError(
                f"misspell: kinds must be distinct names among {', '.join(KINDS)}, got {list(kinds)}"
            )
        object.__setattr__(self, "kinds", tuple(kind for kind in KINDS if kind in kinds))
        counts = list(self.edits) if isinstance(self.edits, Mapping) else [self.edits]
        shares = list(self.edits.values()) if isinstance(self.edits, Mapping) else [1.0]
        if (
            not counts
            or any(isinstance(count, bool) or not isinstance(count, int) or count < 1 for count in counts)
            or any(
                isinstance(share, bool) or not isinstance(share, int | float) or share < 0 for share in shares
            )
            or sum(shares) <= 0
        ):
            raise FinsynthError(
                "misspell: edits must be a whole number of at least 1, or a mapping of such numbers "
                f"to non-negative shares, not all zero, got {self.edits!r}"
            )
        require_core_span("misspell", self.core)
        if self.first_kind is not None and self.first_kind not in self.kinds:
            raise FinsynthError(
                f"misspell: first_kind must be one of {', '.join(self.kinds)}, got {self.first_kind!r}"
            )
        if not isinstance(self.protect, bool):
            raise FinsynthError(f"misspell: protect must be true or false, got {self.protect!r}")
        if not isinstance(self.keep, list | tuple) or not all(isinstance(label, str) for label in self.keep):
            raise FinsynthError("misspell: keep must be a list of labels (strings)")


_DEFAULT_OPTIONS = MisspellOptions()


class _Query:
    """The words of one query, and which may still be edited."""

    __slots__ = ("editable", "gaps", "in_term", "lowered", "starts", "text", "texts")

    def __init__(self, text: str, protect: bool, keep: Sequence[str]) -> None:
        found = words(text)
        self.text = text
        self.texts, self.lowered, self.gaps, self.starts = found
        self.editable = [not flag for flag in protected(found)] if protect else [True] * len(self.texts)
        self.in_term = financial_term_words(found) if protect else [False] * len(self.texts)
        for start, end in protected_spans(text, keep):
            # Words overlapping [start, end): from the last word starting at or before start.
            index = max(bisect_right(self.starts, start) - 1, 0)
            while index < len(self.starts) and self.starts[index] < end:
                if start < self.starts[index] + len(self.texts[index]):
                    self.editable[index] = False
                index += 1

    def outside(self, core: Sequence[int]) -> list[int]:
        """Indexes of the editable words not wholly inside ``core``."""
        start, end = core
        return [
            index
            for index, word in enumerate(self.texts)
            if self.editable[index]
            and not start <= self.starts[index] <= self.starts[index] + len(word) <= end
        ]

    def pairs(self) -> list[int]:
        """Indexes ``i`` of editable neighbours ``i, i + 1`` separated by exactly one space."""
        editable, gaps = self.editable, self.gaps
        return [
            index
            for index in range(len(self.texts) - 1)
            if gaps[index + 1] == " " and editable[index] and editable[index + 1]
        ]

    def op(self, first: int, last: int, kind: str, after: str, **details: str) -> Op:
        """Record replacing words ``first..last`` (and what lies between) by ``after``; lock them."""
        start, end = self.starts[first], self.starts[last] + len(self.texts[last])
        for index in range(first, last + 1):
            self.editable[index] = False
        return Op(kind, start, end, self.text[start:end], after, details)


@cache
def _known_words() -> frozenset[str]:
    vocabulary = set(word_parts().short_words) | set(confusable_words())
    for term in jargon_lexicon():
        vocabulary.update(WORD.findall(term))
    return frozenset(vocabulary)


@lru_cache(maxsize=1 << 16)  # bounded: a long build may meet millions of distinct words
def split_cuts(word: str) -> tuple[int, ...]:
    """Where a ``split`` may cut a lower-case word: into two pieces a reader recognises.

    Cuts into two dictionary words, after a prefix (three letters or more left) or before a
    suffix (three letters or more before it) come first; a word with none of those may be
    cut into two pronounceable pieces (three letters or more, each with a vowel).
    """
    known, parts = _known_words(), word_parts()
    longest = _longest_piece()
    vowels = [match.start() for match in _VOWELS.finditer(word)]
    first_vowel, last_vowel = (vowels[0], vowels[-1]) if vowels else (len(word), -1)
    meaningful, pronounceable = [], []
    for cut in range(1, len(word)):
        # only pieces as short as the longest known word are looked up, so long words stay linear
        head = word[:cut] if cut <= longest else None
        tail = word[cut:] if len(word) - cut <= longest else None
        both_words = head in known and tail in known and len(word) - cut >= 2 and (cut >= 2 or head == "a")
        after_prefix = head in parts.prefixes and len(word) - cut >= 3
        if both_words or after_prefix or (tail in parts.suffixes and cut >= 3):
            meaningful.append(cut)
        elif cut >= 3 and len(word) - cut >= 3 and first_vowel < cut <= last_vowel:
            pronounceable.append(cut)
    return tuple(meaningful or pronounceable)


@cache
def _longest_piece() -> int:
    """Length of the longest known word, prefix or suffix."""
    parts = word_parts()
    return max(len(piece) for pieces in (_known_words(), parts.prefixes, parts.suffixes) for piece in pieces)


def _plain(word: str) -> bool:
    return "'" not in word and "’" not in word


def _split(query: _Query, rng: RandomStream) -> Op | None:
    candidates = [
        index
        for index, low in enumerate(query.lowered)
        if query.editable[index] and len(low) >= 4 and split_cuts(low)
    ]
    if not candidates:
        return None
    index = rng.choice(candidates)
    word = query.texts[index]
    cut = rng.choice(split_cuts(query.lowered[index]))
    return query.op(index, index, "split", f"{word[:cut]} {word[cut:]}")


def _segment_cut(query: _Query, rng: RandomStream) -> Op | None:
    candidates = [
        index
        for index, low in enumerate(query.lowered)
        if query.editable[index] and len(low) >= 3 and _plain(low) and len(split_cuts(low)) < len(low) - 1
    ]
    if not candidates:
        return None
    index = rng.choice(candidates)
    word = query.texts[index]
    splits = set(split_cuts(query.lowered[index]))
    cut = rng.choice([cut for cut in range(1, len(word)) if cut not in splits])
    return query.op(index, index, "segment", f"{word[:cut]} {word[cut:]}", operation="cut")


def _segment_join(query: _Query, rng: RandomStream) -> Op | None:
    pairs = query.pairs()
    if not pairs:
        return None
    index = rng.choice(pairs)
    first, second = query.texts[index], query.texts[index + 1]
    return query.op(index, index + 1, "segment", first + second, operation="join")


def _segment_shift(query: _Query, rng: RandomStream) -> Op | None:
    pairs = query.pairs()
    moves = [(index, -1) for index in pairs if len(query.texts[index]) >= 2]
    moves += [(index, 1) for index in pairs if len(query.texts[index + 1]) >= 2]
    if not moves:
        return None
    index, direction = rng.choice(moves)
    joined = query.texts[index] + query.texts[index + 1]
    boundary = len(query.texts[index]) + direction
    after = f"{joined[:boundary]} {joined[boundary:]}"
    return query.op(index, index + 1, "segment", after, operation="shift")


_SEGMENT_OPERATIONS = (_segment_join, _segment_shift, _segment_cut)


def _segment(query: _Query, rng: RandomStream) -> Op | None:
    first = rng.randint(0, len(_SEGMENT_OPERATIONS) - 1)
    for offset in range(len(_SEGMENT_OPERATIONS)):
        op = _SEGMENT_OPERATIONS[(first + offset) % len(_SEGMENT_OPERATIONS)](query, rng)
        if op is not None:
            return op
    return None


def _cased_like(original: str, replacement: str) -> str:
    if len(original) > 1 and original.isupper():
        return replacement.upper()
    if original[:1].isupper():
        return replacement[:1].upper() + replacement[1:]
    return replacement


def _replace_from(
    table: dict[str, tuple[str, ...]], kind: str, query: _Query, rng: RandomStream, *, terms: bool = True
) -> Op | None:
    candidates = [
        index
        for index, low in enumerate(query.lowered)
        if query.editable[index] and low in table and (terms or not query.in_term[index])
    ]
    if not candidates:
        return None
    index = rng.choice(candidates)
    replacement = rng.choice(table[query.lowered[index]])
    return query.op(index, index, kind, _cased_like(query.texts[index], replacement))


def _real_word(query: _Query, rng: RandomStream) -> Op | None:
    # a real word in place of a finance term would ask about another concept
    return _replace_from(confusable_words(), "real_word", query, rng, terms=False)


def _typo(query: _Query, rng: RandomStream) -> Op | None:
    return _replace_from(typos_by_word(), "typo", query, rng)


_MAKERS: dict[str, Callable[[_Query, RandomStream], Op | None]] = {
    "split": _split,
    "segment": _segment,
    "real_word": _real_word,
    "typo": _typo,
}


@cache
def _cumulative_shares(kinds: tuple[str, ...]) -> tuple[float, ...]:
    total = sum(MIX[kind] for kind in kinds)
    running, cumulative = 0.0, []
    for kind in kinds:
        running += MIX[kind] / total
        cumulative.append(running)
    return tuple(cumulative)


def _draw_kind(kinds: tuple[str, ...], rng: RandomStream) -> str:
    """Draw one of ``kinds`` with probability proportional to its share in :data:`MIX`."""
    draw = rng.random()
    for kind, bound in zip(kinds, _cumulative_shares(kinds), strict=True):
        if draw < bound:
            return kind
    return kinds[-1]


def kind_at(position: int) -> str:
    """Return the misspelling kind for item ``position`` of a set, following :data:`MIX` evenly.

    Positions step through ``[0, 1)`` by the golden ratio (a low-discrepancy sequence), so any
    run of consecutive positions, even a couple of hundred, holds each kind close to its share;
    independent draws would stray by several points at that size.
    """
    fraction = (0.5 + position * _GOLDEN_STEP) % 1.0
    for kind, bound in zip(KINDS, _cumulative_shares(KINDS), strict=True):
        if fraction < bound:
            return kind
    return KINDS[-1]


_GOLDEN_STEP = 0.6180339887498949


def _misspelling(
    query: _Query, kinds: tuple[str, ...], rng: RandomStream, first_kind: str | None = None
) -> Op | None:
    """Make one misspelling of a drawn kind, redrawing among the other kinds while none applies."""
    requested = first_kind if first_kind is not None else _draw_kind(kinds, rng)
    op = _MAKERS[requested](query, rng)
    remaining = tuple(kind for kind in kinds if kind != requested)
    while op is None and remaining:
        fallback = _draw_kind(remaining, rng)
        op = _MAKERS[fallback](query, rng)
        if op is not None:
            return Op(
                op.kind, op.start, op.end, op.before, op.after, {**op.details, "fallback_from": requested}
            )
        remaining = tuple(kind for kind in remaining if kind != fallback)
    return op


def _edit_count(edits: int | Mapping[int, float], rng: RandomStream) -> int:
    """The number of misspellings: ``edits`` itself, or a count drawn from its distribution."""
    if not isinstance(edits, Mapping):
        return edits
    counts = sorted(edits)
    total = sum(edits[count] for count in counts)
    draw, running = rng.random() * total, 0.0
    for count in counts:
        running += edits[count]
        if draw < running:
            return count
    return counts[-1]


@perturbation("misspell")
def misspell(text: str, rng: RandomStream, /, **options: Any) -> Perturbed:
    """Misspell a query: ``edits`` errors of the kinds in ``kinds``, drawn at FailSafeQA's mix.

    Args:
        text: The query.
        rng: The stream every draw comes from.
        **options: See :class:`MisspellOptions` (``kinds``, ``edits``, ``core``, ``protect``,
            ``keep``, ``first_kind``).

    Returns:
        The misspelled query with one op per misspelling (its kind, span, before and after),
        or the query unchanged with a ``no_candidate`` op if no allowed kind applies.

    Raises:
        FinsynthError: If the text is empty or an option is unknown or invalid, or if the
            ``typo`` kind is allowed and codespell's dictionary cannot be read.

    """
    require_text("misspell", text)
    settings = read_options("misspell", options, MisspellOptions) if options else _DEFAULT_OPTIONS
    kinds = tuple(settings.kinds)
    if "typo" in kinds:
        typos_by_word()  # fail early and clearly when codespell is missing
    query = _Query(text, settings.protect, settings.keep)
    ops: list[Op] = []
    for edit in range(_edit_count(settings.edits, rng)):
        held = query.outside(settings.core) if edit == 0 and settings.core is not None else []
        for index in held:
            query.editable[index] = False
        op = _misspelling(query, kinds, rng, settings.first_kind if edit == 0 else None)
        for index in held:
            query.editable[index] = True
        if op is None:
            break
        ops.append(op)
    if not ops:
        return no_candidate(text, f"no word can take a misspelling of kind {', '.join(kinds)}")
    return edited(text, ops)
