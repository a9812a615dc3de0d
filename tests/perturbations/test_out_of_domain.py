from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FinsynthError
from finsynth.perturbations import get_perturbation, out_of_domain
from finsynth.perturbations.lexicons import jargon_lexicon
from finsynth.perturbations.spans import apply_ops
from finsynth.seeding import RandomStream, derive_seed
from tests.perturbations.fake_client import ScriptedClient
from tests.perturbations.questions import finance_questions


def _stream(*parts: int | str) -> RandomStream:
    return RandomStream(derive_seed("test out_of_domain", *parts))


def test_is_registered_as_out_of_domain() -> None:
    assert get_perturbation("out_of_domain") is out_of_domain


def test_lexicon_is_large_and_offers_several_phrasings_per_term() -> None:
    lexicon = jargon_lexicon()
    assert len(lexicon) >= 150
    assert all(len(set(phrasings)) >= 2 for phrasings in lexicon.values())
    for term in (
        "net income",
        "ebitda",
        "accounts receivable",
        "free cash flow",
        "diluted eps",
        "goodwill impairment",
    ):
        assert term in lexicon


def test_replaces_each_term_with_one_of_its_phrasings() -> None:
    lexicon = jargon_lexicon()
    for index, question in enumerate(finance_questions(500, seed=3)):
        result = out_of_domain(question, _stream(index))
        assert apply_ops(question, result.ops) == result.text
        for op in result.ops:
            if op.kind == "no_candidate":
                continue
            term = str(op.details["term"])
            assert (op.before or "").lower() == term
            assert (op.after or "").lower() in {phrasing.lower() for phrasing in lexicon[term]}


def test_longest_term_wins_and_words_inside_other_words_are_left_alone() -> None:
    result = out_of_domain("Is free cash flow above cogsworth's EBITDAR?", _stream(0))
    assert [op.details["term"] for op in result.ops] == ["free cash flow"]


def test_phrasing_is_capitalised_only_at_the_start_of_a_sentence() -> None:
    result = out_of_domain("Net income fell. So did net income margins; EBITDA rose.", _stream(1))
    starts = [(op.after or "")[0] for op in result.ops]
    assert starts[0].isupper() and starts[1].islower() and starts[2].islower()


def test_the_stream_chooses_among_the_phrasings() -> None:
    chosen = {
        out_of_domain("What was net income?", _stream("choice", seed)).ops[0].after for seed in range(40)
    }
    assert chosen == set(jargon_lexicon()["net income"])


def test_text_without_jargon_is_no_candidate() -> None:
    result = out_of_domain("How did the weather affect the harvest?", _stream(0))
    assert result.text == "How did the weather affect the harvest?"
    assert [op.kind for op in result.ops] == ["no_candidate"]


@pytest.mark.parametrize("text", ["", "\t"])
def test_empty_text_is_an_error(text: str) -> None:
    with pytest.raises(FinsynthError, match="empty"):
        out_of_domain(text, _stream(0))


def test_bad_options_are_errors() -> None:
    with pytest.raises(FinsynthError, match="method must be one of"):
        out_of_domain("What was EBITDA?", _stream(0), method="thesaurus")
    with pytest.raises(FinsynthError, match="unknown option"):
        out_of_domain("What was EBITDA?", _stream(0), rate=0.5)


def test_llm_method_asks_for_a_lay_rewrite() -> None:
    client = ScriptedClient("How much profit did Apple keep after paying every cost in 2023?")
    question = "What was Apple's net income in 2023?"
    result = out_of_domain(question, _stream(0), method="llm", client=client)
    assert result.text == client.reply and [op.kind for op in result.ops] == ["out_of_domain_llm"]
    assert "everyday words" in client.conversations[0][1]["content"]


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(min_size=1, max_size=100).filter(str.strip)
    | st.lists(
        st.sampled_from(["EBITDA", "net  income", "ſhare buyback", "shareholders’ equity", "of", "."]),
        min_size=1,
    ).map(" ".join),
    seed=st.integers(0, 2**63 - 1),
)
def test_any_unicode_text_keeps_everything_outside_the_ops(text: str, seed: int) -> None:
    result = out_of_domain(text, RandomStream(seed))
    assert apply_ops(text, result.ops) == result.text
    assert all(op.kind == "no_candidate" or text[op.start : op.end] == op.before for op in result.ops)
    assert result.changed == (result.text != text)
    assert out_of_domain(text, RandomStream(seed)) == result
