from __future__ import annotations

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from finsynth.errors import FinsynthError
from finsynth.scoring.answers import (
    answer_line,
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
    check = check_numeric_answer(output, 0.1172, "%")
    assert check.correct and check.predicted == "11.72%"
    assert not check_numeric_answer("Answer: 11.72%\nFinal answer: 10%", 0.1172, "%").correct


def test_without_an_answer_line_nothing_is_read_unless_lenient() -> None:
    for output, gold, unit in [
        ("First 5, then we get $1,234.56", 1234.56, "USD"),
        ("The value is \\boxed{1,234.56} dollars", 1234.56, "USD"),
        ("So the answer is 11.72%.", 0.1172, "%"),
    ]:
        strict = check_numeric_answer(output, gold, unit)
        assert not strict.correct and strict.predicted is None
        assert check_numeric_answer(output, gold, unit, lenient=True).correct
    check = check_numeric_answer("I cannot answer.", 5.0, None, lenient=True)
    assert not check.correct and check.predicted is None


@pytest.mark.parametrize(
    ("answer", "unit", "right"),
    [
        ("Answer: $1,234.56", "USD", True),
        ("Answer: 1,234.56 dollars", "USD", True),
        ("Answer: 1,234.56", "USD", False),  # a bare number for an amount in dollars
        ("Answer: ¥1,234.56", "USD", False),  # another currency
        ("Answer: 1,234.56 years", "USD", False),
        ("Answer: 1,234.56%", "USD", False),
        ("Answer: 1,234.56", None, True),  # a unitless gold takes a bare number ...
        ("Answer: 1,234.56", "", True),
        ("Answer: $1,234.56", None, False),  # ... and nothing else
        ("Answer: 1,234.56x", None, False),
        ("Answer: 1,234.56x", "times", True),
        ("Answer: 1,234.56 times", "times", True),
        ("Answer: 1,234.56 months", "years", False),
        ("Answer: 1,234.56 tonnes", "tons", True),
    ],
)
def test_a_numeric_answer_needs_the_unit_of_the_gold(answer: str, unit: str | None, right: bool) -> None:
    assert check_numeric_answer(answer, 1234.56, unit).correct is right
    if unit:  # lenient mode takes bare numbers, never a wrong unit
        assert check_numeric_answer(answer, 1234.56, unit, lenient=True).correct is (
            right or answer == "Answer: 1,234.56"
        )


def test_every_number_on_the_answer_line_must_agree() -> None:
    assert check_numeric_answer("Answer: $844,838,136.99 (about 845 million)", 844838136.99, "USD").correct
    assert check_numeric_answer("Answer: 3.9% (390 bp)", 0.039, "%").correct
    for spray in ("Answer: 1 2 3 3.9%", "Answer: 3.9% 1 2 3", "Answer: 3.9% or 4.2%", "Answer: 3.9% (0.5%)"):
        assert not check_numeric_answer(spray, 0.039, "%").correct, spray
        assert not check_numeric_answer(spray, 0.039, "%", lenient=True).correct, spray


def test_labels_are_normalised_and_must_be_exactly_one_choice() -> None:
    choices = ["form filed", "no form filed"]
    assert check_label_answer("Answer: 'No Form Filed.'", "no form filed", choices).correct
    assert not check_label_answer("Answer: no form filed", "form filed", choices).correct
    assert check_label_answer("Answer: **form filed**", "form filed", choices).correct
    assert not check_label_answer("It is a clear sell, so: sell", "sell", ["buy", "sell", "hold"]).correct
    assert check_label_answer(
        "It is a clear sell, so: sell", "sell", ["buy", "sell", "hold"], lenient=True
    ).correct
    assert not check_label_answer("Answer: buy", "sell", ["buy", "sell", "hold"]).correct
    assert check_label_answer("Answer: Compliant", "compliant", []).correct
    for hedge in (
        "Answer: sell or hold",
        "Answer: sell (or hold)",
        "Answer: I would sell",
        "Answer: sell/buy",
    ):
        assert not check_label_answer(hedge, "sell", ["buy", "sell", "hold"]).correct, hedge
    assert not check_label_answer(
        "Answer: sell or hold", "sell", ["buy", "sell", "hold"], lenient=True
    ).correct


def test_answer_segment_and_stated_number() -> None:
    assert answer_segment("x\nThe answer is 5\nmore") is None
    assert answer_segment("x\nThe answer is 5\nmore", lenient=True) == " 5"
    assert answer_segment("x\n**Final Answer:**\n\n 5\nmore") == " 5"
    assert answer_segment("- ### answer = 5") == "5"
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
        assert check_numeric_answer(
            record["solution"], record["answer_value"], record["answer_unit"], 1e-12
        ).correct, record["target"]
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
    # The answer carries the target's unit, as the strict reader requires: "$" before, "years" after.
    before, after = shape.split("{")[0], shape.split("}")[-1]
    if text.startswith("("):
        text = f"({before}{text[1:]}"
    elif before:
        text = f"{before}{text}"
    score = score_answer(f"Step 1: work...\nAnswer: {text}{after}", {"target": target})
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
