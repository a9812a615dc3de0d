"""Schemas: the fast and the reference validator agree, errors are readable, Arrow is derived."""

from __future__ import annotations

import copy

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import RecordValidationError
from finsynth.pipeline import generate
from finsynth.schemas import arrow_schema, record_schema, validate_record, validator_for

RECORD = next(
    generate("finchain/investment_analysis/compound_interest/future_value_of_a_single_deposit", n=1, seed=3)
)
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.floats(allow_nan=False),
    st.text(max_size=5),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@given(st.sampled_from(sorted(RECORD)), VALUES)
@settings(max_examples=400)
def test_fast_and_reference_validators_agree_on_mutated_records(key, value):
    validator = validator_for("finchain")
    record = copy.deepcopy(RECORD)
    record[key] = value
    assert validator.is_valid(record) == (next(validator.errors(record), None) is None)


@given(st.sampled_from(["name", "text", "formula", "inputs", "value", "extra"]), VALUES)
def test_validators_agree_on_mutated_steps(key, value):
    validator = validator_for("finchain")
    record = copy.deepcopy(RECORD)
    record["steps"][0][key] = value
    assert validator.is_valid(record) == (next(validator.errors(record), None) is None)


def test_errors_name_the_record_the_path_and_what_is_allowed():
    record = {**RECORD, "difficulty": "expert"}
    with pytest.raises(RecordValidationError, match=r"record '.*'.*\$\.difficulty.*'expert'.*basic"):
        validate_record("finchain", record)
    record = copy.deepcopy(RECORD)
    record["steps"][0]["value"] = "12"
    with pytest.raises(RecordValidationError, match=r"\$\.steps\[0\]\.value"):
        validate_record("finchain", record)
    with pytest.raises(RecordValidationError, match="allowed keys"):
        validate_record("finchain", {**RECORD, "surprise": 1})


def test_arrow_schema_follows_the_json_schema():
    json_schema = record_schema("finchain")
    schema = arrow_schema(json_schema)
    assert schema.names == list(json_schema["properties"])
    assert schema.field("answer_value").type == pa.float64() and schema.field("answer_value").nullable
    assert schema.field("id").type == pa.string() and not schema.field("id").nullable
    assert schema.field("seed_names").type == pa.int64()
    step = schema.field("steps").type.value_type
    assert [field.name for field in step] == ["name", "text", "formula", "inputs", "value"]
    assert schema.field("answer_value").metadata[b"description"].startswith(b"Numeric answer")
    pa.Table.from_pylist([RECORD], schema=schema)  # a real record converts without loss


def test_variation_column_sits_after_metadata():
    names = list(record_schema("finchain", with_variation=True)["properties"])
    assert names[names.index("metadata") + 1] == "variation"
