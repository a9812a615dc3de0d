"""Every industry with its own balance-sheet model reports key ratios inside the documented ranges.

The ranges and their public sources are in ``finsynth/world/resources/industry_ratios.yaml``; this
checks 1,000 drawn companies per industry, statements only (no filing text), every fiscal year after
the first (ratios on averages need the year before).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from finsynth.errors import ConfigError
from finsynth.seeding import RandomStream, derive_seed
from finsynth.world.company import make_company
from finsynth.world.industries import INDUSTRIES
from finsynth.world.industry_profiles import Industry
from finsynth.world.industry_ratios import (
    INDUSTRY_RATIOS,
    drawn_statements,
    observed_ratios,
    parse_ratio_table,
)
from finsynth.world.statements import Statements, make_statements

COMPANIES = 1_000
BY_KEY = {industry.key: industry for industry in INDUSTRIES}
MODELLED = ("regional_banking", "property_casualty_insurance", "office_industrial_reit", "electric_utility")


def _statements(seed: int, industry: Industry) -> Statements:
    """Like :func:`drawn_statements`, for an industry that may not be a shipped one."""
    company = make_company(RandomStream(derive_seed(seed, "ratios", "company")))
    stream = RandomStream(derive_seed(seed, "ratios", "segments"))
    segments = tuple(stream.sample(industry.segments, min(3, len(industry.segments))))
    return make_statements(
        replace(company, industry=industry, segments=segments),
        RandomStream(derive_seed(seed, "ratios", "statements")),
    )


def test_every_modelled_industry_has_a_ratio_table_with_sources() -> None:
    for key in (*MODELLED, "asset_management"):
        assert key in BY_KEY, key
        assert INDUSTRY_RATIOS.get(key), key
        assert all(entry.source for entry in INDUSTRY_RATIOS[key])
    assert set(INDUSTRY_RATIOS) <= set(BY_KEY)


@pytest.mark.parametrize("key", sorted(INDUSTRY_RATIOS))
def test_key_ratios_stay_in_their_documented_ranges(key: str) -> None:
    outside: list[str] = []
    for seed in range(COMPANIES):
        statements = drawn_statements(key, seed)
        for before, year in zip(statements.years, statements.years[1:], strict=False):
            values, earlier = statements.values[year], statements.values[before]
            for entry in INDUSTRY_RATIOS[key]:
                value = entry.of(values, earlier)
                if not entry.low <= value <= entry.high:
                    outside.append(f"seed {seed} {year} {entry.ratio}={value:.4f}")
    assert not outside, f"{len(outside)} ratios outside their ranges, e.g. {outside[:5]}"


def test_the_check_fails_for_an_industrial_balance_sheet_in_a_bank() -> None:
    """A bank drawn with the general (industrial) model falls outside its ranges, as the issue measured."""
    bank = BY_KEY["regional_banking"]
    general = replace(bank, balance=BY_KEY["software"].balance)
    statements = _statements(0, general)
    year, before = statements.years[-1], statements.years[-2]
    values = statements.values[year]
    misses = [
        entry.ratio
        for entry in INDUSTRY_RATIOS["regional_banking"]
        if not entry.low <= entry.of(values, statements.values[before]) <= entry.high
    ]
    assert {"equity_to_assets", "assets_to_revenue", "deposits_to_assets"} <= set(misses)


def test_a_bad_ratio_table_names_the_entry() -> None:
    with pytest.raises(ConfigError, match=r"\$\.x\[0\]\.ratio"):
        parse_ratio_table({"x": [{"ratio": "nope", "range": [0, 1], "source": "s"}]}, "t.yaml")
    with pytest.raises(ConfigError, match="backwards"):
        parse_ratio_table({"x": [{"ratio": "debt_to_assets", "range": [1, 0], "source": "s"}]}, "t.yaml")


def test_observed_ratios_summarize_the_drawn_companies() -> None:
    for row in observed_ratios("regional_banking", 20):
        assert row.range.low <= row.low <= row.median <= row.high <= row.range.high, row


def test_the_docs_page_lists_every_documented_range_and_source() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "filings.md").read_text(encoding="utf-8")
    percent_free = {"assets_to_revenue", "reserves_to_premiums"}

    def cell(ratio: str, value: float) -> str:
        return f"{value:.1f}x" if ratio in percent_free else f"{value * 100:.1f}%"

    for entries in INDUSTRY_RATIOS.values():
        for entry in entries:
            bounds = f"{cell(entry.ratio, entry.low)} – {cell(entry.ratio, entry.high)}"
            row = f"| `{entry.ratio}` | {entry.definition} | {bounds} | {entry.source} |"
            assert row in text, row
