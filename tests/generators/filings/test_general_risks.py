"""General risk factors are a data file: shipped in the package, checked on load, worded per filing."""

from __future__ import annotations

import copy
from importlib import resources
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import ConfigError
from finsynth.generators.filings.general_risks import GENERAL_RISKS, RISKS_FILE, parse_general_risks
from finsynth.generators.filings.resource_files import PACKAGE
from finsynth.generators.filings.risk_factors import risk_candidates
from finsynth.seeding import RandomStream
from finsynth.world.company import make_company
from finsynth.world.statements import make_statements

SOURCE = "general_risks.yaml"


def _shipped() -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load(
        resources.files(PACKAGE).joinpath(RISKS_FILE).read_text(encoding="utf-8")
    )
    return document


def test_the_shipped_file_is_what_filings_draw_from() -> None:
    assert parse_general_risks(_shipped(), SOURCE) == GENERAL_RISKS
    assert len(GENERAL_RISKS) >= 60
    assert len({risk.group for risk in GENERAL_RISKS}) == 5


def _broken(change: str) -> dict[str, Any]:
    document = copy.deepcopy(_shipped())
    risks = document["risks"]
    if change == "unknown group":
        risks[3]["group"] = "weather"
    elif change == "duplicate topic":
        risks[4]["topic"] = risks[1]["topic"]
    elif change == "no wording":
        risks[2]["body"][1] = []
    elif change == "not a sentence":
        risks[0]["headline"][0] = "we face competition"
    elif change == "missing summary":
        del risks[5]["summary"]
    elif change == "unknown placeholder":
        risks[6]["body"][1][0] = "Demand from {clients} could fall."
    elif change == "placeholder in a headline":
        risks[7]["headline"][1] = "Our {products} could fail."
    return document


@pytest.mark.parametrize(
    ("change", "message", "path"),
    [
        ("unknown group", "group 'weather' is not one of", "$.risks[3].group"),
        ("duplicate topic", "appears twice", "$.risks[4].topic"),
        ("no wording", "should be non-empty", "$.risks[2].body[1]"),
        ("not a sentence", "does not match", "$.risks[0].headline[0]"),
        ("missing summary", "'summary'", "$.risks[5]"),
        ("unknown placeholder", "unknown placeholder {clients}", "$.risks[6].body[1][0]"),
        (
            "placeholder in a headline",
            "unknown placeholder {products} (allowed here: none)",
            "$.risks[7].headline[1]",
        ),
    ],
)
def test_a_broken_risk_file_is_refused_naming_file_and_entry(change: str, message: str, path: str) -> None:
    with pytest.raises(ConfigError) as error:
        parse_general_risks(_broken(change), SOURCE)
    assert error.value.source == SOURCE
    assert error.value.path == path
    assert message in error.value.message


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_a_filing_words_each_general_risk_with_one_of_its_wordings(seed: int) -> None:
    by_topic = {risk.topic: risk for risk in GENERAL_RISKS}
    company = make_company(RandomStream(seed))
    for candidate in risk_candidates(
        company,
        make_statements(company, RandomStream(seed + 3)),
        RandomStream(seed + 1),
        RandomStream(seed + 2),
    ):
        block = candidate.block
        topics = [key.removeprefix("risk.") for key in block.facts if key.count(".") == 1]
        if not topics or topics[0] not in by_topic:
            continue
        risk = by_topic[topics[0]]
        headline, body = block.paragraphs
        assert headline.lines[0].text in risk.headlines
        first = body.lines[0].text
        assert any(
            first
            == wording.format(
                customers=company.industry.customers,
                products=company.industry.products,
                competitors=company.industry.competitors,
            )
            for wording in risk.body[0]
        )


def test_filings_differ_in_how_they_word_the_same_risk() -> None:
    risk = next(risk for risk in GENERAL_RISKS if len(risk.headlines) >= 3)
    headlines = {risk.draw(RandomStream(seed)).headline for seed in range(40)}
    assert headlines == set(risk.headlines)
