"""The 17 UCFE task specs: who each task serves, its prompts, its judge criteria and its hints.

Specs are data (``resources/tasks.yaml``), checked against ``ucfe_task.schema.json`` when
loaded, so a mistake in the file is reported with the file and the JSON path of the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

import yaml

from finsynth.errors import ConfigError, FinsynthError
from finsynth.schemas import Validator, load_schema, shipped_yaml
from finsynth.schemas.loader import check_data_file

TASKS_FILE = "resources/tasks.yaml"
"""Where the specs live, relative to this package."""

Setting = Literal["zero_shot", "multi_turn"]
USER_GROUPS = ("analyst", "financial_professional", "regulatory_professional", "general_public")
"""The four user groups UCFE serves."""


@dataclass(frozen=True)
class TaskSpec:
    """One UCFE task."""

    slug: str
    """Stable id, e.g. ``credit_risk_evaluation``."""
    name: str
    """Name for people."""
    category: str
    """The kind of work (analysis, reporting, consulting, ...)."""
    setting: Setting
    """``zero_shot`` (one answer to a full prompt) or ``multi_turn`` (dialogue with a simulated user)."""
    user_groups: tuple[str, ...]
    """Who the task serves, from :data:`USER_GROUPS`."""
    user_prompts: tuple[str, ...]
    """The simulated users' prompts, one per user the task serves (the task's ``persona`` first) and
    tone (``user_tones``), each with ``{information}`` and ``{needs}`` to fill; empty for zero-shot."""
    assistant_prompt: str
    """The assistant's system prompt; for zero-shot tasks it holds ``{information}`` and ``{needs}``."""
    judge_criteria: tuple[str, ...]
    """What the judge weighs for this task."""
    judge_prompt: str
    """The pairwise judge prompt: ``{needs}``, ``{evaluation_hints}``, ``{dialogue1}``, ``{dialogue2}``."""
    min_rounds: int
    """Fewest user turns in a dialogue (1 for zero-shot)."""
    max_rounds: int
    """Most user turns in a dialogue (1 for zero-shot)."""
    required_hints: tuple[str, ...]
    """Hint fields every item of the task fills."""
    answer_labels: tuple[str, ...] = ()
    """For classification tasks, the labels a reference answer may take; else empty."""
    personas: int = 0
    """How many users (persona and goal) the task serves; ``user_prompts`` has each in every tone."""

    @property
    def user_prompt(self) -> str:
        """The first simulated user's prompt (the task's ``persona``); empty for zero-shot."""
        return self.user_prompts[0] if self.user_prompts else ""

    @property
    def is_multi_turn(self) -> bool:
        """Whether a simulated user talks with the assistant over several turns."""
        return self.setting == "multi_turn"


def _fill(frame: str, values: Mapping[str, str]) -> str:
    for name, value in values.items():
        frame = frame.replace("{" + name + "}", value)
    return frame


def _spec(entry: Mapping[str, Any], user_frame: str, judge_frame: str, tones: tuple[str, ...]) -> TaskSpec:
    multi_turn = entry["setting"] == "multi_turn"
    criteria = tuple(entry["judge_criteria"])
    rounds = entry.get("rounds", {"min": 1, "max": 1})
    return TaskSpec(
        slug=entry["slug"],
        name=entry["name"],
        category=entry["category"],
        setting=entry["setting"],
        user_groups=tuple(entry["user_groups"]),
        user_prompts=tuple(
            _fill(user_frame, {"persona": user["persona"], "goal": user["goal"], "tone": tone})
            for user in ({"persona": entry["persona"], "goal": entry["goal"]}, *entry.get("other_users", ()))
            for tone in tones
        )
        if multi_turn
        else (),
        assistant_prompt=entry["assistant_prompt"],
        judge_criteria=criteria,
        judge_prompt=_fill(judge_frame, {"criteria": "\n".join(f"- {line}" for line in criteria)}),
        min_rounds=rounds["min"],
        max_rounds=rounds["max"],
        required_hints=tuple(entry["hints"]["required"]),
        answer_labels=tuple(entry["hints"].get("answer_labels", ())),
        personas=1 + len(entry.get("other_users", ())) if multi_turn else 0,
    )


def parse_task_specs(document: Any, source: str) -> dict[str, TaskSpec]:
    """Check a task-specs document and return its specs by slug, in file order.

    Args:
        document: The parsed YAML document.
        source: Where it came from, for error messages.

    Raises:
        ConfigError: Naming the source and the JSON path of the first problem.

    """
    validator = Validator(load_schema("ucfe_task"), "UCFE task specs")
    check_data_file(validator, document, source)
    specs: dict[str, TaskSpec] = {}
    # A frame without {tone} still works: the empty tone leaves it as written.
    tones = tuple(document.get("user_tones") or ("",)) if "{tone}" in document["user_prompt_frame"] else ("",)
    for index, entry in enumerate(document["tasks"]):
        where = f"$.tasks[{index}]"
        if entry["slug"] in specs:
            raise ConfigError(f"slug {entry['slug']!r} appears twice", source=source, path=f"{where}.slug")
        rounds = entry.get("rounds")
        if rounds and rounds["min"] > rounds["max"]:
            raise ConfigError("rounds.min is larger than rounds.max", source=source, path=f"{where}.rounds")
        specs[entry["slug"]] = _spec(
            entry, document["user_prompt_frame"], document["judge_prompt_frame"], tones
        )
    return specs


@cache
def task_specs() -> dict[str, TaskSpec]:
    """Return the shipped task specs by slug (loaded and checked once)."""
    source = f"finsynth/generators/ucfe/{TASKS_FILE}"
    text = resources.files(__package__).joinpath(TASKS_FILE).read_text(encoding="utf-8")
    try:
        document = shipped_yaml.load(text)
    except yaml.YAMLError as error:
        raise ConfigError(f"not valid YAML: {error}", source=source) from None
    return parse_task_specs(document, source)


def task_spec(slug: str) -> TaskSpec:
    """Return one task's spec.

    Raises:
        FinsynthError: For an unknown slug, listing the known ones.

    """
    specs = task_specs()
    if slug not in specs:
        raise FinsynthError(f"unknown UCFE task {slug!r}; known tasks: {', '.join(specs)}")
    return specs[slug]
