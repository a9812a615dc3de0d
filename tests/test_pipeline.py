"""The Python API: generate reproduces builds and selects; the unbounded stream covers every
template in every worker and never repeats across workers."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from datasets.distributed import split_dataset_by_node
from hypothesis import given
from hypothesis import strategies as st

import finsynth
from finsynth.builder import parse_config
from finsynth.builder.plan import plan_shards
from finsynth.builder.shard import record_id, shard_records
from finsynth.chat import SYSTEM_PROMPT
from finsynth.errors import FinsynthError, UnknownGeneratorError
from finsynth.generators.finchain.engine import CARRIED_UNROUNDED
from finsynth.generators.registry import BatchGenerator, Criteria, resolve
from finsynth.pipeline import (
    STREAM_BATCH,
    STREAM_SPLIT,
    lane_position,
    stream_order,
    stream_records,
    stream_tables,
)
from finsynth.schemas import validator_for
from finsynth.seeding import InstanceSeeder

PREFIX = "finchain/investment_analysis/compound_interest"


def test_generate_reproduces_the_records_of_a_build():
    config = parse_config(
        f"name: t\nversion: 1.0.0\nseed: 5\nconfigs:\n  - name: finchain\n    family: finchain\n"
        f"    generators: [{PREFIX}]\n    splits:\n      test: {{per_generator: 4}}\n",
        "t.yaml",
    )
    built = [record for spec in plan_shards(config) for record in shard_records(spec)]
    drawn = list(finsynth.generate(PREFIX, n=4, seed=5, config="finchain", split="test"))
    # A build writes the same records in its own mixed order.
    assert drawn == sorted(built, key=lambda record: record["id"])
    assert [record["id"] for record in built] != [record["id"] for record in drawn]


def test_generate_is_deterministic_and_seed_sensitive():
    first = list(finsynth.generate(PREFIX, n=3, seed=1))
    assert first == list(finsynth.generate(PREFIX, n=3, seed=1))
    assert [r["input"] for r in first] != [r["input"] for r in finsynth.generate(PREFIX, n=3, seed=2)]
    assert len(first) == 15


def test_generate_rejects_bad_arguments():
    with pytest.raises(UnknownGeneratorError, match="did you mean"):
        list(finsynth.generate("finchain/investment_analysis/compund_interest", n=1, seed=0))
    with pytest.raises(FinsynthError, match="zero or more"):
        list(finsynth.generate(PREFIX, n=-1, seed=0))


def test_the_stream_is_unbounded_typed_and_disjoint_across_ranks_and_workers():
    stream = finsynth.iterable_dataset(PREFIX, seed=3, lanes=8)
    assert stream.num_shards == 8
    assert stream.features["steps"].feature["value"].dtype == "float64"
    first = [row["id"] for row in itertools.islice(stream, 60)]
    assert len(set(first)) == 60  # fresh instances, beyond the 5 templates × a few
    ranks = [
        [row["id"] for row in split_dataset_by_node(stream, rank=r, world_size=2).take(40)] for r in range(2)
    ]
    workers = [[row["id"] for row in stream.shard(num_shards=4, index=w).take(30)] for w in range(4)]
    assert not set(ranks[0]) & set(ranks[1])
    assert len(set(itertools.chain.from_iterable(workers))) == 120
    again = [row["id"] for row in itertools.islice(finsynth.iterable_dataset(PREFIX, seed=3, lanes=8), 60)]
    assert again == first


FINCHAIN_IDS = tuple(generator.info.id for generator in resolve(["finchain/"]))


@given(
    lane_count=st.integers(1, 4096),
    generator_count=st.integers(1, 400),
    data=st.data(),
)
def test_every_cycle_of_a_lane_visits_every_generator_and_lanes_never_meet(
    lane_count: int, generator_count: int, data: st.DataObject
) -> None:
    lane = data.draw(st.integers(0, lane_count - 1))
    cycle = data.draw(st.integers(0, 10**6))
    steps = range(cycle * generator_count, (cycle + 1) * generator_count)
    positions = [lane_position(lane, step, lane_count, generator_count) for step in steps]
    assert sorted(slot for slot, _ in positions) == list(range(generator_count))
    for step, (slot, index) in zip(steps, positions, strict=True):
        # The position gives back its lane and step: no other (lane, step) draws the same instance.
        owner, lane_cycle = index % lane_count, index // lane_count
        assert (owner, lane_cycle * generator_count + (slot - owner) % generator_count) == (lane, step)


@pytest.mark.slow  # stream scheduling is arithmetic: not re-run per interpreter
@pytest.mark.parametrize("lane_count", [1, 8, 1000, 1024, 4096])
def test_the_first_ten_rounds_of_any_lane_hold_every_template_ten_times(lane_count: int) -> None:
    for lane in sorted({0, lane_count - 1}):
        records = itertools.islice(
            stream_records(FINCHAIN_IDS, 11, [lane], lane_count), 10 * len(FINCHAIN_IDS)
        )
        seen = Counter(record["generator_id"] for record in records)
        assert len(FINCHAIN_IDS) == 290
        assert set(seen) == set(FINCHAIN_IDS) and set(seen.values()) == {10}


@pytest.mark.slow  # stream scheduling is arithmetic: not re-run per interpreter
def test_every_worker_of_every_rank_streams_every_template_and_no_one_repeats_another() -> None:
    stream = finsynth.iterable_dataset("finchain/", seed=3)
    assert stream.num_shards == 1024
    ids = []
    for rank in range(2):
        on_rank = split_dataset_by_node(stream, rank=rank, world_size=2)
        for worker in range(2):
            rows = list(on_rank.shard(num_shards=2, index=worker).take(10 * 290))
            assert {row["generator_id"] for row in rows} == set(FINCHAIN_IDS)
            ids += [row["id"] for row in rows]
    assert len(set(ids)) == len(ids) == 4 * 2900


def test_selections_by_domain_topic_difficulty_and_exclusion() -> None:
    chosen = {
        record["generator_id"]
        for record in finsynth.generate(
            n=1,
            seed=2,
            domains=["corporate_finance", "risk_management"],
            difficulties=["advanced", "intermediate"],
            exclude=Criteria(
                topics=["corporate_finance/capital_structure"], ids=["finchain/risk_management/value_at_risk"]
            ),
        )
    }
    expected = {
        generator.info.id
        for generator in resolve(["finchain/corporate_finance", "finchain/risk_management"])
        if generator.info.tags["difficulty"] != "basic"
        and generator.info.tags["topic"] not in ("capital_structure", "value_at_risk")
    }
    assert chosen == expected and len(expected) > 5
    by_slug = list(finsynth.generate(topics=["compound_interest"], n=2, seed=1))
    by_path = list(finsynth.generate(topics=["investment_analysis/compound_interest"], n=2, seed=1))
    assert by_slug == by_path == list(finsynth.generate(PREFIX, n=2, seed=1))
    assert len(by_slug) == 2 * len(resolve([PREFIX]))  # n counts instances of each generator


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"domains": ["corporate_financ"]}, "did you mean 'corporate_finance'"),
        ({"difficulties": ["easy"]}, "known: advanced, basic, intermediate"),
        ({"exclude": [PREFIX]}, "matches no generator"),
        ({"exclude": ["finchain/no_such_domain"]}, "no generator matches"),
    ],
)
def test_selections_that_name_nothing_or_leave_nothing_fail_clearly(
    arguments: dict[str, list[str]], message: str
) -> None:
    with pytest.raises(FinsynthError, match=message):
        list(finsynth.generate(PREFIX if "exclude" in arguments else "finchain/", n=1, seed=0, **arguments))


def test_chat_messages_end_with_the_answer_and_match_the_schema() -> None:
    records = list(finsynth.generate("finchain/personal_finance", n=3, seed=8, messages=True))
    validator = validator_for("finchain", with_messages=True)
    for record in records:
        validator.validate(record)
        system, user, assistant = record["messages"]
        assert (system["role"], user["role"], assistant["role"]) == ("system", "user", "assistant")
        assert system["content"] == SYSTEM_PROMPT and user["content"] == record["input"]
        assert assistant["content"].startswith(("Step 1:", CARRIED_UNROUNDED))
        assert assistant["content"].splitlines()[-1] == f"Answer: {record['target']}"
    stream = finsynth.iterable_dataset(PREFIX, seed=1, lanes=2, messages=True)
    row = next(iter(stream))
    assert [message["role"] for message in row["messages"]] == ["system", "user", "assistant"]
    with pytest.raises(FinsynthError, match="no worked solution"):
        list(finsynth.generate("ucfe/", n=1, seed=0, messages=True))


@pytest.mark.parametrize(("lanes", "messages"), [(1, False), (3, True)])
def test_the_dataset_streams_as_tables_exactly_the_records_of_the_record_stream(
    lanes: int, messages: bool
) -> None:
    # datasets runs a worker's lanes one after another; enough rows to reach a second drawing.
    count = STREAM_BATCH + 7
    stream = finsynth.iterable_dataset(PREFIX, seed=4, lanes=lanes, messages=messages)
    records = stream_records(PREFIX_IDS, 4, [0], lanes, messages=messages)
    for row, record in zip(itertools.islice(stream, count), itertools.islice(records, count), strict=True):
        assert row == record


@pytest.mark.slow  # stream scheduling is arithmetic: not re-run per interpreter
def test_tables_interleave_several_lanes_as_the_record_stream_does() -> None:
    lanes = [0, 2, 5]
    tables = (table.to_pylist() for _, table in stream_tables(PREFIX_IDS, 6, lanes, 7, messages=True))
    rows = itertools.chain.from_iterable(tables)
    count = len(lanes) * STREAM_BATCH + 11
    records = stream_records(PREFIX_IDS, 6, lanes, 7, messages=True)
    assert list(itertools.islice(rows, count)) == list(itertools.islice(records, count))


def test_generators_that_draw_one_record_at_a_time_stream_one_cycle_at_a_time() -> None:
    # A lane of FailSafe or UCFE generators must not draw thousands of records before the first.
    ids = tuple(generator.info.id for generator in resolve(["ucfe/"]))
    assert not any(isinstance(generator, BatchGenerator) for generator in resolve(list(ids)))
    tables = stream_tables(ids, 3, [0], 1)
    first = next(tables)[1]
    assert first.num_rows == len(ids)
    rows = first.to_pylist() + next(tables)[1].to_pylist()
    assert rows == list(itertools.islice(stream_records(ids, 3, [0], 1), 2 * len(ids)))


PREFIX_IDS = tuple(generator.info.id for generator in resolve([PREFIX]))


def _stream_as_defined(seed: int, lanes: list[int], lane_count: int, count: int) -> list[dict[str, object]]:
    """The stream as :func:`lane_position` defines it, drawn record by record, lanes interleaved."""
    order = stream_order(resolve(list(FINCHAIN_IDS)), seed)
    seeders = [InstanceSeeder(seed, "stream", STREAM_SPLIT, generator.info.id) for generator in order]
    records: list[dict[str, object]] = []
    for step in itertools.count():
        for lane in lanes:
            slot, index = lane_position(lane, step, lane_count, len(order))
            generator = order[slot]
            identifier = record_id(generator.info.id, STREAM_SPLIT, index, None)
            records.append(generator.record(identifier, seeders[slot].seeds(index)))
            if len(records) == count:
                return records
    raise AssertionError("unreachable")


@pytest.mark.slow  # stream scheduling is arithmetic: not re-run per interpreter
@pytest.mark.parametrize(
    ("lane_count", "lanes"),
    [(1, [0]), (8, list(range(8))), (8, [3, 7]), (580, [1, 289]), (1024, [0, 1, 1023]), (4096, [4095])],
)
def test_drawing_all_lanes_at_once_yields_the_stream_the_lanes_define(
    lane_count: int, lanes: list[int]
) -> None:
    # Each generator draws its instances of every lane in one batch; the records stay those of
    # lane_position drawn one at a time, in the same order, as dicts and as tables.
    count = 5 * len(FINCHAIN_IDS)
    expected = _stream_as_defined(9, lanes, lane_count, count)
    assert list(itertools.islice(stream_records(FINCHAIN_IDS, 9, lanes, lane_count), count)) == expected
    tables = stream_tables(FINCHAIN_IDS, 9, lanes, lane_count)
    rows = itertools.chain.from_iterable(table.to_pylist() for _, table in tables)
    assert list(itertools.islice(rows, count)) == expected


def test_a_dataloader_worker_streams_its_first_lane_as_the_lanes_define() -> None:
    worker = finsynth.iterable_dataset("finchain/", seed=9, lanes=8).shard(num_shards=4, index=1)
    count = 5 * len(FINCHAIN_IDS)
    assert list(worker.take(count)) == _stream_as_defined(9, [2], 8, count)


def test_arrow_batches_of_the_dataset_hold_the_rows_it_streams() -> None:
    # The README offers .with_format("arrow").iter(...) to consumers that take batches.
    stream = finsynth.iterable_dataset(PREFIX, seed=2, lanes=4)
    batches = stream.with_format("arrow").iter(batch_size=100)
    rows = [row for batch in itertools.islice(batches, 3) for row in batch.to_pylist()]
    assert rows == list(itertools.islice(stream, 300))
