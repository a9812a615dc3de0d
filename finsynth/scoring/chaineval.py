"""ChainEval for FinChain: final-answer correctness and step precision, recall and F1.

For each record with a model output:

1. **Final answer**, read by the one strict answer reader
   (:func:`~finsynth.scoring.answers.check_answer`): the last ``Answer:`` line, right when it
   states the gold value within 5% with a compatible unit, or exactly the gold label.
2. **Steps**: the output is split into steps (at ``Step k:`` markers when it has them, else
   into lines and sentences); answer statements and pieces without a digit are not steps. Each
   step's result is the first number after its last ``=`` (else its last number).
3. **Alignment**: a predicted step may match a gold step when their values agree (same
   tolerance and unit rules; a gold step is a percentage or basis points when its text shows
   it so) and the cosine similarity of their texts is at least ``tau`` (0.7). Matching is one
   to one, greedily by highest similarity. Precision = matches / predicted steps, recall =
   matches / gold steps, F1 = 2PR / (P + R + γ) with γ = 1e-4.

Records without a prediction count as wrong with zero step scores, and are marked ``missing``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from finsynth.errors import FinsynthError
from finsynth.scoring.answers import (
    DEFAULT_TOLERANCE,
    GoldScale,
    check_answer,
    stated_number,
    step_scale,
    values_agree,
    without_answer_statements,
)
from finsynth.scoring.embeddings import Embedder, Matrix, load_embedder
from finsynth.scoring.numbers import Number
from finsynth.scoring.rouge import rouge_l

DEFAULT_TAU = 0.7
"""Cosine similarity a predicted step's text needs to match a gold step's."""

GAMMA = 1e-4
"""Smoothing term in the step F1 denominator."""

_STEP_MARKER = re.compile(r"(?i)\bstep\s*[0-9]+\s*\**\s*[:.)]\**")
_DIGIT = re.compile(r"[0-9]")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def split_steps(output: str) -> list[str]:
    """Split a model output into its reasoning steps (texts without their ``Step k:`` markers).

    Answer statements (see :func:`~finsynth.scoring.answers.without_answer_statements`) and
    pieces without a digit are left out: they cannot carry a step's result.
    """
    body = without_answer_statements(output)
    markers = list(_STEP_MARKER.finditer(body))
    if markers:
        ends = [marker.start() for marker in markers[1:]] + [len(body)]
        pieces = [body[marker.end() : end] for marker, end in zip(markers, ends, strict=True)]
    else:
        pieces = [sentence for line in body.splitlines() for sentence in _SENTENCE_END.split(line)]
    return [piece.strip() for piece in pieces if _DIGIT.search(piece)]


def step_f1(precision: float, recall: float, gamma: float = GAMMA) -> float:
    """FinChain's step F1: ``2PR / (P + R + gamma)``."""
    return 2 * precision * recall / (precision + recall + gamma)


def align_steps(
    predicted: Sequence[Number | None],
    gold: Sequence[tuple[float, GoldScale]],
    similarity: Matrix,
    tau: float = DEFAULT_TAU,
    tolerance: float = DEFAULT_TOLERANCE,
) -> list[tuple[int, int]]:
    """Match predicted steps to gold steps one to one.

    Args:
        predicted: Each predicted step's result (``None`` when it has none).
        gold: Each gold step's value and how it is shown.
        similarity: Cosine similarities, one row per predicted step and one column per gold step.
        tau: Minimum similarity of a match.
        tolerance: Relative tolerance of the values.

    Returns:
        ``(predicted index, gold index)`` pairs, highest similarity first.

    """
    candidates = [
        (float(similarity[i, j]), i, j)
        for i, number in enumerate(predicted)
        if number is not None
        for j, (value, scale) in enumerate(gold)
        if similarity[i, j] >= tau and values_agree(number, value, scale, tolerance)
    ]
    candidates.sort(key=lambda candidate: (-candidate[0], candidate[1], candidate[2]))
    used_predicted: set[int] = set()
    used_gold: set[int] = set()
    pairs = []
    for _, i, j in candidates:
        if i not in used_predicted and j not in used_gold:
            used_predicted.add(i)
            used_gold.add(j)
            pairs.append((i, j))
    return pairs


@dataclass(frozen=True)
class ChainEvalItem:
    """The scores of one record.

    Attributes:
        id: Record id.
        domain: Record domain.
        difficulty: Record difficulty.
        missing: True when there was no prediction for the record.
        answer_correct: Whether the final answer is right.
        predicted_answer: The answer read from the output, or ``None``.
        gold_answer: The record's ``target``.
        predicted_steps: Steps found in the output.
        gold_steps: Steps of the gold solution.
        matched_steps: Aligned step pairs.
        step_precision: ``matched / predicted`` (0 without predicted steps).
        step_recall: ``matched / gold``.
        step_f1: :func:`step_f1` of the two.
        rouge_l: ROUGE-L F1 of the output against the gold solution, when asked for.

    """

    id: str
    domain: str
    difficulty: str
    missing: bool
    answer_correct: bool
    predicted_answer: str | None
    gold_answer: str
    predicted_steps: int
    gold_steps: int
    matched_steps: int
    step_precision: float
    step_recall: float
    step_f1: float
    rouge_l: float | None = None


@dataclass(frozen=True)
class GroupScores:
    """Mean scores over a group of records (all, one domain, one difficulty).

    Attributes:
        records: Records in the group, with or without a prediction.
        missing: Records in the group without a prediction.
        answer_accuracy: Share of records whose final answer is right.
        step_precision: Mean step precision.
        step_recall: Mean step recall.
        step_f1: Mean step F1.
        rouge_l: Mean ROUGE-L F1, when asked for.

    """

    records: int
    missing: int
    answer_accuracy: float
    step_precision: float
    step_recall: float
    step_f1: float
    rouge_l: float | None = None


