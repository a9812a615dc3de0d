"""Building one shard: generate its records, validate each, write parquet, hash the file."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from finsynth.build.hashing import sha256_file
from finsynth.build.parquet import ROW_GROUP_SIZE, write_batches
from finsynth.build.plan import ShardSpec
from finsynth.generators.registry import Generator, Record, get_generator, import_package
from finsynth.schemas import arrow_schema, record_schema, validator_for
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


def shard_records(spec: ShardSpec) -> Iterator[Record]:
    """Yield the shard's records in order, each validated against its family schema.

    Raises:
        RecordValidationError: If a generator produces a record that breaks the schema.

    """
    for module in spec.plugins:
        import_package(module)
    with_variation = bool(spec.variation_kinds)
    validator = validator_for(spec.family, with_variation)
    generators: dict[str, tuple[Generator, InstanceSeeder]] = {}
    for row in range(spec.start, spec.stop):
        generator_id, index, variation = spec.position(row)
        if generator_id not in generators:
            seeder = InstanceSeeder(spec.root_seed, spec.seed_config, spec.seed_split, generator_id)
            generators[generator_id] = (get_generator(generator_id), seeder)
        generator, seeder = generators[generator_id]
        record = generator.record(
            record_id(generator_id, spec.split, index, variation), seeder.seeds(index, variation)
        )
        if with_variation:
            record["variation"] = variation
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

    Memory stays bounded by one row group, whatever the shard size.
    """
    path = folder / spec.file_name
    path.parent.mkdir(parents=True, exist_ok=True)
    schema = arrow_schema(record_schema(spec.family, with_variation=bool(spec.variation_kinds)))
    rows = write_batches(path, schema, _batches(shard_records(spec)))
    return ShardResult(spec.file_name, rows, sha256_file(path), path.stat().st_size)
