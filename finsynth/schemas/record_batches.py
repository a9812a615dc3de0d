"""Checking many record dicts at once, key by key, with the guarantees of their JSON Schema.

A compiled JSON Schema validator walks every record on its own, which costs more than drawing a
FinChain record's nested steps. :class:`RecordBatchCheck` is compiled from the same JSON Schema
and checks a whole batch of records one key at a time instead: the values of a key across the
batch are gathered into one list, and each rule runs over that list with built-ins (the set of
their Python types, ``min`` of their lengths, membership in a set), so the work per record is
a few C-level steps rather than a walk of nested Python calls. It implements:

- ``type``: ``string`` (``str``), ``integer`` (``int`` but not ``bool``, or a whole ``float``),
  ``number`` (``int`` or ``float``, not ``bool``), ``array`` (``list``), ``object`` (``dict``),
  ``boolean`` and ``null``; subclasses count as their base, as in JSON Schema validators;
- ``required`` and ``additionalProperties: false`` (absent means other keys are allowed);
- ``enum`` (of strings, on string-typed nodes), ``minLength``, ``minimum``, ``minItems``,
  ``maxItems``, and ``items`` and ``properties`` at any depth.

A keyword it does not implement makes compiling the check fail, like
:class:`~finsynth.schemas.columns.ColumnCheck`. A failing batch is explained by the reference
validator on the first bad record, so the user reads the same message as for one record.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from functools import cache, partial
from itertools import chain
from typing import Any

from finsynth.errors import FinsynthError, RecordValidationError
from finsynth.schemas.columns import check_known_keywords
from finsynth.schemas.loader import Validator, record_schema, validator_for

ValuesCheck = Callable[[list[Any]], bool]
"""Return whether every value of a list keeps a schema node's rules."""

_KINDS: dict[str, Callable[[type], bool]] = {
    "string": lambda kind: issubclass(kind, str),
    "integer": lambda kind: issubclass(kind, int | float) and not issubclass(kind, bool),
    "number": lambda kind: issubclass(kind, int | float) and not issubclass(kind, bool),
    "array": lambda kind: issubclass(kind, list),
    "object": lambda kind: issubclass(kind, dict),
    "boolean": lambda kind: issubclass(kind, bool),
    "null": lambda kind: kind is type(None),
}
"""Which Python types each JSON Schema type admits (an ``integer`` float must also be whole)."""


def _declared_types(node: Mapping[str, Any], where: str) -> list[str]:
    declared = node.get("type")
    if declared is None:
        return []
    types = [declared] if isinstance(declared, str) else list(declared)
    unknown = sorted(set(types) - set(_KINDS))
    if unknown:
        raise FinsynthError(f"{where}: the record batch check does not know JSON Schema types {unknown}")
    return types


def _of_kind(values: list[Any], kind: type | tuple[type, ...], all_of_kind: bool) -> list[Any]:
    """The values a rule for ``kind`` applies to (all of them when the types say they all are)."""
    return values if all_of_kind else [value for value in values if isinstance(value, kind)]