@dataclass(frozen=True)
class ChainEvalResult:
    """ChainEval over a set of records.

    Attributes:
        items: One entry per record, in record order.
        overall: Scores over every record.
        by_domain: Scores per domain (sorted by name).
        by_difficulty: Scores per difficulty (sorted by name).

    """

    items: list[ChainEvalItem]
    overall: GroupScores
    by_domain: dict[str, GroupScores]
    by_difficulty: dict[str, GroupScores]


def group_scores(items: Sequence[ChainEvalItem]) -> GroupScores:
    """Average the scores of ``items`` (zeros for an empty group)."""
    count = len(items)

    def mean(get: Callable[[ChainEvalItem], float]) -> float:
        return sum(get(item) for item in items) / count if count else 0.0

    rouge = [item.rouge_l for item in items if item.rouge_l is not None]
    return GroupScores(
        records=count,
        missing=sum(item.missing for item in items),
        answer_accuracy=mean(lambda item: float(item.answer_correct)),
        step_precision=mean(lambda item: item.step_precision),
        step_recall=mean(lambda item: item.step_recall),
        step_f1=mean(lambda item: item.step_f1),
        rouge_l=sum(rouge) / len(rouge) if rouge else None,
    )


def _grouped(items: Sequence[ChainEvalItem], key: Callable[[ChainEvalItem], str]) -> dict[str, GroupScores]:
    groups: dict[str, list[ChainEvalItem]] = {}
    for item in items:
        groups.setdefault(key(item), []).append(item)
    return {name: group_scores(groups[name]) for name in sorted(groups)}


def _missing_item(record: Mapping[str, Any], with_rouge: bool) -> ChainEvalItem:
    return ChainEvalItem(
        id=record["id"],
        domain=record["domain"],
        difficulty=record["difficulty"],
        missing=True,
        answer_correct=False,
        predicted_answer=None,
        gold_answer=record["target"],
        predicted_steps=0,
        gold_steps=len(record["steps"]),
        matched_steps=0,
        step_precision=0.0,
        step_recall=0.0,
        step_f1=0.0,
        rouge_l=0.0 if with_rouge else None,
    )


def evaluate_chains(
    records: Sequence[Mapping[str, Any]],
    outputs: Mapping[str, str],
    *,
    embedder: Embedder | None = None,
    tau: float = DEFAULT_TAU,
    tolerance: float = DEFAULT_TOLERANCE,
    with_rouge: bool = False,
    lenient: bool = False,
) -> ChainEvalResult:
    """Score model outputs against FinChain records.

    Args:
        records: FinChain records (dicts with the schema's columns; at least ``id``, ``domain``,
            ``difficulty``, ``target``, ``choices``, ``steps``, ``answer_value``, ``answer_label``,
            ``answer_unit``, and ``solution`` for ROUGE-L).
        outputs: Model output per record id; records without one count as wrong.
        embedder: Step-text embedder; WordLlama (offline) when omitted.
        tau: Minimum cosine similarity of matched steps.
        tolerance: Relative tolerance of answers and step values.
        with_rouge: Also compute ROUGE-L of each output against the gold solution.
        lenient: Read final answers in the answer reader's exploratory lenient mode (never
            for rewards or reported results; see :mod:`finsynth.scoring.answers`).

    Returns:
        Per-record scores and their means overall, per domain and per difficulty.

    Raises:
        FinsynthError: If two records share an id (predictions could not be matched to them).

    """
    seen: set[str] = set()
    for record in records:
        if record["id"] in seen:
            raise FinsynthError(
                f"two records have the id {record['id']!r}; ids must be unique to match predictions"
            )
        seen.add(record["id"])
    embedder = embedder or load_embedder("wordllama")
    scored = [record for record in records if record["id"] in outputs]
    predicted_texts = {record["id"]: split_steps(outputs[record["id"]]) for record in scored}
    predicted_vectors = embedder.embed([text for texts in predicted_texts.values() for text in texts])
    gold_vectors = embedder.embed([step["text"] for record in scored for step in record["steps"]])
    items = []
    predicted_at = gold_at = 0
    for record in records:
        if record["id"] not in outputs:
            items.append(_missing_item(record, with_rouge))
            continue
        output = outputs[record["id"]]
        steps = predicted_texts[record["id"]]
        gold = [(step["value"], step_scale(step["text"])) for step in record["steps"]]
        similarity = (
            predicted_vectors[predicted_at : predicted_at + len(steps)]
            @ gold_vectors[gold_at : gold_at + len(gold)].T
        )
        predicted_at += len(steps)
        gold_at += len(gold)
        matched = len(align_steps([stated_number(text) for text in steps], gold, similarity, tau, tolerance))
        precision = matched / len(steps) if steps else 0.0
        recall = matched / len(gold) if gold else 0.0
        answer = check_answer(output, record, tolerance, lenient=lenient)
        items.append(
            ChainEvalItem(
                id=record["id"],
                domain=record["domain"],
                difficulty=record["difficulty"],
                missing=False,
                answer_correct=answer.correct,
                predicted_answer=answer.predicted,
                gold_answer=record["target"],
                predicted_steps=len(steps),
                gold_steps=len(gold),
                matched_steps=matched,
                step_precision=precision,
                step_recall=recall,
                step_f1=step_f1(precision, recall),
                rouge_l=rouge_l(output, record["solution"]) if with_rouge else None,
            )
        )
    return ChainEvalResult(
        items=items,
        overall=group_scores(items),
        by_domain=_grouped(items, lambda item: item.domain),
        by_difficulty=_grouped(items, lambda item: item.difficulty),
    )
