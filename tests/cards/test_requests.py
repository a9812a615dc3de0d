"""Reading what a question asks for: its request sentence, root verb and object."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.cards.requests import request_sentence, verb_object_counts


def test_the_request_is_the_last_sentence_asking_something() -> None:
    question = "Ann saves $5,250.50 at 4.25% a year. What is the balance after 3 years? Round to the cent."
    assert request_sentence(question) == "What is the balance after 3 years?"
    assert request_sentence("Compute the payback period.") == "Compute the payback period."


def test_verbs_and_objects_of_typical_questions() -> None:
    counts = verb_object_counts(
        [
            "Ann deposits $1,000. What is the balance after 5 years?",
            "Compute the net present value of the project.",
            "How much interest will the bank charge?",
            "",
        ]
    )
    assert counts[("be", "balance")] == 1
    assert counts[("compute", "value")] == 1
    assert counts[("charge", "interest")] == 1
    assert counts[("—", "—")] == 1 and sum(counts.values()) == 4


@settings(max_examples=25, deadline=None)
@given(st.lists(st.text(max_size=80), max_size=4))
def test_every_question_is_counted_once_whatever_its_text(questions: list[str]) -> None:
    assert sum(verb_object_counts(questions).values()) == len(questions)
