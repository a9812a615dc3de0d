"""Item 3's drawn legal cases (issue #29)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import ConfigError
from finsynth.generators.filings.legal_proceedings import (
    ACCRUAL_SHARE,
    CASES_FILE,
    CASES_PER_FILING,
    LEGAL_PROSE,
    legal_cases,
    parse_legal_proceedings,
)
from finsynth.generators.filings.resource_files import read_resource
from finsynth.seeding import RandomStream
from finsynth.world.company import make_company
from finsynth.world.formatting import money
from finsynth.world.statements import make_statements


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_cases_fit_the_industry_and_state_their_facts(seed: int) -> None:
    company = make_company(RandomStream(seed))
    statements = make_statements(company, RandomStream(seed + 1))
    blocks = legal_cases(company, statements, RandomStream(seed + 2))
    assert CASES_PER_FILING[0] <= len(blocks) <= CASES_PER_FILING[1]
    values = statements.values[statements.years[-1]]
    allowed = [
        case
        for case in LEGAL_PROSE.cases
        if not (case.trade_only and not company.industry.trade_terms)
        and not (case.finance_only and company.industry.trade_terms)
    ]
    claims = {case.claim.split("{")[0][:30] for case in allowed}
    for number, block in enumerate(blocks):
        lines = [line for paragraph in block.paragraphs for line in paragraph.lines]
        text = " ".join(line.text for line in lines)
        assert any(claim in text for claim in claims), text  # a case of the company's industry
        key = f"legal.case.{number}"
        assert str(block.facts[f"{key}.party"]) in lines[0].text
        assert str(block.facts[f"{key}.court"]) in lines[0].text
        assert money(int(block.facts[f"{key}.claimed"]), company.unit) in lines[1].text
        for line in lines:
            for fact in line.facts:
                assert fact in block.facts
        if f"{key}.accrued" in block.facts:
            accrued = int(block.facts[f"{key}.accrued"])
            # A recorded liability fits inside the accrued liabilities the balance sheet holds.
            assert 0 < accrued <= ACCRUAL_SHARE * values.get("accrued_liabilities", 0)
            assert money(accrued, company.unit) in lines[2].text
        assert "{" not in text


@pytest.mark.parametrize(
    ("change", "message", "path"),
    [
        (
            lambda d: d["cases"][0].__setitem__("claim", "we broke {contract} terms"),
            "{contract}",
            "$.cases[0].claim",
        ),
        (lambda d: d["stages"].__setitem__(0, "Trial is set for {court}."), "{court}", "$.stages[0]"),
        (
            lambda d: d["cases"][1].update(trade_only=True, finance_only=True),
            "both trade_only and finance_only",
            "$.cases[1]",
        ),
        (lambda d: d["courts"].__setitem__(0, "The Court."), "does not match", "$.courts[0]"),
    ],
)
def test_a_bad_cases_file_is_refused_naming_the_entry(
    change: Callable[[Any], object], message: str, path: str
) -> None:
    document, source = read_resource(CASES_FILE)
    broken = copy.deepcopy(document)
    change(broken)
    with pytest.raises(ConfigError) as raised:
        parse_legal_proceedings(broken, source)
    assert message in str(raised.value) and raised.value.path == path
