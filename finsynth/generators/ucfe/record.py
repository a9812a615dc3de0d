"""Making UCFE records: one function shared by the benchmark importer and the synthetic generators."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from finsynth.errors import FinsynthError
from finsynth.generators.ucfe.hints import EvaluationHints, render_hints
from finsynth.generators.ucfe.spec import TaskSpec
from finsynth.schemas import validator_for

FAMILY = "ucfe"
"""Record family: the schema is ``finsynth/schemas/ucfe_record.schema.json``."""

Source = Literal["synthetic", "ucfe_bench"]
_ITEM_FIELDS = re.compile(r"\{(information|needs)\}")
_METADATA_KEYS = ("task", "setting", "user_groups", "source", "seed")


@dataclass(frozen=True)
class BenchItem:
    """The parts of a UCFE benchmark item that a record keeps so export gives the item back."""

    task_key: str
    """The benchmark's task key, e.g. ``Credit_Risk_Evaluation``."""
    id: int
    """The benchmark's item id."""
    role_prompt: str
    """The item's simulated-user prompt (empty for zero-shot tasks)."""
    model_prompt: str
    """The item's assistant prompt."""
    evaluation_prompt: str
    """The item's judge prompt."""
    evaluation_hints: str
    """The item's hint sentences."""


def fill_item_fields(prompt: str, *, information: str, needs: str) -> str:
    """Put an item's information and needs into a prompt's ``{information}`` and ``{needs}``.

    One pass, so braces inside the information or needs are left alone.
    """
    values = {"information": information, "needs": needs}
    return _ITEM_FIELDS.sub(lambda match: values[match.group(1)], prompt)


def answer_label(answer: str) -> str:
    """Return the label of an answer entry: the entry itself, or what follows ``"<subject>: "``.

    Items that judge several subjects at once (several news items, several stocks) give one
    answer entry per subject, e.g. ``"Huber-Lin: contains"``.
    """
    return answer.rpartition(": ")[2]


def hint_problems(spec: TaskSpec, hints: EvaluationHints) -> list[str]:
    """Return what keeps hints from fitting a task: empty required fields, answers outside its labels."""
    problems = [
        f"hint field {name!r} is required by {spec.slug} but empty"
        for name in spec.required_hints
        if not getattr(hints, name)
    ]
    if not hints.present():
        problems.append("there are no hints at all")
    if spec.answer_labels:
        problems += [
            f"answer {answer!r} is not one of {spec.slug}'s labels {list(spec.answer_labels)}"
            for answer in hints.answer
            if answer_label(answer) not in spec.answer_labels
        ]
    return problems


def make_record(
    spec: TaskSpec,
    *,
    record_id: str,
    information: str,
    needs: str,
    hints: EvaluationHints,
    source: Source,
    seed: int | None,
    extra_metadata: Mapping[str, Any] | None = None,
    bench_item: BenchItem | None = None,
    role_prompt: str | None = None,
) -> dict[str, Any]:
    """Return one schema-valid UCFE record.

    Prompts come from the task spec, or from ``bench_item`` for an imported item (so its own
    wording is kept). ``input`` is the assistant's prompt, filled with the item for zero-shot tasks.

    Args:
        spec: The task.
        record_id: Stable id of the record.
        information: What the user knows (multi-turn: seen by the simulated user only).
        needs: What the user wants.
        hints: The evaluation hints.
        source: ``"synthetic"`` or ``"ucfe_bench"``.
        seed: The item's seed (``None`` for imported items).
        extra_metadata: More JSON-serialisable metadata (e.g. the generator's id and parameters);
            it may not reuse the keys task, setting, user_groups, source, seed.
        bench_item: The original item, for imports.
        role_prompt: The simulated user's prompt of a synthetic item, one of ``spec.user_prompts``
            (default: the task's first user).

    Returns:
        The record, matching ``ucfe_record.schema.json``.

    Raises:
        FinsynthError: When a synthetic item's hints do not fit the task, or metadata keys clash.
        RecordValidationError: When the record breaks the schema.

    """
    if source == "synthetic" and hint_problems(spec, hints):
        raise FinsynthError(f"record {record_id!r}: {'; '.join(hint_problems(spec, hints))}")
    extra = dict(extra_metadata or {})
    clashing = sorted(set(extra) & set(_METADATA_KEYS))
    if clashing:
        raise FinsynthError(f"record {record_id!r}: extra_metadata may not set {', '.join(clashing)}")
    if bench_item is None:
        role_prompt, assistant_prompt, judge_prompt = (
            spec.user_prompt if role_prompt is None else role_prompt,
            spec.assistant_prompt,
            spec.judge_prompt,
        )
    else:
        role_prompt = bench_item.role_prompt  # an imported item keeps its own wording
        assistant_prompt, judge_prompt = bench_item.model_prompt, bench_item.evaluation_prompt
    prompt = (
        assistant_prompt
        if spec.is_multi_turn
        else fill_item_fields(assistant_prompt, information=information, needs=needs)
    )
    metadata = {
        "task": spec.slug,
        "setting": spec.setting,
        "user_groups": list(spec.user_groups),
        "source": source,
        "seed": seed,
        **extra,
    }
    record = {
        "id": record_id,
        "input": prompt,
        "target": "\n".join(hints.answer),
        "choices": [],
        "metadata": json.dumps(metadata, ensure_ascii=False, sort_keys=True),
        "task": spec.slug,
        "task_name": spec.name,
        "setting": spec.setting,
        "user_groups": list(spec.user_groups),
        "role_prompt": role_prompt,
        "assistant_prompt": assistant_prompt,
        "information": information,
        "needs": needs,
        "evaluation_prompt": judge_prompt,
        "hints": hints.to_dict(),
        "rendered_hints": render_hints(hints),
        "source": source,
        "seed": seed,
        "bench_item": None
        if bench_item is None
        else {
            "task_key": bench_item.task_key,
            "id": bench_item.id,
            "evaluation_hints": bench_item.evaluation_hints,
        },
    }
    validator_for(FAMILY).validate(record, where=f"record {record_id!r}")
    return record
