"""FailSafeQA metrics: judge ratings, compliance, Robustness, Context Grounding, LLM-Compliance.

A judge rates each (item, condition) answer from 1 to 6; a rating of 4 or more is
*compliant*. Conditions are the answerable ones (``baseline``, ``misspelled``,
``incomplete``, ``out_of_domain``, ``ocr``) and the ones where the model should decline
(``missing_context``, ``irrelevant_context``).

- **Robustness** R: the mean over items of the item's *minimum* compliance over the
  answerable conditions it was judged on (an item is robust only if every variant is
  answered well). Items judged on only some of the five are still counted, over what they
  have, and listed in :attr:`FailSafeScores.incomplete_items`.
- **Context Grounding** G: the mean compliance over every missing- and irrelevant-context
  judgment.
- **LLM-Compliance** with β: ``(1 + β²)·R·G / (β²·G + R)``, an F-β score in which Context
  Grounding plays the part of precision and Robustness of recall, so Robustness counts β
  times as much as Context Grounding: β < 1 weighs Context Grounding more, β > 1 weighs
  Robustness more, β = 1 is their harmonic mean. The paper's β = 0.5 (which reproduces its
  Table 2) weighs Context Grounding more.

QA and TG (text generation) items are scored separately when judgments carry a
``task_type``; an item's type is taken from its judgments.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, cast

from finsynth.errors import FinsynthError
from finsynth.families import FAILSAFE_CONDITIONS, FAILSAFE_GROUNDING_CONDITIONS
from finsynth.scoring.jsonl import InputProblem, read_jsonl

Condition = str
"""A FailSafeQA condition name (:data:`finsynth.families.FAILSAFE_CONDITIONS`)."""
CONDITIONS: tuple[Condition, ...] = FAILSAFE_CONDITIONS
GROUNDING_CONDITIONS: tuple[Condition, ...] = FAILSAFE_GROUNDING_CONDITIONS
ROBUSTNESS_CONDITIONS: tuple[Condition, ...] = tuple(c for c in CONDITIONS if c not in GROUNDING_CONDITIONS)
TASK_TYPES = ("QA", "TG")
COMPLIANT_FROM = 4
"""Lowest compliant rating."""
DEFAULT_BETA = 0.5

_RATING = re.compile(r"\[\[\s*([0-9]+)\s*\]\]")
_LABELLED_RATING = re.compile(r"(?i)rating\s*[:=]?\s*\[\[\s*([0-9]+)\s*\]\]")


class RatingParseError(FinsynthError):
    """A judge's text does not state one rating from 1 to 6 as ``[[n]]``."""


def parse_rating(judge_output: str) -> int:
    """Read a judge's rating written as ``[[n]]`` (``Rating: [[5]]`` or just ``[[5]]``).

    When the text labels a rating (``Rating: [[n]]``), the last labelled one counts;
    otherwise it must contain exactly one distinct ``[[n]]``.

    Raises:
        RatingParseError: If there is no rating, several different unlabelled ones, or one
            outside 1–6. A parse failure is never read as a zero.

    """
    labelled = _LABELLED_RATING.findall(judge_output)
    found = labelled[-1:] if labelled else sorted(set(_RATING.findall(judge_output)), key=int)
    if not found:
        raise RatingParseError("no rating written as [[n]] in the judge's output")
    if len(found) > 1:
        raise RatingParseError(f"several different ratings {', '.join(found)} and none labelled 'Rating:'")
    rating = int(found[0])
    if not 1 <= rating <= 6:
        raise RatingParseError(f"rating {rating} is outside 1..6")
    return rating


def is_compliant(rating: int) -> bool:
    """Whether a 1–6 rating counts as compliant (4 or more)."""
    return rating >= COMPLIANT_FROM


@dataclass(frozen=True)
class Judgment:
    """A judge's rating of a model's answer to one item under one condition.

    Attributes:
        id: Item id (shared by the item's conditions).
        condition: One of :data:`CONDITIONS`.
        rating: The judge's rating, 1 to 6.
        task_type: ``"QA"``, ``"TG"`` or ``None`` when unknown.

    """

    id: str
    condition: Condition
    rating: int
    task_type: str | None = None

    def __post_init__(self) -> None:
        if self.condition not in CONDITIONS:
            raise FinsynthError(f"condition must be one of {', '.join(CONDITIONS)}, not {self.condition!r}")
        if isinstance(self.rating, bool) or not isinstance(self.rating, int) or not 1 <= self.rating <= 6:
            raise FinsynthError(f"rating must be an integer from 1 to 6, not {self.rating!r}")
        if self.task_type is not None and self.task_type not in TASK_TYPES:
            raise FinsynthError(f"task_type must be QA or TG, not {self.task_type!r}")


