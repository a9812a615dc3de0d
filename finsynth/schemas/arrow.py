"""Deriving Arrow (and so parquet) schemas from JSON Schemas.

The JSON Schema is the single source of truth for a record's shape; the Arrow schema is
computed from it, never written by hand. Columns keep the order of ``properties``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pyarrow as pa

from finsynth.errors import FinsynthError

_SCALARS = {"string": pa.string(), "integer": pa.int64(), "number": pa.float64(), "boolean": pa.bool_()}


def _split_type(schema: Mapping[str, Any], where: str) -> tuple[str, bool]:
    declared = schema.get("type")
    if declared is None and "enum" in schema:
        kinds = {type(value).__name__ for value in schema["enum"]}
        if kinds == {"str"}:
            return "string", False
    types = [declared] if isinstance(declared, str) else list(declared or [])
    nullable = "null" in types
    concrete = [kind for kind in types if kind != "null"]
    if len(concrete) != 1:
        raise FinsynthError(f"{where}: cannot derive an Arrow type from JSON Schema type {declared!r}")
    return concrete[0], nullable


def arrow_type(schema: Mapping[str, Any], where: str = "$") -> pa.DataType:
    """Return the Arrow type of a JSON Schema node."""
    kind, _ = _split_type(schema, where)
    if kind in _SCALARS:
        return _SCALARS[kind]
    if kind == "array":
        return pa.list_(arrow_field("item", schema.get("items", {}), f"{where}[]", required=True))
    if kind == "object":
        return pa.struct(_fields(schema, where))
    raise FinsynthError(f"{where}: JSON Schema type {kind!r} has no Arrow equivalent")


def arrow_field(name: str, schema: Mapping[str, Any], where: str, *, required: bool) -> pa.Field:
    """Return the Arrow field of a property, nullable unless required and not ``null``-typed."""
    _, nullable = _split_type(schema, where)
    description = schema.get("description")
    metadata = {"description": description} if description else None
    return pa.field(name, arrow_type(schema, where), nullable=nullable or not required, metadata=metadata)


def _fields(schema: Mapping[str, Any], where: str) -> list[pa.Field]:
    properties = schema.get("properties")
    if not properties:
        raise FinsynthError(f"{where}: an object needs 'properties' to become an Arrow struct")
    required = set(schema.get("required", ()))
    return [
        arrow_field(name, node, f"{where}.{name}", required=name in required)
        for name, node in properties.items()
    ]


def arrow_schema(schema: Mapping[str, Any]) -> pa.Schema:
    """Return the Arrow schema of a record JSON Schema (an object with properties)."""
    return pa.schema(_fields(schema, "$"))
