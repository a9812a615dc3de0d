"""Checking Arrow tables of records column by column, with the guarantees of their JSON Schema.

Records drawn column-wise go straight into Arrow; checking them as dicts would mean building
the dicts. :class:`ColumnCheck` checks the columns instead, compiled from the same JSON Schema
as :class:`~finsynth.schemas.loader.Validator`:

- the table's Arrow schema must equal the one derived from the JSON Schema (column names,
  order and types), which covers ``type``, ``required`` and ``additionalProperties``: an
  Arrow struct has exactly its fields, and every value in a column has the column's type;
- nulls only where the JSON Schema allows ``null`` (or an absent optional property);
- ``enum``, ``minLength``, ``minimum``, ``minItems`` and ``maxItems``, element by element,
  inside lists and structs too.

A keyword it does not implement makes compiling the check fail, so the two checks cannot
silently drift apart. A failing table is explained by the reference validator on the first
bad row, so the user reads the same message as for a record checked as a dict.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from numpy.typing import NDArray

from finsynth.errors import FinsynthError, RecordValidationError
from finsynth.schemas.arrow import arrow_schema
from finsynth.schemas.loader import Validator, record_schema, validator_for

_ANNOTATIONS = frozenset({"$schema", "$id", "title", "description"})
_CHECKED = frozenset(
    {"type", "enum", "minLength", "minimum", "minItems", "maxItems", "items", "properties", "required"}
)

ElementCheck = Callable[[pa.Array], NDArray[np.bool_]]
"""Return which elements of an array break a rule (``True`` = bad)."""


def _bad(mask: pa.Array) -> NDArray[np.bool_]:
    """A boolean Arrow mask as NumPy, nulls (a rule that does not apply to a null) counted good."""
    filled = pc.fill_null(mask, False)
    return np.asarray(filled.to_numpy(zero_copy_only=False), dtype=bool)


def _types(node: Mapping[str, Any]) -> list[str]:
    declared = node.get("type")
    if declared is None:
        return []
    return [declared] if isinstance(declared, str) else list(declared)


def check_known_keywords(node: Mapping[str, Any], where: str, checker: str = "the column check") -> None:
    """Raise unless every keyword of ``node`` is one the checks compiled from schemas implement.

    In the column check ``additionalProperties`` needs no rule of its own: an Arrow struct cannot
    hold other keys.

    Raises:
        FinsynthError: Naming the node, the keywords and ``checker``.

    """
    unknown = sorted(set(node) - _ANNOTATIONS - _CHECKED - {"additionalProperties"})
    if unknown:
        raise FinsynthError(f"{where}: {checker} does not implement JSON Schema keywords {unknown}")


def _compile(node: Mapping[str, Any], nullable: bool, where: str) -> ElementCheck:
    """Compile the checks of one JSON Schema node into one function over an Arrow array."""
    check_known_keywords(node, where)
    checks: list[ElementCheck] = []
    if not nullable:
        checks.append(lambda array: _bad(array.is_null()))
    if "enum" in node:
        allowed = pa.array(node["enum"])
        checks.append(lambda array: _bad(pc.invert(pc.is_in(array, value_set=allowed))))
    if "minLength" in node:
        shortest = int(node["minLength"])
        checks.append(lambda array: _bad(pc.less(pc.utf8_length(array), shortest)))
    if "minimum" in node:
        lowest = node["minimum"]
        checks.append(lambda array: _bad(pc.less(array, lowest)))
    if "minItems" in node:
        fewest = int(node["minItems"])
        checks.append(lambda array: _bad(pc.less(pc.list_value_length(array), fewest)))
    if "maxItems" in node:
        most = int(node["maxItems"])
        checks.append(lambda array: _bad(pc.greater(pc.list_value_length(array), most)))
    if "items" in node:
        checks.append(_items_check(_compile(node["items"], "null" in _types(node["items"]), f"{where}[]")))
    if "properties" in node:
        required = set(node.get("required", ()))
        fields = [
            _compile(child, "null" in _types(child) or name not in required, f"{where}.{name}")
            for name, child in node["properties"].items()
        ]
        checks.append(_fields_check(fields))

    def check(array: pa.Array) -> NDArray[np.bool_]:
        bad = np.zeros(len(array), dtype=bool)
        for rule in checks:
            bad |= rule(array)
        return bad

    return check


def _items_check(item_check: ElementCheck) -> ElementCheck:
    def check(array: pa.Array) -> NDArray[np.bool_]:
        bad = np.zeros(len(array), dtype=bool)
        items = array.flatten()
        if len(items):
            bad_items = item_check(items)
            if bad_items.any():
                parents = pc.list_parent_indices(array).to_numpy()
                bad[parents[bad_items]] = True
        return bad

    return check


def _fields_check(field_checks: list[ElementCheck]) -> ElementCheck:
    def check(array: pa.Array) -> NDArray[np.bool_]:
        # flatten() gives each child as the struct shows it (offset applied, parent nulls merged),
        # so a null struct makes its required children null; the struct's own check reports it.
        valid = np.asarray(array.is_valid().to_numpy(zero_copy_only=False), dtype=bool)
        bad = np.zeros(len(array), dtype=bool)
        for child, field_check in zip(array.flatten(), field_checks, strict=True):
            bad |= field_check(child) & valid
        return bad

    return check


class ColumnCheck:
    """The column-wise check of one record schema.

    Args:
        schema: The record's JSON Schema (an object with properties).
        validator: The dict validator of the same schema, which explains failures.

    Raises:
        FinsynthError: If the schema uses a keyword the column check does not implement.

    """

    def __init__(self, schema: Mapping[str, Any], validator: Validator) -> None:
        self.arrow = arrow_schema(schema)
        self.validator = validator
        required = set(schema.get("required", ()))
        self._columns = [
            _compile(node, "null" in _types(node) or name not in required, f"$.{name}")
            for name, node in schema["properties"].items()
        ]
        check_known_keywords(schema, "$")

    def bad_rows(self, table: pa.Table) -> NDArray[np.bool_]:
        """Return which rows break the schema (all of them if the table's Arrow schema differs)."""
        if not table.schema.equals(self.arrow):
            return np.ones(table.num_rows, dtype=bool)
        bad = np.zeros(table.num_rows, dtype=bool)
        for column, check in zip(table.columns, self._columns, strict=True):
            for chunk, start in _chunks(column):
                bad[start : start + len(chunk)] |= check(chunk)
        return bad

    def validate(self, table: pa.Table) -> None:
        """Raise :class:`RecordValidationError` naming the first bad row, its JSON path and the rule.

        Raises:
            RecordValidationError: If a row breaks the schema, or the columns are not its columns.

        """
        if not table.schema.equals(self.arrow):
            raise RecordValidationError(
                f"{self.validator.label}: columns {table.schema.names} with types that are not "
                "the record schema's"
            )
        rows = np.flatnonzero(self.bad_rows(table))
        if not rows.size:
            return
        record = table.slice(int(rows[0]), 1).to_pylist()[0]
        where = f"record {record.get('id')!r}"
        self.validator.validate(record, where=where)
        raise RecordValidationError(f"{self.validator.label} in {where} does not match its schema")


def _chunks(column: pa.ChunkedArray) -> list[tuple[pa.Array, int]]:
    chunks = []
    start = 0
    for chunk in column.chunks:
        chunks.append((chunk, start))
        start += len(chunk)
    return chunks


@cache
def column_check_for(family: str, with_variation: bool = False, with_messages: bool = False) -> ColumnCheck:
    """Return the cached column check of a family's records (see :func:`validator_for`)."""
    schema = record_schema(family, with_variation=with_variation, with_messages=with_messages)
    return ColumnCheck(schema, validator_for(family, with_variation, with_messages))
