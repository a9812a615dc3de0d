"""Trace replay reproduces records exactly and refuses anything outside the grammar."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FormulaError
from finsynth.generators.finchain.trace import check_record, replay_trace
from finsynth.pipeline import generate

RECORDS = list(generate("finchain/investment_analysis/compound_interest", n=20, seed=11))


def test_records_replay_exactly():
    for record in RECORDS:
        assert check_record(record) == []


def test_a_tampered_step_value_is_reported():
    record = dict(RECORDS[0])
    steps = [dict(step) for step in record["steps"]]
    steps[0]["value"] += 0.01
    record["steps"] = steps
    problems = check_record(record)
    assert problems and steps[0]["name"] in problems[0]


def test_a_tampered_answer_is_reported():
    record = {**RECORDS[1], "answer_value": RECORDS[1]["answer_value"] + 1}
    assert any("answer_value" in problem for problem in check_record(record))


@pytest.mark.parametrize(
    "formula",
    ["__import__('os').getcwd()", "principal.__class__", "(lambda: 0)()", "10 ** 10 ** 10", "open('x')"],
)
def test_hostile_trace_formulas_are_never_run(formula):
    trace = json.loads(RECORDS[0]["trace"])
    trace["steps"][0]["formula"] = formula
    with pytest.raises(FormulaError):
        replay_trace(json.dumps(trace))
    assert check_record({**RECORDS[0], "trace": json.dumps(trace)})[0].startswith("trace does not replay")


@pytest.mark.parametrize(
    "mutate",
    [
        lambda t: t.update(version=2),
        lambda t: t.update(inputs=[1, 2]),
        lambda t: t["inputs"].update({"__class__": 1.0}),
        lambda t: t["inputs"].update(principal="1000"),
        lambda t: t["steps"][0].update(round_to=100),
        lambda t: t["steps"][0].update(name="a.b"),
        lambda t: t.update(steps=[t["steps"][0]] * 500),
        lambda t: t.update(answer={"kind": "python"}),
    ],
)
def test_malformed_traces_are_rejected(mutate):
    trace = json.loads(RECORDS[0]["trace"])
    mutate(trace)
    with pytest.raises(FormulaError):
        replay_trace(trace)


@given(
    st.recursive(
        st.none() | st.booleans() | st.floats() | st.text(max_size=10),
        lambda children: (
            st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
        ),
        max_leaves=20,
    )
)
@settings(max_examples=300)
def test_arbitrary_json_either_replays_or_raises_formula_error(document):
    with contextlib.suppress(FormulaError):
        replay_trace(json.dumps(document))
