"""General risk factors are a data file: shipped in the package, checked on load, worded per filing."""

from __future__ import annotations

import copy
import re
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
from finsynth.generators.filings.risk_facts import ALWAYS, fill, names_in, risk_facts
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
    elif change == "unknown placeholder in a headline":
        risks[7]["headline"][1] = "Our {clients} could fail."
    elif change == "no wording any company can fill":
        risks[8]["body"][0] = ["Our debt of {debt} could matter.", "Our goodwill of {goodwill} could matter."]
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
        ("unknown placeholder in a headline", "unknown placeholder {clients}", "$.risks[7].headline[1]"),
        (
            "no wording any company can fill",
            "no wording names only facts every company has",
            "$.risks[8].body[0]",
        ),
    ],
)
def test_a_broken_risk_file_is_refused_naming_file_and_entry(change: str, message: str, path: str) -> None:
    with pytest.raises(ConfigError) as error:
        parse_general_risks(_broken(change), SOURCE)
    assert error.value.source == SOURCE
    assert error.value.path == path
    assert message in error.value.message


def _pattern(wording: str) -> re.Pattern[str]:
    """A wording as a pattern: its text literally, each placeholder as any filled text."""
    parts = re.split(r"\{\w+\}", wording[0].upper() + wording[1:])
    return re.compile(".+".join(re.escape(part) for part in parts))


def _matches(text: str, wordings: tuple[str, ...]) -> bool:
    return any(_pattern(wording).fullmatch(text) for wording in wordings)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_a_filing_words_each_general_risk_with_one_of_its_wordings_filled_from_its_facts(seed: int) -> None:
    by_topic = {risk.topic: risk for risk in GENERAL_RISKS}
    company = make_company(RandomStream(seed))
    statements = make_statements(company, RandomStream(seed + 3))
    seen = 0
    for candidate in risk_candidates(company, statements, RandomStream(seed + 1), RandomStream(seed + 2)):
        block = candidate.block
        topics = [key.removeprefix("risk.") for key in block.facts if key.count(".") == 1]
        if not topics or topics[0] not in by_topic:
            continue
        risk = by_topic[topics[0]]
        headline, body = block.paragraphs
        assert _matches(headline.lines[0].text, risk.headlines), headline.lines[0].text
        assert _matches(body.lines[0].text, risk.body[0]), body.lines[0].text
        for line in (headline.lines[0], *body.lines):
            assert "{" not in line.text and "}" not in line.text, line.text
        seen += 1
    assert seen >= 10


def test_a_risk_names_the_company_s_own_facts() -> None:
    company = make_company(RandomStream(11))
    statements = make_statements(company, RandomStream(12))
    facts = risk_facts(company, statements, 0, 1)
    risk = next(risk for risk in GENERAL_RISKS if risk.topic == "quarterly_fluctuations")
    drawn = risk.draw(RandomStream(13), facts)
    # The quarters' sentence always states the company's own quarterly revenue range.
    assert facts["quarter_low_revenue"] in drawn.body[0] and facts["quarter_high_revenue"] in drawn.body[0]


def test_a_wording_the_company_s_facts_cannot_fill_is_not_drawn() -> None:
    company = make_company(RandomStream(11))
    statements = make_statements(company, RandomStream(12))
    facts = risk_facts(company, statements, 0, 1)
    del facts["debt"]
    wordings = ("We owe {debt}.", "We hold {cash} of cash.")
    assert {fill(wordings, facts, RandomStream(seed)) for seed in range(20)} == {
        f"We hold {facts['cash']} of cash."
    }


def test_filings_differ_in_how_they_word_the_same_risk() -> None:
    company = make_company(RandomStream(11))
    facts = risk_facts(company, make_statements(company, RandomStream(12)), 0, 1)
    risk = next(
        risk
        for risk in GENERAL_RISKS
        if len(risk.headlines) >= 2
        and all(set(names_in(wording)) <= set(ALWAYS) for wording in risk.headlines)
    )
    headlines = {risk.draw(RandomStream(seed), facts).headline for seed in range(40)}
    assert headlines == {
        wording[0].upper() + wording[1:] for wording in (h.format_map(facts) for h in risk.headlines)
    }


def test_a_company_that_bought_businesses_offers_its_acquisitions_risk_first() -> None:
    seen = set()
    for seed in range(60):
        company = make_company(RandomStream(seed))
        statements = make_statements(company, RandomStream(seed + 3))
        bought = statements.values[statements.years[-1]].get("acquisitions", 0) < 0
        candidates = risk_candidates(company, statements, RandomStream(seed + 1), RandomStream(seed + 2))
        [acquisitions] = [c for c in candidates if "risk.acquisitions" in c.block.facts]
        assert acquisitions.preferred == bought
        # No other general risk is preferred.
        assert all(not c.preferred for c in candidates if c is not acquisitions)
        seen.add(bought)
    assert seen == {True, False}