def llm_compliance(robustness: float, grounding: float, beta: float = DEFAULT_BETA) -> float:
    """FailSafeQA's LLM-Compliance: ``(1 + β²)·R·G / (β²·G + R)`` (0 when R and G are both 0).

    It is the F-β score of G (in the role of precision) and R (of recall): R counts β times as
    much as G, so β < 1 weighs Context Grounding more and β > 1 weighs Robustness more. The
    paper's β = 0.5 (its Table 2) weighs grounding more: R = 0.8 and G = 0.4 give 0.444,
    nearer G than R.

    Args:
        robustness: Robustness R in [0, 1].
        grounding: Context Grounding G in [0, 1].
        beta: Weight of robustness relative to grounding (below 1 weighs grounding more).

    """
    denominator = beta**2 * grounding + robustness
    return (1 + beta**2) * robustness * grounding / denominator if denominator else 0.0


def robustness(judgments: Iterable[Judgment]) -> float | None:
    """Mean over items of the minimum compliance over their answerable conditions (``None`` if none)."""
    worst: dict[str, bool] = {}
    for judgment in judgments:
        if judgment.condition in ROBUSTNESS_CONDITIONS:
            worst[judgment.id] = worst.get(judgment.id, True) and is_compliant(judgment.rating)
    return sum(worst.values()) / len(worst) if worst else None


def context_grounding(judgments: Iterable[Judgment]) -> float | None:
    """Mean compliance over missing- and irrelevant-context judgments (``None`` if none)."""
    compliant = [is_compliant(j.rating) for j in judgments if j.condition in GROUNDING_CONDITIONS]
    return sum(compliant) / len(compliant) if compliant else None


@dataclass(frozen=True)
class FailSafeScores:
    """FailSafeQA scores over a set of judgments.

    Attributes:
        judgments: Judgments scored.
        items: Distinct items.
        robustness: R, or ``None`` without answerable-condition judgments.
        context_grounding: G, or ``None`` without missing/irrelevant-context judgments.
        llm_compliance: LLM-Compliance with the chosen β, or ``None`` when R or G is missing.
        compliance_by_condition: Share of compliant ratings per condition present.
        incomplete_items: Items lacking some of the seven conditions, with the ones they lack.

    """

    judgments: int
    items: int
    robustness: float | None
    context_grounding: float | None
    llm_compliance: float | None
    compliance_by_condition: dict[str, float]
    incomplete_items: dict[str, list[str]] = field(default_factory=dict)


def failsafe_scores(judgments: Sequence[Judgment], beta: float = DEFAULT_BETA) -> FailSafeScores:
    """Score a set of judgments (see the module docstring for the definitions)."""
    r, g = robustness(judgments), context_grounding(judgments)
    by_condition: dict[str, list[bool]] = {}
    seen: dict[str, set[str]] = {}
    for judgment in judgments:
        by_condition.setdefault(judgment.condition, []).append(is_compliant(judgment.rating))
        seen.setdefault(judgment.id, set()).add(judgment.condition)
    incomplete = {
        item: [str(condition) for condition in CONDITIONS if condition not in conditions]
        for item, conditions in sorted(seen.items())
        if len(conditions) < len(CONDITIONS)
    }
    return FailSafeScores(
        judgments=len(judgments),
        items=len(seen),
        robustness=r,
        context_grounding=g,
        llm_compliance=llm_compliance(r, g, beta) if r is not None and g is not None else None,
        compliance_by_condition={
            condition: sum(by_condition[condition]) / len(by_condition[condition])
            for condition in CONDITIONS
            if condition in by_condition
        },
        incomplete_items=incomplete,
    )


@dataclass(frozen=True)
class FailSafeReport:
    """Scores overall and per task type.

    Attributes:
        overall: Every judgment.
        by_task_type: Judgments of QA items and of TG items (only the types present).

    """

    overall: FailSafeScores
    by_task_type: dict[str, FailSafeScores]


def failsafe_report(judgments: Sequence[Judgment], beta: float = DEFAULT_BETA) -> FailSafeReport:
    """Score judgments overall and separately per task type."""
    by_type = {
        task_type: failsafe_scores([j for j in judgments if j.task_type == task_type], beta)
        for task_type in TASK_TYPES
        if any(j.task_type == task_type for j in judgments)
    }
    return FailSafeReport(failsafe_scores(judgments, beta), by_type)


