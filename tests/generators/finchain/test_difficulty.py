"""Difficulty is measured from each template's formula graph, on one scale for the whole set."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest

from finsynth.generators.finchain.difficulty import (
    BASIC_MOST,
    INTERMEDIATE_MOST,
    LEVELS,
    Difficulty,
    level_of,
    measure,
)
from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    count,
    money,
    numeric,
    rate,
    series,
    step,
)
from finsynth.generators.finchain.engine import CompiledTemplate
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import Criteria, all_generators, select
from finsynth.pipeline import generate, selected_generators
from finsynth.schemas import validator_for

TEMPLATES = [
    generator for generator in all_generators("finchain") if isinstance(generator, FinChainGenerator)
]


def compiled(steps: list[tuple[str, str]], *, decide: bool = False) -> CompiledTemplate:
    givens = [
        money("amount", 100, 1_000),
        rate("growth", 1, 10),
        count("months", 2, 12),
        series("flows", money("flow", 1, 9), length=3),
    ]
    question = "{amount} {growth} {months} {flows}; round to the nearest cent."
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


def test_the_rubric_reads_the_formula_graph() -> None:
    chain = compiled(
        [
            ("grown", "amount * (1 + growth) ** months"),
            ("discounted", "sum(flow / (1 + growth) ** t for t, flow in enumerate(flows, 1))"),
            ("root", "irr([-amount, grown, discounted])"),
            ("tail", "normal_cdf(log(root + 2)) * sqrt(grown)"),
            ("kept", "max(tail, amount)"),
        ]
    )
    assert measure(chain) == Difficulty(
        score=5 + 2 * 6 + 1,
        level="advanced",
        reasoning_steps=5,
        non_linear_methods=(
            "compounding",
            "roots",
            "logarithms_or_exponentials",
            "normal_distribution",
            "root_finding",
            "series_over_periods",
        ),
        decisions=1,
        givens=4,
    )


@pytest.mark.parametrize(
    ("formula", "methods"),
    [
        # A count times an amount written as a series is linear: no series over periods.
        ("sum(68 for month in range(months))", ()),
        ("sum(amount for flow in flows)", ()),
        ("sum(flows) * growth", ()),
        # A constant power is a square, not compounding; a fractional one is a root.
        ("amount * (1 + growth) ** 3", ()),
        ("amount ** 0.5", ("roots",)),
        ("amount * (1 + growth) ** months", ("compounding",)),
        (
            "sum(flow / (1 + growth) ** t for t, flow in enumerate(flows, 1))",
            ("compounding", "series_over_periods"),
        ),
        ("sum(1 / flow for flow in flows)", ("series_over_periods",)),
    ],
)
def test_formula_artefacts_earn_no_non_linear_method(formula: str, methods: tuple[str, ...]) -> None:
    assert measure(compiled([("result", formula)])).non_linear_methods == methods


def test_copies_do_not_count_as_steps_and_categorical_answers_are_decisions() -> None:
    plain = measure(compiled([("copy", "amount"), ("result", "copy * growth")]))
    assert plain.reasoning_steps == 1
    decided = measure(compiled([("copy", "amount"), ("result", "copy * growth")], decide=True))
    assert decided.decisions == 1 and decided.score == plain.score + 1


def test_levels_follow_the_score_with_one_set_of_cut_offs() -> None:
    assert [level_of(score) for score in (0, BASIC_MOST, BASIC_MOST + 1, INTERMEDIATE_MOST)] == [
        "basic",
        "basic",
        "intermediate",
        "intermediate",
    ]
    assert level_of(INTERMEDIATE_MOST + 1) == "advanced"
    for generator in TEMPLATES:
        measured = measure(generator.compiled)
        assert generator.difficulty == measured
        assert generator.info.tags["difficulty"] == level_of(measured.score)
        assert generator.info.tags["difficulty_score"] == str(measured.score)


def test_labels_are_not_quotas_per_topic_but_the_layout_remains_a_selection() -> None:
    measured: dict[str, Counter[str]] = defaultdict(Counter)
    layout: dict[str, Counter[str]] = defaultdict(Counter)
    for generator in TEMPLATES:
        topic = f"{generator.info.tags['domain']}/{generator.info.tags['topic']}"
        measured[topic][generator.info.tags["difficulty"]] += 1
        layout[topic][generator.info.tags["layout_difficulty"]] += 1
    quota = Counter({"basic": 2, "intermediate": 2, "advanced": 1})
    assert all(counts == quota for counts in layout.values())
    assert any(counts != quota for counts in measured.values())
    # Every level is used, and a harder score never gets an easier label.
    by_level = {
        level: [measure(g.compiled).score for g in TEMPLATES if g.info.tags["difficulty"] == level]
        for level in LEVELS
    }
    assert all(by_level.values())
    assert (
        max(by_level["basic"])
        < min(by_level["intermediate"])
        <= max(by_level["intermediate"])
        < min(by_level["advanced"])
    )
    advanced = select(only=Criteria(layout_difficulties=("advanced",)))
    assert len(advanced) == len(layout)


def test_selections_filter_and_sort_on_the_score() -> None:
    hard = select(only=Criteria(min_difficulty_score=INTERMEDIATE_MOST + 1))
    assert hard and all(g.info.tags["difficulty"] == "advanced" for g in hard)
    window = selected_generators("finchain/", min_difficulty_score=3, max_difficulty_score=4)
    assert window and {int(g.info.tags["difficulty_score"]) for g in window} == {3, 4}
    easiest_first = selected_generators("finchain/", order_by="difficulty_score")
    scores = [int(g.info.tags["difficulty_score"]) for g in easiest_first]
    assert scores == sorted(scores) and len(scores) == len(TEMPLATES)
    dropped = select(exclude=Criteria(max_difficulty_score=BASIC_MOST))
    assert all(int(g.info.tags.get("difficulty_score", "99")) > BASIC_MOST for g in dropped)


def test_every_record_carries_its_measured_difficulty() -> None:
    validate = validator_for("finchain")
    records = list(generate("finchain/", n=1, seed=3, min_difficulty_score=9))
    assert records
    for record in records:
        validate.validate(record, where=record["id"])
        generator = next(g for g in TEMPLATES if g.info.id == record["generator_id"])
        assert record["difficulty_score"] == generator.difficulty.score >= 9
        assert record["difficulty"] == generator.difficulty.level == "advanced"
