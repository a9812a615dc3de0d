"""Batch drawing gives exactly the instances that drawing one by one gives, byte for byte."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FormulaError, UnsatisfiableConstraintsError
from finsynth.generators.finchain.batch import BatchDrawer
from finsynth.generators.finchain.chain import solve
from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
    count,
    derived,
    money,
    number,
    numeric,
    option,
    person,
    rate,
    series,
    step,
)
from finsynth.generators.finchain.engine import CompiledTemplate, Instance
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import all_generators
from finsynth.seeding import InstanceSeeder, InstanceSeeds, SplitMixStream

TEMPLATES = [
    generator for generator in all_generators("finchain") if isinstance(generator, FinChainGenerator)
]
SEEDS = 1_000


def one_by_one(compiled: CompiledTemplate, names: np.ndarray, values: np.ndarray) -> list[Instance]:
    return [compiled.instance(n, v) for n, v in zip(names.tolist(), values.tolist(), strict=True)]


def assert_identical(batch: list[Instance], scalar: list[Instance]) -> None:
    # repr tells 5 from 5.0 and 0.0 from -0.0, which == does not.
    assert len(batch) == len(scalar)
    for drawn, expected in zip(batch, scalar, strict=True):
        assert repr(drawn) == repr(expected)


@pytest.mark.parametrize("generator", TEMPLATES, ids=[generator.info.id for generator in TEMPLATES])
def test_batch_equals_one_by_one_for_every_template(generator: FinChainGenerator) -> None:
    names, values = InstanceSeeder(20261122, "batch", "test", generator.info.id).seed_arrays(np.arange(SEEDS))
    assert_identical(generator.instances(names, values), one_by_one(generator.compiled, names, values))


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(TEMPLATES),
    st.lists(st.tuples(st.integers(0, 2**63 - 1), st.integers(0, 2**63 - 1)), min_size=1, max_size=40),
)
def test_batch_equals_one_by_one_for_arbitrary_seeds(
    generator: FinChainGenerator, seeds: list[tuple[int, int]]
) -> None:
    names = np.array([pair[0] for pair in seeds], dtype=np.uint64)
    values = np.array([pair[1] for pair in seeds], dtype=np.uint64)
    assert_identical(generator.instances(names, values), one_by_one(generator.compiled, names, values))


def test_records_in_a_batch_equal_records_one_by_one() -> None:
    generator = TEMPLATES[0]
    names, values = InstanceSeeder(3, "c", "s", generator.info.id).seed_arrays(np.arange(50))
    identifiers = [f"r{index}" for index in range(50)]
    batch = generator.records(identifiers, names, values)
    single = [
        generator.record(identifier, InstanceSeeds(n, v))
        for identifier, n, v in zip(identifiers, names.tolist(), values.tolist(), strict=True)
    ]
    assert batch == single


def every_kind_of_given(constraints: tuple[str, ...] = ()) -> Template:
    """A template exercising each given kind, negative values and singular units."""
    return Template(
        givens=[
            person("buyer"),
            company("seller"),
            money("price", -50, 50, step=0.5),
            rate("growth", -5, 5, step=0.25),
            count("years", 1, 3, unit=Unit.YEARS),
            option("frequency", {"monthly": 12, "quarterly": 4, "annually": 1.0}),
            series("flows", money("flow", -100, 900, step=50), length=(1, 4)),
            number("beta", 0.5, 1.5, step=0.1),
            derived("adjusted", "price * (1 + growth)"),
        ],
        question=(
            "{buyer} pays {price} to {seller}, growing {growth} for {years}, paid {frequency}, "
            "beta {beta}, adjusted {adjusted}; flows {flows}."
        ),
        steps=[
            step("total", "sum(flows) + adjusted * years", "Total"),
            step("per_period", "total / frequency", "Per period", decimals=4, unit=Unit.NONE),
            step("scaled", "per_period * beta * 1000", "Scaled", unit=Unit.NONE),
            step("share", "scaled / (abs(scaled) + 1)", "Share", unit=Unit.PERCENT),
        ],
        answer=numeric("share"),
        constraints=constraints,
    )


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**63 - 1), st.integers(1, 64))
def test_every_given_kind_draws_identically(root: int, size: int) -> None:
    compiled = CompiledTemplate(every_kind_of_given(("years != 2",)), "test/kinds")
    names, values = InstanceSeeder(root, "c", "s", "test/kinds").seed_arrays(np.arange(size))
    assert_identical(BatchDrawer(compiled).instances(names, values), one_by_one(compiled, names, values))


def test_unsatisfiable_constraints_fail_in_a_batch_as_one_by_one() -> None:
    compiled = CompiledTemplate(every_kind_of_given(("years > 3",)), "test/impossible")
    with pytest.raises(UnsatisfiableConstraintsError, match=r"test/impossible.*years > 3.*widen"):
        BatchDrawer(compiled).instances([1, 2], [3, 4])


def test_a_failing_formula_fails_the_batch() -> None:
    template = Template(
        givens=[money("price", 0, 2, step=1)],
        question="The price is {price}.",
        steps=[step("inverse", "1 / price", "Inverse", unit=Unit.NONE)],
        answer=numeric("inverse"),
    )
    compiled = CompiledTemplate(template, "test/division")
    names, values = InstanceSeeder(1, "c", "s", "t").seed_arrays(np.arange(50))
    with pytest.raises(FormulaError, match="division by zero"):
        BatchDrawer(compiled).instances(names, values)


def test_an_empty_batch_is_empty() -> None:
    assert TEMPLATES[0].instances([], []) == []


def draw_in_batches(compiled: CompiledTemplate, root: int, sizes: list[int]) -> None:
    """Draw batches of ``sizes`` on one drawer (later rounds are sized by the acceptance it measured)."""
    seeder = InstanceSeeder(root, "c", "s", compiled.label)
    drawer = BatchDrawer(compiled)
    first = 0
    for size in sizes:
        names, values = seeder.seed_arrays(np.arange(first, first + size))
        first += size
        assert_identical(drawer.instances(names, values), one_by_one(compiled, names, values))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**63 - 1), st.lists(st.integers(1, 80), min_size=2, max_size=5))
def test_rounds_of_many_attempts_match_when_words_are_rejected(root: int, sizes: list[int]) -> None:
    # A span of 2**62 + 1 grid points rejects about one word in four, so attempts read varying
    # numbers of words; a quarter of the draws satisfy the constraint, so rounds hold many attempts.
    template = Template(
        givens=[count("shares", 1, 2**62 + 1), count("years", 1, 4, unit=Unit.YEARS)],
        question="{shares} shares held for {years}: how many months?",
        steps=[step("months", "years * 12", "Months", unit=Unit.NONE)],
        answer=numeric("months"),
        constraints=("years == 2",),
    )
    draw_in_batches(CompiledTemplate(template, "test/rejected-words"), root, sizes)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**63 - 1), st.lists(st.integers(1, 80), min_size=2, max_size=5))
def test_an_attempt_after_the_accepted_one_that_fails_does_not_fail_the_batch(
    root: int, sizes: list[int]
) -> None:
    # One by one, "10 / years" is only evaluated up to an instance's accepted attempt; a round
    # of many attempts also evaluates later ones, where years may be 0.
    template = Template(
        givens=[count("flag", 0, 1), count("years", 0, 9, unit=Unit.YEARS), money("amount", 1, 100)],
        question="{amount} over {years}, flag {flag}?",
        steps=[step("doubled", "amount * 2", "Doubled")],
        answer=numeric("doubled"),
        constraints=("flag == 1", "10 / years > 0"),
    )
    compiled = CompiledTemplate(template, "test/later-failure")
    seeder = InstanceSeeder(root, "c", "s", compiled.label)
    drawer = BatchDrawer(compiled)
    first = 0
    for size in sizes:
        names, values = seeder.seed_arrays(np.arange(first, first + size))
        first += size
        try:
            expected = one_by_one(compiled, names, values)
        except FormulaError:
            with pytest.raises(FormulaError, match="division by zero"):
                drawer.instances(names, values)
            continue
        assert_identical(drawer.instances(names, values), expected)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**63 - 1), st.integers(1, 64))
def test_later_constraints_over_series_match_for_the_instances_still_open(root: int, size: int) -> None:
    # The second and third constraints run column-wise on the instances the first one left open
    # only, their series taken row by row (a generator, an index, a list).
    constraints = ("years != 2", "sum(f * beta for f in flows) > price", "max([flows[0], growth]) >= 0")
    compiled = CompiledTemplate(every_kind_of_given(constraints), "test/later-constraints")
    names, values = InstanceSeeder(root, "c", "s", "test/later-constraints").seed_arrays(np.arange(size))
    assert_identical(BatchDrawer(compiled).instances(names, values), one_by_one(compiled, names, values))


def on_rounding_boundaries(categorical_answer: bool) -> Template:
    """Steps that often sit exactly on a half-way point: half cents, and amounts too large to decide."""
    return Template(
        givens=[
            money("price", 0.01, 99.99, step=0.01),
            count("units", 1, 9),
            money("exposure", 1_000, 60_000_000_000, step=1_000),
        ],
        question="{units} units cost {price} each against an exposure of {exposure}.",
        steps=[
            step("half_cost", "price * units / 2", "Half of the cost"),
            step("total", "exposure * 1.5 + half_cost", "Total"),
        ],
        answer=(
            categorical(
                [("total >= exposure * 1.5 + 100", "large"), ("half_cost > 10", "medium")], otherwise="small"
            )
            if categorical_answer
            else numeric("total")
        ),
    )


@pytest.mark.parametrize("categorical_answer", [False, True])
@settings(max_examples=25, deadline=None)
@given(root=st.integers(0, 2**63 - 1), size=st.integers(1, 80))
def test_instances_on_rounding_boundaries_are_solved_exactly_within_the_batch(
    categorical_answer: bool, root: int, size: int
) -> None:
    compiled = CompiledTemplate(on_rounding_boundaries(categorical_answer), "test/boundaries")
    names, values = InstanceSeeder(root, "c", "s", "test/boundaries").seed_arrays(np.arange(size))
    expected = one_by_one(compiled, names, values)

    def never_one_by_one(names_seed: int, values_seed: int) -> Instance:
        raise AssertionError("an instance on a rounding boundary was drawn again one by one")

    compiled.instance = never_one_by_one  # type: ignore[method-assign]
    assert_identical(BatchDrawer(compiled).instances(names, values), expected)


def test_the_boundary_template_really_sits_on_boundaries() -> None:
    compiled = CompiledTemplate(on_rounding_boundaries(True), "test/boundaries")
    _, values = InstanceSeeder(1, "c", "s", "test/boundaries").seed_arrays(np.arange(200))
    drawn = [compiled.draw_values(SplitMixStream(seed)) for seed in values.tolist()]
    solved = [solve(compiled.chain, givens) for givens in drawn]
    assert sum(solution.exact_values is not None for solution in solved) >= 20
    assert sum(solution.exact_values is None for solution in solved) >= 20


def beside_rounding_boundaries() -> Template:
    """A half cent moved by 1 to 9 ten-thousandths of a cent: 1 to 9 undecided windows off half-way."""
    return Template(
        givens=[money("price", 0.01, 99.99, step=0.01), count("units", 1, 9)],
        question="{units} units cost {price} each.",
        steps=[
            step("nudged_half_cost", "price * units / 2 + units * 0.000001", "Half of the cost, nudged"),
            step("tripled", "nudged_half_cost * 3", "Three times that"),
        ],
        answer=numeric("tripled"),
    )


@settings(max_examples=25, deadline=None)
@given(root=st.integers(0, 2**63 - 1), size=st.integers(1, 80))
def test_instances_beside_rounding_boundaries_match_one_by_one(root: int, size: int) -> None:
    compiled = CompiledTemplate(beside_rounding_boundaries(), "test/beside-boundaries")
    names, values = InstanceSeeder(root, "c", "s", "test/beside-boundaries").seed_arrays(np.arange(size))
    assert_identical(BatchDrawer(compiled).instances(names, values), one_by_one(compiled, names, values))


def test_the_floats_decide_values_a_few_windows_beside_a_boundary() -> None:
    compiled = CompiledTemplate(beside_rounding_boundaries(), "test/beside-boundaries")
    _, values = InstanceSeeder(1, "c", "s", "test/beside-boundaries").seed_arrays(np.arange(400))
    drawn = [compiled.draw_values(SplitMixStream(seed)) for seed in values.tolist()]
    beside = [givens for givens in drawn if round(givens["price"] * 100) * givens["units"] % 2 == 1]
    decided = [solve(compiled.chain, givens).exact_values is None for givens in beside]
    assert sum(decided) >= 20  # decided in floats though within 9 windows of half-way
    assert len(decided) - sum(decided) >= 5  # a window or less away: solved exactly


SUBSTITUTED = [
    generator
    for generator in TEMPLATES
    if any(
        plan.pattern is None and plan.formula.fixed_substitution() is None
        for plan in generator.compiled.plan.steps
    )
]
"""Templates with a step whose text has no fixed shape (mostly formulas over a series), filled per shape."""


def test_templates_with_substituted_steps_are_found() -> None:
    assert len(SUBSTITUTED) >= 25


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(SUBSTITUTED),
    st.lists(st.tuples(st.integers(0, 2**63 - 1), st.integers(0, 2**63 - 1)), min_size=1, max_size=80),
)
def test_steps_filled_per_shape_equal_one_by_one(
    generator: FinChainGenerator, seeds: list[tuple[int, int]]
) -> None:
    names = np.array([pair[0] for pair in seeds], dtype=np.uint64)
    values = np.array([pair[1] for pair in seeds], dtype=np.uint64)
    assert_identical(generator.instances(names, values), one_by_one(generator.compiled, names, values))


def series_of_every_shape() -> Template:
    """Steps over series of varying length and sign, loops to drawn bounds, indices, filters and options."""
    return Template(
        givens=[
            series("flows", money("flow", -300, 900, step=50), length=(1, 5)),
            series("units", count("unit", -3, 3), length=(2, 4)),
            count("years", 0, 4, unit=Unit.YEARS),
            count("periods", 0, 40),
            rate("growth", -5, 5, step=0.5),
            option("frequency", {"monthly": 12, "quarterly": 4, "annually": 1}),
        ],
        question="Flows {flows}, units {units}, over {years} ({periods} terms) at {growth} paid {frequency}.",
        steps=[
            step("lowest", "min(flows)", "Lowest flow"),
            step("total", "sum(flows) + lowest", "Total"),
            step("weighted", "sum(u * flows[0] - lowest for u in units) / frequency", "Weighted"),
            step(
                "grown",
                "sum(total * (1 + growth) ** year for year in range(1, years + 1)) - years",
                "Grown",
            ),
            step(
                "discounted", "sum(f / (1 + growth) ** t for t, f in enumerate(flows, years))", "Discounted"
            ),
            step(
                "paired",
                "sum(u * units[t] for t, u in enumerate(units)) + units[-1]",
                "Paired",
                unit=Unit.NONE,
            ),
            # A filter over the values shown leaves the shape open; many loop bounds make many shapes.
            step("gains", "sum(f for f in flows if f > 0)", "Gains"),
            step("compounded", "sum(1 + growth for p in range(periods))", "Compounded", unit=Unit.NONE),
            step("result", "weighted + grown + discounted + paired + gains + compounded", "Result"),
        ],
        answer=numeric("result"),
    )


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**63 - 1), st.integers(1, 80))
def test_series_of_every_shape_fill_in_as_one_by_one(root: int, size: int) -> None:
    compiled = CompiledTemplate(series_of_every_shape(), "test/shapes")
    names, values = InstanceSeeder(root, "c", "s", "test/shapes").seed_arrays(np.arange(size))
    drawer = BatchDrawer(compiled)
    assert_identical(drawer.instances(names, values), one_by_one(compiled, names, values))
    # A second batch reuses the shapes split for the first.
    names, values = InstanceSeeder(root, "c", "s", "test/shapes-again").seed_arrays(np.arange(size))
    assert_identical(drawer.instances(names, values), one_by_one(compiled, names, values))


def test_the_shapes_template_shows_what_it_is_meant_to() -> None:
    compiled = CompiledTemplate(series_of_every_shape(), "test/shapes")
    names, values = InstanceSeeder(7, "c", "s", "test/shapes").seed_arrays(np.arange(400))
    texts = [
        step.text for instance in BatchDrawer(compiled).instances(names, values) for step in instance.steps
    ]
    assert any(text.startswith("Lowest") and "= -" in text for text in texts), "negative values"
    assert any(text.startswith("Weighted") and " - (-" in text for text in texts), "negative values in a loop"
    assert any(text.startswith("Grown") and "= 0 - 0 =" in text for text in texts), "an empty loop"
    terms = {text.count(" × ") - 1 for text in texts if text.startswith("Paired")}  # less the symbolic one
    assert terms == {2, 3, 4}, "series of every length"
