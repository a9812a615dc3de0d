"""Accounting policies that state the company's own balances (issue #29)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.generators.filings.accounting_policies import ALWAYS, MORE_POLICIES, POLICIES, Policy
from finsynth.generators.filings.notes import applies
from finsynth.generators.filings.policy_figures import policy_figures, policy_sentences, policy_values
from finsynth.seeding import RandomStream
from finsynth.world.company import make_company
from finsynth.world.formatting import money
from finsynth.world.statements import make_statements


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_policy_figures_are_the_companys_own_balances(seed: int) -> None:
    company = make_company(RandomStream(seed))
    statements = make_statements(company, RandomStream(seed + 1))
    year = statements.years[-1]
    values = statements.values[year]
    found = policy_values(company, statements)
    assert found["total_assets"] == money(values["total_assets"], company.unit)
    assert ("goodwill" in found) == (values.get("goodwill", 0) > 0)
    if "cash" in found:
        assert found["cash"] == money(values["cash"], company.unit)
    if "effective_rate" in found:
        rate = values["income_tax_expense"] / values["income_before_taxes"] * 100
        assert found["effective_rate"] == f"{rate:.1f}%"
    assert set(ALWAYS) <= set(found)  # every company fills these
    research = any(line.key == "research_and_development" for line in statements.expenses)
    assert ("research" in found) == (research and values.get("research_and_development", 0) > 0)
    for policy in (*POLICIES, *MORE_POLICIES):
        if not applies(policy, company, statements):
            continue
        for sentence in policy_figures(policy, found):
            assert "{" not in sentence and str(year) in sentence, sentence
        for sentence in policy_sentences(policy, found):
            # Every policy sentence states something of the company's own: a year, an amount or a segment.
            own = any(ch.isdigit() for ch in sentence) or any(
                seg.name in sentence for seg in company.segments
            )
            assert "{" not in sentence and own, sentence


def test_a_figure_the_company_lacks_leaves_its_sentence_out() -> None:
    policy = Policy(
        "Test", ("A policy.",), figures=("Goodwill was {goodwill}.", "Assets were {total_assets}.")
    )
    assert policy_figures(policy, {"total_assets": "$5 million"}) == ("Assets were $5 million.",)


def test_a_policy_sentence_takes_the_first_wording_whose_figures_the_company_has() -> None:
    policy = Policy("Test", (("Goodwill was {goodwill}.", "Assets were {total_assets}."), ("A policy.",)))
    assert policy_sentences(policy, {"total_assets": "$5 million"}) == (
        "Assets were $5 million.",
        "A policy.",
    )
    assert policy_sentences(policy, {"total_assets": "$5 million", "goodwill": "$1 million"}) == (
        "Goodwill was $1 million.",
        "A policy.",
    )
