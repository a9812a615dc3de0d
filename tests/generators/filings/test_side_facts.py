"""Side facts a reader checks against each other: revenue recognition by segment type, award roll-forwards."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from finsynth.generators.filings import Filing, make_filing
from finsynth.generators.filings.revenue_recognition import RECOGNITION_TIMING
from finsynth.world.industries import INDUSTRIES
from tests.generators.filings.tables import read_table

SEEDS = range(100)
SIGNATURES = {
    "goods": "control passes",
    "services": "services are performed",
    "subscriptions": "subscription term",
    "usage": "transactions or impressions",
    "projects": "total expected costs",
    "licenses": "made available to the licensee",
    "royalties": "franchisees",
    "interest": "effective interest method",
    "leases": "over the lease terms",
    "premiums": "pro rata",
    "deliveries": "not yet billed",
}
"""A phrase only its type's wording has (house style leaves these words alone)."""
OFFERING_WORDS = {
    r"\bloans\b": {"interest"},
    r"\bpolicies\b|\bcoverage\b": {"premiums"},
    r"\bsubscription": {"subscriptions", "usage"},
    r"\bmerchandise\b|\bchips\b|\bfootwear\b|\bimplants\b": {"goods"},
    r"\bleased space\b|\bwarehouses\b": {"leases"},
    r"\broyalties\b": {"royalties"},
}
"""Words in a segment's offering and the recognition types they allow (a snacks segment sells goods)."""
_SENTENCE = re.compile(
    r"The ([^.;]+?) segment sells [^;]+; its revenue, \$[\d,]+ \w+ in fiscal \d{4}, "
    r"is recognized (.+?)\.(?: |$)"
)


def test_every_recognition_type_is_worded_and_listed_in_the_schema() -> None:
    schema = json.loads(resources.files("finsynth.schemas").joinpath("industry.schema.json").read_text())
    recognition = schema["properties"]["segments"]["items"]["properties"]["recognition"]
    assert sorted(recognition["enum"]) == sorted(RECOGNITION_TIMING) == sorted(SIGNATURES)
    for kind, wording in RECOGNITION_TIMING.items():
        assert [other for other, phrase in SIGNATURES.items() if phrase in wording] == [kind]


def test_segment_recognition_types_fit_what_the_segments_sell() -> None:
    for industry in INDUSTRIES:
        for segment in industry.segments:
            for pattern, allowed in OFFERING_WORDS.items():
                if re.search(pattern, segment.offering):
                    assert segment.recognition in allowed, (industry.key, segment.name, segment.recognition)


@pytest.fixture(scope="module")
def filings() -> list[Filing]:
    return [make_filing(seed, target_tokens=27000) for seed in SEEDS]


def test_each_segment_recognizes_revenue_as_its_type_says(filings: list[Filing]) -> None:
    checked = 0
    for filing in filings:
        industry = next(industry for industry in INDUSTRIES if industry.label == filing.facts["industry"])
        types = {segment.name: segment.recognition for segment in industry.segments}
        for name, timing in _SENTENCE.findall(filing.text):
            found = [kind for kind, phrase in SIGNATURES.items() if phrase in timing]
            assert found == [types[name]], (industry.key, name, timing)
            checked += 1
    assert checked >= len(SEEDS)  # most long filings keep the performance-obligation note


def test_restricted_stock_unit_roll_forwards_tie(filings: list[Filing]) -> None:
    checked = 0
    for filing in filings:
        table = read_table(filing, "Restricted stock unit activity")
        if table is None:
            continue
        units = [cells[0] for cells in table.values()]
        rows = dict(zip(table, units, strict=True))
        opening, closing = units[0], units[-1]
        assert opening + rows["Granted"] + rows["Vested"] + rows["Forfeited"] == closing, (
            filing.company,
            table,
        )
        assert rows["Vested"] < 0 and rows["Forfeited"] <= 0 < closing
        checked += 1
    assert checked >= len(SEEDS) // 2
