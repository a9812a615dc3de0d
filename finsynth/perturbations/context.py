"""Context failures: a missing context, and an irrelevant context borrowed from another item.

An irrelevant context must not help with the question, so a candidate is accepted only when its
TF-IDF cosine similarity to the item's own question and to the item's own context are both at
most ``max_similarity``. The similarity is lexical and cheap: lower-cased words of three or more
letters, less common function words, weighted ``(1 + log count) · idf`` with a smoothed idf over
the contexts, compared by cosine.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from finsynth.errors import FinsynthError
from finsynth.perturbations.ops import Op, Perturbed
from finsynth.perturbations.registry import perturbation
from finsynth.seeding import RandomStream

MAX_SIMILARITY = 0.1
"""Default ceiling on the cosine between a borrowed context and the item's question or context.

Measured on TAT-QA's dev set (annual-report tables and paragraphs): a question scores a median of
0.27 against its own context, but against another item's context a median of 0.01 (90th
percentile 0.07); two different items' contexts score a median of 0.05 (90th percentile 0.12).
0.1 therefore turns away contexts that share a question's distinctive words while leaving most
of a dataset as candidates.
"""

_WORD = re.compile(r"[^\W\d_]{3,}")
_FUNCTION_WORD_LIST = """
    about above after again against all also among and any are around because been before being
    below between both but can could did does doing down during each either from further had has
    have having her hers here him his how into its itself just may might more most much must near
    neither nor not now off once only other our ours out over own per same shall she should since
    some such than that the their theirs them then there these they this those through thus too
    under until upon very was were what when where whether which while who whom whose why will with
    within without would yet you your yours
