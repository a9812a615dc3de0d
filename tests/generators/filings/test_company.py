"""Fictional companies: well-formed legal names over many seeds."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.seeding import RandomStream
from finsynth.world.company import make_company
from finsynth.world.names import COMPANY_SUFFIXES

_NAME_WORD = r"[A-Z][a-z'’]*(?:-[A-Z][a-z'’]*)?"
WELL_FORMED = re.compile(rf"{_NAME_WORD}(?: {_NAME_WORD})*(?:, {_NAME_WORD})*(?: and {_NAME_WORD})?, Inc\.")
"""One or more capitalised name words, an optional ", X and Y" list, then ", Inc."."""


@settings(max_examples=2000, deadline=None)
@given(st.integers(0, 2**63 - 1))
def test_every_company_name_is_well_formed(seed: int) -> None:
    company = make_company(RandomStream(seed))
    assert WELL_FORMED.fullmatch(company.name), company.name
    assert not any(company.short_name.endswith(f" {suffix}") for suffix in COMPANY_SUFFIXES)
    assert company.name == f"{company.short_name}, Inc."


def test_names_that_came_with_and_sons_keep_their_family_name_whole() -> None:
    names = [make_company(RandomStream(seed)).name for seed in range(3000)]
    assert not [name for name in names if " and, " in name or name.endswith(" and, Inc.")]
