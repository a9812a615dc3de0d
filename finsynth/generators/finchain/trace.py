"""Replaying a record's trace with the restricted evaluator, and checking a record by it.

A trace holds the givens' values, each step's formula and rounding, and the answer rule.
Replay solves the steps exactly as drawing does (:mod:`~finsynth.generators.finchain.chain`):
carried unrounded, each shown value rounded once on its exact value.
Replay never runs template code: formulas go through
:func:`~finsynth.generators.finchain.formula.parse_formula`, which rejects anything
outside the allowed grammar, and every value read from the trace is type-checked first.
A whole replay shares one work budget of :data:`MAX_TRACE_WORK` units
(see :func:`~finsynth.generators.finchain.formula.work_budget`), so its time is bounded
whatever the trace holds: at most :data:`MAX_TRACE_STEPS` steps and as many answer rules,
each formula at most ``MAX_NODES`` parts, and loops and sequence calls within the budget.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from finsynth.errors import ConfigError, FormulaError
from finsynth.generators.finchain.chain import ChainStep, decide, solve
from finsynth.generators.finchain.formula import Formula, Value, parse_formula, work_budget
from finsynth.input_files import parse_json

TRACE_VERSION = 2
"""The trace version drawing writes and replay reads. Version 2 carries steps unrounded
(``rounded_before_use`` marks the exceptions) and rounds every shown value once on its exact
value; version 1 rounded every step before later steps used it."""

MAX_TRACE_STEPS = 200
MAX_INPUT_LENGTH = 10_000
MAX_ROUND_TO = 12
MAX_TRACE_WORK = 250_000
"""Work units one whole trace replay may spend: about 0.3 s; templates use at most about 2,300."""
MAX_TRACE_NUMBER = 1e300
"""Largest magnitude of a number in a trace."""


@dataclass(frozen=True)
class Replay:
    """What a trace computes.

    Attributes:
        step_values: Each step's shown value (rounded once from its unrounded value), in order.
        answer_value: The numeric answer, or ``None`` for a categorical answer.
        answer_label: The categorical answer, or ``None`` for a numeric answer.
        carried_values: Each step's value as later steps use it (unrounded, unless the question
            orders it rounded).

    """

    step_values: dict[str, float]
    answer_value: float | None
    answer_label: str | None
    carried_values: dict[str, float] = field(default_factory=dict)


class UnreadableTraceVersionError(FormulaError):
    """A trace of a version this finsynth does not read (written by another finsynth version)."""

    def __init__(self, version: Any) -> None:
        super().__init__(
            f"trace version {version!r} is not read by this finsynth, which reads version {TRACE_VERSION}: "
            "verify the dataset with the finsynth version that built it, or rebuild it"
        )
        self.version = version

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle by the version read, so the error crosses process boundaries intact."""
        return (UnreadableTraceVersionError, (self.version,))


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise FormulaError(f"{where} must be a number, got {type(value).__name__}")
    if abs(value) > MAX_TRACE_NUMBER or not math.isfinite(value):  # in this order: huge ints
        raise FormulaError(f"{where} must be a finite number of at most {MAX_TRACE_NUMBER:g}, got {value!r}")
    return value


def _inputs(raw: Any) -> dict[str, Value]:
    if not isinstance(raw, dict):
        raise FormulaError("trace inputs must be an object")
    values: dict[str, Value] = {}
    for name, value in raw.items():
        if not isinstance(name, str) or not name.isidentifier() or name.startswith("_"):
            raise FormulaError(f"trace input name {name!r} is not a plain name")
        if isinstance(value, list):
            if len(value) > MAX_INPUT_LENGTH:
                raise FormulaError(f"trace input {name!r} is longer than {MAX_INPUT_LENGTH}")
            values[name] = tuple(_number(item, f"trace input {name!r}") for item in value)
        else:
            values[name] = _number(value, f"trace input {name!r}")
    return values


def replay_trace(trace: str | Mapping[str, Any]) -> Replay:
    """Recompute every step and the answer of a trace.

    Args:
        trace: The trace as stored in a record (JSON text) or already decoded.

    Returns:
        The recomputed step values and answer.

    Raises:
        FormulaError: If the trace is malformed, uses anything outside the formula grammar,
            or cannot be evaluated.

    """
    if isinstance(trace, str):
        try:
            trace = parse_json(trace, "trace")
        except ConfigError as error:
            raise FormulaError(f"trace is not accepted JSON: {error.message}") from None
    with work_budget(MAX_TRACE_WORK):
        return _replay(trace)


def _parsed(formula: object, where: str) -> Formula:
    """Parse a formula read from a trace, which must be text (a list or object is refused, not hashed)."""
    if not isinstance(formula, str):
        raise FormulaError(f"{where} has a formula that is not text but {type(formula).__name__}")
    return parse_formula(formula)