"""
_FUNCTION_WORDS = frozenset(_FUNCTION_WORD_LIST.split())

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@perturbation("missing_context")
def missing_context(text: str, rng: RandomStream) -> Perturbed:
    """Remove the context entirely (FailSafeQA's missing-context condition).

    Args:
        text: The context.
        rng: Unused: removal involves no chance; accepted so every perturbation is called alike.

    Returns:
        An empty text and one ``missing_context`` op spanning the whole original context.

    Raises:
        FinsynthError: If the context is already empty or only whitespace.

    """
    if not text.strip():
        raise FinsynthError("missing_context: the context is already empty or only whitespace")
    return Perturbed(
        "", (Op(kind="missing_context", start=0, end=len(text), details={"characters": len(text)}),)
    )


def content_words(text: str) -> list[str]:
    """Return the lower-cased words of three or more letters in ``text`` that are not function words."""
    return [word for word in _WORD.findall(text.lower()) if word not in _FUNCTION_WORDS]


@dataclass(frozen=True)
class _Vector:
    """A sparse, unit-length TF-IDF vector: sorted term ids and their weights."""

    terms: IntArray
    weights: FloatArray

    def cosine(self, other: _Vector) -> float:
        _, mine, theirs = np.intersect1d(self.terms, other.terms, assume_unique=True, return_indices=True)
        return float(np.dot(self.weights[mine], other.weights[theirs]))


def _counts(text: str) -> tuple[npt.NDArray[np.str_], IntArray]:
    words = np.array(content_words(text), dtype=np.str_)
    terms, counts = np.unique(words, return_counts=True)
    return terms, counts.astype(np.int64)


class ContextIndex:
    """TF-IDF vectors of a set of items' contexts and questions, for choosing irrelevant contexts.

    Build it once per dataset: :meth:`pick_irrelevant` is then cheap for every item.

    Args:
        contexts: One context per item.
        questions: One question per item, in the same order.

    Raises:
        FinsynthError: If the two sequences differ in length or are empty.

    """

    def __init__(self, contexts: Sequence[str], questions: Sequence[str]) -> None:
        if len(contexts) != len(questions):
            raise FinsynthError(
                f"irrelevant context: {len(contexts)} contexts but {len(questions)} questions"
            )
        if not contexts:
            raise FinsynthError("irrelevant context: there are no items to choose from")
        self._blank = [not context.strip() for context in contexts]
        context_counts = [_counts(context) for context in contexts]
        question_counts = [_counts(question) for question in questions]
        vocabulary = np.unique(np.concatenate([terms for terms, _ in context_counts + question_counts]))
        document_frequency = np.zeros(len(vocabulary), dtype=np.float64)
        for terms, _ in context_counts:
            document_frequency[np.searchsorted(vocabulary, terms)] += 1
        idf = np.log((1 + len(contexts)) / (1 + document_frequency)) + 1

        def vector(terms: npt.NDArray[np.str_], counts: IntArray) -> _Vector:
            ids = np.searchsorted(vocabulary, terms).astype(np.int64)
            weights = (1 + np.log(counts)) * idf[ids]
            norm = float(np.linalg.norm(weights))
            return _Vector(ids, weights / norm if norm else weights)

        self._contexts = [vector(*pair) for pair in context_counts]
        self._questions = [vector(*pair) for pair in question_counts]

    def question_similarity(self, question: int, context: int) -> float:
        """Return the cosine of item ``question``'s question with item ``context``'s context."""
        return self._questions[question].cosine(self._contexts[context])

    def context_similarity(self, first: int, second: int) -> float:
        """Return the cosine of two items' contexts."""
        return self._contexts[first].cosine(self._contexts[second])

    def similarity(self, index: int, candidate: int) -> float:
        """Return the larger cosine of ``candidate``'s context with item ``index``'s question and context."""
        return max(self.question_similarity(index, candidate), self.context_similarity(index, candidate))

    def pick_irrelevant(
        self, index: int, rng: RandomStream, *, max_similarity: float = MAX_SIMILARITY
    ) -> int:
        """Choose, in a seeded order, the first other item whose context is unrelated to item ``index``.

        Args:
            index: The item that needs an irrelevant context.
            rng: The stream that orders the candidates.
            max_similarity: Highest cosine allowed with the item's question and with its context.

        Returns:
            The index of the item whose context to use.

        Raises:
            FinsynthError: If ``index`` is out of range, or no other item with a non-blank context is
                dissimilar enough (the message gives the least similar candidate's score).

        """
        count = len(self._contexts)
        if not 0 <= index < count:
            raise FinsynthError(f"irrelevant context: item {index} is out of range (0 to {count - 1})")
        others = [other for other in range(count) if other != index and not self._blank[other]]
        best = None
        for candidate in rng.sample(others, len(others)):
            score = self.similarity(index, candidate)
            if score <= max_similarity:
                return candidate
            best = score if best is None else min(best, score)
        closest = "no other item has a context" if best is None else f"the least similar scores {best:.3f}"
        raise FinsynthError(
            f"irrelevant context: no item's context is dissimilar enough from item {index} "
            f"(max_similarity {max_similarity}; {closest}); raise max_similarity or add items"
        )


def pick_irrelevant(
    index: int,
    contexts: Sequence[str],
    questions: Sequence[str],
    rng: RandomStream,
    *,
    max_similarity: float = MAX_SIMILARITY,
) -> int:
    """Choose another item whose context is unrelated to item ``index``'s question and context.

    Builds a :class:`ContextIndex` on every call; to pick for many items of one dataset, build the
    index once and call its :meth:`ContextIndex.pick_irrelevant`.

    Args:
        index: The item that needs an irrelevant context.
        contexts: Every item's context.
        questions: Every item's question, in the same order.
        rng: The stream that orders the candidates.
        max_similarity: Highest TF-IDF cosine allowed with the item's question and with its context.

    Returns:
        The index of the item whose context to use.

    Raises:
        FinsynthError: If the inputs are inconsistent or no item qualifies.

    """
    return ContextIndex(contexts, questions).pick_irrelevant(index, rng, max_similarity=max_similarity)
