"""No two FinChain templates compute the same chain of formulas under different names."""

from __future__ import annotations

import ast
import re
from collections import defaultdict

import sympy

from finsynth.generators.finchain.dsl import CategoricalAnswer
from finsynth.generators.finchain.engine import CompiledTemplate
from finsynth.generators.finchain.functions import FUNCTIONS
from finsynth.generators.finchain.quantities import Quantity
from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import all_generators
from tests.generators.finchain.harness import SYMPY_FUNCTIONS

TEMPLATES = [
    generator for generator in all_generators("finchain") if isinstance(generator, FinChainGenerator)
]
_COMMUTATIVE = (ast.Add, ast.Mult)


def _shape(node: ast.AST) -> str:
    """A node's text with every name blanked: what it computes, whatever its variables are called."""

    class Blank(ast.NodeTransformer):
        def visit_Name(self, name: ast.Name) -> ast.Name:
            return ast.Name("_", name.ctx)

    return ast.dump(Blank().visit(ast.parse(ast.unparse(node), mode="eval")))


class _Canonicalizer(ast.NodeTransformer):
    """Puts the operands of ``+`` and ``×`` in a fixed order, then renames variables ``v0, v1, ...``.

    Operands are ordered by their shape (names blanked), so ``price * (1 + growth)`` and
    ``(markup + 1) * cost`` become the same text; names are then numbered in order of first
    appearance across the whole chain.
    """

    def __init__(self, functions: set[str], kinds: dict[str, str]) -> None:
        self.names: dict[str, str] = {}
        self.functions = functions
        self.kinds = kinds

    def visit_BinOp(self, node: ast.BinOp) -> ast.BinOp:
        if isinstance(node.op, _COMMUTATIVE) and _shape(node.right) < _shape(node.left):
            node.left, node.right = node.right, node.left
        self.generic_visit(node)
        return node

    def visit_Name(self, node: ast.Name) -> ast.Name:
        if node.id in self.functions:
            return node
        canonical = self.names.setdefault(node.id, f"{self.kinds.get(node.id, 'v')}{len(self.names)}")
        return ast.copy_location(ast.Name(canonical, node.ctx), node)

    def canonical(self, source: str) -> str:
        return ast.unparse(self.visit(ast.parse(source, mode="eval")))


def _kind(quantity: Quantity) -> str:
    """What a variable measures, as part of its canonical name: renaming keeps units."""
    return {"": "number", "%": "rate"}.get(quantity.unit.value, quantity.unit.value.lower())


def formula_chain(compiled: CompiledTemplate) -> tuple[str, ...]:
    """The template's steps and answer rule with every name replaced by its canonical name."""
    kinds = {name: _kind(quantity) for name, quantity in compiled.quantities.items()}
    renamer = _Canonicalizer(set(FUNCTIONS) | {"range", "enumerate"}, kinds)
    chain = []
    for item in compiled.template.steps:
        chain.append(renamer.canonical(item.formula))
        renamer.names.setdefault(item.name, f"{kinds[item.name]}{len(renamer.names)}")
    answer = compiled.template.answer
    if isinstance(answer, CategoricalAnswer):
        chain += [renamer.canonical(rule.when) for rule in answer.rules]
    else:
        chain.append(renamer.names[answer.step])
    return tuple(chain)


def composed_steps(compiled: CompiledTemplate) -> dict[str, str]:
    """Each step composed as one simplified expression of the givens, canonically named.

    Steps after the first one sympy cannot read (sequences, irr, normal functions, conditions)
    are left out.
    """
    kinds = {name: _kind(quantity) for name, quantity in compiled.quantities.items()}
    expressions: dict[str, object] = {name: sympy.Symbol(name) for name in compiled.given_names}
    composed: dict[str, str] = {}
    try:
        for item in compiled.template.steps:
            expressions[item.name] = sympy.sympify(item.formula, locals={**SYMPY_FUNCTIONS, **expressions})
            text = sympy.sstr(sympy.cancel(sympy.together(expressions[item.name]))).replace("Abs(", "abs(")
            renamer = _Canonicalizer(set(FUNCTIONS) | {"range", "enumerate"}, kinds)
            composed[item.name] = renamer.canonical(text)
    except (sympy.SympifyError, SyntaxError, TypeError, AttributeError):
        pass
    return composed


def composed_answer(compiled: CompiledTemplate) -> str | None:
    """The answer composed from the steps as one simplified expression of the givens, canonically named.

    Catches duplicates that split the work differently (a share count that cancels out).
    ``None`` where sympy cannot read a formula (sequences, irr, normal functions, conditions).
    """
    answer = compiled.template.answer
    if isinstance(answer, CategoricalAnswer):
        return None
    return composed_steps(compiled).get(answer.step)


SAME_PROBLEM_OPERATIONS = 5
"""Operations a composed answer needs before two templates sharing it, in any units, are one problem.

Shorter answers (a ratio of two givens, a difference over a third) are shared by unrelated
measures: a debt-to-equity ratio and an emissions intensity are both ``a / b``.
"""


def unit_blind_answer(compiled: CompiledTemplate) -> str | None:
    """:func:`composed_answer` with every name renamed alike, whatever it measures.

    The same expected value over three scenarios, once of returns in % and once of incomes in $,
    composes to one text here (``v0 * v1 + v2 * v3 + v4 * v5``).
    """
    text = composed_answer(compiled)
    if text is None:
        return None
    return _Canonicalizer(set(FUNCTIONS) | {"range", "enumerate"}, {}).canonical(
        re.sub(r"\b[a-z]+(\d+)\b(?!\()", r"v\1", text)
    )


