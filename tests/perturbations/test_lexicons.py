from __future__ import annotations

from finsynth.perturbations.lexicons import (
    concept_of,
    confusable_words,
    framing_terms,
    jargon_lexicon,
    query_scaffolding,
    word_parts,
)


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


def test_no_lay_phrasing_serves_two_different_concepts() -> None:
    # A phrasing shared by two concepts ("reward for the risk taken" for both Sharpe and Treynor)
    # no longer says which quantity the lay question asks for. Terms of one same_concept group
    # (a term, its abbreviation, its plural) may share one.
    concept = concept_of()
    served: dict[str, set[str]] = {}
    for term, phrasings in jargon_lexicon().items():
        for phrasing in phrasings:
            served.setdefault(phrasing.casefold(), set()).add(concept[term])
    shared = {phrasing: sorted(concepts) for phrasing, concepts in served.items() if len(concepts) > 1}
    assert shared == {}


def test_the_lay_phrasings_that_lost_the_method_or_unit_now_determine_it() -> None:
    lexicon = jargon_lexicon()
    for phrasing in lexicon["sum-of-years'-digits method"]:  # double-declining is front-loaded too
        assert "years" in phrasing and ("sum" in phrasing or "total" in phrasing), phrasing
    for phrasing in lexicon["basis points"]:  # the unit: one hundredth of a percentage point
        assert "hundredth" in phrasing and "percentage point" in phrasing, phrasing
    for phrasing in lexicon["sharpe ratio"]:  # total volatility, not beta (Treynor)
        assert "standard deviation" in phrasing or "overall" in phrasing, phrasing
        assert "risk-free" in phrasing or "safe" in phrasing, phrasing


def test_framing_terms_and_concept_groups_name_lexicon_terms() -> None:
    lexicon = jargon_lexicon()
    assert framing_terms() <= set(lexicon)
    assert {"fiscal", "risk factors"} <= framing_terms()
    assert set(concept_of()) == set(lexicon)
    assert concept_of()["eps"] == concept_of()["earnings per share"]
    assert (
        concept_of()["sharpe ratio"]
        != concept_of()["treynor ratio" if "treynor ratio" in lexicon else "alpha"]
    )
