"""The Python API for training pipelines: draw records, or stream fresh ones forever.

``generate`` draws records the same way a build does, so ``generate(ids, seed=S,
config="finchain", split="test")`` reproduces a build's records exactly.
``iterable_dataset`` returns a ``datasets.IterableDataset`` that never runs out: it is
cut into ``lanes`` independent shards, and Hugging Face hands whole shards to DataLoader
workers and distributed ranks, so no two workers ever emit the same instance.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from finsynth.builder.shard import BATCH_SIZE, DisjointDraws, record_id
from finsynth.errors import FinsynthError
from finsynth.generators.registry import Generator, Record, resolve
from finsynth.schemas import arrow_schema, record_schema, validator_for
from finsynth.seeding import InstanceSeeder

if TYPE_CHECKING:
    import datasets

DEFAULT_LANES = 1024
"""Shards of the unbounded stream; a multiple of common worker and rank counts."""

STREAM_SPLIT = "stream"


def _selected(ids_or_prefixes: str | Sequence[str]) -> list[Generator]:
    selectors = [ids_or_prefixes] if isinstance(ids_or_prefixes, str) else list(ids_or_prefixes)
    if not selectors:
        raise FinsynthError("name at least one generator id or prefix")
    generators = resolve(selectors)
    families = {generator.info.family for generator in generators}
    if len(families) != 1:
        raise FinsynthError(
            f"the selected generators mix record families {sorted(families)}; select one family"
        )
    return generators


def _draw(generator: Generator, seeder: InstanceSeeder, split: str, index: int) -> Record:
    return generator.record(record_id(generator.info.id, split, index, None), seeder.seeds(index))


MAX_LANES = 65_536
"""Most lanes of a stream: each holds a generator's state, so more would exhaust memory."""


def _check_whole(name: str, value: object) -> None:
    """Raise ``TypeError`` unless ``value`` is an ``int`` (not a bool, float or text)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {type(value).__name__} {value!r}")


def generate(
    ids_or_prefixes: str | Sequence[str],
    *,
    n: int,
    seed: int,
    config: str = "adhoc",
    split: str = "sample",
    validate: bool = True,
) -> Iterator[Record]:
    """Yield ``n`` records per matching generator, generator by generator (sorted by id).

    Args:
        ids_or_prefixes: A generator id, an id prefix such as ``"finchain/investment_analysis"``,
            or a list of them.
        n: Instances per generator.
        seed: Root seed.
        config: Config name used in seed derivation (use a build's config name to reproduce it).
        split: Split name used in seed derivation and ids.
        validate: Check each record against its family schema.

    Yields:
        Records (plain dicts) matching the family's JSON Schema.

    Raises:
        UnknownGeneratorError: If a selector matches no generator (with suggestions).
        FinsynthError: If ``n`` is negative or the selection mixes record families.
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
    generators = _selected(ids_or_prefixes)
    validator = validator_for(generators[0].info.family)
    for generator in generators:
        seeder = InstanceSeeder(seed, config, split, generator.info.id)
        draws = DisjointDraws(generator, seed, config, earlier_splits=())
        for start in range(0, n, BATCH_SIZE):
            for record in draws.draw_many(seeder, split, range(start, min(n, start + BATCH_SIZE))):
                if validate:
                    validator.validate(record, where=f"record {record['id']!r}")
                yield record


def stream_records(
    generator_ids: Sequence[str], seed: int, lanes: Sequence[int], lane_count: int
) -> Iterator[Record]:
    """Yield an endless interleaving of fresh records from the given lanes.

    Instance number ``k`` of the whole stream belongs to lane ``k % lane_count``; it comes
    from generator ``k % len(generators)`` with index ``k // len(generators)``. Lanes are
    disjoint, so workers that own different lanes never repeat each other.
    """
    generators = resolve(generator_ids)
    seeders = [InstanceSeeder(seed, "stream", STREAM_SPLIT, generator.info.id) for generator in generators]
    lane_iterators = [itertools.count(lane, lane_count) for lane in lanes]
    while True:
        for numbers in lane_iterators:
            number = next(numbers)
            position, index = number % len(generators), number // len(generators)
            yield _draw(generators[position], seeders[position], STREAM_SPLIT, index)


def iterable_dataset(
    ids_or_prefixes: str | Sequence[str], *, seed: int, lanes: int = DEFAULT_LANES
) -> datasets.IterableDataset:
    """Return an unbounded ``datasets.IterableDataset`` of never-repeating instances.

    The stream is split into ``lanes`` shards. ``torch.utils.data.DataLoader`` workers and
    ``datasets.distributed.split_dataset_by_node`` ranks each receive whole, disjoint sets
    of lanes, so every worker draws different problems. Use ``.take(n)`` to bound it.

    Args:
        ids_or_prefixes: Generator ids or prefixes (one record family).
        seed: Root seed of the stream.
        lanes: Number of shards; keep it a multiple of workers × ranks.

    Returns:
        An iterable dataset with the family's typed features.

    """
    import datasets

    _check_whole("seed", seed)
    _check_whole("lanes", lanes)
    if not 1 <= lanes <= MAX_LANES:
        raise FinsynthError(f"lanes must be 1 to {MAX_LANES:,}, got {lanes:,}")
    generators = _selected(ids_or_prefixes)
    family = generators[0].info.family
    features = datasets.Features.from_arrow_schema(arrow_schema(record_schema(family)))
    gen_kwargs: dict[str, Any] = {
        # A tuple, not a list: datasets shards list-valued arguments across workers.
        "generator_ids": tuple(generator.info.id for generator in generators),
        "seed": seed,
        "lanes": list(range(lanes)),
        "lane_count": lanes,
    }
    return datasets.IterableDataset.from_generator(stream_records, features=features, gen_kwargs=gen_kwargs)
