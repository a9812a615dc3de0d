"""The task-instance contract: what every UCFE instance generator returns, and the registry by task slug.

An instance generator is a function ``RandomStream -> TaskInstance`` registered with
``@task_instance("slug")``. Its module (``instances/<slug>.py``) states in its docstring the
rules by which the evaluation hints are derived from the generated ``facts``, so a judge's
"must contain" check is grounded in data the generator produced, and tests can recompute it.

Every task's instances have a non-empty ``must_contain``. ``reference_answer`` is empty only
for Analyst Simulation and Financial Knowledge Consulting, whose replies (a report framework,
an explanation) have no single right text; ``answer`` is empty for those and for Industry
Report Summarization.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from finsynth.errors import FinsynthError
from finsynth.generators.ucfe.spec import task_specs
from finsynth.seeding import RandomStream

MULTI_TURN_TASKS: tuple[str, ...] = tuple(
    slug for slug, spec in task_specs().items() if spec.setting == "multi_turn"
)
"""Tasks played as a dialogue between a simulated user and the model (from ``tasks.yaml``)."""

ZERO_SHOT_TASKS: tuple[str, ...] = tuple(
    slug for slug, spec in task_specs().items() if spec.setting == "zero_shot"
)
"""Tasks answered in one reply to a prompt holding the data and the instruction (from ``tasks.yaml``)."""

TASKS: tuple[str, ...] = MULTI_TURN_TASKS + ZERO_SHOT_TASKS
"""All task slugs, in ``tasks.yaml`` order: the one declaration of UCFE's tasks."""

HINT_KEYS: tuple[str, ...] = (
    "answer",
    "must_contain",
    "at_least_contain",
    "should_contain",
    "encourage",
    "forbid",
)
"""The evaluation-hint kinds, from the single right answer to what a reply must avoid."""

FactValue = str | float | int | bool
Hints = Mapping[str, tuple[str, ...]]


@dataclass(frozen=True)
class TaskInstance:
    """One generated UCFE task instance.

    Attributes:
        task: The task slug.
        information: The source information the simulated user holds (multi-turn) or the data
            in the prompt (zero-shot).
        needs: What the user wants (multi-turn) or the instruction (zero-shot).
        hints: Evaluation hints by kind; keys are exactly :data:`HINT_KEYS`.
        facts: The generated data the hints derive from (flat; lists are spelled ``item_1_...``).
        reference_answer: A model answer, or ``""`` when the task has no single answer.
        needs_variants: The same needs in every wording the task offers (``needs`` is one of them),
            so a build can give consecutive items different wordings; empty when there is one.

    """

    task: str
    information: str
    needs: str
    hints: Hints
    facts: Mapping[str, FactValue]
    reference_answer: str
    needs_variants: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.needs_variants and self.needs not in self.needs_variants:
            raise FinsynthError(f"{self.task}: needs must be one of its needs_variants")
        if self.task not in TASKS:
            raise FinsynthError(f"unknown UCFE task {self.task!r}; allowed: {', '.join(TASKS)}")
        if tuple(self.hints) != HINT_KEYS:
            raise FinsynthError(
                f"{self.task}: hint keys must be exactly {HINT_KEYS} in that order, got {tuple(self.hints)}"
            )


def hint_map(
    *,
    answer: tuple[str, ...] = (),
    must_contain: tuple[str, ...] = (),
    at_least_contain: tuple[str, ...] = (),
    should_contain: tuple[str, ...] = (),
    encourage: tuple[str, ...] = (),
    forbid: tuple[str, ...] = (),
) -> Hints:
    """Return the hints of an instance with every kind present (empty where not given)."""
    return {
        "answer": answer,
        "must_contain": must_contain,
        "at_least_contain": at_least_contain,
        "should_contain": should_contain,
        "encourage": encourage,
        "forbid": forbid,
    }


def phrase_needs(
    stream: RandomStream, templates: tuple[str, ...], details: Sequence[str] = (), **fields: str
) -> tuple[str, tuple[str, ...]]:
    """Draw one wording of the needs and return it with all wordings, each filled with ``fields``.

    Args:
        stream: The item's random stream (one draw: the wording).
        templates: The task's wordings of what the user wants.
        details: Sentences drawn from the item's own facts (the user's situation, scope, numbers,
            constraints), appended to every wording so all wordings ask for the same thing.
        **fields: Values for the wordings' placeholders.

    Returns:
        The chosen wording and all wordings, each followed by the details.

    """
    chosen = stream.choice(templates)
    tail = "".join(" " + detail for detail in details)
    return chosen.format(**fields) + tail, tuple(template.format(**fields) + tail for template in templates)


InstanceGenerator = Callable[[RandomStream], TaskInstance]

_GENERATORS: dict[str, InstanceGenerator] = {}


def task_instance(task: str) -> Callable[[InstanceGenerator], InstanceGenerator]:
    """Register the instance generator of a task.

    Args:
        task: One of :data:`TASKS`.

    Returns:
        A decorator that registers the function and returns it unchanged.

    Raises:
        FinsynthError: If the slug is unknown or already has a generator.

    """
    if task not in TASKS:
        raise FinsynthError(f"unknown UCFE task {task!r}; allowed: {', '.join(TASKS)}")

    def register(function: InstanceGenerator) -> InstanceGenerator:
        existing = _GENERATORS.get(task)
        if existing is not None and existing is not function:
            raise FinsynthError(f"UCFE task {task!r} has two instance generators")
        _GENERATORS[task] = function
        return function

    return register


def instance_generator(task: str) -> InstanceGenerator:
    """Return the instance generator of a task slug.

    Raises:
        FinsynthError: If ``task`` is not one of :data:`TASKS` (the message lists them).

    """
    if task not in TASKS:
        raise FinsynthError(f"unknown UCFE task {task!r}; allowed: {', '.join(TASKS)}")
    if task not in _GENERATORS:
        importlib.import_module(f"{__package__}.{task}")
    return _GENERATORS[task]
