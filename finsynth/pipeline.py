"""The Python API for training pipelines: draw records, or stream fresh ones forever.

``generate`` draws records the same way a build does, so ``generate(ids, seed=S,
config="finchain", split="test")`` reproduces a build's records exactly (a build writes
them in its own shuffled order; sort both by ``id`` to compare). ``iterable_dataset``
returns a ``datasets.IterableDataset`` that never runs out: it is cut into ``lanes``
independent shards, and Hugging Face hands whole shards to DataLoader workers and
distributed ranks, so no two workers ever emit the same instance, and each lane visits
every selected generator once in every run of as many records as there are generators.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pyarrow as pa
from numpy.typing import NDArray

from finsynth.builder.shard import BATCH_SIZE, DisjointDraws, record_id
from finsynth.chat import check_chat_family, messages_column, with_messages
from finsynth.collector import collector_paused
from finsynth.errors import FinsynthError
from finsynth.generators.registry import (
    SCORE_TAG,
    BatchGenerator,
    Criteria,
    Generator,
    Record,
    TableGenerator,
    resolve,
    select,
)
from finsynth.schemas import arrow_schema, record_schema, validator_for
from finsynth.schemas.record_batches import record_batch_check_for
from finsynth.seeding import InstanceSeeder, SplitMixStream, derive_seed

if TYPE_CHECKING:
    import datasets
    from datasets.iterable_dataset import ArrowExamplesIterable

DEFAULT_LANES = 1024
"""Shards of the unbounded stream; a multiple of common worker and rank counts."""

STREAM_SPLIT = "stream"
STREAM_BATCH = 8_192
"""Records the lanes of batch generators draw at once (whole cycles of every lane, at least one)."""


def selected_generators(
    ids_or_prefixes: str | Sequence[str] | None = None,
    *,
    domains: Sequence[str] = (),
    topics: Sequence[str] = (),
    difficulties: Sequence[str] = (),
    exclude: Criteria | Sequence[str] = (),
    layout_difficulties: Sequence[str] = (),
    min_difficulty_score: int | None = None,
    max_difficulty_score: int | None = None,
    order_by: str = "id",
) -> list[Generator]:
    """Return the generators a selection names, sorted by id (all of one record family).

    Args:
        ids_or_prefixes: Generator ids or id prefixes; ``None`` starts from every generator.
        domains: Keep only these domains (any of them).
        topics: Keep only these topics (slugs, or ``domain/topic``).
        difficulties: Keep only these measured difficulty levels.
        exclude: Ids or id prefixes to drop, or :class:`Criteria` (drop what matches any value).
        layout_difficulties: Keep only these labels of the original FinChain layout.
        min_difficulty_score: Keep only generators whose measured difficulty score is at least this.
        max_difficulty_score: Keep only generators whose measured difficulty score is at most this.
        order_by: ``"id"``, or ``"difficulty_score"`` (easiest first, ties by id).

    Raises:
        UnknownGeneratorError: If an id or prefix matches nothing (with suggestions).
        FinsynthError: If a criterion names nothing, nothing is left, or families mix.

    """
    if isinstance(ids_or_prefixes, str):
        ids_or_prefixes = [ids_or_prefixes]
    if ids_or_prefixes is not None and not list(ids_or_prefixes):
        raise FinsynthError("name at least one generator id or prefix")
    if order_by not in ("id", SCORE_TAG):
        raise FinsynthError(f"order_by must be 'id' or {SCORE_TAG!r}, not {order_by!r}")
    dropped = exclude if isinstance(exclude, Criteria) else Criteria(ids=tuple(exclude))
    only = Criteria(
        domains=tuple(domains),
        topics=tuple(topics),
        difficulties=tuple(difficulties),
        layout_difficulties=tuple(layout_difficulties),
        min_difficulty_score=min_difficulty_score,
        max_difficulty_score=max_difficulty_score,
    )
    generators = select(ids_or_prefixes, only=only, exclude=dropped)
    if order_by == SCORE_TAG:
        generators.sort(key=lambda generator: int(generator.info.tags.get(SCORE_TAG, "0")))
    families = {generator.info.family for generator in generators}
    if len(families) != 1:
        raise FinsynthError(
            f"the selected generators mix record families {sorted(families)}; select one family"
        )
    return generators


MAX_LANES = 65_536
"""Most lanes of a stream: each holds a generator's state, so more would exhaust memory."""


