"""Final-answer checking for the inspect_ai scorer."""

from __future__ import annotations

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from finsynth.harness.answers import final_answer_text, is_correct, parse_number


def test_the_final_answer_is_the_last_answer_line() -> None:
    output = "Step 1: growth = 1.05 ** 3\nAnswer: $10\nWait, recheck.\nAnswer: $1,157.63\n"
    assert final_answer_text(output) == "$1,157.63"
    assert final_answer_text("no marker here\n\n  42 years  \n") == "42 years"
    assert final_answer_text("") == ""


def test_numbers_are_read_with_currency_signs_separators_and_minus_signs() -> None:
    assert parse_number("$1,234.50") == 1234.5
    assert parse_number("−3 years") == -3
    assert parse_number("about .5") == 0.5
    assert parse_number("none") is None


def test_numeric_targets_accept_answers_within_five_percent() -> None:
    assert is_correct("Answer: $16,680.96", "$16,680.96")
    assert is_correct("Answer: 16000", "$16,680.96")  # 4.1% off
    assert not is_correct("Answer: 15800", "$16,680.96")  # 5.3% off
    assert is_correct("Answer: 9.7%", "9.70%")
    assert is_correct("Answer: 0.097", "9.70%")  # a rate given as a fraction
    assert not is_correct("Answer: 9.7", "0.0970 years")  # only percentages convert
    assert not is_correct("I cannot tell.", "$16,680.96")


def test_categorical_targets_need_the_label() -> None:
    choices = ["accept", "reject"]
    assert is_correct("The NPV is positive.\nAnswer: Accept.", "accept", choices)
    assert not is_correct("Answer: reject", "accept", choices)


@settings(max_examples=200, deadline=None)
@example(0.00390625, "${:,.2f}", 0.125)
@given(
    st.floats(min_value=-1e9, max_value=1e9, allow_nan=False).filter(lambda v: abs(v) > 1e-3),
    st.sampled_from(["${:,.2f}", "{:.2f}%", "{:.2f} years", "{:,.4f}"]),
    st.floats(min_value=0.0, max_value=0.2),
)
def test_an_answer_is_right_exactly_when_it_is_within_the_tolerance(
    value: float, shape: str, error: float
) -> None:
    target = shape.format(value)
    shown = parse_number(target)
    assert shown is not None
    assume(shown != 0)  # a target shown as 0 (e.g. "$0.00") has no relative tolerance to test
    answer = shown * (1 + error)
    verdict = is_correct(f"work...\nAnswer: {answer!r}", target)
    if error <= 0.049:
        assert verdict
    elif error >= 0.051 and not target.endswith("%"):
        assert not verdict


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200), st.text(max_size=30))
def test_any_text_gets_a_verdict(output: str, target: str) -> None:
    assert is_correct(output, target) in (True, False)
