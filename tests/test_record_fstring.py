"""The f-string stand-in of benchmarks/record_fstring.py writes exactly finsynth's records.

Its benchmark row is an upper bound for complete records only if it writes all of a record's
content; these tests compare it, field by field and byte by byte, with finsynth's own records.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import finsynth
from benchmarks.record_fstring import GENERATOR_ID, draw_record, future_value_record
from finsynth.schemas.record_batches import record_batch_check_for


def _stand_in_of(record: dict[str, object]) -> dict[str, object]:
    """The stand-in's record for the values and seeds finsynth drew for ``record``."""
    steps = record["steps"]
    assert isinstance(steps, list)
    rate, years = (item["value"] for item in steps[0]["inputs"])
    principal = steps[1]["inputs"][0]["value"]
    saver = str(record["input"]).split(" deposits ", 1)[0]
    seeds = (int(str(record["seed_names"])), int(str(record["seed_values"])))
    return future_value_record(str(record["id"]), saver, principal, round(rate * 100, 2), int(years), seeds)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_the_stand_in_writes_finsynth_s_record_for_the_same_values(seed: int) -> None:
    for record in finsynth.generate(GENERATOR_ID, n=40, seed=seed, validate=False):
        stand_in = _stand_in_of(record)
        assert stand_in == record
        assert json.dumps(stand_in) == json.dumps(record)


def test_the_stand_in_s_own_draws_make_valid_records() -> None:
    rng = random.Random(5)
    records = [draw_record(rng, index) for index in range(200)]
    assert len({record["input"] for record in records}) > 190
    record_batch_check_for("finchain", with_messages=False).validate(records)
    for record in records:
        assert record["solution"].endswith(f"Answer: {record['target']}")