def _replay(trace: object) -> Replay:
    if not isinstance(trace, Mapping):
        raise FormulaError("trace must be an object")
    if trace.get("version") != TRACE_VERSION:
        raise UnreadableTraceVersionError(trace.get("version"))
    env = _inputs(trace.get("inputs"))
    steps = trace.get("steps")
    if not isinstance(steps, list) or len(steps) > MAX_TRACE_STEPS:
        raise FormulaError(f"trace steps must be a list of at most {MAX_TRACE_STEPS}")
    chain = []
    for position, item in enumerate(steps):
        if not isinstance(item, dict):
            raise FormulaError(f"trace step {position} must be an object")
        name, formula, round_to = item.get("name"), item.get("formula"), item.get("round_to")
        rounded_before_use = item.get("rounded_before_use")
        if not isinstance(name, str) or not name.isidentifier() or name.startswith("_"):
            raise FormulaError(f"trace step {position} has a bad name {name!r}")
        if isinstance(round_to, bool) or not isinstance(round_to, int) or not 0 <= round_to <= MAX_ROUND_TO:
            raise FormulaError(f"trace step {name!r} must round to 0..{MAX_ROUND_TO} decimals")
        if not isinstance(rounded_before_use, bool):
            raise FormulaError(
                f"trace step {name!r} must say whether it is rounded before use (true or false)"
            )
        chain.append(ChainStep(name, _parsed(formula, f"trace step {name!r}"), round_to, rounded_before_use))
    solution = solve(chain, env, "trace ")
    step_values = solution.shown
    carried = {item.name: float(solution.values[item.name]) for item in chain}  # type: ignore[arg-type]
    answer = trace.get("answer")
    if not isinstance(answer, dict):
        raise FormulaError("trace answer must be an object")
    if answer.get("kind") == "numeric":
        step_name = answer.get("step")
        if step_name not in step_values:
            raise FormulaError(f"trace answer names unknown step {step_name!r}")
        return Replay(step_values, step_values[step_name], None, carried)
    if answer.get("kind") == "categorical":
        rules, otherwise = answer.get("rules"), answer.get("otherwise")
        if not isinstance(rules, list) or not isinstance(otherwise, str):
            raise FormulaError("a categorical trace answer needs rules and otherwise")
        if len(rules) > MAX_TRACE_STEPS:
            raise FormulaError(f"a categorical trace answer has more than {MAX_TRACE_STEPS} rules")
        for rule in rules:
            if not isinstance(rule, dict) or not isinstance(rule.get("label"), str):
                raise FormulaError("each trace rule needs a condition and a label")
            if decide(_parsed(rule.get("when"), "a trace rule's condition"), solution, chain) is True:
                return Replay(step_values, None, rule["label"], carried)
        return Replay(step_values, None, otherwise, carried)
    raise FormulaError(f"trace answer kind must be numeric or categorical, got {answer.get('kind')!r}")


def unreadable_trace_version(record: Mapping[str, Any]) -> str | None:
    """Say, in one line, that a record's trace has a version this finsynth does not read; else ``None``."""
    raw = record.get("trace")
    try:
        trace = parse_json(raw, "trace") if isinstance(raw, str) else raw
    except ConfigError:
        return None  # replay says why
    version = trace.get("version") if isinstance(trace, Mapping) else None
    return None if version == TRACE_VERSION else str(UnreadableTraceVersionError(version))


def check_record(record: Mapping[str, Any]) -> list[str]:
    """Replay a FinChain record's trace and compare it with what the record states.

    Returns:
        Problems found, empty when the trace reproduces every step value and the answer exactly.

    """
    return replay_record(record)[1]


def replay_record(record: Mapping[str, Any]) -> tuple[Replay | None, list[str]]:
    """Replay a FinChain record's trace once and compare it with what the record states.

    Returns:
        The replay (``None`` when the trace does not replay) and the problems found, as
        :func:`check_record` reports them.

    """
    try:
        replay = replay_trace(record["trace"])
    except UnreadableTraceVersionError as error:
        return None, [str(error)]
    except FormulaError as error:
        return None, [f"trace does not replay: {error}"]
    problems = []
    stored = {item["name"]: item["value"] for item in record["steps"]}
    if list(stored) != list(replay.step_values):
        problems.append(f"steps {list(stored)} differ from the trace's {list(replay.step_values)}")
    for name, value in replay.step_values.items():
        if name in stored and stored[name] != value:
            problems.append(f"step {name!r} stores {stored[name]!r} but the trace gives {value!r}")
    if record.get("answer_value") != replay.answer_value:
        problems.append(
            f"answer_value {record.get('answer_value')!r} but the trace gives {replay.answer_value!r}"
        )
    if record.get("answer_label") != replay.answer_label:
        problems.append(
            f"answer_label {record.get('answer_label')!r} but the trace gives {replay.answer_label!r}"
        )
    return replay, problems
