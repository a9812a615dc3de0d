"""The synthetic FailSafe generator, its seven conditions, and FinChain questions under query failures."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import datasets
import pytest

from finsynth.builder import parse_config, run_build
from finsynth.generators.failsafe.conditions import (
    CONDITIONS,
    NO_DOCUMENT,
    UNANSWERABLE_TARGET,
    condition_row,
)
from finsynth.generators.failsafe.finchain_robust import perturbed_question_row
from finsynth.generators.failsafe.synthetic import out_of_scope_question
from finsynth.generators.filings.lengths import make_drawn_item
from finsynth.generators.registry import Record, get_generator, resolve
from finsynth.schemas import validate_record
from finsynth.seeding import InstanceSeeder

ITEMS = 8


@cache
def records() -> tuple[Record, ...]:
    generator = get_generator("failsafe/synthetic")
    seeder = InstanceSeeder(11, "failsafe", "test", generator.info.id)
    return tuple(
        generator.record(f"failsafe/synthetic/test/{index:06d}", seeder.seeds(index))
        for index in range(ITEMS)
    )


def test_records_are_schema_valid_and_deterministic() -> None:
    generator = get_generator("failsafe/synthetic")
    seeder = InstanceSeeder(11, "failsafe", "test", generator.info.id)
    for index, record in enumerate(records()):
        validate_record("failsafe", record)
        assert record["idx"] == index
        assert generator.record(record["id"], seeder.seeds(index)) == record


def test_every_column_comes_from_the_item_the_seed_draws() -> None:
    for record in records():
        filing, qa = make_drawn_item(record["seed"])
        assert record["context"] == filing.text and record["query"] == qa.question
        assert record["answer"] == record["target"] == qa.answer
        assert record["task_type"] == qa.task_type
        assert record["input"].endswith(f"Document:\n{filing.text}\n\nRequest: {qa.question}")
        for citation in qa.citations:
            assert citation in record["citations"]
        assert 4000 * 0.9 <= record["tokens"] <= 27000 * 1.1
        assert 0 < record["citations_tokens"] < record["tokens"]


def test_every_failure_is_applied_and_recorded() -> None:
    for record in records():
        ops = json.loads(record["ops"])
        assert set(ops) == {"error_query", "incomplete_query", "out-of-domain_query", "ocr_context"}
        assert record["error_query"] != record["query"], "a misspelled query always changes"
        assert {op["kind"] for op in ops["error_query"]} <= {"split", "segment", "real_word", "typo"}
        assert record["incomplete_query"] != record["query"]
        assert len(record["incomplete_query"]) < len(record["query"])
        assert record["ocr_context"] != record["context"]
        assert all(op["kind"] == "ocr_block" for op in ops["ocr_context"])
        if record["out-of-domain_query"] == record["query"]:
            assert [op["kind"] for op in ops["out-of-domain_query"]] == ["no_candidate"]


def test_the_out_of_scope_question_is_about_a_company_the_filing_never_names() -> None:
    for record in records():
        filing, _ = make_drawn_item(record["seed"])
        question, company = out_of_scope_question(filing, record["seed"])
        assert record["out-of-scope_query"] == question != record["query"]
        assert company in question and company not in record["context"]


@pytest.mark.parametrize("condition", CONDITIONS, ids=lambda condition: condition.name)
def test_each_condition_shows_its_query_and_context(condition: object) -> None:
    from finsynth.generators.failsafe.conditions import Condition

    assert isinstance(condition, Condition)
    for record in records()[:3]:
        row = condition_row(record, condition.name)
        validate_record("failsafe_condition", row)
        assert row["id"] == f"{record['id']}/{condition.name}"
        assert row["query"] == record[condition.query_column]
        assert row["input"].endswith(f"Request: {row['query']}")
        context = {"full": record["context"], "ocr": record["ocr_context"], "none": NO_DOCUMENT}[
            condition.context
        ]
        assert f"Document:\n{context}\n\n" in row["input"]
        assert row["target"] == (record["answer"] if condition.answerable else UNANSWERABLE_TARGET)


def test_finchain_questions_keep_their_answer_under_each_query_failure() -> None:
    generator = resolve(["finchain/investment_analysis/compound_interest"])[0]
    seeder = InstanceSeeder(2, "finchain", "test", generator.info.id)
    for index in range(20):
        record = generator.record(f"{generator.info.id}/test/{index:06d}", seeder.seeds(index))
        for kind in ("misspelled", "incomplete", "out_of_domain"):
            row = perturbed_question_row(record, kind)
            validate_record("finchain_robust", row)
            assert row["original_input"] == record["input"]
            assert (row["target"], row["solution"], row["trace"]) == (
                record["target"],
                record["solution"],
                record["trace"],
            )
            assert json.loads(row["metadata"])["perturbation"] == kind
            ops = json.loads(row["perturbation_ops"])
            if kind == "misspelled":
                assert row["input"] != record["input"] and ops
            if row["input"] == record["input"]:
                assert [op["kind"] for op in ops] == ["no_candidate"]
            assert perturbed_question_row(record, kind) == row


CONFIG = """\
name: failsafe-tiny
version: 0.0.1
seed: 4
configs:
  - name: finchain
    family: finchain
    generators: [finchain/investment_analysis/compound_interest]
    splits:
      test: {per_generator: 2}
  - name: finchain_robust
    family: finchain_robust
    expand: {of_config: finchain, kinds: [misspelled, incomplete, out_of_domain]}
  - name: failsafe
    family: failsafe
    generators: [failsafe/synthetic]
    splits:
      test: {per_generator: 3}
  - name: failsafe_conditions
    family: failsafe_condition
    expand:
      of_config: failsafe
      kinds: [baseline, misspelled, incomplete, out_of_domain, ocr, missing_context, irrelevant_context]
"""


@pytest.mark.slow
def test_a_build_writes_all_three_configs_loadable_with_datasets(tmp_path: Path) -> None:
    folder = run_build(parse_config(CONFIG), tmp_path)
    failsafe = datasets.load_dataset(str(folder), "failsafe")["test"]
    conditions = datasets.load_dataset(str(folder), "failsafe_conditions")["test"]
    robust = datasets.load_dataset(str(folder), "finchain_robust")["test"]
    assert failsafe.num_rows == 3 and conditions.num_rows == 21 and robust.num_rows == 5 * 2 * 3
    assert conditions["item_id"][::7] == failsafe["id"]
    assert conditions["condition"][:7] == [condition.name for condition in CONDITIONS]
    assert conditions["target"][5] == UNANSWERABLE_TARGET
