"""FinChain records from a batch's drawn columns, as dicts or as one Arrow table.

:func:`record_dicts` and :func:`record_table` hold exactly what
:meth:`~finsynth.generators.finchain.template.FinChainGenerator.record` puts in each dict, built
from the :class:`~finsynth.generators.finchain.drawn.DrawnColumns` of a batch without an
instance per record. The table needs no dict per record or step either: nested steps and their
inputs become list and struct arrays built from the columns, each name's inputs once however
many steps read it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from itertools import chain
from typing import Any, cast

import numpy as np
import pyarrow as pa

from finsynth.generators.finchain.drawn import DrawnColumns, StepColumns
from finsynth.generators.finchain.formula import Value
from finsynth.generators.registry import Record
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


def _row_major(columns: Sequence[Sequence[Any]]) -> list[Any]:
    """Entry 0 of every column, then entry 1 of every column, and so on (a record's steps in order)."""
    return list(chain.from_iterable(zip(*columns, strict=True)))


def _input_struct(names: list[str], values: list[Value], input_type: pa.DataType) -> pa.Array:
    """The inputs of every step of every record: a number, or the list of a series."""
    value_type = input_type.field("value").type
    series_type = input_type.field("values").type
    if tuple in set(map(type, values)):
        scalars = pa.array(
            [None if isinstance(value, tuple) else float(value) for value in values], type=value_type
        )
        series = pa.array(
            [list(value) if isinstance(value, tuple) else None for value in values], series_type
        )
    else:
        # NumPy converts each Python int exactly as float() does.
        scalars = pa.array(np.array(values, dtype=np.float64), type=value_type)
        series = pa.nulls(len(values), type=series_type)
    return _struct_of([pa.array(names, type=input_type.field("name").type), scalars, series], input_type)


def _metadata_texts(
    metadata: tuple[str, str], names_seeds: Sequence[int], values_seeds: Sequence[int]
) -> list[str]:
    """Each record's metadata JSON: the template's part before the names seed, the seeds, the rest."""
    head, tail = metadata
    return [
        f'{head}{names},"seed_values":{values}{tail}'
        for names, values in zip(names_seeds, values_seeds, strict=True)
    ]


def _steps_column(drawn: DrawnColumns, steps_type: pa.DataType) -> pa.Array:
    size = drawn.size
    step_type = steps_type.value_type
    inputs_type = step_type.field("inputs").type
    steps = drawn.steps
    read = [(name, drawn.inputs[name]) for step in steps for name in step.input_names]
    inputs = _input_struct(
        [name for name, _ in read] * size,
        _row_major([values for _, values in read]),
        inputs_type.value_type,
    )
    step_arrays = [
        pa.array([step.name for step in steps] * size, type=pa.string()),
        pa.array(_row_major([step.texts for step in steps]), type=pa.string()),
        pa.array([step.formula for step in steps] * size, type=pa.string()),
        _list_of(inputs, [len(step.input_names) for step in steps] * size, inputs_type),
        pa.array(_row_major([step.values for step in steps]), type=pa.float64()),
    ]
    return _list_of(_struct_of(step_arrays, step_type), [len(steps)] * size, steps_type)


def record_table(
    record_ids: Sequence[str],
    drawn: DrawnColumns,
    names_seeds: Sequence[int],
    values_seeds: Sequence[int],
    fixed: Mapping[str, str | int],
    metadata: tuple[str, str],
) -> pa.Table:
    """Return the FinChain records of a drawn batch as one Arrow table.

    Args:
        record_ids: One id per instance.
        drawn: The drawn batch.
        names_seeds: The seed of each instance's name stream.
        values_seeds: The seed of each instance's value stream.
        fixed: The columns every record of the template shares (``generator_id``, ``domain``,
            ``topic``, ``difficulty``, ``difficulty_score``).
        metadata: The template's metadata JSON before the names seed and after the values seed.

    Returns:
        A table with :func:`finchain_arrow_schema`, row ``i`` equal to the record of instance ``i``.

    """
    schema = finchain_arrow_schema()
    size = drawn.size
    quantity = drawn.answer_quantity
    choices = list(drawn.choices)
    columns: dict[str, pa.Array] = {
        "id": pa.array(record_ids, type=pa.string()),
        "input": pa.array(drawn.questions, type=pa.string()),
        "target": pa.array(drawn.answer_texts, type=pa.string()),
        "choices": _list_of(
            pa.array(choices * size, type=pa.string()), [len(choices)] * size, schema.field("choices").type
        ),
        "metadata": pa.array(_metadata_texts(metadata, names_seeds, values_seeds), type=pa.string()),
        **{
            name: pa.array([value] * size, type=pa.int64() if isinstance(value, int) else pa.string())
            for name, value in fixed.items()
        },
        "solution": pa.array(drawn.solutions(), type=pa.string()),
        "steps": _steps_column(drawn, schema.field("steps").type),
        "answer_value": pa.array(drawn.answer_values, type=pa.float64()),
        "answer_label": pa.array(drawn.answer_labels, type=pa.string()),
        "answer_unit": pa.array([None if quantity is None else quantity.unit.value] * size, type=pa.string()),
        "answer_decimals": pa.array(
            [None if quantity is None else quantity.decimals] * size, type=pa.int64()
        ),
        "trace": pa.array(drawn.traces, type=pa.string()),
        "seed_names": pa.array(names_seeds, type=pa.int64()),
        "seed_values": pa.array(values_seeds, type=pa.int64()),
    }
    return pa.Table.from_arrays([columns[name] for name in schema.names], schema=schema)


def _input_dicts(name: str, values: list[Value]) -> list[dict[str, Any]]:
    """One input dict of ``name`` per record, as a step of each record lists it."""
    kinds = set(map(type, values))
    if tuple not in kinds:
        numbers = values if kinds <= {float} else list(map(float, cast("list[float | int]", values)))
        return [{"name": name, "value": number, "values": None} for number in numbers]
    return [
        {"name": name, "value": None, "values": list(value)}
        if isinstance(value, tuple)
        else {"name": name, "value": float(value), "values": None}
        for value in values
    ]


def _step_dicts(drawn: DrawnColumns, step: StepColumns) -> list[dict[str, Any]]:
    """The dict of ``step`` per record, each with its own input dicts."""
    inputs = [_input_dicts(name, drawn.inputs[name]) for name in step.input_names]
    if not inputs:
        lists: list[list[dict[str, Any]]] = [[] for _ in range(drawn.size)]
    elif len(inputs) == 1:
        lists = [[item] for item in inputs[0]]
    else:
        lists = list(map(list, zip(*inputs, strict=True)))
    name, formula = step.name, step.formula
    return [
        {"name": name, "text": text, "formula": formula, "inputs": items, "value": value}
        for text, items, value in zip(step.texts, lists, step.values, strict=True)
    ]


def record_dicts(
    record_ids: Sequence[str],
    drawn: DrawnColumns,
    names_seeds: Sequence[int],
    values_seeds: Sequence[int],
    fixed: Mapping[str, str | int],
    metadata: tuple[str, str],
) -> list[Record]:
    """Return the FinChain records of a drawn batch as dicts, without an instance per record.

    Args:
        record_ids: One id per instance.
        drawn: The drawn batch.
        names_seeds: The seed of each instance's name stream.
        values_seeds: The seed of each instance's value stream.
        fixed: The columns every record of the template shares (``generator_id``, ``domain``,
            ``topic``, ``difficulty``, ``difficulty_score``).
        metadata: The template's metadata JSON before the names seed and after the values seed.

    Returns:
        Record ``i`` of the batch, equal to what ``record`` returns for instance ``i``.

    """
    size = drawn.size
    quantity = drawn.answer_quantity
    unit = None if quantity is None else quantity.unit.value
    decimals = None if quantity is None else quantity.decimals
    step_dicts = [_step_dicts(drawn, step) for step in drawn.steps]
    steps = list(map(list, zip(*step_dicts, strict=True))) if step_dicts else [[] for _ in range(size)]
    choices = drawn.choices
    generator_id, domain, topic, difficulty, difficulty_score = (
        fixed["generator_id"],
        fixed["domain"],
        fixed["topic"],
        fixed["difficulty"],
        fixed["difficulty_score"],
    )
    return [
        {
            "id": record_id,
            "input": question,
            "target": target,
            "choices": list(choices),
            "metadata": metadata_text,
            "generator_id": generator_id,
            "domain": domain,
            "topic": topic,
            "difficulty": difficulty,
            "difficulty_score": difficulty_score,
            "solution": solution,
            "steps": record_steps,
            "answer_value": answer_value,
            "answer_label": answer_label,
            "answer_unit": unit,
            "answer_decimals": decimals,
            "trace": trace,
            "seed_names": names,
            "seed_values": values,
        }
        for (
            record_id,
            question,
            target,
            solution,
            record_steps,
            answer_value,
            answer_label,
            trace,
            metadata_text,
            names,
            values,
        ) in zip(
            record_ids,
            drawn.questions,
            drawn.answer_texts,
            drawn.solutions(),
            steps,
            drawn.answer_values,
            drawn.answer_labels,
            drawn.traces,
            _metadata_texts(metadata, names_seeds, values_seeds),
            names_seeds,
            values_seeds,
            strict=True,
        )
    ]
