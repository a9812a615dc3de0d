"""Joint realism: every declared relation holds for 1,000 draws of its template.

A template states how its givens relate in real life in the ``Relations:`` section of its
docstring (:mod:`finsynth.generators.finchain.relations`), each citing a reference with a
public source (:mod:`finsynth.generators.finchain.references`). This test draws 1,000 instances
of every template with the batch drawer and checks every relation on each, and checks that no
declared range is wider than the reality it cites.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from finsynth.errors import FormulaError
from finsynth.generators.finchain.chain import solve
from finsynth.generators.finchain.dsl import Template, money, numeric, option, step
from finsynth.generators.finchain.engine import CompiledTemplate
from finsynth.generators.finchain.references import REFERENCES
from finsynth.generators.finchain.relations import Relation, parse_relations
from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import GeneratorInfo, all_generators
from finsynth.seeding import InstanceSeeder, SplitMixStream

SEEDS = 1_000

TEMPLATES = [
    generator for generator in all_generators("finchain") if isinstance(generator, FinChainGenerator)
]


def _short(generator: FinChainGenerator) -> str:
    return generator.info.id.removeprefix("finchain/")


def _values_seeds(generator: FinChainGenerator, count: int) -> list[int]:
    seeder = InstanceSeeder(0, "plausibility", "test", generator.info.id)
    _, values_seeds = seeder.seed_arrays(np.arange(count))
    return [int(seed) for seed in values_seeds.tolist()]


def relation_breaks(generator: FinChainGenerator, count: int = SEEDS) -> list[str]:
    """Every relation of ``generator`` that some of ``count`` draws break, with how many and an example."""
    relations = generator.relations
    if not relations:
        return []
    seeds = _values_seeds(generator, count)
    columns = generator.measure([relation.formula for relation in relations], seeds)
    breaks = []
    for relation, column in zip(relations, columns, strict=True):
        broken = np.flatnonzero(~relation.holds(column))
        if broken.size:
            first = int(broken[0])
            breaks.append(
                f"{relation.text!r}: {broken.size} of {count} draws, e.g. values seed {seeds[first]} "
                f"gives {column[first]!r}"
            )
    return breaks


@pytest.mark.parametrize("generator", TEMPLATES, ids=[_short(generator) for generator in TEMPLATES])
def test_every_draw_satisfies_the_declared_relations(generator: FinChainGenerator) -> None:
    breaks = relation_breaks(generator)
    assert not breaks, f"{len(breaks)} relations broken: {breaks[:3]}"


def test_every_template_declares_its_relations() -> None:
    undeclared = [_short(generator) for generator in TEMPLATES if not generator.relations]
    assert len(TEMPLATES) >= 290
    assert not undeclared, f"{len(undeclared)} templates declare no Relations: section: {undeclared[:5]}"


def test_relations_are_declared_with_public_sources() -> None:
    declared = [relation for generator in TEMPLATES for relation in generator.relations]
    assert declared, "no template declares a Relations: section"
    cited = {relation.reference.key for relation in declared}
    assert cited <= set(REFERENCES)
    for reference in REFERENCES.values():
        assert reference.source.strip() and "\n" not in reference.source, reference.key
        assert reference.fact.strip(), reference.key
        if reference.low is not None:
            assert reference.high is not None and reference.low <= reference.high, reference.key
    uncited = sorted(set(REFERENCES) - cited)
    assert not uncited, f"references no template cites: {uncited}"


def test_no_declared_range_is_wider_than_its_reference() -> None:
    for generator in TEMPLATES:
        for relation in generator.relations:
            reference = relation.reference
            if relation.low is None or relation.high is None:
                assert reference.low is None, relation.text
                continue
            assert reference.low is not None and reference.high is not None, relation.text
            assert reference.low <= relation.low <= relation.high <= reference.high, relation.text


def test_batch_measures_equal_the_one_by_one_solution() -> None:
    """The batch values a relation is checked on are the values an instance is solved with."""
    checked = 0
    for generator in TEMPLATES:
        if not generator.relations:
            continue
        formulas = [relation.formula for relation in generator.relations]
        seeds = _values_seeds(generator, 40)
        columns = generator.measure(formulas, seeds)
        compiled = generator.compiled
        for row, seed in enumerate(seeds):
            solution = solve(compiled.chain, compiled.draw_values(SplitMixStream(seed)))
            for formula, column in zip(formulas, columns, strict=True):
                assert column[row] == formula.evaluator(solution.values), (generator.info.id, formula.source)
                checked += 1
    assert checked


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("price: 1 to 2", "does not end with its reference key"),
        ("price: 1 to 2 [no_such_reference]", "not in the references table"),
        ("price: 1,000 to 200,000 [bitcoin_price]", "wider than reality"),
        ("price: 2 to 1 [bitcoin_price]", "low bound above its high bound"),
        ("price > 1 [bitcoin_price]", "cites the range 'bitcoin_price'"),
        ("price: 1 to 2 [gain_within_its_bracket]", "is a rule, not a range"),
        ("cost > 1 [gain_within_its_bracket]", "reads ['cost']"),
        ("price +: 4,000 to 5,000 [bitcoin_price]", "relation 'price +"),
    ],
)
def test_malformed_relations_are_refused_with_the_line(line: str, message: str) -> None:
    with pytest.raises(FormulaError) as error:
        parse_relations(f"Doc.\n\nRelations:\n    {line}", ["price"], "template x")
    assert str(error.value).startswith("template x: relation ")
    assert message in str(error.value)


def test_relations_are_read_from_the_docstring() -> None:
    doc = (
        "Price.\n\nBands:\n    price: 1 to 2\n\nRelations:\n    price: 4,000 to 100_000 [bitcoin_price]\n"
        "    rate == 0.1 or price\n        <= 23_850 [gain_within_its_bracket]\n\nMore."
    )
    ranged, rule = parse_relations(doc, ["price", "rate"], "t")
    assert (ranged.low, ranged.high, ranged.reference.key) == (4_000, 100_000, "bitcoin_price")
    assert rule.text == "rate == 0.1 or price <= 23_850 [gain_within_its_bracket]"
    assert (rule.low, rule.high) == (None, None)
    assert parse_relations("No section.", ["price"], "t") == ()
    with pytest.raises(FormulaError, match="lists no relation"):
        parse_relations("Doc.\n\nRelations:\n\nMore.", ["price"], "t")


def _taxed_gain(relation: str) -> FinChainGenerator:
    """A gain taxed at a drawn bracket, with one relation, built without registering it."""
    compiled = CompiledTemplate(
        Template(
            givens=[
                money("gain", 1_000, 200_000, step=1_000, decimals=0),
                option("bracket", {"10%": 0.1, "37%": 0.37}),
            ],
            question="A gain of {gain} is taxed at {bracket}. What is the tax?",
            steps=[step("tax", "gain * bracket", "Tax")],
            answer=numeric("tax"),
        ),
        "gain",
    )
    relations = parse_relations(f"Gain.\n\nRelations:\n    {relation}", ["gain", "bracket", "tax"], "gain")
    info = GeneratorInfo(
        id="finchain/example/gain",
        family="finchain",
        title="Gain",
        description="",
        tags={"domain": "example", "topic": "gain", "difficulty": "basic"},
    )
    return FinChainGenerator(info, compiled, relations=relations)


def test_a_draw_that_breaks_a_relation_is_reported() -> None:
    unreal = _taxed_gain("bracket > 0.1 or gain <= 23_850 [gain_within_its_bracket]")
    breaks = relation_breaks(unreal, 200)
    assert len(breaks) == 1 and "of 200 draws" in breaks[0]
    real = _taxed_gain("bracket > 0.1 or gain <= 200_000 [gain_within_its_bracket]")
    assert relation_breaks(real, 200) == []
    on_a_step = _taxed_gain("tax: 4,000 to 5,000 [bitcoin_price]")
    assert relation_breaks(on_a_step, 200), "a relation over a step is checked on the solved instance"


def test_a_range_holds_inside_its_bounds_only() -> None:
    relation = parse_relations(
        "D.\n\nRelations:\n    price: 5% to 8.5% [ether_to_bitcoin_price]", ["price"], "t"
    )[0]
    assert isinstance(relation, Relation)
    values = np.array([0.049, 0.05, 0.07, 0.085, 0.0851])
    assert relation.holds(values).tolist() == [False, True, True, True, False]


def test_the_docs_sources_table_is_the_references_table() -> None:
    page = (Path(__file__).resolve().parents[3] / "docs" / "finchain-realism.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith("| `")]
    expected = [
        f"| `{item.key}` | {'rule' if item.low is None else f'{item.low:,g} to {item.high:,g}'} | "
        f"{item.fact} | {item.source} |"
        for item in REFERENCES.values()
    ]
    assert rows == expected