def _numbers(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _compile(node: Mapping[str, Any], where: str) -> ValuesCheck:
    """Compile the rules of one JSON Schema node into one check over a list of values."""
    check_known_keywords(node, where, "the record batch check")
    types = _declared_types(node, where)
    rules: list[Callable[[list[Any], set[type]], bool]] = []
    if types:
        admits = [_KINDS[name] for name in types]
        whole_floats_only = "integer" in types and "number" not in types
        rules.append(partial(_types_are, admits, whole_floats_only))
    if "enum" in node:
        allowed = frozenset(node["enum"])
        if types != ["string"] or not all(isinstance(value, str) for value in allowed):
            raise FinsynthError(
                f"{where}: the record batch check implements 'enum' of strings on strings only"
            )
        rules.append(lambda values, _kinds: set(values) <= allowed)
    if "minLength" in node:
        shortest = int(node["minLength"])
        rules.append(
            lambda values, kinds: (
                min(map(len, _of_kind(values, str, kinds <= {str})), default=shortest) >= shortest
            )
        )
    if "minimum" in node:
        below = partial(operator.gt, node["minimum"])
        rules.append(
            lambda values, kinds: (
                not any(map(below, values if kinds <= {int, float} else filter(_numbers, values)))
            )
        )
    if "minItems" in node or "maxItems" in node:
        fewest, most = node.get("minItems", 0), node.get("maxItems")
        rules.append(partial(_lengths_within, fewest, most))
    if "items" in node:
        rules.append(partial(_items_are, _compile(node["items"], f"{where}[]")))
    if {"properties", "required", "additionalProperties"} & set(node):
        rules.append(_objects_check(node, where))

    def check(values: list[Any]) -> bool:
        kinds = set(map(type, values))
        return all(rule(values, kinds) for rule in rules)

    return check


def _types_are(
    admits: list[Callable[[type], bool]], whole_floats_only: bool, values: list[Any], kinds: set[type]
) -> bool:
    if not all(any(admit(kind) for admit in admits) for kind in kinds):
        return False
    if whole_floats_only and any(issubclass(kind, float) for kind in kinds):
        return all(value.is_integer() for value in values if isinstance(value, float))
    return True


def _lengths_within(fewest: int, most: int | None, values: list[Any], kinds: set[type]) -> bool:
    lists = _of_kind(values, list, kinds <= {list})
    if not lists:
        return True
    lengths = set(map(len, lists))
    return min(lengths) >= fewest and (most is None or max(lengths) <= most)


def _items_are(item_check: ValuesCheck, values: list[Any], kinds: set[type]) -> bool:
    return item_check(list(chain.from_iterable(_of_kind(values, list, kinds <= {list}))))


def _objects_check(node: Mapping[str, Any], where: str) -> Callable[[list[Any], set[type]], bool]:
    """The rules of an object node: its keys, then each property's values across the objects."""
    extra = node.get("additionalProperties", True)
    if not isinstance(extra, bool):
        raise FinsynthError(
            f"{where}: the record batch check implements 'additionalProperties' true or false"
        )
    properties: Mapping[str, Any] = node.get("properties", {})
    required = frozenset(node.get("required", ()))
    known = frozenset(properties)
    checks = [(name, _compile(child, f"{where}.{name}")) for name, child in properties.items()]

    def check(values: list[Any], kinds: set[type]) -> bool:
        objects = _of_kind(values, dict, kinds <= {dict})
        # Records made by one piece of code share a handful of key orders: check each order once.
        for keys in set(map(tuple, objects)):
            present = frozenset(keys)
            if not required <= present or (not extra and not present <= known):
                return False
        for name, child_check in checks:
            if name in required:
                column = list(map(operator.itemgetter(name), objects))
            else:
                column = [item[name] for item in objects if name in item]
            if not child_check(column):
                return False
        return True

    return check


class RecordBatchCheck:
    """The batch check of one record schema.

    Args:
        schema: The record's JSON Schema (an object with properties).
        validator: The dict validator of the same schema, which explains failures.

    Raises:
        FinsynthError: If the schema uses a keyword the batch check does not implement.

    """

    def __init__(self, schema: Mapping[str, Any], validator: Validator) -> None:
        self.validator = validator
        self._check = _compile(schema, "$")

    def accepts(self, records: Sequence[Any]) -> bool:
        """Return whether every record matches the schema."""
        return self._check(list(records))

    def validate(self, records: Sequence[Any]) -> None:
        """Raise :class:`RecordValidationError` naming the first bad record, its JSON path and the rule.

        Raises:
            RecordValidationError: If a record breaks the schema.

        """
        if self.accepts(records):
            return
        for record in records:
            if not self._check([record]):
                where = f"record {record.get('id')!r}" if isinstance(record, dict) else "a record"
                self.validator.refuse(record, where=where)
        raise RecordValidationError(f"a batch of {self.validator.label}s does not match its schema")


@cache
def record_batch_check_for(
    family: str, with_variation: bool = False, with_messages: bool = False
) -> RecordBatchCheck:
    """Return the cached batch check of a family's records (see :func:`validator_for`)."""
    schema = record_schema(family, with_variation=with_variation, with_messages=with_messages)
    return RecordBatchCheck(schema, validator_for(family, with_variation, with_messages))
