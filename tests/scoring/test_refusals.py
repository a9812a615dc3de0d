"""The refusal-only rule: short answers that only decline, and nothing with substance (issue 33)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.scoring.refusals import MAX_REFUSAL_WORDS, is_refusal_only


@pytest.mark.parametrize(
    "answer",
    [
        "I'm sorry, but I cannot answer that question.",
        "I can't help with that.",
        "I am unable to determine the answer from the document.",
        "Sorry — no information is available.",
        "As an AI, I do not know.",
        "I must decline.",
    ],
)
def test_answers_that_only_decline_are_refusals(answer: str) -> None:
    assert is_refusal_only(answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Revenue was $4.2 billion, up 8%.",
        "I cannot be sure, but revenue was $4.2 billion in 2023.",  # a figure: the judge weighs it
        "The company is not compliant with the covenant.",
        "Sorry " + "word " * MAX_REFUSAL_WORDS,  # long enough to say more than no
        "",
    ],
)
def test_answers_with_substance_are_not_refusals(answer: str) -> None:
    assert not is_refusal_only(answer)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200), st.integers(min_value=0, max_value=9))
def test_no_answer_with_a_figure_is_taken_for_a_refusal(text: str, digit: int) -> None:
    assert not is_refusal_only(f"I'm sorry, I cannot answer. {text} {digit}")
