"""Financial Text Summarization: the required figures appear in the text and follow from each other."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from tests.generators.ucfe.instances.harness import draws

# kind: (first figure, second figure, derived figure, rule, half a unit of the derived figure's rounding)
DERIVED: dict[str, tuple[str, str, str, Callable[[float, float], float], float]] = {
    "private placement": ("amount", "price", "shares_millions", lambda a, b: a / b, 0.005),
    "annual results": ("revenue", "net_profit", "net_margin", lambda a, b: b / a, 0.0005),
    "stake purchase": ("price", "stake", "implied_value", lambda a, b: a / b, 0.05),
    "share buyback": ("budget", "price_cap", "most_shares_millions", lambda a, b: a / b, 0.005),
    "bond issue": ("amount", "coupon", "yearly_interest", lambda a, b: a * b, 0.05),
    "dividend": ("per_share", "shares_millions", "payout", lambda a, b: a * b, 0.05),
}


def test_summary_facts_are_in_the_text_and_consistent() -> None:
    kinds: Counter[str] = Counter()
    for instance in draws("financial_text_summarization"):
        facts = instance.facts
        kind = str(facts["kind"])
        kinds[kind] += 1
        first, second, derived, rule, half_unit = DERIVED[kind]
        expected = rule(float(facts[first]), float(facts[second]))
        assert abs(float(facts[derived]) - expected) <= half_unit + 1e-9, (kind, facts)
        company, _, headline = instance.hints["must_contain"]
        assert company == facts["company"] and headline == facts["headline"]
        for figure in (facts["headline"], facts["second"], facts["derived"]):
            assert str(figure) in instance.information
        assert str(facts["headline"]) in instance.reference_answer
    assert len(kinds) == len(DERIVED)


def test_the_word_limit_of_the_needs_holds_for_the_reference_and_is_forbidden_beyond() -> None:
    for instance in draws("financial_text_summarization"):
        limit = int(instance.facts["word_limit"])
        assert f"{limit} words" in instance.needs
        assert len(instance.reference_answer.split()) <= limit, (limit, instance.reference_answer)
        assert f"more than {limit} words" in instance.hints["forbid"]
