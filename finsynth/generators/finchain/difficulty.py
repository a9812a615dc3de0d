"""How hard a FinChain problem is, measured from its formula graph on one scale for the whole set.

The rubric (documented in ``docs/finchain.md``, section "Difficulty"):

- **reasoning steps**: the steps the answer is built from (directly or through other steps)
  that compute something: a step that only copies a value does not count;
- **non-linear methods**: how many distinct methods of these the work needs: compounding (a
  power whose exponent is a given or computed number of periods), roots (``sqrt`` or a
  fractional power), logarithms or exponentials, the normal distribution, root finding
  (``irr``), and a series over periods (a sum or extremum over a series whose terms depend
  on the period non-linearly, such as discounting each cash flow). A series whose terms do not
  depend on the period (a count times an amount) is linear, and a constant power (a square)
  is not compounding;
- **decisions**: a categorical answer, and each step that chooses by comparing values
  (``max``, ``min``, a conditional or a comparison).

``score = reasoning steps + 2 × non-linear methods + decisions``. The level follows the score
across the whole set: **basic** up to :data:`BASIC_MOST`, **intermediate** up to
:data:`INTERMEDIATE_MOST`, **advanced** above. The number of stated givens is measured too
(a filter for curricula) but does not enter the score: a long list of inputs is reading,
not reasoning.

Every record carries its template's score and level (``difficulty_score``, ``difficulty``);
the label a template declares with ``@template(difficulty=...)`` is its place in the original
FinChain layout (two basic, two intermediate and one advanced per topic), kept as the tag
``layout_difficulty`` for the selection that reproduces that layout.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from finsynth.generators.finchain.dsl import CategoricalAnswer, Entity
from finsynth.generators.finchain.engine import CompiledTemplate

LEVELS = ("basic", "intermediate", "advanced")
"""The difficulty levels, easiest first."""

BASIC_MOST = 3
"""Highest score labelled basic."""

INTERMEDIATE_MOST = 6
"""Highest score labelled intermediate; above it, advanced."""

NON_LINEAR_METHODS = (
    "compounding",
    "roots",
    "logarithms_or_exponentials",
    "normal_distribution",
    "root_finding",
    "series_over_periods",
)
"""The non-linear methods the rubric counts, each at most once per problem."""

_DECIDING_CALLS = frozenset({"max", "min"})
_LOG_OR_EXP = frozenset({"log", "log10", "exp"})
_NORMAL = frozenset({"normal_cdf", "normal_quantile"})
_NON_LINEAR_CALLS = frozenset({"sqrt", "irr"}) | _LOG_OR_EXP | _NORMAL


@dataclass(frozen=True)
class Difficulty:
    """A problem's measured difficulty.

    Attributes:
        score: ``reasoning_steps + 2 × len(non_linear_methods) + decisions``.
        level: ``basic``, ``intermediate`` or ``advanced``, from the score (see :func:`level_of`).
        reasoning_steps: Steps the answer is built from that compute something.
        non_linear_methods: The non-linear methods the work needs (names from
            :data:`NON_LINEAR_METHODS`, in that order).
        decisions: Choices made by comparing values (a categorical answer counts one).
        givens: Numbers the question states (a series counts once).

    """

    score: int
    level: str
    reasoning_steps: int
    non_linear_methods: tuple[str, ...]
    decisions: int
    givens: int


def level_of(score: int) -> str:
    """The level a score earns: basic to :data:`BASIC_MOST`, intermediate to :data:`INTERMEDIATE_MOST`."""
    if score <= BASIC_MOST:
        return "basic"
    return "intermediate" if score <= INTERMEDIATE_MOST else "advanced"


def measure(compiled: CompiledTemplate) -> Difficulty:
    """Measure a compiled template's difficulty from its formula graph (see the module docstring)."""
    template = compiled.template
    step_names = {item.name for item in template.steps}
    formulas = {item.name: formula for item, formula, _, _ in compiled.steps}
    answer = template.answer
    categorical = isinstance(answer, CategoricalAnswer)
    if categorical:
        roots = {name for _, rule in compiled.rules for name in rule.names} & step_names
    else:
        roots = {getattr(answer, "step", "")}
    composed: set[str] = set()
    pending = list(roots)
    while pending:
        name = pending.pop()
        if name in formulas and name not in composed:
            composed.add(name)
            pending += [read for read in formulas[name].names if read in step_names]
    fixed = _fixed_givens(compiled)
    methods: set[str] = set()
    steps = decisions = 0
    for item in template.steps:
        if item.name not in composed:
            continue
        tree = formulas[item.name].tree
        if not isinstance(tree, ast.Name | ast.Constant):
            steps += 1
        methods |= _methods(tree, fixed)
        decisions += _decides(tree)
    decisions += categorical
    givens = sum(1 for name in compiled.stated_names if name not in {e.name for e in compiled.entities})
    ordered = tuple(method for method in NON_LINEAR_METHODS if method in methods)
    score = steps + 2 * len(ordered) + decisions
    return Difficulty(score, level_of(score), steps, ordered, decisions, givens)