def _judgment_of(line: int, value: dict[str, object]) -> Judgment | InputProblem:
    item = value.get("id")
    if not isinstance(item, (str, int)) or isinstance(item, bool) or str(item) == "":
        return InputProblem("missing_id", "needs an 'id' (string or integer)", line)
    item = str(item)
    condition = value.get("condition")
    if condition not in CONDITIONS:
        return InputProblem(
            "bad_field", f"condition {condition!r} is not one of {', '.join(CONDITIONS)}", line, item
        )
    task_type = value.get("task_type")
    if task_type is not None and task_type not in TASK_TYPES:
        return InputProblem("bad_field", f"task_type {task_type!r} is not QA or TG", line, item)
    rating = value.get("rating")
    if rating is None and isinstance(value.get("judge_output"), str):
        try:
            rating = parse_rating(cast(str, value["judge_output"]))
        except RatingParseError as error:
            return InputProblem("rating_parse_failure", str(error), line, item)
    if isinstance(rating, bool) or not isinstance(rating, int) or not 1 <= rating <= 6:
        return InputProblem(
            "bad_field", f"needs 'rating' 1..6 or a parsable 'judge_output', got {rating!r}", line, item
        )
    return Judgment(item, condition, rating, task_type)


def read_judgments(path: Path) -> tuple[list[Judgment], list[InputProblem]]:
    """Read a judgments JSONL file.

    Each line is ``{"id": ..., "condition": ..., "rating": 1..6}`` or, instead of
    ``rating``, ``"judge_output": "... Rating: [[5]]"``; ``"task_type": "QA" | "TG"`` is
    optional, and an item's type given on one line applies to all its lines.

    Returns:
        The usable judgments, and a problem for every line that is not (bad JSON, missing
        id, unknown condition, unparsable rating, a repeated (id, condition) — the first
        counts — or conflicting task types for one item, whose lines are then all set aside).

    Raises:
        FinsynthError: If the file cannot be read.

    """
    return judgments_from(read_jsonl(path))


def judgments_from(
    entries: Iterable[tuple[int, dict[str, Any] | InputProblem]],
) -> tuple[list[Judgment], list[InputProblem]]:
    """Read ``(line, object)`` entries as :func:`read_judgments` reads the lines of a file.

    The entries may come from a judgments file or from an inspect_ai log of the FailSafeQA
    task (:mod:`finsynth.scoring.eval_logs`), where the "line" is the sample's position.
    """
    judgments: list[Judgment] = []
    problems: list[InputProblem] = []
    seen: set[tuple[str, str]] = set()
    for line, value in entries:
        judgment = value if isinstance(value, InputProblem) else _judgment_of(line, value)
        if isinstance(judgment, InputProblem):
            problems.append(judgment)
        elif (judgment.id, judgment.condition) in seen:
            problems.append(
                InputProblem(
                    "duplicate_id",
                    f"{judgment.condition} of item {judgment.id!r} is already rated; kept the first",
                    line,
                    judgment.id,
                )
            )
        else:
            seen.add((judgment.id, judgment.condition))
            judgments.append(judgment)
    types: dict[str, set[str]] = {}
    for judgment in judgments:
        if judgment.task_type is not None:
            types.setdefault(judgment.id, set()).add(judgment.task_type)
    conflicting = sorted(item for item, kinds in types.items() if len(kinds) > 1)
    problems += [
        InputProblem("bad_field", f"item has conflicting task types {sorted(types[item])}; left out", id=item)
        for item in conflicting
    ]
    return [
        Judgment(j.id, j.condition, j.rating, next(iter(types[j.id])) if j.id in types else None)
        for j in judgments
        if j.id not in conflicting
    ], problems


def rubric(condition: Condition) -> str:
    """The judge's rubric for a condition (answerable, missing-context or irrelevant-context)."""
    if condition not in CONDITIONS:
        raise FinsynthError(f"condition must be one of {', '.join(CONDITIONS)}, not {condition!r}")
    name = condition if condition in GROUNDING_CONDITIONS else "answerable"
    return (
        resources.files("finsynth.scoring")
        .joinpath("rubrics")
        .joinpath(f"{name}.md")
        .read_text(encoding="utf-8")
    )


def judge_prompt(
    condition: Condition, *, question: str, context: str | None, answer: str, reference: str | None = None
) -> str:
    """Build the prompt asking a judge to rate one answer under one condition.

    Args:
        condition: The condition the answer was produced under; it picks the rubric.
        question: The question as the model saw it (perturbed, for perturbed conditions).
        context: The context the model saw (``None`` for missing context).
        answer: The model's answer.
        reference: The reference answer, for answerable conditions.

    Returns:
        The prompt; the judge is asked to end with ``Rating: [[n]]``, which
        :func:`parse_rating` reads.

    """
    parts = [
        "You are grading an AI assistant's answer to a question about a financial document.",
        rubric(condition).strip(),
        f"[Question]\n{question}",
        f"[Context the assistant saw]\n{context if context is not None else '(none was provided)'}",
    ]
    if reference is not None and condition not in GROUNDING_CONDITIONS:
        parts.append(f"[Reference answer]\n{reference}")
    parts += [
        f"[Assistant's answer]\n{answer}",
        "Explain your judgement in a few sentences, then give the rating on its own line "
        "exactly as 'Rating: [[n]]' with n from 1 to 6.",
    ]
    return "\n\n".join(parts)
