"""Shard planning: a build config becomes a list of pure, picklable shard specs.

Rows of a split are its instances in a seeded, evenly mixed order (:func:`instance_order`),
each followed by its kinds (variation or expansion kinds). The split is cut into
consecutive shards of ``shard_size`` rows; the order and the cut depend only on the config,
never on the number of workers, so any shard can be built alone, by any worker, in any
order, and give the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from finsynth.builder.config import BuildConfig, ConfigSpec, SplitSpec
from finsynth.seeding import derive_seed, splitmix_words

KindMode = Literal["", "variation", "expansion"]


@dataclass(frozen=True)
class ShardSpec:
    """Everything needed to build one parquet file.

    Attributes:
        config: Config name.
        family: Family of the rows (fixes the schema).
        split: Split name.
        shard_index: Position of this shard in its split.
        num_shards: Shards in the split.
        start: First row position (inclusive) within the split.
        stop: Last row position (exclusive).
        root_seed: The build's root seed.
        seed_config: Config name used for seeding (the original config for variations and expansions).
        seed_split: Split name used for seeding.
        generator_ids: Generators of the config, sorted.
        counts: Instances of each generator in this split, in ``generator_ids`` order.
        kinds: Rows made per instance (variation or expansion kinds), or empty for plain configs.
        kind_mode: ``"variation"`` (redraw seeds per kind), ``"expansion"`` (expand each record
            into one row per kind) or ``""``.
        source_family: Family of the records an expansion expands.
        plugins: Modules to import in the worker before building.
        earlier_splits: ``(split, counts)`` of the splits before this one, whose questions this
            split must not repeat.
        messages: Add the chat ``messages`` column.

    """

    config: str
    family: str
    split: str
    shard_index: int
    num_shards: int
    start: int
    stop: int
    root_seed: int
    seed_config: str
    seed_split: str
    generator_ids: tuple[str, ...]
    counts: tuple[int, ...]
    kinds: tuple[str, ...] = ()
    kind_mode: KindMode = ""
    source_family: str = ""
    plugins: tuple[str, ...] = ()
    earlier_splits: tuple[tuple[str, tuple[int, ...]], ...] = ()
    messages: bool = False

    @property
    def file_name(self) -> str:
        """Relative path of the shard: ``<config>/<split>-0000k-of-0000n.parquet``."""
        return f"{self.config}/{self.split}-{self.shard_index:05d}-of-{self.num_shards:05d}.parquet"

    @property
    def rows(self) -> int:
        """Rows in the shard."""
        return self.stop - self.start

    @cached_property
    def _offsets(self) -> NDArray[Any]:
        """Instance number of each generator's first instance, in ``generator_ids`` order."""
        return np.concatenate(([0], np.cumsum(np.asarray(self.counts, dtype=np.int64))))

    def positions(self, start: int, stop: int) -> tuple[NDArray[Any], NDArray[Any], NDArray[Any]]:
        """Return generator numbers, instance indices and kind numbers of split rows ``start:stop``.

        Args:
            start: First split position (inclusive).
            stop: Last split position (exclusive).

        Returns:
            Three ``int64`` arrays, one entry per row: the position in ``generator_ids``, the
            instance index within that generator, and the position in ``kinds`` (0 without kinds).

        """
        rows = np.arange(start, stop, dtype=np.int64)
        instances, kind_numbers = np.divmod(rows, len(self.kinds) or 1)
        order = instance_order(self.root_seed, self.seed_config, self.seed_split, self.counts)
        numbers = order[instances]
        generators = np.searchsorted(self._offsets, numbers, side="right") - 1
        return generators, numbers - self._offsets[generators], kind_numbers

    def position(self, row: int) -> tuple[str, int, str | None]:
        """Return ``(generator_id, index, kind)`` of the row at split position ``row``."""
        generators, indices, kind_numbers = self.positions(row, row + 1)
        kind = self.kinds[int(kind_numbers[0])] if self.kinds else None
        return self.generator_ids[int(generators[0])], int(indices[0]), kind

    def earlier_counts(self, generator_id: str) -> tuple[tuple[str, int], ...]:
        """Return ``(split, instances)`` of one generator in the splits before this one."""
        number = self.generator_ids.index(generator_id)
        return tuple((split, counts[number]) for split, counts in self.earlier_splits)


@lru_cache(maxsize=4)
def instance_order(
    root_seed: int, seed_config: str, seed_split: str, counts: tuple[int, ...]
) -> NDArray[Any]:
    """Return the instances of a split in row order, as instance numbers.

    Instance number ``offset(g) + i`` is instance ``i`` of generator ``g``. Each gets the key
    ``(i + u) / counts[g]``, with ``u`` in ``[0, 1)`` drawn from the seed stream of
    ``(root_seed, seed_config, seed_split, "row order")``, and rows follow the keys. So each
    generator's instances are spread evenly over the split, and when every generator has the
    same count the split comes in rounds holding one instance of every generator each, in a
    seeded order: any run of T rows (T generators) covers nearly every generator.
    """
    sizes = np.asarray(counts, dtype=np.int64)
    total = int(sizes.sum())
    generators = np.repeat(np.arange(len(sizes)), sizes)
    offsets = np.concatenate(([0], np.cumsum(sizes)))
    numbers = np.arange(total, dtype=np.int64)
    key = derive_seed(root_seed, seed_config, seed_split, "row order") % (1 << 64)
    words = splitmix_words(np.full(total, key, dtype=np.uint64), numbers.astype(np.uint64))
    jitter = (words >> np.uint64(11)).astype(np.float64) * (1.0 / (1 << 53))
    keys = (numbers - offsets[generators] + jitter) / sizes[generators]
    order: NDArray[Any] = np.argsort(keys, kind="stable")
    order.flags.writeable = False
    return order


def split_rows(config: ConfigSpec, split: SplitSpec) -> int:
    """Rows in a split: instances × kinds."""
    return split.rows * (len(config.kinds) or 1)


def _kind_mode(config: ConfigSpec) -> KindMode:
    if config.variations is not None:
        return "variation"
    if config.expand is not None:
        return "expansion"
    return ""


def plan_shards(build: BuildConfig) -> list[ShardSpec]:
    """Return every shard of a build, config by config, split by split."""
    shards = []
    for config in build.configs:
        # An expansion expands exactly the records of its config, so it draws the way that config did.
        drawn_as = build.config(config.expand.of_config) if config.expand else config
        for split in config.splits:
            split_number = [s.name for s in drawn_as.splits].index(split.name)
            # Variation configs redraw another split on purpose; plain configs keep splits disjoint.
            earlier = (
                () if config.variations else tuple((s.name, s.counts) for s in drawn_as.splits[:split_number])
            )
            total = split_rows(config, split)
            num_shards = max(1, -(-total // config.shard_size))
            variations = config.variations
            for shard_index in range(num_shards):
                shards.append(
                    ShardSpec(
                        config=config.name,
                        family=config.family,
                        split=split.name,
                        shard_index=shard_index,
                        num_shards=num_shards,
                        start=min(total, shard_index * config.shard_size),
                        stop=min(total, (shard_index + 1) * config.shard_size),
                        root_seed=build.seed,
                        seed_config=variations.of_config if variations else drawn_as.name,
                        seed_split=variations.of_split if variations else split.name,
                        generator_ids=config.generator_ids,
                        counts=split.counts,
                        kinds=config.kinds,
                        kind_mode=_kind_mode(config),
                        source_family=config.expand.source_family if config.expand else "",
                        plugins=build.plugins,
                        earlier_splits=earlier,
                        messages=config.messages,
                    )
                )
    return shards
