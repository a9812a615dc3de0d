"""Out-of-domain queries: the same question as someone without finance training would ask it.

Every finance term of our lexicon (``resources/jargon_plain.json``, see
:func:`~finsynth.perturbations.lexicons.jargon_lexicon`) is replaced by one of its plain
phrasings, drawn from the stream: "What was the diluted EPS?" becomes "What was the profit
for each share counting all possible new shares?". Terms match case-insensitively on word
boundaries, longest first, so "free cash flow" wins over "cash flow". A phrasing starts
with a capital letter when the term started a sentence with one. Each replacement is one
``plain_language`` op naming the term. ``method="llm"`` asks a model instead (see
:mod:`.llm_rewrite`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from finsynth.errors import FinsynthError
from finsynth.perturbations.lexicons import jargon_lexicon
from finsynth.perturbations.llm_rewrite import rewrite_with_model
from finsynth.perturbations.ops import Op, Perturbed
from finsynth.perturbations.options import read_options
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

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise FinsynthError(
                f"out_of_domain: method must be one of {', '.join(METHODS)}, got {self.method!r}"
            )
        if (self.client is not None) != (self.method == "llm"):
            raise FinsynthError("out_of_domain: give client= exactly when method='llm'")


def _term_pattern(term: str) -> str:
    pieces = [re.escape(piece).replace("'", "['’]") for piece in term.split()]
    return r"\s+".join(pieces)


@cache
def _jargon() -> re.Pattern[str]:
    """One pattern matching any lexicon term; longer terms come first so they win."""
    terms = sorted(jargon_lexicon(), key=lambda term: (-len(term), term))
    alternatives = "|".join(_term_pattern(term) for term in terms)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def _term_of(matched: str) -> str:
    # casefold, not lower: IGNORECASE also matches look-alikes such as the long s or the Kelvin sign.
    return " ".join(matched.casefold().translate(_APOSTROPHES).split())


def _cased(matched: str, plain: str, starts_sentence: bool) -> str:
    if starts_sentence and matched[:1].isupper():
        return plain[:1].upper() + plain[1:]
    return plain


@perturbation("out_of_domain")
def out_of_domain(text: str, rng: RandomStream, /, **options: Any) -> Perturbed:
    """Rephrase a finance question in everyday words.

    Args:
        text: The question.
        rng: The stream that picks among each term's plain phrasings.
        **options: See :class:`OutOfDomainOptions` (``method``, ``client``).

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
    ops = []
    for match in _jargon().finditer(text):
        term = _term_of(match.group())
        if term not in lexicon:  # a look-alike letter casefolds to something else: leave it
            continue
        plain = rng.choice(lexicon[term])
        starts_sentence = _starts_sentence(text, match.start())
        after = _cased(match.group(), plain, starts_sentence)
        ops.append(Op("plain_language", match.start(), match.end(), match.group(), after, {"term": term}))
    if not ops:
        return no_candidate(text, "no finance term of the jargon lexicon appears in the text")
    return edited(text, ops)
