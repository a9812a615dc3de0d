"""Reading the benchmark's hint sentences (examples here are our own sentences in its style)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.generators.ucfe.bench_hints import DEFAULT_KIND, read_bench_hints
from finsynth.generators.ucfe.hints import HINT_FIELDS


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("AI assistants should respond neutrally.", "neutral"),
        ("The AI assistant should outperform the market", "outperform"),
        ("AI assistant should respond poorly.", "underperform"),
        ("AI assistant should answer containing", "contains"),
        ("AI assistant should answer without including", "does not contain"),
        ("AI assistant should not include", "does not contain"),
    ],
)
def test_verdicts_become_the_label_the_item_asks_for(text, label):
    assert read_bench_hints(text) == ({"answer": [label]}, [])


def test_a_reference_answer_sentence_keeps_what_follows_the_lead():
    values, notes = read_bench_hints("The reference answer from the AI assistant is that the margin is 12%.")
    assert values == {"answer": ["the margin is 12%."]} and notes == []
    values, _ = read_bench_hints("The answer is to fine the broker. It is encouraged to mention the rule.")
    assert values == {
        "answer": ["to fine the broker."],
        "encourage": ["It is encouraged to mention the rule."],
    }


def test_lead_quote_and_closing_clause():
    text = (
        "The AI assistant's answer must include the following key points (wording may vary): "
        '"1. Cash is king; 2. Debt is due in May," lacking these points means the answer '
        "is judged as wrong.\n"
        'AI assistant\'s response needs to cover at least the following content: "Liquidity." However, '
        "merely meeting these requirements may lead to a lower score.\n"
        'Ideally, the AI assistant\'s response should include the following points: "Peers." This ensures '
        "the comprehensiveness of the answer.\n"
        'The AI assistant is encouraged to mention the following in the response: "Trends." This can enhance '
        "the quality of the response.\n"
        'The AI assistant\'s answer should avoid using this language style: "Jargon." Otherwise, the answer '
        "will be judged as inappropriate."
    )
    values, notes = read_bench_hints(text)
    assert values == {
        "must_contain": ["Cash is king", "Debt is due in May"],
        "at_least_contain": ["Liquidity."],
        "should_contain": ["Peers."],
        "encourage": ["Trends."],
        "forbid": ["Jargon."],
    }
    assert notes == []


def test_numbered_content_may_span_lines_and_mix_quote_marks():
    text = (
        "AI Assistant's response must include the following key content: \"1. Sales;\n2. Margin: 4.5%;” "
        "Missing these contents means the answer is judged as incorrect."
    )
    values, notes = read_bench_hints(text)
    assert values["must_contain"] == ["Sales", "Margin: 4.5%"] and notes == []


def test_several_quoted_entries_after_a_lead_are_split():
    values, _ = read_bench_hints(
        'The AI assistant is encouraged to mention the following: "rates," "FX," "tax."'
    )
    assert values == {"encourage": ["rates", "FX", "tax."]}


def test_a_lead_that_carries_content_keeps_its_sentence_whole():
    text = 'Risk warnings should include at least two of the following: "rates," "FX."'
    assert read_bench_hints(text) == ({"at_least_contain": [text]}, [])


def test_free_sentences_take_the_kind_of_their_earliest_cue():
    text = (
        "It must be mentioned that sales rose.\n"
        "Encourage mentioning that exports, which should include at least one region, grew.\n"
        "It is not recommended to mention rival firms.\n"
        "Investment advice should mention at least two names."
    )
    values, notes = read_bench_hints(text)
    assert values == {
        "must_contain": ["It must be mentioned that sales rose."],
        "encourage": ["Encourage mentioning that exports, which should include at least one region, grew."],
        "forbid": ["It is not recommended to mention rival firms."],
        "at_least_contain": ["Investment advice should mention at least two names."],
    }
    assert notes == []


def test_judgement_calls_are_reported_and_no_text_is_dropped():
    text = (
        "Prices fell last week.\n"
        '(2) Volumes held up. Encourage the AI assistant to mention the following content: " ", this will '
        "help improve the quality of the answer.\n"
        'Ideally, the answer should include the following points: "Costs," and explain the outlook, to '
        "ensure the comprehensiveness of the answer."
    )
    values, notes = read_bench_hints(text)
    assert values == {
        DEFAULT_KIND: ["Prices fell last week.\n(2) Volumes held up.", "Costs", "explain the outlook"],
    }
    assert notes == [
        f"sentence 1 has no cue; read as {DEFAULT_KIND}",
        "hint 2: the encourage content is empty",
        "hint 3: kept the text after the quoted should_contain content as its own entry",
    ]


def test_unbalanced_quotes_are_noted():
    values, notes = read_bench_hints('Encourage mentioning "growth. Avoid hype.')
    assert notes[0].startswith("the quotes are unbalanced") and values["encourage"]


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_read_into_known_fields_without_error(text):
    values, notes = read_bench_hints(text)
    assert set(values) <= set(HINT_FIELDS) and all(isinstance(note, str) for note in notes)
    assert all(entries for entries in values.values())


words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ", min_size=1, max_size=30).filter(lambda s: s.strip())


@settings(max_examples=150, deadline=None)
@given(st.lists(words, min_size=2, max_size=5))
def test_numbered_quoted_lists_give_back_their_entries(entries):
    body = "; ".join(f"{number}. {entry}" for number, entry in enumerate(entries, 1))
    lead = "The AI assistant's response must include the following key content"
    text = f'{lead}: "{body}." Missing these is wrong.'
    values, _ = read_bench_hints(text)
    expected = [entry.strip() for entry in entries[:-1]] + [(entries[-1] + ".").strip()]
    assert values == {"must_contain": expected}
