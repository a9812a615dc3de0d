"""The perturbation validators: what they accept, what they catch, and the findings they guard against."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.perturbations import (
    check_missing_context,
    check_ocr,
    check_out_of_scope,
    check_query,
    get_perturbation,
    incomplete,
    misspell,
    ocr_noise,
    out_of_domain,
    perturb_checked,
)
from finsynth.perturbations.invariants import (
    POLARITY_PHRASES,
    number_spans,
    number_tokens,
    polarity_words,
    quoted_labels,
)
from finsynth.perturbations.lexicons import jargon_lexicon
from finsynth.perturbations.ops import Op, Perturbed
from finsynth.perturbations.redraw import attempt_seed
from finsynth.perturbations.validators import reported_years
from finsynth.seeding import RandomStream

QUERY_KINDS = ("misspell", "incomplete", "out_of_domain")

_VOCABULARY = (
    "the company reported revenue growth while net income fell and the analyst asked about cash flow "
    "for each quarter of the fiscal year with interest paid on total debt"
)
_WORDS = st.sampled_from(_VOCABULARY.split(" "))
_NUMBERS = st.sampled_from(["$75,000,000.00", "−$360,000", "24.50%", "3-for-2", "1,131", "-4.2%", "0.53"])
_LABELS = st.sampled_from(["'form filed'", "'no form filed'", "'buy'", "'hold'", "'on track'"])
_POLARITY = st.sampled_from([phrase for phrase in POLARITY_PHRASES if " " not in phrase])
_PIECES = st.one_of(_WORDS, _WORDS, _WORDS, _NUMBERS, _LABELS, _POLARITY)


@st.composite
def questions(draw: st.DrawFn) -> str:
    """A finance-like question mixing words, numbers, quoted labels and polarity words."""
    pieces = draw(st.lists(_PIECES, min_size=4, max_size=24))
    return " ".join(pieces).capitalize() + "?"


def _stream(seed: int) -> RandomStream:
    return RandomStream(seed)


# --- what every query perturbation keeps (property tests) ---------------------------------


@settings(deadline=None)
@given(questions(), st.integers(0, 2**32))
def test_misspellings_keep_numbers_labels_and_polarity(question: str, seed: int) -> None:
    result = misspell(question, _stream(seed), edits=3)
    problems = check_query("misspell", question, result)
    assert not [problem for problem in problems if problem != "the query is unchanged"], problems


@settings(deadline=None)
@given(questions())
def test_keyword_queries_keep_numbers_labels_and_polarity(question: str) -> None:
    result = incomplete(question, _stream(0), method="rules")
    problems = check_query("incomplete", question, result)
    assert not [problem for problem in problems if problem != "the query is unchanged"], problems


@settings(deadline=None)
@given(st.lists(st.sampled_from(sorted(jargon_lexicon())), min_size=1, max_size=4), st.integers(0, 2**32))
def test_lay_rephrasings_use_one_true_phrasing_per_term(terms: list[str], seed: int) -> None:
    question = " and ".join(f"what was the {term} of the firm" for term in [*terms, terms[0]]) + "?"
    result = out_of_domain(question, _stream(seed))
    lexicon = jargon_lexicon()
    chosen: dict[str, str] = {}
    for op in result.ops:
        term, phrasing = str(op.details["term"]), str(op.details["phrasing"])
        assert phrasing in lexicon[term]
        assert chosen.setdefault(term, phrasing) == phrasing
    assert result.changed


@settings(deadline=None)
@given(questions(), st.integers(0, 2**32))
def test_a_checked_perturbation_passes_its_check_or_is_left_out(question: str, seed: int) -> None:
    for name in ("misspell", "out_of_domain"):
        checked = perturb_checked(name, question, seed, lambda p, name=name: check_query(name, question, p))
        if checked.perturbed is not None:
            assert check_query(name, question, checked.perturbed) == ()
        assert 0 <= checked.redraws < 6


# --- what the validators catch (property tests) -------------------------------------------


@settings(deadline=None)
@given(questions(), st.sampled_from(QUERY_KINDS))
def test_a_changed_digit_is_caught(question: str, kind: str) -> None:
    digits = [match.start() for match in re.finditer(r"\d", question)]
    if not digits:
        return
    where = digits[0]
    broken = question[:where] + str((int(question[where]) + 1) % 10) + question[where + 1 :]
    problems = check_query(kind, question, Perturbed(broken, (Op("x", 0, 1, "a", "b"),)))
    assert any("numbers lost" in problem for problem in problems)


@settings(deadline=None)
@given(questions(), st.sampled_from(QUERY_KINDS))
def test_a_dropped_polarity_word_or_label_is_caught(question: str, kind: str) -> None:
    dropped = polarity_words(question)[:1] or quoted_labels(question)[:1]
    if not dropped:
        return
    pattern = re.compile(rf"(?<![\w-]){re.escape(dropped[0])}(?![\w-])", re.IGNORECASE)
    broken = pattern.sub("", question, count=1)
    assert check_query(kind, question, Perturbed(broken, (Op("x", 0, 1, "a", "b"),)))


def test_an_unchanged_query_is_caught() -> None:
    question = "What was the net income?"
    for kind in QUERY_KINDS:
        assert "the query is unchanged" in check_query(kind, question, Perturbed(question, ()))


def test_two_phrasings_of_one_term_and_a_false_phrasing_are_caught() -> None:
    question = "Compare the gross margin with the gross margin last year."
    ops = (
        Op(
            "plain_language",
            12,
            24,
            "gross margin",
            "x",
            {"term": "gross margin", "phrasing": "markup kept on each sale"},
        ),
        Op(
            "plain_language",
            34,
            46,
            "gross margin",
            "y",
            {"term": "gross margin", "phrasing": "profit share left after the cost of goods"},
        ),
    )
    problems = check_query("out_of_domain", question, Perturbed("Compare the x with the y last year.", ops))
    assert any("not one of its lay phrasings" in problem for problem in problems)
    assert any("phrased 2 ways" in problem for problem in problems)


@pytest.mark.parametrize(
    "broken",
    [
        "How much money coming in from customers from customers did it book?",
        "What is Fischer, Inc.'s how much cash it has on hand?",
        "It is a what money costs the company of 9%.",
        "It holds a holdings of 9 stocks.",
        "It has an big exposure.",
    ],
)
def test_ungrammatical_splices_are_caught(broken: str) -> None:
    original = "What is the revenue from customers of Fischer, Inc. at 9% with 9 stocks?"
    problems = check_query("out_of_domain", original, Perturbed(broken, (Op("x", 0, 1, "a", "b"),)))
    assert any(
        name in problem
        for problem in problems
        for name in ("doubled", "spliced", "plural", "disagrees", "numbers lost")
    ), problems


# --- OCR -----------------------------------------------------------------------------------

_FILING_SENTENCE = st.builds(
    "{} employees worked {} hours and revenue grew {}% to ${}.".format,
    st.integers(1, 99_999).map("{:,}".format),
    st.integers(1, 9_999),
    st.decimals(0, 99, places=1).map(str),
    st.integers(1000, 999_999).map("{:,}".format),
)


@settings(deadline=None)
@given(st.lists(_FILING_SENTENCE, min_size=3, max_size=12), st.integers(0, 2**32), st.data())
def test_ocr_keeps_the_evidence_numbers_readable_at_heavy_noise(
    sentences: list[str], seed: int, data: st.DataObject
) -> None:
    context = " ".join(sentences)
    cited = data.draw(st.integers(0, len(sentences) - 1))
    start = context.index(sentences[cited])
    evidence = [(start, start + len(sentences[cited]))]
    noisy = ocr_noise(context, _stream(seed), cap=0.6, mean=0.5, keep_spans=number_spans(context, evidence))
    assert check_ocr(context, noisy.text, number_tokens(sentences[cited])) == ()


def test_ocr_check_catches_a_changed_needed_number() -> None:
    context = "We had 16,788 full-time employees and revenue grew 16.5% to $243,691."
    noisy = "We had 1,788 ful-time emb10yees and revenue grew 18.5% to $243,891."
    problems = check_ocr(context, noisy, number_tokens(context))
    assert len(problems) == 3


# --- the findings of issue 14, each of which today's output failed ---------------------------

_LABELLED = (
    "The staking platform files a Form 1099-MISC for any customer whose staking income for the year is at "
    "least $600. Classify the account as 'form filed' if the threshold is met, otherwise 'no form filed'."
)


@pytest.mark.parametrize("kind", QUERY_KINDS)
def test_answer_labels_survive_every_query_kind(kind: str) -> None:
    labels = ("form filed", "no form filed")
    for seed in range(20):
        result = get_perturbation(kind)(_LABELLED, _stream(seed), keep=labels)
        assert "'form filed'" in result.text and "'no form filed'" in result.text


def test_keywords_keep_a_split_ratio_and_a_negative_payoff() -> None:
    question = "After a 3-for-2 stock split, what is the payoff of −$360,000 worth, with no debt?"
    for method in ("spacy", "rules"):
        text = incomplete(question, _stream(0), method=method).text
        assert "3-for-2" in text and "−$360,000" in text and "no debt" in text


def test_keywords_keep_not_and_without() -> None:
    question = "Fees are withdrawn, not reinvested, and paid without delay. What is the return?"
    for method in ("spacy", "rules"):
        words = incomplete(question, _stream(0), method=method).text.split()
        assert "not" in words and "without" in words


def test_an_answer_label_that_is_a_term_is_not_rephrased() -> None:
    question = (
        "Which is higher, the discount rate or the coupon rate? Answer 'discount rate' or 'coupon rate'."
    )
    for seed in range(20):
        text = out_of_domain(question, _stream(seed), keep=("discount rate", "coupon rate")).text
        assert "'discount rate'" in text and "'coupon rate'" in text


def test_tier_1_capital_is_never_rephrased_two_ways() -> None:
    question = (
        "Its capital is $9 of CET1, $2 of Additional Tier 1 and $3 of Tier 2. What is its Tier 1 capital?"
    )
    for seed in range(20):
        result = out_of_domain(question, _stream(seed))
        assert not check_query("out_of_domain", question, result) or not result.changed


def test_a_term_is_phrased_the_same_way_throughout_a_question() -> None:
    question = "The beta of the stock is 1.2 and the beta of the market is 1. How does the beta change?"
    for seed in range(30):
        ops = out_of_domain(question, _stream(seed)).ops
        beta = {str(op.details["phrasing"]) for op in ops if (op.before or "").lower() == "beta"}
        assert len(beta) == 1


def test_no_a_holdings_and_no_markup_for_margin() -> None:
    for seed in range(40):
        assert "a holdings" not in out_of_domain("What is a portfolio worth?", _stream(seed)).text
        assert "markup" not in out_of_domain("What was the gross margin?", _stream(seed)).text


def test_no_doubled_words_or_possessive_splices_from_the_lexicon() -> None:
    questions_with_traps = [
        "How much revenue from customers did Fischer, Inc. book?",
        "What was Fischer, Inc.'s cash position at year end?",
        "What is Fischer, Inc.'s cost of capital?",
        "It has a cost of capital of 9%.",
    ]
    for question in questions_with_traps:
        for seed in range(30):
            checked = perturb_checked(
                "out_of_domain", question, seed, lambda p, q=question: check_query("out_of_domain", q, p)
            )
            assert checked.perturbed is not None, (question, checked.problems)


def test_every_lay_phrasing_is_a_bare_noun_phrase_without_digits() -> None:
    opening = re.compile(r"(?:a|an|the|its|their|what|how|who|which|whether)\b|\w+['’]s\b", re.IGNORECASE)
    for term, phrasings in jargon_lexicon().items():
        assert not re.search(r"\d", term), term
        for phrasing in phrasings:
            assert not opening.match(phrasing), (term, phrasing)
            assert not re.search(r"\d", phrasing), (term, phrasing)


def test_redraw_seeds_are_salted_and_deterministic() -> None:
    assert attempt_seed(5, 0) == 5
    assert attempt_seed(5, 1) == attempt_seed(5, 1) != attempt_seed(5, 2)


# --- missing and irrelevant context ----------------------------------------------------------


@settings(deadline=None)
@given(st.text(min_size=1, max_size=300).filter(str.strip), st.text(max_size=80))
def test_a_prompt_is_missing_its_context_exactly_when_the_document_is_absent(
    context: str, query: str
) -> None:
    from finsynth.generators.failsafe.conditions import prompt

    empty = prompt("", query)
    # Only a context that happens to be quoted by the instructions or the query is ever flagged.
    assert check_missing_context(empty, context) == () or context.strip()[:200] in empty
    assert check_missing_context(prompt(context, query), context)


def test_out_of_scope_queries_must_name_an_absent_company_and_a_period_not_reported() -> None:
    context = "Harmon Systems, Inc. reported revenue of $5 million in fiscal 2023, up from fiscal 2022. " * 20
    context += "Its notes mature in 2031."
    asked = "What was Bauer Foods, Inc.'s revenue in fiscal 2019?"
    assert check_out_of_scope(context, "What was revenue?", asked, "Bauer Foods, Inc.") == ()
    # a year mentioned only in passing (a maturity) is not one the filing reports figures for
    assert (
        check_out_of_scope(context, "Q", "What did Bauer Foods, Inc. repay in 2031?", "Bauer Foods, Inc.")
        == ()
    )
    assert check_out_of_scope(context, "Q?", "Q?", "Harmon Systems, Inc.") == (
        "the out-of-scope query asks about no period (no year)",
        "the out-of-scope query is the item's own query",
        "the out-of-scope query does not name its company 'Harmon Systems, Inc.'",
        "the context mentions the out-of-scope company 'Harmon Systems, Inc.'",
    )
    # another company, but a metric and year this filing reports: a model that overlooks the name
    # would answer with this filing's figure and look right
    same_year = "What was Bauer Foods, Inc.'s revenue in fiscal 2023?"
    assert check_out_of_scope(context, "Q", same_year, "Bauer Foods, Inc.") == (
        "the context reports on every year the out-of-scope query asks about: ['2023']",
    )


@settings(max_examples=200, deadline=None)
@given(
    reported=st.lists(st.integers(2015, 2026), min_size=1, max_size=3, unique=True),
    asked=st.lists(st.integers(2015, 2026), min_size=1, max_size=2, unique=True),
)
def test_a_query_passes_exactly_when_it_asks_a_year_the_context_does_not_report(
    reported: list[int], asked: list[int]
) -> None:
    context = " ".join(f"Figures for fiscal {year}." for year in reported * 10)
    query = "What did Bauer Foods, Inc. earn in " + " and ".join(f"fiscal {year}" for year in asked) + "?"
    problems = check_out_of_scope(context, "Q", query, "Bauer Foods, Inc.")
    assert (problems == ()) == any(year not in reported for year in asked)
    assert reported_years(context) == {str(year) for year in reported}
