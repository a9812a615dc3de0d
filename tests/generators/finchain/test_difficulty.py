"""Every difficulty label is earned: features read from each template's formulas, checked by the rubric."""

from __future__ import annotations

import pytest

from finsynth.generators.finchain.difficulty import Features, features_of, label_allowed
from finsynth.generators.finchain.dsl import Template, categorical, money, numeric, rate, series, step
from finsynth.generators.finchain.engine import CompiledTemplate
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import all_generators

TEMPLATES = [
    generator for generator in all_generators("finchain") if isinstance(generator, FinChainGenerator)
]


def _short(generator: FinChainGenerator) -> str:
    return generator.info.id.removeprefix("finchain/")


@pytest.mark.parametrize("generator", TEMPLATES, ids=[_short(generator) for generator in TEMPLATES])
def test_every_label_is_earned_by_the_work(generator: FinChainGenerator) -> None:
    problem = label_allowed(generator.info.tags["difficulty"], features_of(generator.compiled))
    assert problem is None, problem


def compiled(steps: list[tuple[str, str]], *, decide: bool = False) -> CompiledTemplate:
    givens = [
        money("amount", 100, 1_000),
        rate("growth", 1, 10),
        series("flows", money("flow", 1, 9), length=3),
    ]
    question = "{amount} {growth} {flows}; round to the nearest cent."
    answer = (
        categorical([(f"{steps[-1][0]} > amount", "more")], otherwise="less")
        if decide
        else numeric(steps[-1][0])
    )
    return CompiledTemplate(
        Template(
            givens, question, [step(name, formula, name, unit=Unit.USD) for name, formula in steps], answer
        ),
        "test",
    )


def test_features_are_read_from_the_formulas() -> None:
    chain = compiled(
        [
            ("grown", "amount * (1 + growth) ** 3"),
            ("discounted", "sum(flow / (1 + growth) ** t for t, flow in enumerate(flows, 1))"),
            ("root", "irr([-amount, grown, discounted])"),
            ("tail", "normal_cdf(log(root + 2)) * sqrt(grown)"),
        ]
    )
    features = features_of(chain)
    assert features == Features(
        steps=4,
        composed_steps=4,
        root_finding=True,
        normal_distribution=True,
        logs_or_exponentials=True,
        compounding=True,  # discounting by (1 + growth) ** t, period by period
        series_over_periods=True,
        square_root=True,
        decision_rule=False,
    )
    assert features_of(compiled([("grown", "amount * (1 + growth) ** flows[0]")])).compounding
    # A constant exponent (a square, a cube) is not compounding over a stated number of periods.
    assert not features_of(compiled([("grown", "amount * (1 + growth) ** 3")])).compounding


@pytest.mark.parametrize(
    ("difficulty", "steps", "decide", "earned"),
    [
        ("basic", [("a", "amount * growth")], False, True),
        ("basic", [("z", "normal_cdf(log(amount))")], False, False),  # two hard methods
        (
            "advanced",
            [(f"s{i}", "amount * growth" if i == 0 else f"s{i - 1} + amount") for i in range(5)],
            True,
            False,
        ),
        (
            "advanced",
            [
                ("a", "amount * growth"),
                ("b", "a + amount"),
                ("c", "b * 2"),
                ("d", "c * (1 + growth) ** flows[0]"),
            ],
            False,
            True,
        ),
        (
            "advanced",
            [("a", "sqrt(amount)"), ("b", "a * 2"), ("c", "b + 1")],  # non-linear, but too short
            False,
            False,
        ),
    ],
)
def test_the_rubric(difficulty: str, steps: list[tuple[str, str]], decide: bool, earned: bool) -> None:
    assert (label_allowed(difficulty, features_of(compiled(steps, decide=decide))) is None) is earned
