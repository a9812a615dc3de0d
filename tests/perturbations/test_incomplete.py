from __future__ import annotations

import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FinsynthError
from finsynth.perturbations import check_query, get_perturbation, incomplete
from finsynth.perturbations.incomplete import must_keep
from finsynth.perturbations.invariants import merge_spans, polarity_words, protected_spans, rule_words
from finsynth.perturbations.lexicons import query_scaffolding
from finsynth.perturbations.ops import Perturbed
from finsynth.perturbations.spans import apply_ops
from finsynth.seeding import RandomStream
from tests.perturbations.fake_client import ScriptedClient
from tests.perturbations.questions import finance_questions, tatqa_questions

METHODS = ("spacy", "rules")
NUMBER_OR_TICKER = re.compile(r"[$€]?\d+(?:[,.]\d+)*%?|\b[A-Z]{2,5}\b")


def test_is_registered_as_incomplete() -> None:
    assert get_perturbation("incomplete") is incomplete


@pytest.mark.parametrize("method", METHODS)
def test_keeps_key_phrases_numbers_and_tickers_and_drops_the_scaffolding(method: str) -> None:
    result = incomplete(
        "Can you please tell me what Apple's (AAPL) net income was in fiscal 2023?",
        RandomStream(0),
        method=method,
    )
    assert result.text.startswith("Apple")
    for kept in ("net income", "fiscal 2023", "AAPL"):
        assert kept in result.text
    assert not any(
        word in result.text.split() for word in ("Can", "you", "please", "tell", "me", "what", "was", "in")
    )
    assert "?" not in result.text and "(" not in result.text


@pytest.mark.slow
@pytest.mark.parametrize("method", METHODS)
def test_every_question_becomes_shorter_keywords_keeping_its_numbers(method: str) -> None:
    questions = finance_questions(300, seed=5) + tatqa_questions()[:300]
    scaffolding = query_scaffolding()
    for question in questions:
        result = incomplete(question, RandomStream(0), method=method)
        assert result.changed and result.text and result.text != question, question
        assert len(result.text) < len(question)
        kept_numbers = NUMBER_OR_TICKER.findall(result.text)
        for number in NUMBER_OR_TICKER.findall(question):
            assert number in kept_numbers or any(number in kept for kept in kept_numbers), (question, number)
        assert result.text.split()[0].lower() not in scaffolding, (question, result.text)


def test_the_spacy_keywords_are_those_of_the_whole_model() -> None:
    # The pipeline leaves out the parser (and lemmatizer) for speed; the keywords must not change.
    import importlib

    import spacy

    # The package exports the perturbation function under the module's own name.
    module = importlib.import_module("finsynth.perturbations.incomplete")
    whole = spacy.load(module.SPACY_MODEL)
    questions = finance_questions(60, seed=3) + tatqa_questions()[::20]
    lean = [module.kept_by_spacy(question) for question in questions]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module, "_pipeline", lambda: whole)
        for question, kept in zip(questions, lean, strict=True):
            assert module.kept_by_spacy(question) == kept, question
    assert set(module.SPACY_LEFT_OUT) <= set(whole.pipe_names)
    assert not set(module.SPACY_LEFT_OUT) & set(module._pipeline().pipe_names)


def test_spacy_keeps_an_organisation_name_whole_where_rules_cut_it() -> None:
    question = "What was the revenue of Bank of America in 2023?"
    assert "Bank of America" in incomplete(question, RandomStream(0), method="spacy").text
    assert "Bank America" in incomplete(question, RandomStream(0), method="rules").text


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("revenue growth 2023", "already keywords"),
        ("What is it?", "no content word"),
        ("?!", "no content word"),
    ],
)
def test_no_candidate_when_nothing_to_drop_or_nothing_to_keep(method: str, text: str, reason: str) -> None:
    result = incomplete(text, RandomStream(0), method=method)
    assert result.text == text
    assert [op.kind for op in result.ops] == ["no_candidate"]
    assert reason in str(result.ops[0].details["reason"])


@pytest.mark.parametrize("text", ["", " \n"])
def test_empty_text_is_an_error(text: str) -> None:
    with pytest.raises(FinsynthError, match="empty"):
        incomplete(text, RandomStream(0))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"method": "regex"}, "method must be one of"),
        ({"method": "llm"}, "client= exactly when"),
        ({"method": "rules", "client": ScriptedClient("x")}, "client= exactly when"),
        ({"kept": 3}, "unknown option"),
        ({"keep": 3}, "keep must be a list"),
    ],
)
def test_bad_options_are_errors(options: dict[str, object], message: str) -> None:
    with pytest.raises(FinsynthError, match=message):
        incomplete("What was the revenue?", RandomStream(0), **options)


def test_llm_method_sends_the_question_and_returns_the_rewrite_as_one_op() -> None:
    client = ScriptedClient(' "Apple net income 2023" \n')
    question = "What was Apple's net income in 2023?"
    result = incomplete(question, RandomStream(0), method="llm", client=client)
    assert result.text == "Apple net income 2023"
    assert [op.kind for op in result.ops] == ["incomplete_llm"]
    assert apply_ops(question, result.ops) == result.text
    (conversation,) = client.conversations
    assert [message["role"] for message in conversation] == ["system", "user"]
    assert question in conversation[1]["content"] and "search" in conversation[1]["content"]


