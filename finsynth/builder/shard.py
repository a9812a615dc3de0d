"""Building one shard: generate its records, validate each, write parquet, hash the file."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from finsynth.builder.hashing import sha256_file
from finsynth.builder.parquet import ROW_GROUP_SIZE, write_batches
from finsynth.builder.plan import ShardSpec
from finsynth.collector import collector_paused
from finsynth.errors import BuildError
from finsynth.generators.registry import (
    BatchGenerator,
    Generator,
    Record,
    get_expander,
    get_generator,
    import_package,
)
from finsynth.schemas import Validator, arrow_schema, record_schema, validator_for
from finsynth.seeding import InstanceSeeder


@dataclass(frozen=True)
class ShardResult:
    """What a built shard contains.

    Attributes:
        file_name: Path relative to the dataset folder.
        rows: Records written.
        sha256: Hash of the file's bytes.
        size: File size in bytes.

    """

    file_name: str
    rows: int
    sha256: str
    size: int


def record_id(generator_id: str, split: str, index: int, variation: str | None) -> str:
    """Return the stable id of a record."""
    base = f"{generator_id}/{split}/{index:06d}"
    return base if variation is None else f"{base}/{variation}"


MAX_REDRAWS = 100
"""Redraws tried to find a question no earlier split has, before the build fails."""


class DisjointDraws:
    """Draws one generator's records so that no question repeats one of an earlier split.

    Earlier splits' questions are recomputed (records are pure functions of their seeds), in
    split order and with the same rule, so each worker checks its shard without the others.

    Args:
        generator: The generator.
        root_seed: The build's root seed.
        seed_config: The config name used for seeding.
        earlier_splits: ``(split, instances)`` of the splits that come first.

    """

    def __init__(
        self,
        generator: Generator,
        root_seed: int,
        seed_config: str,
        earlier_splits: tuple[tuple[str, int], ...],
    ) -> None:
        self.generator = generator
        self.taken: set[str] = set()
        for split, count in earlier_splits:
            seeder = InstanceSeeder(root_seed, seed_config, split, generator.info.id)
            # Drawn against the splits before it only, exactly as that split's own shards draw.
            questions = {record["input"] for record in self.draw_many(seeder, split, range(count))}
            self.taken |= questions

    def draw(
        self, seeder: InstanceSeeder, split: str, index: int, variation: str | None, first_attempt: int = 0
    ) -> Record:
        """Return the record at ``index``, redrawn while an earlier split already has its question.

        Raises:
            BuildError: If :data:`MAX_REDRAWS` draws all repeat an earlier question.

        """
        generator_id = self.generator.info.id
        identifier = record_id(generator_id, split, index, variation)
        for attempt in range(first_attempt, MAX_REDRAWS):
            record = self.generator.record(identifier, seeder.seeds(index, variation, attempt))
            if record["input"] not in self.taken:
                return record
        raise BuildError(
            f"{generator_id}: {MAX_REDRAWS} draws of {split} instance {index} all repeat a question of an "
            "earlier split; the template's variable space is too small for these split sizes"
        )

    def draw_many(self, seeder: InstanceSeeder, split: str, indices: range) -> list[Record]:
        """Return the records at ``indices`` (no variation), as :meth:`draw` returns them one by one.

        A generator that makes records in batches makes them all at once; the rare record whose
        question an earlier split already has is then redrawn alone.
        """
        generator = self.generator
        if not isinstance(generator, BatchGenerator):
            return [self.draw(seeder, split, index, None) for index in indices]
        generator_id = generator.info.id
        names, values = seeder.seed_arrays(np.arange(indices.start, indices.stop))
        identifiers = [record_id(generator_id, split, index, None) for index in indices]
        records = generator.records(identifiers, names, values)
        for position, record in enumerate(records):
            if record["input"] in self.taken:
                records[position] = self.draw(seeder, split, indices[position], None, first_attempt=1)
        return records


BATCH_SIZE = 2_000
"""Instances of one generator drawn together in a shard."""


def _runs(spec: ShardSpec) -> Iterator[tuple[str, range]]:
    """Split a plain shard's rows into runs of consecutive instances of one generator."""
    row = spec.start
    while row < spec.stop:
        generator_id, index, _ = spec.position(row)
        length = min(BATCH_SIZE, spec.stop - row, spec.generator_end(row) - row)
        yield generator_id, range(index, index + length)
        row += length


