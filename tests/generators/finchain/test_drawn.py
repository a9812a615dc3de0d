"""Records and tables built from a batch's drawn columns equal the records built instance by instance."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.generators.finchain.batch import BatchDrawer
from finsynth.generators.finchain.columns import finchain_arrow_schema
from finsynth.generators.finchain.dsl import Template, categorical, count, money, step
from finsynth.generators.finchain.engine import CompiledTemplate
from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import GeneratorInfo, all_generators
from finsynth.seeding import InstanceSeeder, InstanceSeeds
from tests.generators.finchain.test_batch import every_kind_of_given, on_rounding_boundaries

TEMPLATES = [
    generator for generator in all_generators("finchain") if isinstance(generator, FinChainGenerator)
]
SERIES_TEMPLATES = [generator for generator in TEMPLATES if generator.compiled.plan.series_names]
SEED = st.integers(0, 2**63 - 1)


def ties_in_rules() -> Template:
    """A categorical answer whose rule rounds half cents: the floats often cannot decide it."""
    return Template(
        givens=[money("price", 0.01, 99.99, step=0.01), count("units", 1, 9)],
        question="{units} units cost {price} each.",
        steps=[step("cost", "price * units", "Cost")],
        answer=categorical(
            [("round(price * units / 2, 2) * 2 > cost", "rounded up")], otherwise="not rounded up"
        ),
    )


def generator_of(template: Template, name: str) -> FinChainGenerator:
    """A FinChain generator for a test template (not registered)."""
    generator_id = f"finchain/test/{name}"
    tags = {"domain": "test", "topic": "test", "difficulty": "basic"}
    info = GeneratorInfo(id=generator_id, family="finchain", title=name, description=name, tags=tags)
    return FinChainGenerator(info, CompiledTemplate(template, generator_id))


TEST_TEMPLATES = [
    generator_of(every_kind_of_given(("years != 2",)), "every_kind_of_given"),
    generator_of(on_rounding_boundaries(True), "boundaries_categorical"),
    generator_of(on_rounding_boundaries(False), "boundaries_numeric"),
    generator_of(ties_in_rules(), "ties_in_rules"),
]


def as_json(records: list[dict[str, Any]]) -> list[str]:
    # JSON tells 5 from 5.0 and 0.0 from -0.0, which == does not; unsorted, it also checks key order.
    return [json.dumps(record) for record in records]


def batch_of(generator: FinChainGenerator, seeds: list[tuple[int, int]]) -> tuple[list[str], Any, Any]:
    names = np.array([pair[0] for pair in seeds], dtype=np.uint64)
    values = np.array([pair[1] for pair in seeds], dtype=np.uint64)
    return [f"{generator.info.id}/{index}" for index in range(len(seeds))], names, values


def one_by_one(generator: FinChainGenerator, ids: list[str], names: Any, values: Any) -> list[dict[str, Any]]:
    return [
        generator.record(identifier, InstanceSeeds(n, v))
        for identifier, n, v in zip(ids, names.tolist(), values.tolist(), strict=True)
    ]


def assert_batch_matches(generator: FinChainGenerator, ids: list[str], names: Any, values: Any) -> None:
    """``records()`` equals ``record()`` one by one, and row ``i`` of ``table()`` equals record ``i``."""
    records = generator.records(ids, names, values)
    assert as_json(records) == as_json(one_by_one(generator, ids, names, values))
    # The table holds numbers as its schema types them (a series of counts as doubles): compare as values.
    table = generator.table(ids, names, values)
    assert table.to_pylist() == records
    assert table.equals(pa.Table.from_pylist(records, schema=finchain_arrow_schema()))


PAIRS = st.lists(st.tuples(SEED, SEED), min_size=1, max_size=40)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(TEMPLATES), PAIRS)
def test_records_and_tables_match_one_by_one_for_arbitrary_seeds(
    generator: FinChainGenerator, seeds: list[tuple[int, int]]
) -> None:
    assert_batch_matches(generator, *batch_of(generator, seeds))


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(SERIES_TEMPLATES), PAIRS)
def test_records_and_tables_of_series_templates_match_one_by_one(
    generator: FinChainGenerator, seeds: list[tuple[int, int]]
) -> None:
    assert_batch_matches(generator, *batch_of(generator, seeds))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(TEST_TEMPLATES), SEED, st.integers(1, 80))
def test_records_and_tables_match_one_by_one_on_ties_and_every_given_kind(
    generator: FinChainGenerator, root: int, size: int
) -> None:
    # Ties in rules send instances back to the scalar path, whose instances are spliced into the columns.
    names, values = InstanceSeeder(root, "c", "s", generator.info.id).seed_arrays(np.arange(size))
    assert_batch_matches(generator, [f"r{index}" for index in range(size)], names, values)


@pytest.mark.parametrize("generator", TEMPLATES, ids=[generator.info.id for generator in TEMPLATES])
def test_records_of_every_template_match_one_by_one(generator: FinChainGenerator) -> None:
    names, values = InstanceSeeder(20261127, "drawn", "test", generator.info.id).seed_arrays(np.arange(30))
    ids = [f"r{index}" for index in range(30)]
    assert as_json(generator.records(ids, names, values)) == as_json(
        one_by_one(generator, ids, names, values)
    )


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([*TEMPLATES[:40], *TEST_TEMPLATES]), SEED, st.integers(1, 30), st.data())
def test_a_spliced_row_holds_the_instance_put_there(
    generator: FinChainGenerator, root: int, size: int, data: st.DataObject
) -> None:
    names, values = InstanceSeeder(root, "c", "s", generator.info.id).seed_arrays(np.arange(size + 1))
    drawn = BatchDrawer(generator.compiled).columns(names[:size], values[:size])
    row = data.draw(st.integers(0, size - 1))
    other = generator.compiled.instance(int(names[size]), int(values[size]))
    drawn.splice(row, other)
    instances = drawn.instances()
    assert repr(instances[row]) == repr(other)
    for kept in {0, size - 1} - {row}:
        assert repr(instances[kept]) == repr(generator.compiled.instance(int(names[kept]), int(values[kept])))


def test_an_empty_batch_has_no_records_and_an_empty_table() -> None:
    generator = TEMPLATES[0]
    empty = np.array([], dtype=np.uint64)
    assert generator.records([], empty, empty) == []
    assert generator.table([], empty, empty).num_rows == 0
