"""make_record: the one way UCFE records are made, by the importer and the generators alike."""

from __future__ import annotations

import json

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FinsynthError, RecordValidationError
from finsynth.generators.ucfe.hints import EvaluationHints, parse_hints
from finsynth.generators.ucfe.record import BenchItem, fill_item_fields, hint_problems, make_record
from finsynth.generators.ucfe.spec import task_spec
from finsynth.schemas import arrow_schema, record_schema, validator_for

CREDIT_HINTS = EvaluationHints(
    must_contain=["a rating"],
    at_least_contain=["liquidity"],
    should_contain=["peers"],
    encourage=["a covenant"],
    forbid=["made-up figures"],
)


def synthetic(slug="credit_risk_evaluation", hints=CREDIT_HINTS, **overrides):
    arguments = {
        "record_id": f"ucfe/{slug}/test/0",
        "information": "Current ratio 1.4; debt to assets 52%.",
        "needs": "Rate the default risk.",
        "hints": hints,
        "source": "synthetic",
        "seed": 11,
        "extra_metadata": {"generator_id": f"ucfe/{slug}"},
    }
    return make_record(task_spec(slug), **{**arguments, **overrides})


def test_consumer_columns_come_first_and_the_arrow_schema_derives():
    schema = record_schema("ucfe")
    assert list(schema["properties"])[:5] == ["id", "input", "target", "choices", "metadata"]
    table = pa.Table.from_pylist([synthetic()], schema=arrow_schema(schema))
    assert table.num_rows == 1


def test_a_multi_turn_record_opens_with_the_assistant_prompt_and_keeps_information_for_the_user():
    record = synthetic()
    spec = task_spec("credit_risk_evaluation")
    assert record["input"] == spec.assistant_prompt and record["role_prompt"] == spec.user_prompt
    assert "{information}" in record["role_prompt"] and record["information"].startswith("Current ratio")
    assert record["target"] == "" and record["choices"] == [] and record["bench_item"] is None
    assert parse_hints(record["rendered_hints"]) == CREDIT_HINTS
    assert json.loads(record["metadata"]) == {
        "task": "credit_risk_evaluation",
        "setting": "multi_turn",
        "user_groups": ["financial_professional"],
        "source": "synthetic",
        "seed": 11,
        "generator_id": "ucfe/credit_risk_evaluation",
    }


def test_a_zero_shot_record_has_the_full_prompt_and_the_answer_as_target():
    record = synthetic(
        "stock_price_prediction", EvaluationHints(answer=["neutral"]), information="Flat {needs} week"
    )
    assert "Flat {needs} week" in record["input"] and "Rate the default risk." in record["input"]
    assert (
        "{information}" not in record["input"]
        and record["target"] == "neutral"
        and record["role_prompt"] == ""
    )


@settings(max_examples=100, deadline=None)
@given(st.text(), st.text())
def test_filling_is_one_pass_whatever_the_item_says(information, needs):
    filled = fill_item_fields("A {information} B {needs} C", information=information, needs=needs)
    assert filled == f"A {information} B {needs} C"


def test_synthetic_hints_must_fit_the_task():
    assert hint_problems(task_spec("stock_price_prediction"), EvaluationHints(answer=["up"])) == [
        "answer 'up' is not one of stock_price_prediction's labels ['outperform', 'neutral', 'underperform']"
    ]
    with pytest.raises(FinsynthError, match="'forbid' is required by credit_risk_evaluation"):
        synthetic(
            hints=EvaluationHints(
                must_contain=["x"], at_least_contain=["y"], should_contain=["z"], encourage=["w"]
            )
        )
    with pytest.raises(FinsynthError, match="no hints at all"):
        synthetic("industry_report_summarization", EvaluationHints())


def test_metadata_keys_of_the_record_cannot_be_overridden():
    with pytest.raises(FinsynthError, match="may not set seed, task"):
        synthetic(extra_metadata={"task": "x", "seed": 1})


def test_schema_violations_name_the_record():
    with pytest.raises(RecordValidationError, match=r"record 'ucfe/x'.*\$\.seed"):
        synthetic(record_id="ucfe/x", seed=-1)


def test_an_imported_item_keeps_its_own_prompts():
    item = BenchItem(
        "Credit_Risk_Evaluation", 7, "Play a lender. {information} {needs}", "Help.", "Judge {needs}.", "x"
    )
    record = make_record(
        task_spec("credit_risk_evaluation"),
        record_id="ucfe_bench/credit_risk_evaluation/7",
        information="i",
        needs="n",
        hints=EvaluationHints(),
        source="ucfe_bench",
        seed=None,
        bench_item=item,
    )
    assert (record["role_prompt"], record["input"], record["evaluation_prompt"]) == (
        "Play a lender. {information} {needs}",
        "Help.",
        "Judge {needs}.",
    )
    assert record["bench_item"] == {"task_key": "Credit_Risk_Evaluation", "id": 7, "evaluation_hints": "x"}
    assert validator_for("ucfe").is_valid(record)