def _draw_state(
    spec: ShardSpec, generators: dict[str, tuple[DisjointDraws, InstanceSeeder]], generator_id: str
) -> tuple[DisjointDraws, InstanceSeeder]:
    """Return one generator's draws and seeder in this shard, set up on its first row."""
    if generator_id not in generators:
        draws = DisjointDraws(
            get_generator(generator_id), spec.root_seed, spec.seed_config, spec.earlier_counts(generator_id)
        )
        seeder = InstanceSeeder(spec.root_seed, spec.seed_config, spec.seed_split, generator_id)
        generators[generator_id] = (draws, seeder)
    return generators[generator_id]


def shard_records(spec: ShardSpec) -> Iterator[Record]:
    """Yield the shard's rows in order, each validated against its family schema.

    Raises:
        RecordValidationError: If a generator (or expander) produces a row that breaks the schema.

    """
    for module in spec.plugins:
        import_package(module)
    with_variation = spec.kind_mode == "variation"
    validator = validator_for(spec.family, with_variation)
    if not spec.kind_mode:
        yield from _plain_records(spec, validator)
        return
    expand = get_expander(spec.family, spec.source_family).expand if spec.kind_mode == "expansion" else None
    generators: dict[str, tuple[DisjointDraws, InstanceSeeder]] = {}
    expanded: tuple[str, int, Record] | None = None
    for row in range(spec.start, spec.stop):
        generator_id, index, kind = spec.position(row)
        draws, seeder = _draw_state(spec, generators, generator_id)
        if expand is not None:
            assert kind is not None
            # Kinds vary fastest, so one drawn record serves all of its rows.
            if expanded is None or expanded[:2] != (generator_id, index):
                expanded = (generator_id, index, draws.draw(seeder, spec.split, index, None))
            expanded_row = expand(expanded[2], kind)
            if expanded_row is None:  # left out by the expander (see Expander.expand)
                continue
            record = expanded_row
        else:
            record = draws.draw(seeder, spec.split, index, kind)
            if with_variation:
                record["variation"] = kind
        validator.validate(record, where=f"record {record['id']!r}")
        yield record


def _plain_records(spec: ShardSpec, validator: Validator) -> Iterator[Record]:
    """Yield a plain shard's rows, drawing each run of one generator's instances in one batch."""
    generators: dict[str, tuple[DisjointDraws, InstanceSeeder]] = {}
    for generator_id, indices in _runs(spec):
        draws, seeder = _draw_state(spec, generators, generator_id)
        for record in draws.draw_many(seeder, spec.split, indices):
            validator.validate(record, where=f"record {record['id']!r}")
            yield record


def _batches(records: Iterator[Record]) -> Iterator[list[Record]]:
    batch: list[Record] = []
    for record in records:
        batch.append(record)
        if len(batch) == ROW_GROUP_SIZE:
            yield batch
            batch = []
    if batch:
        yield batch


def build_shard(spec: ShardSpec, folder: Path) -> ShardResult:
    """Build one shard into ``folder`` and return what was written.

    Memory stays bounded by one row group, whatever the shard size. The file is written under
    a temporary name and renamed, so a shard's name only ever holds a complete file, and a
    second writer of the same shard (a worker outliving a killed build) renames the same bytes.
    """
    path = folder / spec.file_name
    path.parent.mkdir(parents=True, exist_ok=True)
    writing = path.with_name(f".{path.name}.{socket.gethostname()}-{os.getpid()}.tmp")
    schema = arrow_schema(record_schema(spec.family, with_variation=spec.kind_mode == "variation"))
    # Records are plain acyclic dicts; the cyclic collector would only rescan each growing row group.
    with collector_paused():
        try:
            rows = write_batches(writing, schema, _batches(shard_records(spec)))
            os.replace(writing, path)
        finally:
            writing.unlink(missing_ok=True)
    return ShardResult(spec.file_name, rows, sha256_file(path), path.stat().st_size)
