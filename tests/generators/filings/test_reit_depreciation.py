"""REITs hold property worth many years of revenue, so FFO is 1.5 to 3 times net income, as at real REITs.

An industry declares ``depreciation_share`` (yearly depreciation as a share of revenue) in its YAML; a
REIT's real-estate depreciation of about 25-40% of revenue is what FFO adds back to net income.
"""

from __future__ import annotations

from finsynth.generators.filings import make_filing
from finsynth.generators.filings.industry_metrics import INDUSTRY_METRICS
from finsynth.seeding import RandomStream, derive_seed
from finsynth.world.company import make_company
from finsynth.world.industries import INDUSTRIES
from finsynth.world.statements import make_statements
from tests.generators.filings.seeds import industry_seeds

REITS = [industry for industry in INDUSTRIES if "funds_from_operations" in industry.metrics]
FFO_TO_NET_INCOME = (1.5, 3.0)
"""Where FFO over net income lies for real office and industrial REITs."""


def test_every_industry_reporting_ffo_declares_a_depreciation_band() -> None:
    assert REITS
    for industry in REITS:
        assert industry.depreciation_share is not None, industry.key
        low, high = industry.depreciation_share
        assert 0.2 <= low < high <= 0.45, industry.key


def test_reit_depreciation_and_ffo_stay_in_their_bands_over_many_companies() -> None:
    for industry in REITS:
        assert industry.depreciation_share is not None
        low, high = industry.depreciation_share
        for seed in industry_seeds(industry.key, 120):
            company = make_company(RandomStream(derive_seed(seed, "filings", "company")))
            statements = make_statements(company, RandomStream(derive_seed(seed, "filings", "statements")))
            ffo = INDUSTRY_METRICS["funds_from_operations"].build(
                company, statements, RandomStream(derive_seed(seed, "filings", "narrative"))
            )
            for year in statements.years:
                values = statements.values[year]
                share = values["depreciation_and_amortization"] / values["revenue"]
                # Revenue grows while the buildings' depreciation drifts; amortization adds a little.
                assert low * 0.85 <= share <= high * 1.2, (seed, year, share)
                assert values["net_income"] > 0, (seed, year)
                ratio = int(ffo.facts[f"ffo.{year}"]) / values["net_income"]
                assert FFO_TO_NET_INCOME[0] <= ratio <= FFO_TO_NET_INCOME[1], (seed, year, ratio)


def test_a_rendered_reit_filing_states_ffo_in_the_band() -> None:
    for seed in industry_seeds(REITS[0].key, 4, start=300):
        facts = make_filing(seed, target_tokens=26_000, fit_required=True).facts
        year = max(int(key.split(".")[1]) for key in facts if key.startswith("ffo.") and key[4:].isdigit())
        ratio = float(facts[f"ffo.{year}"]) / float(facts[f"net_income.{year}"])
        assert FFO_TO_NET_INCOME[0] <= ratio <= FFO_TO_NET_INCOME[1], (seed, ratio)
