"""Risk factors tied to the company's own segments and figures (issue #29)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.generators.filings.risk_exposures import (
    DROPS,
    EXPOSURES_PER_RISK,
    exposure_values,
    exposures,
)
from finsynth.seeding import RandomStream
from finsynth.world.company import make_company
from finsynth.world.formatting import money, percent_figure, share_of
from finsynth.world.statements import make_statements


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_each_risk_gets_exposures_naming_a_segment_and_a_fiscal_year(seed: int) -> None:
    company = make_company(RandomStream(seed))
    statements = make_statements(company, RandomStream(seed + 1))
    found = exposures("our suppliers", company, statements, RandomStream(seed + 2))
    assert len(found) == EXPOSURES_PER_RISK
    names = [segment.name for segment in company.segments]
    for sentence in found:
        assert any(name in sentence for name in names), sentence
        assert str(statements.years[-1]) in sentence, sentence
        assert "{" not in sentence and sentence[0].isupper() and sentence.endswith(".")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40), drop=st.sampled_from(DROPS))
def test_exposure_figures_are_computed_from_the_statements(seed: int, drop: int) -> None:
    company = make_company(RandomStream(seed))
    statements = make_statements(company, RandomStream(seed + 1))
    values = statements.values[statements.years[-1]]
    found = exposure_values(statements, company, 0, 1, drop)
    assert found["segment_revenue"] == money(values["segment.0"], company.unit)
    assert found["segment_share"] == percent_figure(share_of(values["segment.0"], values["revenue"]))
    assert found["pair_share"] == percent_figure(
        share_of(values["segment.0"] + values["segment.1"], values["revenue"])
    )
    hit = round(values["segment.0"] * drop / 100)
    assert found.get("revenue_hit") == (money(hit, company.unit) if hit > 0 else None)
    income = values.get("segment_income.0", 0)
    # A margin and an income effect only for a segment that earns a profit.
    assert ("segment_margin" in found) == (income > 0 and round(income * drop / 100) > 0)
    debt = values.get("current_debt", 0) + values.get("long_term_debt", 0)
    assert ("debt" in found) == (debt > 0)
    assert ("operating_income" in found) == (values["operating_income"] > 0)


def test_a_wording_whose_figure_is_missing_is_not_used() -> None:
    company = make_company(RandomStream(7))
    statements = make_statements(company, RandomStream(8))
    wordings = ("Our {segment} segment faces {label}.", "Nothing ties {label} to {debt_ratio}.")
    found = exposures("our suppliers", company, statements, RandomStream(9), wordings)
    assert found and all("debt_ratio" not in sentence for sentence in found)
    assert all(sentence.startswith("Our ") for sentence in found)
