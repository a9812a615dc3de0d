from __future__ import annotations

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from finsynth.errors import FinsynthError
from finsynth.scoring.answers import (
    answer_line,
    answer_scale,
    answer_segment,
    check_label_answer,
    check_numeric_answer,
    normalise_label,
    score_answer,
    stated_number,
    step_scale,
    values_agree,
)
from finsynth.scoring.numbers import parse_number


def number(text: str):
    parsed = parse_number(text)
    assert parsed is not None
    return parsed


@pytest.mark.parametrize(
    ("written", "gold", "scale", "agrees"),
    [
        ("11.72%", 0.1172, "percent", True),
        ("0.1172", 0.1172, "percent", True),
        ("11.72", 0.1172, "percent", True),  # a bare number answering "as a percentage"
        ("11.72", 0.1172, "plain", False),  # but not when the gold is no percentage
        ("12.2%", 0.1172, "percent", True),  # within 5%
        ("12.4%", 0.1172, "percent", False),
        ("2.98%", 298.0, "basis_points", True),
        ("298 bp", 298.0, "basis_points", True),
        ("-9.23%", -0.0923, "percent", True),
        ("9.23%", -0.0923, "percent", False),  # a dropped sign is wrong
        ("0", 0.0, "plain", True),
        ("0.001", 0.0, "plain", False),
        ("$3.5 million", 3_500_000.0, "plain", True),
    ],
)
def test_values_agree_reads_units_against_the_gold_scale(written, gold, scale, agrees):
    assert values_agree(number(written), gold, scale) is agrees


def test_the_last_stated_answer_counts() -> None:
    output = "Answer: 10.00%\nOn reflection I made an error.\nFinal answer: 11.72%"
    check = check_numeric_answer(output, 0.1172, "percent")
    assert check.correct and check.predicted == "11.72%"
    assert not check_numeric_answer("Answer: 11.72%\nFinal answer: 10%", 0.1172, "percent").correct


def test_without_a_marker_the_last_number_is_the_answer() -> None:
    assert check_numeric_answer("First 5, then we get $1,234.56", 1234.56, "plain").correct
    assert check_numeric_answer("The value is \\boxed{1,234.56} dollars", 1234.56, "plain").correct
    check = check_numeric_answer("I cannot answer.", 5.0, "plain")
    assert not check.correct and check.predicted is None


def test_labels_are_normalised_and_nested_labels_resolved() -> None:
    choices = ["form filed", "no form filed"]
    assert check_label_answer("Answer: 'No Form Filed.'", "no form filed", choices).correct
    assert not check_label_answer("Answer: no form filed", "form filed", choices).correct
    assert check_label_answer("Answer: **form filed**", "form filed", choices).correct
    assert check_label_answer("It is a clear sell, so: sell", "sell", ["buy", "sell", "hold"]).correct
    assert not check_label_answer("Answer: buy", "sell", ["buy", "sell", "hold"]).correct
    assert check_label_answer("Answer: Compliant", "compliant", []).correct


def test_answer_segment_and_stated_number() -> None:
    assert answer_segment("x\nThe answer is 5\nmore") == " 5"
    assert answer_segment("no marker") is None
    assert normalise_label("  “Buy”! ") == "buy"
    stated = stated_number("r = 0.1040 - 0.0320 = 0.0720 (7.20%)")
    assert stated is not None and stated.value == 0.072
    last = stated_number("the spread is 7.2%")
    assert last is not None and last.unit == "percent"


def test_every_gold_solution_reads_back_exactly() -> None:
    """The reference extractor dropped signs and truncated decimals on FinChain's own gold; ours must not."""
    import finsynth

    records = list(finsynth.generate("finchain/", n=2, seed=8))
    assert len(records) >= 580
    signed = 0
    for record in records:
        for step in record["steps"]:
            stated = stated_number(step["text"])
            assert stated is not None, step["text"]
            assert values_agree(stated, step["value"], step_scale(step["text"]), 1e-12), step["text"]
        if record["answer_value"] is None:
            assert check_label_answer(record["solution"], record["answer_label"], record["choices"]).correct
            continue
        signed += record["answer_value"] < 0
        scale = answer_scale(record["answer_unit"])
        assert check_numeric_answer(record["solution"], record["answer_value"], scale, 1e-12).correct, record[
            "target"
        ]
    assert signed > 0  # the check covers negative answers


@settings(max_examples=200, deadline=None)
@example(0.00390625, "${:,.2f}", 0.125, "{:.6f}")
@example(-8385.35, "${:,.2f}", 0.0, "({:,.2f})")
@given(
    st.floats(min_value=-1e9, max_value=1e9, allow_nan=False).filter(lambda v: abs(v) > 1e-3),
    st.sampled_from(["${:,.2f}", "{:.2f}%", "{:.2f} years", "{:,.4f}", "{:.1f} bp", "{:.2f}x"]),
    st.floats(min_value=0.0, max_value=0.2),
    st.sampled_from(["{:.6f}", "{:,.6f}", "{:.6e}"]),
)
def test_score_answer_is_one_exactly_within_the_tolerance(
    value: float, shape: str, error: float, written: str
) -> None:
    target = shape.format(value)
    shown = parse_number(target)
    assert shown is not None
    assume(shown.value != 0)  # a target shown as 0 (e.g. "$0.00") has no relative tolerance to test
    answer = shown.value * (1 + error)
    if written.startswith("(") or answer < 0:
        text = f"({abs(answer):,.6f})" if written.startswith("(") and answer < 0 else f"{answer:.6f}"
    else:
        text = written.format(answer)
    unit = "%" if shown.unit == "percent" else " bp" if shown.unit == "basis_points" else ""
    score = score_answer(f"Step 1: work...\nAnswer: {text}{unit}", {"target": target})
    if error <= 0.049:
        assert score == 1.0, (target, text)
    elif error >= 0.051:
        assert score == 0.0, (target, text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200), st.text(min_size=1, max_size=30))
def test_any_output_against_any_target_gets_a_verdict_and_the_filter_keeps_it(
    output: str, target: str
) -> None:
    record = {"target": target}
    verdict = score_answer(output, record)
    assert verdict in (0.0, 1.0)
    assert score_answer(answer_line(output), record) == verdict  # the lm-eval filter changes no verdict


def test_a_record_without_an_answer_is_an_error_even_for_an_empty_output() -> None:
    for output in ("", "Answer: 5"):
        with pytest.raises(FinsynthError, match="needs 'answer_value'"):
            score_answer(output, {"input": "What is 2 + 3?"})


def test_score_answer_is_the_public_reward_for_generated_records() -> None:
    import finsynth

    (record,) = finsynth.generate(
        "finchain/investment_analysis/compound_interest/future_value_of_a_single_deposit", n=1, seed=4
    )
    assert finsynth.score_answer(record["solution"], record) == 1.0
    assert finsynth.score_answer(record["solution"] + "\nAnswer: 0.0001", record) == 0.0
    assert finsynth.score_answer(None, record) == 0.0