def _fixed_givens(compiled: CompiledTemplate) -> frozenset[str]:
    """Givens that take one value (stated facts): a power by one of them is a constant power."""
    fixed = set()
    for given in compiled.template.givens:
        if isinstance(given, Entity):
            continue
        low, high = getattr(given, "low", None), getattr(given, "high", None)
        if low is not None and low == high:
            fixed.add(given.name)
    return frozenset(fixed)


def _names(node: ast.AST) -> set[str]:
    return {child.id for child in ast.walk(node) if isinstance(child, ast.Name)}


def _call_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id
    return None


def _methods(tree: ast.AST, fixed: frozenset[str]) -> set[str]:
    """The non-linear methods one formula uses."""
    methods = set()
    for node in ast.walk(tree):
        name = _call_name(node)
        if name == "sqrt":
            methods.add("roots")
        elif name in _LOG_OR_EXP:
            methods.add("logarithms_or_exponentials")
        elif name in _NORMAL:
            methods.add("normal_distribution")
        elif name == "irr":
            methods.add("root_finding")
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
            exponent_names = _names(node.right) - fixed
            if exponent_names:
                methods.add("compounding")
            elif not _whole_constant(node.right):
                methods.add("roots")
        if isinstance(node, ast.GeneratorExp) and _non_linear_in(node.elt, _targets(node)):
            methods.add("series_over_periods")
    return methods


def _whole_constant(node: ast.AST) -> bool:
    """Whether an exponent is a whole-number constant (a square, a cube): polynomial, not a root."""
    try:
        value = ast.literal_eval(node)
    except ValueError:
        return False
    return isinstance(value, int | float) and float(value).is_integer()


def _targets(generator: ast.GeneratorExp) -> set[str]:
    return {name for comprehension in generator.generators for name in _names(comprehension.target)}


def _non_linear_in(element: ast.AST, targets: set[str]) -> bool:
    """Whether a series term depends on its period non-linearly (not a constant, a sum or a scaling)."""
    for node in ast.walk(element):
        if isinstance(node, ast.BinOp):
            if isinstance(node.op, ast.Pow) and (_names(node.left) | _names(node.right)) & targets:
                return True
            if isinstance(node.op, ast.Div) and _names(node.right) & targets:
                return True
            if isinstance(node.op, ast.Mult) and _names(node.left) & targets and _names(node.right) & targets:
                return True
        name = _call_name(node)
        if name in _NON_LINEAR_CALLS and _names(node) & targets:
            return True
    return False


def _decides(tree: ast.AST) -> int:
    """1 if a formula chooses by comparing values (``max``/``min``, a conditional, a comparison)."""
    for node in ast.walk(tree):
        if _call_name(node) in _DECIDING_CALLS or isinstance(node, ast.IfExp | ast.Compare):
            return 1
    return 0
