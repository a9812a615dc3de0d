"""Records drawn as Arrow columns equal the records drawn as dicts, for every template."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest

from finsynth.chat import messages_column, with_messages
from finsynth.generators.finchain.columns import finchain_arrow_schema
from finsynth.generators.registry import TableGenerator, resolve
from finsynth.schemas import arrow_schema, record_schema
from finsynth.seeding import InstanceSeeder

TEMPLATES = resolve(["finchain/"])


def _batch(generator: TableGenerator, count: int) -> tuple[list[str], np.ndarray, np.ndarray]:
    seeder = InstanceSeeder(7, "columns", "train", generator.info.id)
    names, values = seeder.seed_arrays(np.arange(count, dtype=np.int64))
    return [f"{generator.info.id}/train/{index:06d}" for index in range(count)], names, values


@pytest.mark.parametrize("generator", TEMPLATES, ids=lambda generator: generator.info.id)
def test_the_table_holds_exactly_the_records(generator):
    assert isinstance(generator, TableGenerator)
    ids, names, values = _batch(generator, 40)
    table = generator.table(ids, names, values)
    expected = pa.Table.from_pylist(generator.records(ids, names, values), schema=finchain_arrow_schema())
    assert table.equals(expected, check_metadata=True)


def test_the_messages_column_holds_the_chat_form_of_each_record():
    generator = TEMPLATES[0]
    ids, names, values = _batch(generator, 25)
    records = [with_messages(record) for record in generator.records(ids, names, values)]
    schema = arrow_schema(record_schema("finchain", with_messages=True))
    column = messages_column(generator.table(ids, names, values), schema.field("messages").type)
    assert column.equals(pa.Table.from_pylist(records, schema=schema).column("messages").combine_chunks())
