"""Shard planning: a build config becomes a list of pure, picklable shard specs.

Records of a split are ordered by generator id, then instance index, then variation
kind. The split is cut into consecutive shards of ``shard_size`` records; the cut
depends only on the config, never on the number of workers, so any shard can be built
alone, by any worker, in any order, and give the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass

from finsynth.build.config import BuildConfig, ConfigSpec, SplitSpec


@dataclass(frozen=True)
class ShardSpec:
    """Everything needed to build one parquet file.

    Attributes:
        config: Config name.
        family: Record family (fixes the schema).
        split: Split name.
        shard_index: Position of this shard in its split.
        num_shards: Shards in the split.
        start: First record position (inclusive) within the split.
        stop: Last record position (exclusive).
        root_seed: The build's root seed.
        seed_config: Config name used for seeding (the original config for variations).
        seed_split: Split name used for seeding.
        generator_ids: Generators of the config, sorted.
        per_generator: Instances per generator in this split.
        variation_kinds: Variation kinds, or empty for plain configs.
        plugins: Modules to import in the worker before building.
        earlier_splits: ``(split, per_generator)`` of the config's splits before this one,
            whose questions this split must not repeat.

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
    per_generator: int
    variation_kinds: tuple[str, ...]
    plugins: tuple[str, ...]
    earlier_splits: tuple[tuple[str, int], ...] = ()

    @property
    def file_name(self) -> str:
        """Relative path of the shard: ``<config>/<split>-0000k-of-0000n.parquet``."""
        return f"{self.config}/{self.split}-{self.shard_index:05d}-of-{self.num_shards:05d}.parquet"

    @property
    def rows(self) -> int:
        """Records in the shard."""
        return self.stop - self.start

    def position(self, row: int) -> tuple[str, int, str | None]:
        """Return ``(generator_id, index, variation)`` of the record at split position ``row``."""
        kinds = len(self.variation_kinds) or 1
        generator_number, rest = divmod(row, self.per_generator * kinds)
        index, kind_number = divmod(rest, kinds)
        variation = self.variation_kinds[kind_number] if self.variation_kinds else None
        return self.generator_ids[generator_number], index, variation


def split_rows(config: ConfigSpec, split: SplitSpec) -> int:
    """Records in a split: generators × instances × variation kinds."""
    kinds = len(config.variations.kinds) if config.variations else 1
    return len(config.generator_ids) * split.per_generator * kinds


def plan_shards(build: BuildConfig) -> list[ShardSpec]:
    """Return every shard of a build, config by config, split by split."""
    shards = []
    for config in build.configs:
        for split_number, split in enumerate(config.splits):
            # Variation configs redraw another split on purpose; plain configs keep splits disjoint.
            earlier = (
                ()
                if config.variations
                else tuple((s.name, s.per_generator) for s in config.splits[:split_number])
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
                        seed_config=variations.of_config if variations else config.name,
                        seed_split=variations.of_split if variations else split.name,
                        generator_ids=config.generator_ids,
                        per_generator=split.per_generator,
                        variation_kinds=variations.kinds if variations else (),
                        plugins=build.plugins,
                        earlier_splits=earlier,
                    )
                )
    return shards
