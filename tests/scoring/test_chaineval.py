from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

import finsynth
from finsynth.errors import FinsynthError
from finsynth.scoring.chaineval import align_steps, evaluate_chains, split_steps, step_f1
from finsynth.scoring.numbers import parse_number
from tests.scoring.test_answer_gaming import with_unit


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return list(finsynth.generate(["finchain/corporate_finance", "finchain/crypto_finance"], n=2, seed=11))


def scaled_chain(record: dict[str, Any], factor: float) -> str:
    """The gold chain with every step result and the answer multiplied by ``factor``."""
    lines = [
        f"Step {k}: {step['text'].rsplit('=', 1)[0]}= {step['value'] * factor:.6f}"
        for k, step in enumerate(record["steps"], 1)
    ]
    return "\n".join([*lines, f"Answer: {with_unit(record['answer_value'] * factor, record['answer_unit'])}"])


def test_gold_solutions_score_perfectly(records: list[dict[str, Any]]) -> None:
    result = evaluate_chains(records, {r["id"]: r["solution"] for r in records})
    assert result.overall.answer_accuracy == 1.0
    assert all(item.step_precision == item.step_recall == 1.0 for item in result.items)
    assert result.overall.step_f1 == pytest.approx(1.0, abs=1e-4)
    assert sum(group.records for group in result.by_domain.values()) == len(records)
    assert set(result.by_difficulty) <= {"basic", "intermediate", "advanced"}


def test_numbers_off_by_a_fifth_are_wrong_and_unmatched(records: list[dict[str, Any]]) -> None:
    numeric = [r for r in records if r["answer_value"] not in (None, 0.0)]
    exact = evaluate_chains(numeric, {r["id"]: scaled_chain(r, 1.0) for r in numeric})
    assert exact.overall.answer_accuracy == 1.0 and exact.overall.step_recall > 0.95
    close = evaluate_chains(numeric, {r["id"]: scaled_chain(r, 1.04) for r in numeric})
    assert close.overall.answer_accuracy == 1.0
    off = evaluate_chains(numeric, {r["id"]: scaled_chain(r, 1.2) for r in numeric})
    assert off.overall.answer_accuracy == 0.0
    assert off.overall.step_recall < 0.1


def test_records_without_a_prediction_count_as_wrong_and_are_marked(records: list[dict[str, Any]]) -> None:
    half = records[::2]
    result = evaluate_chains(records, {r["id"]: r["solution"] for r in half})
    assert result.overall.missing == len(records) - len(half)
    assert result.overall.answer_accuracy == pytest.approx(len(half) / len(records))
    missing = [item for item in result.items if item.missing]
    assert all(not item.answer_correct and item.step_f1 == 0 for item in missing)


def test_percent_steps_written_only_as_percentages_still_match(records: list[dict[str, Any]]) -> None:
    percent = [r for r in records if r["answer_unit"] == "%"]
    assert percent
    outputs = {
        r["id"]: re.sub(r"= (-?[0-9.]+) \((-?[0-9.]+%)\)", r"= \2", r["solution"]).replace(
            "Answer: ", "Answer: "
        )
        for r in percent
    }
    assert any("(" not in line for output in outputs.values() for line in output.splitlines())
    result = evaluate_chains(percent, outputs)
    assert result.overall.answer_accuracy == 1.0
    assert result.overall.step_recall == 1.0


def test_a_reworded_chain_is_aligned_by_value_and_meaning(records: list[dict[str, Any]]) -> None:
    record = next(r for r in records if r["answer_value"] is not None and len(r["steps"]) >= 2)
    first = record["steps"][0]
    output = (
        f"Let me work through it.\n{first['text']}\n"
        "Then an unrelated remark with the number 123456.\n"
        f"Final answer: {record['target']}"  # the strict reader needs an Answer: line
    )
    item = evaluate_chains([record], {record["id"]: output}).items[0]
    assert item.answer_correct and item.matched_steps == 1 and item.predicted_steps == 2
    assert item.step_precision == 0.5 and item.step_recall == pytest.approx(1 / len(record["steps"]))


def test_tau_above_one_matches_nothing_but_keeps_answers(records: list[dict[str, Any]]) -> None:
    result = evaluate_chains(records[:6], {r["id"]: r["solution"] for r in records[:6]}, tau=1.01)
    assert result.overall.step_precision == 0 and result.overall.answer_accuracy == 1.0


def test_rouge_is_computed_on_request(records: list[dict[str, Any]]) -> None:
    outputs = {r["id"]: r["solution"] for r in records[:3]}
    assert evaluate_chains(records[:3], outputs).overall.rouge_l is None
    assert evaluate_chains(records[:3], outputs, with_rouge=True).overall.rouge_l == 1.0


def test_split_steps_uses_markers_or_lines_and_skips_answers_and_prose() -> None:
    marked = "Step 1: a = 2 + 3 = 5 Step 2: b = 5 x 2 = 10\nAnswer: 10"
    assert split_steps(marked) == ["a = 2 + 3 = 5", "b = 5 x 2 = 10"]
    lines = "Let us think.\nRevenue is $5 million. Costs are $3 million.\nThe answer is $2 million"
    assert split_steps(lines) == ["Revenue is $5 million.", "Costs are $3 million."]
    assert split_steps("") == []


def test_alignment_is_one_to_one_and_needs_value_and_similarity() -> None:
    five, six = parse_number("5"), parse_number("6")
    similarity = np.array([[0.9, 0.8], [0.95, 0.6], [0.9, 0.65]], dtype=np.float32)
    gold = [(5.0, "plain"), (5.0, "plain")]
    assert align_steps([five, five, six], gold, similarity) == [(1, 0), (0, 1)]  # type: ignore[arg-type]
    assert align_steps([six, six, six], gold, similarity) == []  # type: ignore[arg-type]
    assert align_steps([five, None, five], gold, similarity, tau=0.85) == [(0, 0)]  # type: ignore[arg-type]


def test_step_f1_uses_the_smoothing_term() -> None:
    assert step_f1(1.0, 1.0) == pytest.approx(2 / 2.0001)
    assert step_f1(0.0, 0.0) == 0.0
    assert step_f1(0.5, 1.0) == pytest.approx(1 / 1.5001)


def test_duplicate_record_ids_are_refused(records: list[dict[str, Any]]) -> None:
    with pytest.raises(FinsynthError, match="two records have the id"):
        evaluate_chains([records[0], records[1], records[0]], {})
