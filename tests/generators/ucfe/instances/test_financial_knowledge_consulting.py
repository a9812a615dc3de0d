"""Financial Knowledge Consulting: required points and forbidden promises follow the concept table."""

from __future__ import annotations

from finsynth.generators.ucfe.instances.world.concepts import CONCEPTS
from tests.generators.ucfe.instances.harness import draws

BY_TERM = {concept.term: concept for concept in CONCEPTS}


def test_the_table_is_large_and_consistent() -> None:
    assert len(CONCEPTS) >= 40
    assert len(BY_TERM) == len(CONCEPTS)
    assert all(concept.related in BY_TERM and concept.related != concept.term for concept in CONCEPTS)


def test_hints_follow_the_concept_entry() -> None:
    terms = set()
    for instance in draws("financial_knowledge_consulting"):
        concept = BY_TERM[str(instance.facts["term"])]
        expected: tuple[str, ...] = (concept.term, *concept.points)
        if instance.facts["contrast"]:
            expected += (concept.related,)
            assert concept.related in instance.needs
        assert instance.hints["must_contain"] == expected
        assert ("a promise of guaranteed returns" in instance.hints["forbid"]) == concept.about_returns
        assert concept.term in instance.information and concept.term in instance.needs
        terms.add(concept.term)
    assert len(terms) == len(CONCEPTS)
