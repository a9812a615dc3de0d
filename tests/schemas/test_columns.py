"""The column check rejects every record the JSON Schema rejects (and accepts the valid ones).

A mutated record reaches the column check the only way a dict can become columns: each key a
column (typed as the schema says when the key is known, inferred otherwise), nested values
converted by Arrow. Where Arrow cannot hold a value as it is (it raises, or converting back
gives a different JSON value, e.g. ``1.5`` truncated in an integer column or a dropped nested
key), the record has no columns, and so no table could carry it: that counts as rejected.
"""

from __future__ import annotations

import math
from typing import Any

import pyarrow as pa
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from finsynth.errors import FinsynthError, RecordValidationError
from finsynth.schemas.columns import ColumnCheck, column_check_for
from finsynth.schemas.loader import validator_for
from tests.schemas.mutations import RECORDS, VALUES, mutated, mutation_places, valid_record


def _same_json(converted: Any, original: Any) -> bool:
    """Whether two values are the same JSON value (``1 == 1.0``, but ``True`` is no number)."""
    if isinstance(converted, bool) or isinstance(original, bool):
        return type(converted) is type(original) and converted == original
    if isinstance(converted, int | float) and isinstance(original, int | float):
        both_nan = isinstance(converted, float) and math.isnan(converted) and math.isnan(original)
        return both_nan or converted == original
    if isinstance(converted, dict) and isinstance(original, dict):
        return converted.keys() == original.keys() and all(
            _same_json(converted[key], original[key]) for key in original
        )
    if isinstance(converted, list) and isinstance(original, list):
        return len(converted) == len(original) and all(
            _same_json(a, b) for a, b in zip(converted, original, strict=True)
        )
    return type(converted) is type(original) and converted == original


def _as_table(record: dict[str, Any], check: ColumnCheck) -> pa.Table | None:
    """The record as one-row columns, or ``None`` where Arrow cannot hold it as it is."""
    fields, arrays = [], []
    for key, value in record.items():
        known = key in check.arrow.names
        try:
            array = pa.array([value], type=check.arrow.field(key).type if known else None)
        except (pa.ArrowException, OverflowError, TypeError, ValueError):
            return None
        if not _same_json(array.to_pylist()[0], value):
            return None
        fields.append(check.arrow.field(key) if known else pa.field(key, array.type))
        arrays.append(array)
    return pa.Table.from_arrays(arrays, schema=pa.schema(fields))


def _columns_accept(record: dict[str, Any], check: ColumnCheck) -> bool:
    table = _as_table(record, check)
    return table is not None and not check.bad_rows(table).any()


@given(RECORDS, st.sampled_from(["wrong value", "missing", "extra"]), VALUES)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_column_check_rejects_every_record_the_json_schema_rejects(record, mutation, value):
    messages = "messages" in record
    check = column_check_for("finchain", with_messages=messages)
    validator = validator_for("finchain", with_messages=messages)
    assert validator.is_valid(record) and _columns_accept(record, check)
    for place in mutation_places(record):
        changed = mutated(record, place, mutation, value)
        if changed is not None and not validator.is_valid(changed):
            assert not _columns_accept(changed, check), (
                f"columns accept what the JSON Schema rejects at {place}"
            )


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"difficulty": "expert"}, r"\$\.difficulty"),
        ({"id": ""}, r"\$\.id"),
        ({"seed_names": -1}, r"\$\.seed_names"),
        ({"steps": []}, r"\$\.steps"),
    ],
)
def test_a_bad_table_is_explained_like_a_bad_record(change, where):
    check = column_check_for("finchain")
    record = {**valid_record(0, 5, messages=False), **change}
    table = pa.Table.from_pylist([valid_record(0, 4, messages=False), record], schema=check.arrow)
    with pytest.raises(RecordValidationError, match=rf"record '{record['id']}'.*{where}"):
        check.validate(table)


def test_a_table_with_other_columns_is_refused():
    check = column_check_for("finchain")
    table = pa.Table.from_pylist([valid_record(0, 4, messages=False)], schema=check.arrow).drop_columns(
        ["trace"]
    )
    with pytest.raises(RecordValidationError, match="not the record schema's"):
        check.validate(table)


def test_a_keyword_the_column_check_does_not_implement_is_refused():
    schema = {"type": "object", "properties": {"code": {"type": "string", "pattern": "^[A-Z]+$"}}}
    with pytest.raises(FinsynthError, match=r"\$\.code.*pattern"):
        ColumnCheck(schema, validator_for("finchain"))
