"""Evaluation hints: our rendering reads back exactly; the six fields behave as one record."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FinsynthError
from finsynth.generators.ucfe.hints import (
    HEADINGS,
    HINT_FIELDS,
    EvaluationHints,
    HintParseError,
    is_rendered,
    parse_hints,
    read_hints,
    render_hints,
)

entries = st.lists(st.text(max_size=40), max_size=4)
hints_strategy = st.builds(EvaluationHints, **{name: entries for name in HINT_FIELDS})


def test_fields_are_the_six_kinds_in_reading_order():
    assert tuple(field.name for field in dataclasses.fields(EvaluationHints)) == HINT_FIELDS
    assert tuple(HEADINGS) == HINT_FIELDS


@settings(max_examples=300, deadline=None)
@given(hints_strategy)
def test_any_hints_survive_render_then_parse(hints):
    assert parse_hints(render_hints(hints)) == hints


@settings(max_examples=100, deadline=None)
@given(hints_strategy)
def test_rendering_has_a_heading_for_each_filled_field_and_a_line_per_entry(hints):
    text = render_hints(hints)
    lines = text.split("\n") if text else []
    assert len(lines) == len(hints.present()) + sum(len(getattr(hints, name)) for name in HINT_FIELDS)
    assert [line for line in lines if line in HEADINGS.values()] == [HEADINGS[n] for n in hints.present()]


def test_rendering_reads_as_plain_guidance():
    hints = EvaluationHints(answer=["neutral"], forbid=['a "sure thing" claim'])
    text = render_hints(hints)
    assert text.splitlines()[0] == HEADINGS["answer"] and '- "neutral"' in text
    assert '- "a \\"sure thing\\" claim"' in text
    assert read_hints(text).notes == ()


def test_dict_round_trip_and_unknown_fields():
    hints = EvaluationHints(must_contain=["x"], encourage=["y", "z"])
    assert EvaluationHints.from_dict(hints.to_dict()) == hints
    assert hints.present() == ("must_contain", "encourage")
    with pytest.raises(FinsynthError, match="unknown hint field 'bonus'"):
        EvaluationHints.from_dict({"bonus": ["x"]})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (HEADINGS["answer"] + "\nplain line", "line 2: expected a heading or an entry"),
        (HEADINGS["answer"] + '\n- "open', "line 2: entry is not a JSON string"),
        (HEADINGS["answer"] + "\n- 12", "line 2: entry is not a JSON string"),
        (HEADINGS["forbid"] + '\n- "a"\n' + HEADINGS["forbid"], "line 3: heading .* appears twice"),
    ],
)
def test_broken_rendering_is_reported_with_its_line(text, message):
    assert is_rendered(text)
    with pytest.raises(HintParseError, match=message):
        parse_hints(text)


def test_text_that_is_not_our_rendering_goes_to_the_benchmark_reader():
    assert not is_rendered("The AI assistant should respond neutrally.")
    assert parse_hints("The AI assistant should respond neutrally.") == EvaluationHints(answer=["neutral"])
    assert parse_hints("") == EvaluationHints()
