"""What makes a FinChain problem basic, intermediate or advanced, read from its structure.

The rubric (also in the README's template guide):

- **basic**: one to three steps, and at most one of the hard methods (root finding, the
  normal distribution, logarithms or exponentials).
- **intermediate**: three to five steps; any methods.
- **advanced**: four or more steps, the answer composing at least four of them, *and* a
  non-linear method: root finding, the normal distribution, logarithms or exponentials,
  compounding over a number of periods, a series over periods, or a square root. A long
  chain of linear arithmetic, or a decision rule on linear results, does not earn the label.

:func:`features_of` derives the features from the parsed formulas; a registry test checks
every template's label against :func:`label_allowed`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from finsynth.generators.finchain.dsl import CategoricalAnswer
from finsynth.generators.finchain.engine import CompiledTemplate

STEP_RANGES = {"basic": (1, 3), "intermediate": (3, 5), "advanced": (4, 99)}
"""Steps a template of each difficulty has."""


@dataclass(frozen=True)
class Features:
    """What a template's solution needs.

    Attributes:
        steps: Steps in the solution.
        composed_steps: Steps the answer depends on, directly or through other steps.
        root_finding: Solves for a rate (``irr``).
        normal_distribution: Uses ``normal_cdf`` or ``normal_quantile``.
        logs_or_exponentials: Uses ``log``, ``log10`` or ``exp``.
        compounding: Raises to a power that is a given or computed (periods, fractions of a year).
        series_over_periods: Sums or reduces a generated series (cash flows, returns by period).
        square_root: Takes a square root (a standard deviation, a volatility scaled by time).
        decision_rule: Chooses by comparing computed values (a categorical answer, ``max``/``min``
            or a conditional over steps).

    """

    steps: int
    composed_steps: int
    root_finding: bool
    normal_distribution: bool
    logs_or_exponentials: bool
    compounding: bool
    series_over_periods: bool
    square_root: bool
    decision_rule: bool

    @property
    def hard_methods(self) -> int:
        """How many of root finding, the normal distribution and logs or exponentials the work needs."""
        return sum([self.root_finding, self.normal_distribution, self.logs_or_exponentials])

    @property
    def non_linear_method(self) -> bool:
        """Whether the work needs any non-linear method (what earns a long chain the advanced label)."""
        return bool(self.hard_methods) or self.compounding or self.series_over_periods or self.square_root


def _calls(tree: ast.AST) -> set[str]:
    return {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }


def _reads_a_name(tree: ast.AST) -> bool:
    return any(isinstance(node, ast.Name) for node in ast.walk(tree))


def features_of(compiled: CompiledTemplate) -> Features:
    """Derive the rubric's features from a compiled template's formulas."""
    step_names = {item.name for item in compiled.template.steps}
    reads = {item.name: set(formula.names) & step_names for item, formula, _, _ in compiled.steps}
    trees = [formula.tree for _, formula, _, _ in compiled.steps]
    answer = compiled.template.answer
    decision = isinstance(answer, CategoricalAnswer)
    roots = (
        {name for _, rule in compiled.rules for name in rule.names} & step_names
        if decision
        else {getattr(answer, "step", "")}
    )
    composed: set[str] = set()
    pending = list(roots)
    while pending:
        name = pending.pop()
        if name in reads and name not in composed:
            composed.add(name)
            pending += reads[name]
    calls: set[str] = set()
    compounding = series = False
    for tree, (_, formula, _, _) in zip(trees, compiled.steps, strict=True):
        calls |= _calls(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow) and _reads_a_name(node.right):
                compounding = True
            if isinstance(node, ast.GeneratorExp):
                series = True
            if isinstance(node, ast.IfExp) and set(formula.names) & step_names:
                decision = True
        if {"max", "min"} & _calls(tree) and set(formula.names) & step_names:
            decision = True
    return Features(
        steps=len(compiled.template.steps),
        composed_steps=len(composed),
        root_finding="irr" in calls,
        normal_distribution=bool({"normal_cdf", "normal_quantile"} & calls),
        logs_or_exponentials=bool({"log", "log10", "exp"} & calls),
        compounding=compounding,
        series_over_periods=series,
        square_root="sqrt" in calls,
        decision_rule=decision,
    )


def label_allowed(difficulty: str, features: Features) -> str | None:
    """Return why ``difficulty`` does not fit ``features`` under the rubric, or ``None`` if it does."""
    low, high = STEP_RANGES[difficulty]
    if not low <= features.steps <= high:
        return f"{difficulty} needs {low}-{high} steps, not {features.steps}"
    if difficulty == "basic" and features.hard_methods > 1:
        return (
            "a basic problem needs at most one of root finding, the normal distribution, logs or exponentials"
        )
    if difficulty == "advanced":
        if features.composed_steps < 4:
            return f"the answer composes only {features.composed_steps} steps (advanced needs 4)"
        if not features.non_linear_method:
            return "the work is linear arithmetic: advanced needs a non-linear method"
    return None
