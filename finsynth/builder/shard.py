"""Building one shard: generate its records, validate each, write parquet, hash the file.

A plain shard is drawn row group by row group (:data:`DRAW_WINDOW` rows): each generator's
instances in the row group are drawn in one batch and the records put in the split's row
order, so drawing stays batched although the rows of all generators are mixed.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from numpy.typing import NDArray

from finsynth.builder.hashing import sha256_file
from finsynth.builder.parquet import ROW_GROUP_SIZE, write_batches
from finsynth.builder.plan import ShardSpec
from finsynth.chat import messages_column, with_messages
from finsynth.collector import collector_paused
from finsynth.errors import BuildError
from finsynth.generators.registry import (
    BatchGenerator,
    Generator,
    Record,
    TableGenerator,
    get_expander,
    get_generator,
    import_package,
)
from finsynth.schemas import Validator, arrow_schema, record_schema, validator_for
from finsynth.schemas.columns import column_check_for
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
        self._taken_column: pa.Array | None = None
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

    def draw_many(
        self, seeder: InstanceSeeder, split: str, indices: Sequence[int] | NDArray[Any]
    ) -> list[Record]:
        """Return the records at ``indices`` (no variation), as :meth:`draw` returns them one by one.

        A generator that makes records in batches makes them all at once; the rare record whose
        question an earlier split already has is then redrawn alone.
        """
        generator = self.generator
        numbers = [int(index) for index in indices]
        if not isinstance(generator, BatchGenerator):
            return [self.draw(seeder, split, index, None) for index in numbers]
        generator_id = generator.info.id
        names, values = seeder.seed_arrays(np.asarray(numbers, dtype=np.int64))
        identifiers = [record_id(generator_id, split, index, None) for index in numbers]
        records = generator.records(identifiers, names, values)
        for position, record in enumerate(records):
            if record["input"] in self.taken:
                records[position] = self.draw(seeder, split, numbers[position], None, first_attempt=1)
        return records

    def draw_table(self, seeder: InstanceSeeder, split: str, indices: NDArray[Any]) -> pa.Table:
        """Return the records at ``indices`` (no variation) as one table, as :meth:`draw_many` returns them.

        The rare record whose question an earlier split already has is redrawn alone, as a dict
        validated against the family schema before it becomes a row.
        """
        generator = self.generator
        assert isinstance(generator, TableGenerator)
        numbers = [int(index) for index in indices]
        generator_id = generator.info.id
        names, values = seeder.seed_arrays(np.asarray(numbers, dtype=np.int64))
        identifiers = [record_id(generator_id, split, index, None) for index in numbers]
        table = generator.table(identifiers, names, values)
        if not self.taken:
            return table
        if self._taken_column is None:
            self._taken_column = pa.array(sorted(self.taken), type=pa.string())
        repeats = np.flatnonzero(
            pc.is_in(table.column("input"), value_set=self._taken_column).to_numpy(zero_copy_only=False)
        )
        if not repeats.size:
            return table
        validator = validator_for(generator.info.family)
        redrawn = []
        for position in repeats.tolist():
            record = self.draw(seeder, split, numbers[position], None, first_attempt=1)
            validator.validate(record, where=f"record {record['id']!r}")
            redrawn.append(record)
        order = np.arange(table.num_rows)
        order[repeats] = table.num_rows + np.arange(repeats.size)
        return pa.concat_tables([table, pa.Table.from_pylist(redrawn, schema=table.schema)]).take(order)


BATCH_SIZE = 2_000
"""Instances of one generator drawn together."""

DRAW_WINDOW = ROW_GROUP_SIZE
"""Rows of a plain shard drawn together (one row group): each generator's instances among them
are drawn in one batch, so a worker holds one row group of records, as before rows were mixed."""

COLUMN_WINDOW = 2 * ROW_GROUP_SIZE
"""Rows of a plain shard drawn together when every generator draws columns: a window in
columns takes less memory than one in dicts, and drawing a template's instances in larger
batches saves the drawer's fixed cost per batch (larger windows gained no speed and doubled
peak memory). Still whole row groups, so the file is the same."""

DrawState = tuple[DisjointDraws, InstanceSeeder]
_DRAW_STATES: dict[tuple[object, ...], DrawState] = {}


def _draw_state(spec: ShardSpec, generator_id: str) -> DrawState:
    """Return one generator's draws and seeder for a shard's split.

    They are kept for the worker's next shards of the same split, so the questions of earlier
    splits are recomputed once per worker, not once per shard (every shard holds every generator).
    """
    context = (spec.root_seed, spec.seed_config, spec.seed_split, spec.earlier_splits, spec.generator_ids)
    key = (*context, generator_id)
    state = _DRAW_STATES.get(key)
    if state is None:
        if any(stored[:5] != context for stored in _DRAW_STATES):
            _DRAW_STATES.clear()  # another split: keep one split's states at a time
        draws = DisjointDraws(
            get_generator(generator_id), spec.root_seed, spec.seed_config, spec.earlier_counts(generator_id)
        )
        seeder = InstanceSeeder(spec.root_seed, spec.seed_config, spec.seed_split, generator_id)
        state = _DRAW_STATES[key] = (draws, seeder)
    return state


def _prepare(spec: ShardSpec) -> Validator:
    for module in spec.plugins:
        import_package(module)
    return validator_for(spec.family, spec.kind_mode == "variation", spec.messages)


def shard_records(spec: ShardSpec) -> Iterator[Record]:
    """Yield the shard's rows in order, each validated against its family schema.

    Raises:
        RecordValidationError: If a generator (or expander) produces a row that breaks the schema.

    """
    if not spec.kind_mode:
        for table in shard_tables(spec):
            yield from table.to_pylist()
        return
    validator = _prepare(spec)
    with_variation = spec.kind_mode == "variation"
    expand = get_expander(spec.family, spec.source_family).expand if spec.kind_mode == "expansion" else None
    expanded: tuple[str, int, Record] | None = None
    generators, indices, kind_numbers = spec.positions(spec.start, spec.stop)
    for number, index, kind_number in zip(
        generators.tolist(), indices.tolist(), kind_numbers.tolist(), strict=True
    ):
        generator_id, kind = spec.generator_ids[number], spec.kinds[kind_number]
        draws, seeder = _draw_state(spec, generator_id)
        if expand is not None:
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
        if spec.messages:
            with_messages(record)
        validator.validate(record, where=f"record {record['id']!r}")
        yield record


def shard_tables(spec: ShardSpec) -> Iterator[pa.Table]:
    """Yield the shard's rows in order as Arrow tables, each row validated against its family schema.

    Plain shards come window by window (see :data:`DRAW_WINDOW` and :data:`COLUMN_WINDOW`);
    shards with kinds in row groups of their validated records.

    Raises:
        RecordValidationError: If a generator (or expander) produces a row that breaks the schema.

    """
    if spec.kind_mode:
        schema = arrow_schema(
            record_schema(
                spec.family, with_variation=spec.kind_mode == "variation", with_messages=spec.messages
            )
        )
        for batch in _batches(shard_records(spec)):
            yield pa.Table.from_pylist(batch, schema=schema)
        return
    validator = _prepare(spec)
    in_columns = all(
        isinstance(get_generator(generator_id), TableGenerator) for generator_id in spec.generator_ids
    )
    window = COLUMN_WINDOW if in_columns else DRAW_WINDOW
    for start in range(spec.start, spec.stop, window):
        yield _window(spec, start, min(spec.stop, start + window), validator, in_columns=in_columns)


def _window(spec: ShardSpec, start: int, stop: int, validator: Validator, *, in_columns: bool) -> pa.Table:
    """Draw split rows ``start:stop`` of a plain shard, generator by generator, in row order.

    With ``in_columns`` (every generator makes Arrow tables), records go straight into
    columns, checked column by column (:class:`~finsynth.schemas.columns.ColumnCheck`);
    otherwise generators make dicts, each validated before it becomes a row.
    """
    generators, indices, _ = spec.positions(start, stop)
    by_generator = np.argsort(generators, kind="stable")
    bounds = np.flatnonzero(np.diff(generators[by_generator])) + 1
    groups = [
        (spec.generator_ids[int(generators[rows[0]])], rows)
        for rows in (np.split(by_generator, bounds) if by_generator.size else ())
    ]
    if in_columns:
        return _window_columns(spec, groups, indices, by_generator)
    schema = arrow_schema(record_schema(spec.family, with_messages=spec.messages))
    rows: list[Record] = [{}] * (stop - start)
    for generator_id, window_rows in groups:
        draws, seeder = _draw_state(spec, generator_id)
        records = draws.draw_many(seeder, spec.split, indices[window_rows])
        for row, record in zip(window_rows.tolist(), records, strict=True):
            if spec.messages:
                with_messages(record)
            validator.validate(record, where=f"record {record['id']!r}")
            rows[row] = record
    return pa.Table.from_pylist(rows, schema=schema)


def _window_columns(
    spec: ShardSpec,
    groups: list[tuple[str, NDArray[Any]]],
    indices: NDArray[Any],
    by_generator: NDArray[Any],
) -> pa.Table:
    """The rows of a window as one table, each generator's drawn as columns, put in row order."""
    tables = []
    for generator_id, window_rows in groups:
        draws, seeder = _draw_state(spec, generator_id)
        tables.append(draws.draw_table(seeder, spec.split, indices[window_rows]))
    # Row ``by_generator[i]`` of the window is row ``i`` of the concatenation.
    table = pa.concat_tables(tables).take(np.argsort(by_generator)).combine_chunks()
    check = column_check_for(spec.family, with_messages=spec.messages)
    if spec.messages:
        field = check.arrow.field("messages")
        table = table.append_column(field, messages_column(table, field.type))
    check.validate(table)
    return table


