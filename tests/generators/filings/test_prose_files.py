"""The filings' prose lists are data files checked on load.

Business, risk, MD&A and shorter-item prose, revenue-recognition wordings and question framing.

Each file is shipped in the package and parsed into what the filings draw from; a broken copy
(a missing list, a repeated entry, a placeholder the code does not fill, an unpaired brace) is
refused with the file and the entry named.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any, NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

from finsynth.errors import ConfigError
from finsynth.generators.filings.business_prose import BUSINESS_PROSE, parse_business_prose
from finsynth.generators.filings.mdna_prose import MDNA_PROSE, parse_mdna_prose
from finsynth.generators.filings.other_items import controls, short_items
from finsynth.generators.filings.other_items_prose import OTHER_ITEMS_PROSE, parse_other_items_prose
from finsynth.generators.filings.question_framing import QUESTION_FRAMING, parse_question_framing
from finsynth.generators.filings.resource_files import check_placeholders, parse_resource, read_resource
from finsynth.generators.filings.revenue_recognition import (
    RECOGNITION_TIMING,
    parse_recognition_timing,
    recognition_types,
)
from finsynth.generators.filings.risk_factors import risk_candidates
from finsynth.generators.filings.risk_prose import RISK_PROSE, parse_risk_prose
from finsynth.seeding import RandomStream
from finsynth.world.company import make_company
from finsynth.world.formatting import fiscal_year_end
from finsynth.world.statements import make_statements


class ProseFile(NamedTuple):
    name: str
    parse: Callable[[Any, str], object]
    shipped: object


FILES = {
    "business": ProseFile("resources/business_prose.yaml", parse_business_prose, BUSINESS_PROSE),
    "risk": ProseFile("resources/risk_prose.yaml", parse_risk_prose, RISK_PROSE),
    "other_items": ProseFile("resources/other_items_prose.yaml", parse_other_items_prose, OTHER_ITEMS_PROSE),
    "mdna": ProseFile("resources/mdna_prose.yaml", parse_mdna_prose, MDNA_PROSE),
    "recognition": ProseFile(
        "resources/revenue_recognition.yaml", parse_recognition_timing, RECOGNITION_TIMING
    ),
    "framing": ProseFile("resources/question_framing.yaml", parse_question_framing, QUESTION_FRAMING),
}


def _document(which: str) -> dict[str, Any]:
    document, _ = read_resource(FILES[which].name)
    assert isinstance(document, dict)
    return document


@pytest.mark.parametrize("which", sorted(FILES))
def test_the_shipped_file_is_what_filings_draw_from(which: str) -> None:
    prose_file = FILES[which]
    document, source = read_resource(prose_file.name)
    assert source == f"finsynth/generators/filings/{prose_file.name}"
    assert prose_file.parse(document, source) == prose_file.shipped


def test_the_shipped_prose_keeps_its_order_and_counts() -> None:
    # Filings draw by position: the first entries and the sizes are the ones the code always used.
    assert BUSINESS_PROSE.competitive_factors[:2] == ("price", "product quality and reliability")
    assert len(BUSINESS_PROSE.segment_markets) == 4 and len(BUSINESS_PROSE.history_events) == 5
    assert len(RISK_PROSE.exposures) == 10 and len(RISK_PROSE.introductions) == 4
    assert [risk.topic for risk in RISK_PROSE.segment_risks] == ["segment_demand", "segment_competition"]
    assert OTHER_ITEMS_PROSE.property_uses[0] == "Corporate headquarters"
    assert [exhibit.number for exhibit in OTHER_ITEMS_PROSE.exhibits if exhibit.optional] == [
        "4.2",
        "10.1",
        "10.2",
        "10.3",
        "10.4",
        "10.5",
    ]
    assert len(OTHER_ITEMS_PROSE.exhibits) == 16
    assert list(RECOGNITION_TIMING) == list(recognition_types())
    assert QUESTION_FRAMING.lead_ins.count("") == 4 and QUESTION_FRAMING.follow_ups.count("") == 4
    assert QUESTION_FRAMING.writing_notes.count("") == 3
    assert sorted(MDNA_PROSE.expense_reasons) == [
        "general_and_administrative",
        "research_and_development",
        "sales_and_marketing",
        "selling_general_and_administrative",
    ]


def _break(which: str, change: str) -> dict[str, Any]:
    document = copy.deepcopy(_document(which))
    edits: dict[tuple[str, str], Callable[[dict[str, Any]], None]] = {
        ("business", "missing list"): lambda d: d.pop("supply"),
        ("business", "duplicate"): lambda d: d["human_capital"].append(d["human_capital"][1]),
        ("business", "unknown placeholder"): lambda d: d["segment_markets"].__setitem__(
            2, "Demand for {product} depends on the economy."
        ),
        ("business", "too few"): lambda d: d.__setitem__("competitive_factors", d["competitive_factors"][:3]),
        ("risk", "unknown placeholder"): lambda d: d["exposures"].__setitem__(
            7, "Matters concerning {lable} could hurt us."
        ),
        ("risk", "placeholder of another list"): lambda d: d["exposures"].__setitem__(
            3, "Our {customers} could be hurt by {label}."
        ),
        ("risk", "unpaired brace"): lambda d: d["exposures"].__setitem__(1, "We weigh {label when we plan."),
        ("risk", "duplicate topic"): lambda d: d["segment_risks"][1].__setitem__(
            "topic", d["segment_risks"][0]["topic"]
        ),
        ("risk", "segment risk placeholder"): lambda d: d["segment_risks"][0]["body"].__setitem__(
            1, "Customers of {company} may delay purchases."
        ),
        ("risk", "missing field"): lambda d: d["segment_risks"][1].pop("summary"),
        ("other_items", "positional placeholder"): lambda d: d["signing_statements"].__setitem__(
            2, "This report has been signed by {}."
        ),
        ("other_items", "placeholder where none is filled"): lambda d: d[
            "disclosure_conclusions"
        ].__setitem__(0, "Management used the {framework} and found the controls effective."),
        ("other_items", "duplicate exhibit"): lambda d: d["exhibits"][4].__setitem__(
            "number", d["exhibits"][2]["number"]
        ),
        ("other_items", "missing field"): lambda d: d["exhibits"][5].pop("title"),
        ("mdna", "unknown placeholder"): lambda d: d["expense_reasons"]["sales_and_marketing"].__setitem__(
            1, "Sales and marketing moved with {headcount}."
        ),
        ("mdna", "duplicate"): lambda d: d["margin_reasons"].append(d["margin_reasons"][0]),
        ("mdna", "not a sentence"): lambda d: d["region_reasons"].__setitem__(0, "abroad, things changed"),
        ("recognition", "missing type"): lambda d: d.pop("royalties"),
        ("recognition", "unknown type"): lambda d: d.__setitem__("barter", "when goods are exchanged"),
        ("recognition", "unknown placeholder"): lambda d: d.__setitem__("usage", "as {customer} uses it"),
        ("framing", "duplicate"): lambda d: d["follow_ups"].append(d["follow_ups"][-1]),
        ("framing", "unknown placeholder"): lambda d: d["lead_ins"].__setitem__(5, "From {company}'s 10-K, "),
        ("framing", "missing list"): lambda d: d.pop("writing_notes"),
    }
    edits[(which, change)](document)
    return document


@pytest.mark.parametrize(
    ("which", "change", "message", "path"),
    [
        ("business", "missing list", "'supply'", "$"),
        ("business", "duplicate", "non-unique", "$.human_capital"),
        (
            "business",
            "unknown placeholder",
            "unknown placeholder {product} (allowed here: {channel}, {first}, {growth_goal}",
            "$.segment_markets[2]",
        ),
        ("business", "too few", "is too short", "$.competitive_factors"),
        (
            "risk",
            "unknown placeholder",
            "unknown placeholder {lable} (allowed here: {cash}, {debt}, {drop}",
            "$.exposures[7]",
        ),
        ("risk", "placeholder of another list", "unknown placeholder {customers}", "$.exposures[3]"),
        ("risk", "unpaired brace", "in 'We weigh {label when we plan.'", "$.exposures[1]"),
        (
            "risk",
            "duplicate topic",
            "segment risk topic 'segment_demand' appears twice",
            "$.segment_risks[1].topic",
        ),
        ("risk", "segment risk placeholder", "unknown placeholder {company}", "$.segment_risks[0].body[1]"),
        ("risk", "missing field", "'summary'", "$.segment_risks[1]"),
        ("other_items", "positional placeholder", "unknown placeholder {}", "$.signing_statements[2]"),
        (
            "other_items",
            "placeholder where none is filled",
            "unknown placeholder {framework}",
            "$.disclosure_conclusions[0]",
        ),
        ("other_items", "duplicate exhibit", "exhibit '4.1' appears twice", "$.exhibits[4].number"),
        ("other_items", "missing field", "'title'", "$.exhibits[5]"),
        (
            "mdna",
            "unknown placeholder",
            "unknown placeholder {headcount}",
            "$.expense_reasons.sales_and_marketing[1]",
        ),
        ("mdna", "duplicate", "non-unique", "$.margin_reasons"),
        ("mdna", "not a sentence", "does not match", "$.region_reasons[0]"),
        ("recognition", "missing type", "no wording for recognition type 'royalties'", "$"),
        (
            "recognition",
            "unknown type",
            "'barter' is not a recognition type of industry.schema.json",
            "$.barter",
        ),
        ("recognition", "unknown placeholder", "unknown placeholder {customer}", "$.usage"),
        ("framing", "duplicate", "' One or two sentences will do.' appears twice", "$.follow_ups[11]"),
        ("framing", "unknown placeholder", "unknown placeholder {company}", "$.lead_ins[5]"),
        ("framing", "missing list", "'writing_notes'", "$"),
    ],
)
def test_a_broken_prose_file_is_refused_naming_file_and_entry(
    which: str, change: str, message: str, path: str
) -> None:
    with pytest.raises(ConfigError) as error:
        FILES[which].parse(_break(which, change), "broken.yaml")
    assert error.value.source == "broken.yaml"
    assert error.value.path == path
    assert message in error.value.message


@given(
    name=st.from_regex(r"[a-z_]{1,12}", fullmatch=True),
    allowed=st.lists(st.from_regex(r"[a-z_]{1,12}", fullmatch=True), max_size=4),
)
def test_a_placeholder_is_accepted_exactly_when_the_code_fills_it(name: str, allowed: list[str]) -> None:
    text = f"Our {{{name}}} and {{{{literal braces}}}} matter."
    if name in allowed:
        check_placeholders([("$.x[0]", text)], allowed, "file.yaml")
        assert text.format(**{known: "value" for known in allowed}).startswith("Our value")
    else:
        with pytest.raises(ConfigError, match=f"unknown placeholder {{{name}}}"):
            check_placeholders([("$.x[0]", text)], allowed, "file.yaml")


@given(seed=st.integers(min_value=0, max_value=2**40))
def test_filings_use_the_shipped_wordings(seed: int) -> None:
    company = make_company(RandomStream(seed))
    stream = RandomStream(seed + 1)
    statements = make_statements(company, RandomStream(seed + 4))
    block = controls(company, statements, stream, "Ames & Boyd LLP")
    control_lines = [line.text for paragraph in block.paragraphs for line in paragraph.lines]
    year_end = fiscal_year_end(statements.years[-1], company.fiscal_year_end_month)
    ceo, cfo = company.officers[0].name, company.officers[1].name
    wordings = [
        wording.format(ceo=ceo, cfo=cfo, year_end=year_end)
        for wording in OTHER_ITEMS_PROSE.disclosure_conclusions
    ]
    assert control_lines[0] in wordings
    part_iii = short_items(company, statements, stream, RandomStream(seed + 5))["III"]
    reference, meeting = part_iii.block.paragraphs[0].lines[0].text.split("; the meeting is planned for ")
    assert f"{reference}." in OTHER_ITEMS_PROSE.part_iii_references
    assert re.fullmatch(r"[A-Z][a-z]+ \d{1,2}, \d{4}\.", meeting)
    introduction = (
        risk_candidates(
            company, make_statements(company, RandomStream(seed + 3)), stream, RandomStream(seed + 2)
        )[0]
        .block.paragraphs[0]
        .lines[0]
        .text
    )
    # The introduction is a shipped wording filled with the company's facts.
    patterns = [
        ".+".join(re.escape(part) for part in re.split(r"\{\w+\}", wording))
        for wording in RISK_PROSE.introductions
    ]
    assert any(re.fullmatch(pattern, introduction) for pattern in patterns), introduction
    assert "{" not in introduction


def test_a_key_given_twice_is_refused_naming_file_and_line() -> None:
    text = "goods: when control passes\nservices: as performed\ngoods: on delivery\n"
    with pytest.raises(ConfigError) as error:
        parse_resource(text, "revenue_recognition.yaml")
    assert (error.value.source, error.value.line) == ("revenue_recognition.yaml", 3)
    assert "key 'goods' appears twice" in error.value.message
    nested = "expense_reasons:\n  rent:\n  - A.\n  rent:\n  - B.\n"
    with pytest.raises(ConfigError, match="key 'rent' appears twice"):
        parse_resource(nested, "mdna_prose.yaml")
    assert parse_resource("a: [x, {b: 1}]\nc: 2\n", "ok.yaml") == {"a": ["x", {"b": 1}], "c": 2}
