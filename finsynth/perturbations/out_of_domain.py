"""Out-of-domain queries: the same question as someone without finance training would ask it.

Every finance term of our lexicon (``resources/jargon_plain.json``, see
:func:`~finsynth.perturbations.lexicons.jargon_lexicon`) is replaced by one of its plain
phrasings, drawn from the stream: "What was the diluted EPS?" becomes "What was the profit
for each share counting all possible new shares?". Terms match case-insensitively on word
boundaries, longest first, so "free cash flow" wins over "cash flow"; a term glued to a
hyphenated word (``all-equity``) or inside a quoted or answer label is left alone. A term is
phrased the same way every time it occurs in one text. A phrasing starts with a capital
letter when the term started a sentence with one, an ``a``/``an`` before the term is
corrected to agree with the phrasing, and a phrasing that would double the words around it
(``from customers from customers``) is passed over for another. Each replacement is one
``plain_language`` op naming the term and the phrasing. ``method="llm"`` asks a model
instead (see :mod:`.llm_rewrite`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from finsynth.errors import FinsynthError
from finsynth.perturbations.invariants import QUOTED, merge_spans
from finsynth.perturbations.lexicons import jargon_lexicon
from finsynth.perturbations.llm_rewrite import rewrite_with_model
from finsynth.perturbations.ops import Op, Perturbed
from finsynth.perturbations.options import read_options
from finsynth.perturbations.phrase_patterns import phrase_alternation
from finsynth.perturbations.registry import perturbation
from finsynth.perturbations.spans import edited, no_candidate, require_text
from finsynth.seeding import RandomStream

METHODS = ("lexicon", "llm")

LLM_INSTRUCTION = (
    "Ask this question again the way someone with no background in finance or accounting would ask "
    "it: put every technical term into everyday words that mean the same thing, and keep the question "
    "asking for exactly the same information."
)

_SENTENCE_ENDS = ".!?:\n"
_BEFORE_A_SENTENCE = "\"'“("


def _starts_sentence(text: str, position: int) -> bool:
    """Whether ``position`` starts a sentence.

    That is: only spaces, quotes or ``(`` since the text's start, a line break or a ``.!?:``.
    It looks back over those characters only, so all calls together stay linear in the text.
    """
    before = position
    while before > 0 and (text[before - 1].isspace() or text[before - 1] in _BEFORE_A_SENTENCE):
        if text[before - 1] == "\n":
            return True
        before -= 1
    return before == 0 or text[before - 1] in _SENTENCE_ENDS


_APOSTROPHES = str.maketrans({"’": "'"})


@dataclass(frozen=True)
class OutOfDomainOptions:
    """Options of :func:`out_of_domain`."""

    method: str = "lexicon"
    """``lexicon`` (our jargon list) or ``llm``."""
    client: object = None
    """For ``method="llm"``: an object with ``complete(messages) -> str``."""
    keep: Sequence[str] = ()
    """Answer labels left as written wherever they occur (e.g. a question's choices)."""

    def __post_init__(self) -> None:
        if not isinstance(self.keep, list | tuple) or not all(isinstance(label, str) for label in self.keep):
            raise FinsynthError("out_of_domain: keep must be a list of labels (strings)")
        if self.method not in METHODS:
            raise FinsynthError(
                f"out_of_domain: method must be one of {', '.join(METHODS)}, got {self.method!r}"
            )
        if (self.client is not None) != (self.method == "llm"):
            raise FinsynthError("out_of_domain: give client= exactly when method='llm'")


@cache
def _jargon() -> re.Pattern[str]:
    """One pattern matching any lexicon term; where terms overlap, the longest wins."""
    alternatives = phrase_alternation(jargon_lexicon())
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)


def _term_of(matched: str) -> str:
    # casefold, not lower: IGNORECASE also matches look-alikes such as the long s or the Kelvin sign.
    return " ".join(matched.casefold().translate(_APOSTROPHES).split())


def _cased(matched: str, plain: str, starts_sentence: bool) -> str:
    if starts_sentence and matched[:1].isupper():
        return plain[:1].upper() + plain[1:]
    return plain


_ARTICLE_BEFORE = re.compile(r"(?<![\w-])(an?)\s+$", re.IGNORECASE)
_WORD = re.compile(r"[\w'’-]+")


def _article_for(phrasing: str, written: str) -> str:
    article = "an" if phrasing[:1].lower() in "aeio" else "a"
    return article.capitalize() if written[:1].isupper() else article


def _fits(phrasing: str, text: str, start: int, end: int) -> bool:
    """Whether ``phrasing`` reads without repeating the word just before or just after it."""
    words = _WORD.findall(phrasing.casefold())
    before = _WORD.findall(text[max(0, start - 40) : start].casefold())
    after = _WORD.findall(text[end : end + 40].casefold())
    return not (before and words[0] == before[-1]) and not (after and words[-1] == after[0])


def _phrasing(term: str, text: str, start: int, end: int, rng: RandomStream) -> str:
    """Draw one of the term's phrasings, preferring those that do not double a neighbouring word."""
    options = jargon_lexicon()[term]
    fitting = [plain for plain in options if _fits(plain, text, start, end)]
    return rng.choice(fitting or options)


def _labels(text: str, keep: Sequence[str]) -> list[tuple[int, int]]:
    spans = [match.span() for match in QUOTED.finditer(text)]
    for label in keep:
        if label:
            spans += [(match.start(), match.end()) for match in re.finditer(re.escape(label), text)]
    return merge_spans(spans)


@perturbation("out_of_domain")
def out_of_domain(text: str, rng: RandomStream, /, **options: Any) -> Perturbed:
    """Rephrase a finance question in everyday words.

    Args:
        text: The question.
        rng: The stream that picks among each term's plain phrasings.
        **options: See :class:`OutOfDomainOptions` (``method``, ``client``, ``keep``).

    Returns:
        The lay question with one ``plain_language`` op per replaced term, or the text
        unchanged with a ``no_candidate`` op when it holds no term of the lexicon.

    Raises:
        FinsynthError: If the text is empty, an option is invalid, or the model replies with
            nothing for ``method="llm"``.

    """
    require_text("out_of_domain", text)
    settings = read_options("out_of_domain", options, OutOfDomainOptions)
    if settings.method == "llm":
        return rewrite_with_model("out_of_domain", text, settings.client, LLM_INSTRUCTION)
    lexicon = jargon_lexicon()
    labels = _labels(text, settings.keep)
    chosen: dict[str, str] = {}
    ops = []
    for match in _jargon().finditer(text):
        term = _term_of(match.group())
        start, end = match.span()
        if term not in lexicon or any(start < stop and begin < end for begin, stop in labels):
            continue  # a look-alike letter casefolds to something else, or the term is part of a label
        if term not in chosen:
            chosen[term] = _phrasing(term, text, start, end, rng)
        plain = chosen[term]
        starts_sentence = _starts_sentence(text, start)
        after = _cased(match.group(), plain, starts_sentence)
        article = _ARTICLE_BEFORE.search(text, max(0, start - 4), start)
        if article is not None and not any(
            begin < start and article.start() < stop for begin, stop in labels
        ):
            after = f"{_article_for(plain, article.group(1))} {after}"
            start = article.start()
        details = {"term": term, "phrasing": plain}
        ops.append(Op("plain_language", start, end, text[start:end], after, details))
    if not ops:
        return no_candidate(text, "no finance term of the jargon lexicon appears in the text")
    return edited(text, ops)
