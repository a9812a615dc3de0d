"""The record batch check rejects every record the JSON Schema rejects (and accepts the valid ones).

``finsynth.generate`` checks FinChain records with it, a batch at a time; the mutated record sits
among valid ones, so a rule that looked only at the first record, or lost a record's place while
gathering a key's values across the batch, would let it through.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import finsynth
from finsynth.errors import FinsynthError, RecordValidationError
from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.schemas.loader import validator_for
from finsynth.schemas.record_batches import RecordBatchCheck, record_batch_check_for
from tests.schemas.mutations import RECORDS, VALUES, mutated, mutation_places, valid_record


@given(RECORDS, RECORDS, st.sampled_from(["wrong value", "missing", "extra"]), VALUES)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_batch_check_rejects_every_record_the_json_schema_rejects(record, other, mutation, value):
    messages = "messages" in record
    check = record_batch_check_for("finchain", with_messages=messages)
    validator = validator_for("finchain", with_messages=messages)
    neighbour = valid_record(0, 3, messages) if ("messages" in other) != messages else other
    assert validator.is_valid(record) and check.accepts([neighbour, record, neighbour])
    for place in mutation_places(record):
        changed = mutated(record, place, mutation, value)
        if changed is None:
            continue
        # Rejected by the compiled validator or by the reference one: both read the same schema.
        rejected = not validator.is_valid(changed) or next(validator.errors(changed), None) is not None
        if rejected:
            assert not check.accepts([neighbour, changed, neighbour]), (
                f"the batch check accepts what the JSON Schema rejects at {place}: {value!r}"
            )


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"difficulty": "expert"}, r"\$\.difficulty"),
        ({"id": ""}, r"\$\.id"),
        ({"seed_names": -1}, r"\$\.seed_names"),
        ({"answer_decimals": 2.5}, r"\$\.answer_decimals"),
        ({"steps": []}, r"\$\.steps"),
        ({"choices": ("a",)}, r"\$\.choices"),
    ],
)
def test_a_bad_record_in_a_batch_is_explained_like_a_bad_record_alone(change: dict[str, Any], where: str):
    record = {**valid_record(0, 5, messages=False), **change}
    batch = [valid_record(0, 4, messages=False), record, valid_record(1, 4, messages=False)]
    with pytest.raises(RecordValidationError, match=rf"record '{record['id']}'.*{where}"):
        record_batch_check_for("finchain").validate(batch)


def test_whole_floats_are_integers_and_booleans_are_no_numbers_as_in_json_schema():
    record = valid_record(2, 7, messages=False)
    check = record_batch_check_for("finchain")
    assert check.accepts([{**record, "seed_names": 3.0}])
    assert not check.accepts([{**record, "seed_names": True}])
    assert not check.accepts([{**record, "answer_value": False}])


def test_generate_refuses_a_record_that_breaks_the_schema(monkeypatch: pytest.MonkeyPatch):
    drawn = FinChainGenerator.records

    def one_bad(self: FinChainGenerator, *arguments: Any) -> list[dict[str, Any]]:
        records = drawn(self, *arguments)
        records[-1]["steps"][0]["inputs"] = [{"name": "rate", "value": "5%", "values": None}]
        return records

    monkeypatch.setattr(FinChainGenerator, "records", one_bad)
    prefix = "finchain/investment_analysis/compound_interest"
    with pytest.raises(RecordValidationError, match=r"/sample/000002'.*\$\.steps\[0\]\.inputs\[0\]\.value"):
        list(finsynth.generate(prefix, n=3, seed=1))
    assert len(list(finsynth.generate(prefix, n=3, seed=1, validate=False))) == 3 * 5


@pytest.mark.parametrize(
    "node",
    [
        {"type": "string", "pattern": "^[A-Z]+$"},
        {"type": "object", "additionalProperties": {"type": "string"}},
        {"enum": [1, 2]},
    ],
)
def test_a_schema_the_batch_check_cannot_hold_is_refused(node: dict[str, Any]):
    schema = {"type": "object", "properties": {"code": node}}
    with pytest.raises(FinsynthError, match=r"\$\.code"):
        RecordBatchCheck(schema, validator_for("finchain"))
