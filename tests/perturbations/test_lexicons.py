from __future__ import annotations

from finsynth.perturbations.lexicons import confusable_words, jargon_lexicon, query_scaffolding, word_parts


def test_confusable_words_are_substantial_symmetric_and_cover_finance() -> None:
    confusables = confusable_words()
    assert len({frozenset((word, *others)) for word, others in confusables.items()}) >= 100
    for word, others in confusables.items():
        assert word not in others
        assert all(word in confusables[other] for other in others)
    for word, other in [
        ("capital", "capitol"),
        ("loan", "lone"),
        ("principal", "principle"),
        ("affect", "effect"),
    ]:
        assert other in confusables[word]


def test_jargon_terms_are_lower_case_with_distinct_phrasings() -> None:
    lexicon = jargon_lexicon()
    assert len(lexicon) >= 150
    for term, phrasings in lexicon.items():
        assert term == term.lower().strip()
        assert len(set(phrasings)) == len(phrasings) >= 2
        assert all(phrasing.strip() == phrasing and phrasing.lower() != term for phrasing in phrasings)


def test_word_lists_do_not_overlap_where_they_would_contradict() -> None:
    parts = word_parts()
    assert "news" in parts.short_words and "ment" in parts.suffixes and "re" in parts.prefixes
    # a keyword query must never drop a financial term
    assert not query_scaffolding() & set(jargon_lexicon())
