"""Loading JSON Schemas, validating against them fast, and explaining failures well.

Validation runs on every generated record, so it uses a compiled validator
(``fastjsonschema``) on the hot path. When a document fails, ``jsonschema`` (the
reference implementation of JSON Schema 2020-12) re-validates it to produce the error a
user reads: the JSON path of the bad value and what is allowed there. Our schemas use
only keywords that both implementations read the same way; a test checks they agree. One
keyword needs help: JSON Schema reads ``pattern`` as an ECMA-262 regex, whose ``$`` matches only
at the very end, where Python's also matches before a final line break; ``fastjsonschema``
follows ECMA-262, and the reference validator is given a ``pattern`` check that does too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any, NoReturn

import fastjsonschema
import jsonschema

from finsynth.errors import ConfigError, FinsynthError, RecordValidationError

SCHEMA_PACKAGE = "finsynth.schemas"
VARIATION_KINDS = ("names", "values", "both")


def schema_file(name: str) -> str:
    """Return the file name of a schema, e.g. ``finchain_record.schema.json``."""
    return f"{name}.schema.json"


@cache
def _load(name: str) -> str:
    try:
        return resources.files(SCHEMA_PACKAGE).joinpath(schema_file(name)).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FinsynthError(f"no schema named {name!r} (looked for {schema_file(name)})") from None


def load_schema(name: str) -> dict[str, Any]:
    """Return a fresh copy of a schema shipped in ``finsynth/schemas/``."""
    schema: dict[str, Any] = json.loads(_load(name))
    return schema


EXTENDS = "x-finsynth-extends"
"""A record schema with this key adds its properties after those of the named family's schema."""


def _extended(schema: dict[str, Any]) -> dict[str, Any]:
    base_family = schema.pop(EXTENDS, None)
    if base_family is None:
        return schema
    base = record_schema(str(base_family))
    overlap = sorted(set(base["properties"]) & set(schema["properties"]))
    if overlap:
        raise FinsynthError(f"schema {schema.get('title')!r} redefines {overlap} of {base_family}_record")
    return {
        **base,
        **{key: value for key, value in schema.items() if key not in ("properties", "required")},
        "properties": {**base["properties"], **schema["properties"]},
        "required": [*base["required"], *schema.get("required", [])],
    }


def record_schema(
    family: str, *, with_variation: bool = False, with_messages: bool = False
) -> dict[str, Any]:
    """Return the record schema of a family, optionally with the ``variation`` and ``messages`` columns.

    A family's schema may extend another's (key ``x-finsynth-extends``): its columns come
    after the base family's. The ``variation`` column (names / values / both) is added
    right after ``metadata`` for configs that redraw another config's instances; the
    ``messages`` column (``messages.schema.json``) comes last, for chat fine-tuning.
    """
    schema = _extended(load_schema(f"{family}_record"))
    if with_messages:
        messages = load_schema("messages")
        for key in ("$schema", "$id", "title"):
            messages.pop(key)
        schema["properties"] = {**schema["properties"], "messages": messages}
        schema["required"] = [*schema["required"], "messages"]
    if with_variation:
        properties = {}
        for key, value in schema["properties"].items():
            properties[key] = value
            if key == "metadata":
                properties["variation"] = {
                    "type": "string",
                    "enum": list(VARIATION_KINDS),
                    "description": "What was redrawn relative to the original instance.",
                }
        schema["properties"] = properties
        schema["required"] = [*schema["required"], "variation"]
    return schema