def operations(text: str) -> int:
    """Operators and calls in an expression's text."""
    kinds = (ast.BinOp, ast.UnaryOp, ast.Call, ast.Compare, ast.GeneratorExp)
    return sum(isinstance(node, kinds) for node in ast.walk(ast.parse(text, mode="eval")))


def _three_scenarios(unit_given: str) -> CompiledTemplate:
    from finsynth.generators.finchain.dsl import Template, money, numeric, rate, step

    outcome = rate if unit_given == "rate" else money
    spec = Template(
        givens=[
            rate("p_up", 10, 40),
            rate("p_mid", 10, 40),
            rate("p_down", 10, 40),
            outcome("up", 1, 9),
            outcome("mid", 1, 9),
            outcome("down", 1, 9),
        ],
        question="{p_up} {up} {p_mid} {mid} {p_down} {down}?",
        steps=[step("expected", "p_up * up + p_mid * mid + p_down * down", "Expected")],
        answer=numeric("expected"),
    )
    return CompiledTemplate(spec, "test")


def test_the_unit_blind_answer_sees_one_problem_in_two_units() -> None:
    in_percent, in_dollars = _three_scenarios("rate"), _three_scenarios("money")
    assert composed_answer(in_percent) != composed_answer(in_dollars)  # units kept: two chains
    assert unit_blind_answer(in_percent) == unit_blind_answer(in_dollars)
    assert operations(unit_blind_answer(in_percent) or "") >= SAME_PROBLEM_OPERATIONS


def test_no_two_templates_compose_to_the_same_answer_in_any_units() -> None:
    by_answer: dict[str, list[str]] = defaultdict(list)
    for generator in TEMPLATES:
        composed = unit_blind_answer(generator.compiled)
        if composed is not None and operations(composed) >= SAME_PROBLEM_OPERATIONS:
            by_answer[composed].append(generator.info.id)
    assert [ids for ids in by_answer.values() if len(ids) > 1] == []
    assert len(by_answer) >= 100  # most templates compose to an answer long enough to compare


def test_the_canonical_chain_ignores_names_and_operand_order() -> None:
    from finsynth.generators.finchain.dsl import Template, money, numeric, rate, step

    def template(first: str, second: str, formula: str) -> CompiledTemplate:
        spec = Template(
            givens=[money(first, 1, 10, step=1), rate(second, 1, 10)],
            question=f"{{{first}}} at {{{second}}}?",
            steps=[step("result", formula, "Result")],
            answer=numeric("result"),
        )
        return CompiledTemplate(spec, "test")

    same = formula_chain(template("price", "growth", "price * (1 + growth)"))
    assert same == formula_chain(template("cost", "markup", "(markup + 1) * cost"))
    assert same == formula_chain(template("cost", "markup", "cost * (markup + 1)"))
    assert same != formula_chain(template("price", "growth", "price * (1 - growth)"))
    assert same != formula_chain(template("price", "growth", "price / (1 + growth)"))


def test_no_two_templates_share_a_formula_chain() -> None:
    by_chain: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for generator in TEMPLATES:
        by_chain[formula_chain(generator.compiled)].append(generator.info.id)
    duplicates = [ids for ids in by_chain.values() if len(ids) > 1]
    assert duplicates == []


def test_no_two_templates_compose_to_the_same_answer() -> None:
    by_answer: dict[str, list[str]] = defaultdict(list)
    for generator in TEMPLATES:
        composed = composed_answer(generator.compiled)
        if composed is not None:
            by_answer[composed].append(generator.info.id)
    duplicates = [ids for ids in by_answer.values() if len(ids) > 1]
    assert duplicates == []
    assert len(by_answer) >= 200  # most templates are checked this way, not skipped


def nested_pairs(templates: list[CompiledTemplate]) -> list[tuple[str, str, str]]:
    """``(inner, outer, step)``: the inner template's whole answer is a step of the outer one.

    Answers are compared composed from the givens with units kept (a rate stays a rate), and
    only answers of at least :data:`SAME_PROBLEM_OPERATIONS` operations count: a shorter one,
    such as a ratio of two givens, is a building block many problems share.
    """
    steps_by_text: dict[str, list[tuple[str, str]]] = defaultdict(list)
    answers: dict[str, str] = {}
    for compiled in templates:
        composed = composed_steps(compiled)
        for name, text in composed.items():
            steps_by_text[text].append((compiled.label, name))
        answer = compiled.template.answer
        if not isinstance(answer, CategoricalAnswer) and answer.step in composed:
            answers[compiled.label] = composed[answer.step]
    return [
        (inner, outer, name)
        for inner, text in answers.items()
        if operations(text) >= SAME_PROBLEM_OPERATIONS
        for outer, name in steps_by_text[text]
        if outer != inner
    ]


def _compound(label: str, extra_step: bool) -> CompiledTemplate:
    from finsynth.generators.finchain.dsl import Template, count, money, numeric, rate, step

    steps = [step("grown", "deposit * (1 + growth / 12) ** (12 * years)", "Grown")]
    if extra_step:
        steps.append(step("gain", "grown - deposit", "Gain"))
    spec = Template(
        givens=[money("deposit", 1, 9), rate("growth", 1, 9), count("years", 1, 9)],
        question="{deposit} at {growth} for {years}?",
        steps=steps,
        answer=numeric(steps[-1].name),
    )
    return CompiledTemplate(spec, label)


def test_a_template_whose_answer_is_a_step_of_another_is_nested() -> None:
    inner, outer = _compound("inner", extra_step=False), _compound("outer", extra_step=True)
    assert nested_pairs([inner, outer]) == [("inner", "outer", "grown")]
    assert nested_pairs([outer]) == []


def test_no_template_answers_a_step_of_another() -> None:
    """No template is nested in another: its whole computation is never one step of a second template."""
    assert nested_pairs([generator.compiled for generator in TEMPLATES]) == []