def _check_whole(name: str, value: object) -> None:
    """Raise ``TypeError`` unless ``value`` is an ``int`` (not a bool, float or text)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {type(value).__name__} {value!r}")


def generate(
    ids_or_prefixes: str | Sequence[str] | None = None,
    *,
    n: int,
    seed: int,
    domains: Sequence[str] = (),
    topics: Sequence[str] = (),
    difficulties: Sequence[str] = (),
    exclude: Criteria | Sequence[str] = (),
    config: str = "adhoc",
    split: str = "sample",
    validate: bool = True,
    messages: bool = False,
    layout_difficulties: Sequence[str] = (),
    min_difficulty_score: int | None = None,
    max_difficulty_score: int | None = None,
) -> Iterator[Record]:
    """Yield ``n`` records per selected generator, generator by generator (sorted by id).

    ``n`` counts instances of each generator: ``generate("finchain/", n=5, ...)`` yields
    5 × 290 records.

    Args:
        ids_or_prefixes: A generator id, an id prefix such as ``"finchain/investment_analysis"``,
            or a list of them; ``None`` for every generator (narrow it with the criteria).
        n: Instances per generator.
        seed: Root seed.
        domains: Keep only these domains.
        topics: Keep only these topics (slugs, or ``domain/topic``).
        difficulties: Keep only these difficulties (``basic``, ``intermediate``, ``advanced``).
        exclude: Ids or id prefixes to leave out, or :class:`~finsynth.generators.registry.Criteria`.
        config: Config name used in seed derivation (use a build's config name to reproduce it).
        split: Split name used in seed derivation and ids.
        validate: Check each record against its family schema.
        messages: Add a ``messages`` column (system, user, assistant) for chat fine-tuning.
        layout_difficulties: Keep only these labels of the original FinChain layout.
        min_difficulty_score: Keep only generators whose measured difficulty score is at least this.
        max_difficulty_score: Keep only generators whose measured difficulty score is at most this.

    Yields:
        Records (plain dicts) matching the family's JSON Schema.

    Raises:
        UnknownGeneratorError: If a selector matches no generator (with suggestions).
        FinsynthError: If ``n`` is negative, a criterion names nothing, or the selection mixes
            record families.
        TypeError: If ``n`` or ``seed`` is not an integer (``seed="7"`` would seed differently).

    """
    _check_whole("n", n)
    _check_whole("seed", seed)
    if n < 0:
        raise FinsynthError(f"n must be zero or more, got {n}")
    if not split or "/" in split:
        raise FinsynthError(
            f"split must be a non-empty name without '/' (it is part of every id), got {split!r}"
        )
    generators = selected_generators(
        ids_or_prefixes,
        domains=domains,
        topics=topics,
        difficulties=difficulties,
        exclude=exclude,
        layout_difficulties=layout_difficulties,
        min_difficulty_score=min_difficulty_score,
        max_difficulty_score=max_difficulty_score,
    )
    family = generators[0].info.family
    if messages:
        check_chat_family(family)
    check = _records_check(generators, family, messages) if validate else None
    for generator in generators:
        seeder = InstanceSeeder(seed, config, split, generator.info.id)
        draws = DisjointDraws(generator, seed, config, earlier_splits=())
        for start in range(0, n, BATCH_SIZE):
            # Records are acyclic; the cyclic collector would only rescan the batch as it grows.
            with collector_paused():
                records = draws.draw_many(seeder, split, range(start, min(n, start + BATCH_SIZE)))
            if messages:
                for record in records:
                    with_messages(record)
            if check is not None:
                check(records)
            yield from records


def _records_check(
    generators: Sequence[Generator], family: str, messages: bool
) -> Callable[[list[Record]], None]:
    """How :func:`generate` checks a batch of records against the family schema.

    Batch generators (FinChain) are checked key by key across the batch, as strictly as the
    JSON Schema and without its walk of every record; the others record by record.
    """
    if all(isinstance(generator, BatchGenerator) for generator in generators):
        return record_batch_check_for(family, with_messages=messages).validate
    validator = validator_for(family, with_messages=messages)

    def check(records: list[Record]) -> None:
        for record in records:
            validator.validate(record, where=f"record {record['id']!r}")

    return check


def stream_order(generators: Sequence[Generator], seed: int) -> list[Generator]:
    """Return the generators in the order a stream's cycles visit them (a seeded shuffle)."""
    return SplitMixStream(derive_seed(seed, STREAM_SPLIT, "order")).sample(generators, len(generators))


def lane_position(lane: int, step: int, lane_count: int, generator_count: int) -> tuple[int, int]:
    """Return ``(slot, index)`` of a lane's record number ``step``.

    Step ``step`` of lane ``lane`` is instance ``cycle · lane_count + lane`` of the generator in
    slot ``(step + lane) mod generator_count`` of the stream order, where ``cycle`` is
    ``step // generator_count``. So every cycle of a lane visits each generator once, and no
    two (lane, step) pairs share a (generator, index): lanes are disjoint.
    """
    cycle, offset = divmod(step, generator_count)
    return (offset + lane) % generator_count, cycle * lane_count + lane


def _draw_batch(generator: Generator, seeder: InstanceSeeder, indices: NDArray[Any]) -> list[Record]:
    """The records of ``indices``, in one batch where the generator draws batches."""
    generator_id = generator.info.id
    identifiers = [record_id(generator_id, STREAM_SPLIT, index, None) for index in indices.tolist()]
    if isinstance(generator, BatchGenerator):
        names, values = seeder.seed_arrays(indices)
        return generator.records(identifiers, names, values)
    return [
        generator.record(identifier, seeder.seeds(index))
        for identifier, index in zip(identifiers, indices.tolist(), strict=True)
    ]


class OneLaneStream:
    """Random access to a one-lane stream: record ``step`` of ``stream_records(ids, seed, [0], 1)``.

    Each record is drawn alone from its own seeds, so any slice of the stream can be read in
    any order (the basis of reasoning-gym style indexable datasets).
    """

    def __init__(self, generator_ids: Sequence[str], seed: int) -> None:
        self.order, self.seeders, _ = _stream_setup(generator_ids, seed, [0], 1)

    def __getitem__(self, step: int) -> Record:
        """The stream's record number ``step`` (from 0)."""
        slot, index = lane_position(0, step, 1, len(self.order))
        return _draw_batch(self.order[slot], self.seeders[slot], np.array([index], dtype=np.int64))[0]


def _draw_table(
    generator: Generator, seeder: InstanceSeeder, indices: NDArray[Any], schema: pa.Schema
) -> pa.Table:
    """The records of ``indices`` as a table: drawn as columns where the generator can."""
    if not isinstance(generator, TableGenerator):
        return pa.Table.from_pylist(_draw_batch(generator, seeder, indices), schema=schema)
    identifiers = [record_id(generator.info.id, STREAM_SPLIT, index, None) for index in indices.tolist()]
    names, values = seeder.seed_arrays(indices)
    return generator.table(identifiers, names, values)


class _Drawings:
    """How a stream of several lanes draws: every generator's instances for all lanes at once.

    A drawing holds ``cycles`` cycles of every lane. Each generator draws its instances of the
    drawing in one batch, lane by lane and cycle by cycle, so the record of the generator in slot
    ``s``, lane number ``i`` and cycle ``c`` is number ``(s · lanes + i) · cycles + c`` of the
    drawing. :attr:`order` lists those numbers in stream order: step by step of every lane (see
    :func:`lane_position`), the lanes of a step one after another. Which record a step yields
    does not depend on how many cycles a drawing holds.

    Args:
        generators: The generators in stream order.
        lanes: The lanes, in the order the stream interleaves them.
        lane_count: Lanes of the whole stream.

    """

    def __init__(self, generators: Sequence[Generator], lanes: Sequence[int], lane_count: int) -> None:
        self.lanes = np.asarray(lanes, dtype=np.int64)
        self.lane_count = lane_count
        self.cycles = _cycles(generators, len(lanes))
        generator_count = len(generators)
        steps = np.arange(generator_count * self.cycles)[:, np.newaxis]
        slots = (steps % generator_count + self.lanes) % generator_count
        lane_numbers = np.arange(len(lanes))
        self.order = ((slots * len(lanes) + lane_numbers) * self.cycles + steps // generator_count).ravel()

    def indices(self, first: int) -> NDArray[Any]:
        """The instance indices each generator draws in the drawing of cycles from ``first`` on."""
        cycles = np.arange(first, first + self.cycles, dtype=np.int64)
        return (cycles * self.lane_count + self.lanes[:, np.newaxis]).ravel()

    def starts(self) -> Iterator[int]:
        """The first cycle of each drawing, forever."""
        return itertools.count(0, self.cycles)


def _cycles(generators: Sequence[Generator], lanes: int) -> int:
    """Cycles of every lane a drawing holds.

    Batch generators draw at least :data:`STREAM_BATCH` records at once over all lanes; generators
    that draw one record at a time (a FailSafe filing takes a noticeable fraction of a second) draw
    one cycle, so the first record comes at once.
    """
    if all(isinstance(generator, BatchGenerator) for generator in generators):
        return max(1, -(-STREAM_BATCH // (len(generators) * lanes)))
    return 1


def _stream_setup(
    generator_ids: Sequence[str], seed: int, lanes: Sequence[int], lane_count: int
) -> tuple[list[Generator], list[InstanceSeeder], _Drawings]:
    order = stream_order(resolve(generator_ids), seed)
    seeders = [InstanceSeeder(seed, "stream", STREAM_SPLIT, generator.info.id) for generator in order]
    return order, seeders, _Drawings(order, lanes, lane_count)


def stream_records(
    generator_ids: Sequence[str], seed: int, lanes: Sequence[int], lane_count: int, messages: bool = False
) -> Iterator[Record]:
    """Yield an endless interleaving of fresh records from the given lanes.

    Each lane yields its records in the order :func:`lane_position` gives; several lanes are
    interleaved record by record. Lanes are disjoint, so workers that own different lanes
    never repeat each other. Each generator draws its instances for all lanes in one batch.
    """
    order, seeders, drawings = _stream_setup(generator_ids, seed, lanes, lane_count)
    positions = drawings.order.tolist()
    for first in drawings.starts():
        indices = drawings.indices(first)
        # Records are acyclic; paused once per drawing, the collector scans the drawing once.
        with collector_paused():
            drawn = [
                record
                for generator, seeder in zip(order, seeders, strict=True)
                for record in _draw_batch(generator, seeder, indices)
            ]
        for position in positions:
            yield with_messages(drawn[position]) if messages else drawn[position]


def stream_tables(
    generator_ids: Sequence[str], seed: int, lanes: Sequence[int], lane_count: int, messages: bool = False
) -> Iterator[tuple[str, pa.Table]]:
    """Yield the records :func:`stream_records` yields, as Arrow tables keyed for ``datasets``.

    FinChain records go from the drawn columns to the table without a dict per record.
    """
    order, seeders, drawings = _stream_setup(generator_ids, seed, lanes, lane_count)
    family = order[0].info.family
    schema = arrow_schema(record_schema(family))
    positions = pa.array(drawings.order)
    messages_field = (
        arrow_schema(record_schema(family, with_messages=True)).field("messages") if messages else None
    )
    for number, first in enumerate(drawings.starts()):
        indices = drawings.indices(first)
        with collector_paused():
            drawn = [
                _draw_table(generator, seeder, indices, schema)
                for generator, seeder in zip(order, seeders, strict=True)
            ]
        table = pa.concat_tables(drawn).take(positions)
        if messages_field is not None:
            table = table.append_column(messages_field, messages_column(table, messages_field.type))
        yield f"{lanes[0]}:{number}", table


def iterable_dataset(
    ids_or_prefixes: str | Sequence[str] | None = None,
    *,
    seed: int,
    lanes: int = DEFAULT_LANES,
    domains: Sequence[str] = (),
    topics: Sequence[str] = (),
    difficulties: Sequence[str] = (),
    exclude: Criteria | Sequence[str] = (),
    messages: bool = False,
    layout_difficulties: Sequence[str] = (),
    min_difficulty_score: int | None = None,
    max_difficulty_score: int | None = None,
) -> datasets.IterableDataset:
    """Return an unbounded ``datasets.IterableDataset`` of never-repeating instances.

    The stream is split into ``lanes`` shards. ``torch.utils.data.DataLoader`` workers and
    ``datasets.distributed.split_dataset_by_node`` ranks each receive whole, disjoint sets
    of lanes, so every worker draws different problems. Whatever the number of lanes, each
    lane (and so each worker) visits every selected generator once in each run of T records
    for T generators, in a seeded order. Use ``.take(n)`` to bound it.

    Args:
        ids_or_prefixes: Generator ids or prefixes (one record family); ``None`` for all.
        seed: Root seed of the stream.
        lanes: Number of shards (1 to any size); keep it a multiple of workers × ranks.
        domains: Keep only these domains.
        topics: Keep only these topics (slugs, or ``domain/topic``).
        difficulties: Keep only these measured difficulty levels.
        exclude: Ids or id prefixes to leave out, or :class:`~finsynth.generators.registry.Criteria`.
        messages: Add a ``messages`` column (system, user, assistant) for chat fine-tuning.
        layout_difficulties: Keep only these labels of the original FinChain layout.
        min_difficulty_score: Keep only generators whose measured difficulty score is at least
            this (a curriculum streams rising windows of scores).
        max_difficulty_score: Keep only generators whose measured difficulty score is at most this.

    Returns:
        An iterable dataset with the family's typed features.

    """
    import datasets

    _check_whole("seed", seed)
    _check_whole("lanes", lanes)
    if not 1 <= lanes <= MAX_LANES:
        raise FinsynthError(f"lanes must be 1 to {MAX_LANES:,}, got {lanes:,}")
    generators = selected_generators(
        ids_or_prefixes,
        domains=domains,
        topics=topics,
        difficulties=difficulties,
        exclude=exclude,
        layout_difficulties=layout_difficulties,
        min_difficulty_score=min_difficulty_score,
        max_difficulty_score=max_difficulty_score,
    )
    family = generators[0].info.family
    if messages:
        check_chat_family(family)
    features = datasets.Features.from_arrow_schema(
        arrow_schema(record_schema(family, with_messages=messages))
    )
    gen_kwargs: dict[str, Any] = {
        # A tuple, not a list: datasets shards list-valued arguments across workers.
        "generator_ids": tuple(generator.info.id for generator in generators),
        "seed": seed,
        "lanes": list(range(lanes)),
        "lane_count": lanes,
        "messages": messages,
    }
    examples = _typed_tables(features)(stream_tables, gen_kwargs)
    return datasets.IterableDataset(
        examples, info=datasets.DatasetInfo(features=features), split=datasets.Split.TRAIN
    )


def _typed_tables(features: datasets.Features) -> type[ArrowExamplesIterable]:
    """A ``datasets`` source of Arrow tables that already have ``features``' types.

    From dicts, ``datasets`` would encode and decode every record to type it; from tables it
    would still cast each one-row slice. Tables that say they are typed are read as they are.
    """
    from datasets.iterable_dataset import ArrowExamplesIterable

    class TypedTables(ArrowExamplesIterable):  # type: ignore[misc]
        @property
        def is_typed(self) -> bool:
            return True

        @property
        def features(self) -> datasets.Features:
            return features

        def shuffle_data_sources(self, generator: np.random.Generator) -> TypedTables:
            return self._typed(super().shuffle_data_sources(generator))

        def shard_data_sources(self, num_shards: int, index: int, contiguous: bool = True) -> TypedTables:
            return self._typed(super().shard_data_sources(num_shards, index, contiguous=contiguous))

        def reshard_data_sources(self) -> TypedTables:
            return self._typed(super().reshard_data_sources())

        @staticmethod
        def _typed(source: ArrowExamplesIterable) -> TypedTables:
            return TypedTables(
                source.generate_tables_fn,
                source.kwargs,
                source.generate_more_kwargs_fn,
                source.sleep_on_threads_shutdown,
            )

    return TypedTables
