"""Trace replay reproduces records exactly and refuses anything outside the grammar."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FormulaError
from finsynth.generators.finchain.dsl import Template, money, number, numeric, step
from finsynth.generators.finchain.engine import CompiledTemplate
from finsynth.generators.finchain.trace import TRACE_VERSION, check_record, replay_trace
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
        lambda t: t.update(version=3),
        lambda t: t["steps"][0].pop("rounded_before_use"),
        lambda t: t["steps"][0].update(rounded_before_use="yes"),
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


@pytest.mark.parametrize("version", [1, 3, "2", None])
def test_a_trace_version_this_finsynth_does_not_read_is_named_in_one_line(version):
    trace = json.loads(RECORDS[0]["trace"])
    trace["version"] = version
    problems = check_record({**RECORDS[0], "trace": json.dumps(trace)})
    assert len(problems) == 1
    assert "\n" not in problems[0]
    assert f"trace version {version!r} is not read by this finsynth" in problems[0]
    assert f"reads version {TRACE_VERSION}" in problems[0]


def test_records_write_the_version_replay_reads():
    assert all(json.loads(record["trace"])["version"] == TRACE_VERSION == 2 for record in RECORDS)


def steps_template(rounded_before_use: bool, question: str) -> Template:
    return Template(
        givens=[money("price", 5_675, 5_675, step=1), number("factor", 1.011, 1.011, step=0.001, decimals=3)],
        question=question,
        steps=[
            step("grown", "price * factor", "Grown", rounded_before_use=rounded_before_use),
            step("tripled", "grown * 3", "Tripled"),
        ],
        answer=numeric("tripled"),
        small_space="one fixed instance",
    )


def test_steps_are_carried_unrounded_and_shown_rounded_once():
    compiled = CompiledTemplate(steps_template(False, "Grow {price} by {factor}, then triple it."), "t/carry")
    instance = compiled.instance(1, 2)
    # 5,675 × 1.011 = 5,737.425 exactly: shown as 5,737.43 (half away from zero on the exact value).
    assert instance.steps[0].value == 5737.43
    # Carried unrounded: 3 × 5,737.425 = 17,212.275 → 17,212.28 (not 3 × 5,737.43 = 17,212.29).
    assert instance.answer_value == 17212.28
    assert instance.solution.splitlines()[0].startswith("Intermediate values are shown rounded")
    assert_replays(instance)


def test_a_step_rounded_before_use_is_used_rounded_and_must_be_stated():
    stated = "Grow {price} by {factor}, round to the cent, then triple it."
    compiled = CompiledTemplate(steps_template(True, stated), "t/rounded")
    instance = compiled.instance(1, 2)
    assert instance.answer_value == 17212.29
    assert json.loads(instance.trace_json)["steps"][0]["rounded_before_use"] is True
    assert_replays(instance)
    with pytest.raises(FormulaError, match="question must tell the solver to round"):
        CompiledTemplate(steps_template(True, "Grow {price} by {factor}, then triple it."), "t/unstated")


def assert_replays(instance) -> None:
    replay = replay_trace(instance.trace_json)
    assert replay.answer_value == instance.answer_value
    assert replay.step_values == {item.name: item.value for item in instance.steps}
