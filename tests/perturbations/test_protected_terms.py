from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.perturbations.protected_terms import financial_term_words, protected, words


def _protected_words(text: str) -> list[str]:
    found = words(text)
    return [word for word, flag in zip(found.texts, protected(found), strict=True) if flag]


def test_numbers_and_codes_glued_to_digits_are_not_words() -> None:
    text = "FY2023 revenue rose 12.5% to $4.2bn in Q3, per the 10-K; x_y"
    assert words(text).texts == ["revenue", "rose", "to", "in", "per", "the", "K"]
    assert _protected_words(text) == ["K"]  # "K" reads as a one-letter ticker


def test_tickers_dates_amount_words_and_names_are_protected_and_financial_terms_marked() -> None:
    text = "Did AAPL's net income reach 5 billion dollars by March, or did diluted EPS fall?"
    assert _protected_words(text) == ["AAPL's", "billion", "dollars", "March", "EPS"]
    found = words(text)
    marked = [word for word, flag in zip(found.texts, financial_term_words(found), strict=True) if flag]
    assert marked == ["net", "income", "diluted", "EPS"]


def test_proper_names_are_protected_wherever_they_stand() -> None:
    text = "Pearson, Inc. warns. How did Mahoney Financial's count move? Describe the Federal Reserve's role."
    assert _protected_words(text) == ["Pearson", "Inc", "Mahoney", "Financial's", "Federal", "Reserve's"]


def test_ordinary_words_and_lower_case_month_verbs_are_not_protected() -> None:
    assert _protected_words("we may march on the capital if the loan is repaid") == []


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=80))
def test_word_offsets_point_at_the_words(text: str) -> None:
    found = words(text)
    assert len(found.texts) == len(found.lowered) == len(found.starts) == len(found.gaps) - 1
    for word, start, low in zip(found.texts, found.starts, found.lowered, strict=True):
        assert text[start : start + len(word)] == word and len(low) == len(word)
    assert "".join(part for pair in zip(found.gaps, [*found.texts, ""], strict=True) for part in pair) == text