@cache
def _ecma_pattern(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled so that a final unescaped ``$`` matches only at the end, as in ECMA-262."""
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + r"\Z"
    return re.compile(pattern)


def _pattern(
    validator: Any, pattern: str, instance: Any, schema: Mapping[str, Any]
) -> Iterator[jsonschema.ValidationError]:
    """The ``pattern`` keyword as ECMA-262 (and ``fastjsonschema``) reads it."""
    if validator.is_type(instance, "string") and not _ecma_pattern(pattern).search(instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


_Reference = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
    jsonschema.Draft202012Validator, {"pattern": _pattern}
)


@cache
def _compiled(schema_json: str) -> Callable[[Any], Any]:
    """The ``fastjsonschema`` check of a schema (given as canonical JSON), compiled once per process.

    Compiling generates and executes Python source, which costs far more than a validation; shipped
    data files of one kind (31 industries, say) share one compiled check.
    """
    schema = json.loads(schema_json)
    schema.pop("$schema", None)
    schema.pop("$id", None)
    return fastjsonschema.compile(schema)


class Validator:
    """A compiled validator for one schema.

    Args:
        schema: The JSON Schema (2020-12, limited to keywords shared with draft 7).
        label: What the schema describes, for error messages.

    """

    def __init__(self, schema: Mapping[str, Any], label: str) -> None:
        self.schema = dict(schema)
        self.label = label
        self._reference = _Reference(self.schema)
        self._fast: Callable[[Any], Any] | None = None

    def is_valid(self, document: Any) -> bool:
        """Return whether the document matches the schema (compiling the fast check on first use)."""
        if self._fast is None:
            self._fast = _compiled(json.dumps(self.schema, sort_keys=True))
        try:
            self._fast(document)
        except fastjsonschema.JsonSchemaException:
            return False
        return True

    def errors(self, document: Any) -> Iterator[jsonschema.ValidationError]:
        """Yield the reference validator's errors, most specific first."""
        yield from sorted(self._reference.iter_errors(document), key=lambda error: list(error.absolute_path))

    def validate(self, document: Any, *, where: str = "") -> None:
        """Raise :class:`RecordValidationError` naming the path and the rule when invalid."""
        if not self.is_valid(document):
            self.refuse(document, where=where)

    def refuse(self, document: Any, *, where: str = "") -> NoReturn:
        """Raise :class:`RecordValidationError` for a document a check found invalid.

        The reference validator names the path and the rule; where it finds nothing (a check
        stricter than the schema, e.g. a tuple for an array), the message names the document only.
        """
        error = next(self.errors(document), None)
        place = f" in {where}" if where else ""
        if error is None:
            raise RecordValidationError(f"{self.label}{place} does not match its schema")
        raise RecordValidationError(f"{self.label}{place}: {json_path(error)}: {explain(error)}")


def check_data_file(validator: Validator, document: Any, source: str) -> None:
    """Check a document read from a shipped or user data file against ``validator``'s schema.

    Raises:
        ConfigError: Naming ``source`` and the JSON path of the most specific problem.

    """
    if validator.is_valid(document):
        return
    error = max(validator.errors(document), key=lambda found: len(found.absolute_path))
    raise ConfigError(explain(error), source=source, path=json_path(error))


def _properties(error: jsonschema.ValidationError) -> Mapping[str, Any]:
    schema = error.schema
    return schema.get("properties", {}) if isinstance(schema, Mapping) else {}


def error_location(error: jsonschema.ValidationError) -> tuple[str | int, ...]:
    """Return the path of the offending value; for an unknown key, the key itself."""
    location = tuple(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = _properties(error)
        unknown = [key for key in error.instance if key not in known]
        if unknown:
            location += (unknown[0],)
    return location


def render_path(parts: Sequence[str | int]) -> str:
    """Render a location as a JSON path such as ``$.configs[0].splits``."""
    path = "$"
    for part in parts:
        path += f"[{part}]" if isinstance(part, int) else f".{part}"
    return path


def json_path(error: jsonschema.ValidationError) -> str:
    """Render an error's location as a JSON path."""
    return render_path(error_location(error))


def explain(error: jsonschema.ValidationError) -> str:
    """Say what is wrong and what is allowed, in one line."""
    if error.validator == "additionalProperties":
        allowed = sorted(_properties(error))
        unknown = error_location(error)[-1] if error_location(error) else "?"
        return f"unknown key {unknown!r}; allowed keys: {', '.join(allowed)}" if allowed else error.message
    if error.validator == "enum":
        return f"{error.instance!r} is not allowed; choose one of {error.validator_value}"
    if error.validator == "type":
        return f"{error.instance!r} is not of type {error.validator_value}"
    return error.message


@cache
def validator_for(family: str, with_variation: bool = False, with_messages: bool = False) -> Validator:
    """Return the cached compiled validator of a family's records."""
    return Validator(
        record_schema(family, with_variation=with_variation, with_messages=with_messages), f"{family} record"
    )


def validate_record(family: str, record: Mapping[str, Any], *, with_variation: bool = False) -> None:
    """Validate one record of a family.

    Raises:
        RecordValidationError: Naming the record id, the JSON path and what is allowed.

    """
    validator_for(family, with_variation).validate(record, where=f"record {record.get('id')!r}")
