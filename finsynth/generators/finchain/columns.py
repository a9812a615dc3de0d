"""FinChain records as Arrow columns: drawn instances go into a table without a dict per record.

:func:`record_table` holds exactly what
:meth:`~finsynth.generators.finchain.template.FinChainGenerator.record` puts in each dict, column
by column: nested steps and their inputs become list and struct arrays built from flat lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import chain

import numpy as np
import pyarrow as pa

from finsynth.generators.finchain.engine import Instance
from finsynth.schemas import arrow_schema, record_schema


@cache
def finchain_arrow_schema() -> pa.Schema:
    """The Arrow schema of a FinChain record (no ``variation`` or ``messages`` column)."""
    return arrow_schema(record_schema("finchain"))


def _offsets(lengths: Sequence[int]) -> pa.Array:
    offsets = np.zeros(len(lengths) + 1, dtype=np.int32)
    np.cumsum(lengths, out=offsets[1:])
    return pa.array(offsets, type=pa.int32())


def _list_of(values: pa.Array, lengths: Sequence[int], list_type: pa.DataType) -> pa.Array:
    return pa.ListArray.from_arrays(_offsets(lengths), values, type=list_type)


def _struct_of(arrays: Sequence[pa.Array], struct_type: pa.DataType) -> pa.Array:
    return pa.StructArray.from_arrays(list(arrays), fields=list(struct_type))


def _steps_column(instances: Sequence[Instance], steps_type: pa.DataType) -> pa.Array:
    step_type = steps_type.value_type
    inputs_type = step_type.field("inputs").type
    input_type = inputs_type.value_type
    steps = list(chain.from_iterable(instance.steps for instance in instances))
    pairs = list(chain.from_iterable(step.inputs for step in steps))
    input_names = [name for name, _ in pairs]
    scalars = [None if isinstance(value, tuple) else float(value) for _, value in pairs]
    series = [list(value) if isinstance(value, tuple) else None for _, value in pairs]
    inputs = _struct_of(
        [
            pa.array(input_names, type=input_type.field("name").type),
            pa.array(scalars, type=input_type.field("value").type),
            pa.array(series, type=input_type.field("values").type),
        ],
        input_type,
    )
    step_arrays = [
        pa.array([step.name for step in steps], type=pa.string()),
        pa.array([step.text for step in steps], type=pa.string()),
        pa.array([step.formula for step in steps], type=pa.string()),
        _list_of(inputs, [len(step.inputs) for step in steps], inputs_type),
        pa.array([step.value for step in steps], type=pa.float64()),
    ]
    return _list_of(
        _struct_of(step_arrays, step_type), [len(instance.steps) for instance in instances], steps_type
    )


def record_table(
    record_ids: Sequence[str],
    instances: Sequence[Instance],
    names_seeds: Sequence[int],
    values_seeds: Sequence[int],
    fixed: dict[str, str],
    metadata: tuple[str, str],
) -> pa.Table:
    """Return the FinChain records of drawn instances as one Arrow table.

    Args:
        record_ids: One id per instance.
        instances: The drawn instances.
        names_seeds: The seed of each instance's name stream.
        values_seeds: The seed of each instance's value stream.
        fixed: The columns every record of the template shares (``generator_id``, ``domain``,
            ``topic``, ``difficulty``).
        metadata: The template's metadata JSON before the names seed and after the values seed.

    Returns:
        A table with :func:`finchain_arrow_schema`, row ``i`` equal to the record of instance ``i``.

    """
    schema = finchain_arrow_schema()
    size = len(instances)
    head, tail = metadata
    quantities = [instance.answer_quantity for instance in instances]
    choices = [instance.choices for instance in instances]
    columns: dict[str, pa.Array] = {
        "id": pa.array(record_ids, type=pa.string()),
        "input": pa.array([instance.question for instance in instances], type=pa.string()),
        "target": pa.array([instance.answer_text for instance in instances], type=pa.string()),
        "choices": _list_of(
            pa.array(list(chain.from_iterable(choices)), type=pa.string()),
            [len(labels) for labels in choices],
            schema.field("choices").type,
        ),
        "metadata": pa.array(
            [
                f'{head}{names},"seed_values":{values}{tail}'
                for names, values in zip(names_seeds, values_seeds, strict=True)
            ],
            type=pa.string(),
        ),
        **{name: pa.array([value] * size, type=pa.string()) for name, value in fixed.items()},
        "solution": pa.array([instance.solution for instance in instances], type=pa.string()),
        "steps": _steps_column(instances, schema.field("steps").type),
        "answer_value": pa.array([instance.answer_value for instance in instances], type=pa.float64()),
        "answer_label": pa.array([instance.answer_label for instance in instances], type=pa.string()),
        "answer_unit": pa.array(
            [None if quantity is None else quantity.unit.value for quantity in quantities], type=pa.string()
        ),
        "answer_decimals": pa.array(
            [None if quantity is None else quantity.decimals for quantity in quantities], type=pa.int64()
        ),
        "trace": pa.array([instance.trace_json for instance in instances], type=pa.string()),
        "seed_names": pa.array(names_seeds, type=pa.int64()),
        "seed_values": pa.array(values_seeds, type=pa.int64()),
    }
    return pa.Table.from_arrays([columns[name] for name in schema.names], schema=schema)