def _batches(records: Iterator[Record]) -> Iterator[list[Record]]:
    batch: list[Record] = []
    for record in records:
        batch.append(record)
        if len(batch) == ROW_GROUP_SIZE:
            yield batch
            batch = []
    if batch:
        yield batch


def _reporting(tables: Iterator[pa.Table], on_rows: Callable[[int], None] | None) -> Iterator[pa.Table]:
    """Yield ``tables``, calling ``on_rows`` with each one's row count once it has been written."""
    for table in tables:
        yield table
        if on_rows is not None:
            on_rows(table.num_rows)


def build_shard(spec: ShardSpec, folder: Path, on_rows: Callable[[int], None] | None = None) -> ShardResult:
    """Build one shard into ``folder`` and return what was written.

    Memory stays bounded by one row group, whatever the shard size. The file is written under
    a temporary name and renamed, so a shard's name only ever holds a complete file, and a
    second writer of the same shard (a worker outliving a killed build) renames the same bytes.

    Args:
        spec: The shard to build.
        folder: The staging folder.
        on_rows: Called with the number of rows of each row group once it is written, so
            progress can advance within a shard.
    """
    path = folder / spec.file_name
    path.parent.mkdir(parents=True, exist_ok=True)
    writing = path.with_name(f".{path.name}.{socket.gethostname()}-{os.getpid()}.tmp")
    schema = arrow_schema(
        record_schema(spec.family, with_variation=spec.kind_mode == "variation", with_messages=spec.messages)
    )
    # Records are plain acyclic dicts; the cyclic collector would only rescan each growing row group.
    with collector_paused():
        try:
            rows = write_batches(writing, schema, _reporting(shard_tables(spec), on_rows))
            os.replace(writing, path)
        finally:
            writing.unlink(missing_ok=True)
    return ShardResult(spec.file_name, rows, sha256_file(path), path.stat().st_size)