def test_llm_method_rejects_an_empty_reply_and_reports_an_unchanged_one() -> None:
    with pytest.raises(FinsynthError, match="empty rewrite"):
        incomplete("What was the revenue?", RandomStream(0), method="llm", client=ScriptedClient("  "))
    same = incomplete(
        "What was the revenue?", RandomStream(0), method="llm", client=ScriptedClient("What was the revenue?")
    )
    assert [op.kind for op in same.ops] == ["no_candidate"]
    with pytest.raises(FinsynthError, match="complete"):
        incomplete("What was the revenue?", RandomStream(0), method="llm", client=object())


def _check(text: str, result: Perturbed) -> None:
    assert apply_ops(text, result.ops) == result.text
    if result.changed:
        assert result.text.strip() and result.text != text
        assert all(op.kind == "keywords" and text[op.start : op.end] == op.before for op in result.ops)
    else:
        assert result.text == text


@settings(max_examples=300, deadline=None)
@given(text=st.text(min_size=1, max_size=100).filter(str.strip))
def test_rules_on_any_unicode_keep_everything_outside_the_ops(text: str) -> None:
    result = incomplete(text, RandomStream(0), method="rules")
    _check(text, result)
    assert incomplete(text, RandomStream(99), method="rules") == result


@settings(max_examples=40, deadline=None)
@given(text=st.text(min_size=1, max_size=80).filter(str.strip))
def test_spacy_on_any_unicode_keeps_everything_outside_the_ops(text: str) -> None:
    result = incomplete(text, RandomStream(0))
    _check(text, result)
    assert incomplete(text, RandomStream(7)) == result


def _words_with_digits_by_backtracking(text: str) -> list[tuple[int, int]]:
    """The words holding a digit as a backtracking pattern defines them (quadratic on long words)."""
    spans = []
    for match in re.finditer(r"[^\s(\[]*\d[^\s]*", text):
        word = match.group().rstrip(".,;:?!)]")
        spans.append((match.start(), match.start() + len(word)))
    return spans


@settings(max_examples=500, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("ab1٣ ([)].,?$-\n"), max_size=40))
def test_words_with_digits_are_the_ones_the_backtracking_pattern_finds(text: str) -> None:
    expected = merge_spans([*protected_spans(text), *_words_with_digits_by_backtracking(text)])
    assert must_keep(text) == expected


def test_a_long_word_without_digits_is_scanned_in_linear_time() -> None:
    word = "financialization" * 50_000  # 800,000 characters: about an hour for the backtracking pattern
    started = time.process_time()
    assert must_keep(word) == []
    assert must_keep(word + "7") == [(0, len(word) + 1)]
    assert time.process_time() - started < 5


@pytest.mark.parametrize("method", ["spacy", "rules"])
def test_keyword_queries_keep_at_most_half_the_words_like_a_search_box(method: str) -> None:
    shares = []
    for index, question in enumerate(finance_questions(300)):
        result = incomplete(question, RandomStream(index), method=method)
        if result.changed:
            shares.append(len(result.text.split()) / len(question.split()))
    assert shares and max(shares) <= 0.5 + 1e-9
    assert sorted(shares)[len(shares) // 2] >= 0.3


FRAMED = [
    (
        "Per the 10-K, ",
        "how much inventory did Duran Silicon, Inc. hold at the end of fiscal 2020?",
        " Keep it short.",
    ),
    (
        "Using the filing, ",
        "what was the net income of Pearson, Inc. in fiscal 2021?",
        " Answer from the filing alone.",
    ),
]


@pytest.mark.parametrize("method", ["spacy", "rules"])
@pytest.mark.parametrize(("lead", "core", "trailer"), FRAMED)
def test_nothing_outside_the_core_is_kept(method: str, lead: str, core: str, trailer: str) -> None:
    text = lead + core + trailer
    result = incomplete(text, RandomStream(0), method=method, core=(len(lead), len(lead) + len(core)))
    kept = set(result.text.split())
    assert not kept & {"10-K", "Per", "filing", "Answer", "alone", "Keep", "short", "Using"}
    assert "2020" in result.text or "2021" in result.text


RULES = [
    "Rate the target 'high concentration' if the largest customer's share is above 10.00% or the three "
    "customers' combined share is above 25.00%; otherwise rate it 'acceptable'. Which rating applies?",
    "Classify the bank as 'compliant' if the ratio is at least the minimum plus the buffer, otherwise "
    "'not compliant'. The bank cannot count its deferred tax assets.",
    "Classify the stock as 'undervalued' if the expected return exceeds the required return by more than one "
    "percentage point, 'overvalued' if it falls short by more than one percentage point.",
]


@settings(max_examples=60, deadline=None)
@given(text=st.sampled_from(RULES), method=st.sampled_from(["spacy", "rules"]), seed=st.integers(0, 2**32))
def test_comparison_words_negations_and_units_of_a_label_rule_are_kept(
    text: str, method: str, seed: int
) -> None:
    result = incomplete(text, RandomStream(seed), method=method)
    assert check_query("incomplete", text, result) == ()
    assert rule_words(result.text) == rule_words(text)
    assert polarity_words(result.text) == polarity_words(text)
