"""The strict answer reader cannot be gamed: no shortcut scores above a wrong answer.

Against a few records of every FinChain template (all 290), replies that do not commit to
the gold answer — hedges between choices or values, sprays of numbers, the right value with
a wrong unit or none, several ``Answer:`` lines ending on a wrong one, the right value
without an ``Answer:`` line — must score no more than a plainly wrong answer (0). The honest
``Answer: <target>`` scores 1 on every record, so the sweep can fail. A hypothesis test then
draws further variants (separators, markdown, case, surrounding text, random numbers).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import finsynth
from finsynth.scoring.answers import score_answer

RECORDS_PER_TEMPLATE = 3
UNITS = ("%", "bp", "USD", "JPY", None, "times", "years", "months", "days", "tons", "shares", "BTC", "ETH")
"""Every unit a FinChain answer is given in (``answer_unit``; ``None`` and ``""`` mean none)."""


def with_unit(value: float, unit: str | None) -> str:
    """``value`` (in the record's units: rates as fractions) written with ``unit`` as a reader expects it."""
    if unit == "%":
        return f"{value * 100:.6g}%"
    if unit == "bp":
        return f"{value:.6g} bp"
    if unit == "USD":
        return f"${value:.6f}"
    if unit == "JPY":
        return f"¥{value:.6f}"
    if not unit:
        return f"{value:.6f}"
    return f"{value:.6f}x" if unit == "times" else f"{value:.6f} {unit}"


def wrong_value(value: float) -> float:
    """A value far outside the 5% tolerance of ``value``."""
    return value * 1.5 + 1


def incompatible_units(unit: str | None) -> list[str | None]:
    """Units that must not answer a gold in ``unit`` (% and bp answer each other)."""
    compatible = {"%", "bp"} if unit in ("%", "bp") else {unit or None}
    return [other for other in UNITS if other not in compatible]


def without_answer_line(solution: str) -> str:
    return re.sub(r"(?im)^answer:.*$", "", solution)


def numeric_attacks(record: Mapping[str, Any]) -> Iterator[str]:
    value, unit, target = record["answer_value"], record["answer_unit"], record["target"]
    right, wrong = with_unit(value, unit), with_unit(wrong_value(value), unit)
    yield without_answer_line(record["solution"])  # the whole worked solution, no Answer: line
    yield target
    yield f"The result is {target}."
    yield f"The Answer: {target}"  # not an Answer line
    yield f"blah 1 2 3 4.0 {target}"
    yield f"Answer: 1 2 3 4.0 {target}"
    yield f"Answer: {target} 1 2 3 4.0"
    yield f"Answer: {right} or {wrong}"
    yield f"Answer: {wrong} or {right}"
    yield f"Answer: either {right} or {wrong}"
    yield f"Answer: {target}\nAnswer: {wrong}"
    yield f"{record['solution']}\nAnswer: {wrong}"
    for other in incompatible_units(unit):
        yield f"Answer: {with_unit(value, other)}"
        if unit in ("%", "bp") and other is None:
            yield f"Answer: {value * 100 if unit == '%' else value / 10_000:.6g}"  # the other bare reading


def label_attacks(record: Mapping[str, Any]) -> Iterator[str]:
    gold, choices = record["answer_label"], list(record["choices"])
    others = [choice for choice in choices if choice != gold]
    yield without_answer_line(record["solution"])
    yield gold
    yield f"The Answer: {gold}"
    yield f"Answer: {' '.join(choices)}"
    yield f"Answer: {', '.join(choices)}"
    yield f"Answer: not {gold}"
    yield f"Answer: the answer is {gold}, I think"
    for other in others:
        yield f"Either {gold} or {other}."
        yield f"Answer: Either {gold} or {other}."
        yield f"Answer: {other} or {gold}"
        yield f"Answer: {gold} / {other}"
        yield f"Answer: {gold} and {other}"
        yield f"Answer: {gold}\nAnswer: {other}"


def wrong_answer(record: Mapping[str, Any]) -> str:
    if record["answer_value"] is None:
        return f"Answer: {next(c for c in record['choices'] if c != record['answer_label'])}"
    return f"Answer: {with_unit(wrong_value(record['answer_value']), record['answer_unit'])}"


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return list(finsynth.generate("finchain/", n=RECORDS_PER_TEMPLATE, seed=33))


def test_every_template_is_covered(records: list[dict[str, Any]]) -> None:
    templates = {record["id"].rsplit("/", 1)[0] for record in records}
    assert len(templates) == 290 and len(records) == 290 * RECORDS_PER_TEMPLATE
    assert {record["answer_unit"] or None for record in records} <= set(UNITS)


def test_no_shortcut_scores_above_a_wrong_answer_on_any_template(records: list[dict[str, Any]]) -> None:
    attacks = 0
    for record in records:
        floor = score_answer(wrong_answer(record), record)
        assert floor == 0.0, record["id"]
        assert score_answer(f"Answer: {record['target']}", record) == 1.0, record["id"]
        assert score_answer(record["solution"], record) == 1.0, record["id"]
        numeric = record["answer_value"] is not None
        for attack in numeric_attacks(record) if numeric else label_attacks(record):
            attacks += 1
            assert score_answer(attack, record) <= floor, (record["id"], record["target"], attack)
    assert attacks > 10 * len(records)


def markdown_answer_line(draw: st.DrawFn) -> str:
    """An ``Answer:`` marker in one of the forms the reader accepts."""
    word = draw(st.sampled_from(["Answer", "answer", "ANSWER", "Final answer", "Final Answer"]))
    return draw(
        st.sampled_from(
            [f"{word}:", f"**{word}:**", f"**{word}**:", f"### {word}:", f"- {word}:", f"{word} ="]
        )
    )


@st.composite
def gaming_reply(draw: st.DrawFn, record: Mapping[str, Any]) -> str:
    """A reply that names the gold answer without committing to it alone."""
    marker = markdown_answer_line(draw)
    separator = draw(st.sampled_from([" or ", " / ", ", ", " and ", " vs ", " ", "; ", " (or) "]))
    noise = draw(st.text(alphabet="abc xyz.\n", max_size=40))
    if record["answer_value"] is None:
        gold = record["answer_label"]
        other = draw(st.sampled_from([c for c in record["choices"] if c != gold]))
        named = draw(st.permutations([gold, other]))
        kind = draw(st.sampled_from(["hedge", "two lines", "no line"]))
        if kind == "hedge":
            return f"{noise}\n{marker} {separator.join(named)}"
        if kind == "two lines":
            return f"{noise}\n{marker} {gold}\n{marker} {other}"
        return f"{noise} {gold}"
    value, unit = record["answer_value"], record["answer_unit"]
    right = with_unit(value, unit)
    spray = draw(
        st.lists(
            st.floats(min_value=-1e6, max_value=1e6, allow_nan=False).map(lambda x: f"{x:.4g}"),
            min_size=1,
            max_size=5,
        )
    )
    kind = draw(st.sampled_from(["spray", "spray line", "hedge", "unit swap", "two lines", "no line"]))
    if kind == "spray":
        return f"{noise} {' '.join([*spray, right])}"
    if kind == "spray line":
        numbers = draw(st.permutations([*spray, "1", "3", right]))
        return f"{noise}\n{marker} {separator.join(numbers)}"
    if kind == "hedge":
        named = draw(st.permutations([right, with_unit(wrong_value(value), unit)]))
        return f"{noise}\n{marker} {separator.join(named)}"
    if kind == "unit swap":
        return f"{noise}\n{marker} {with_unit(value, draw(st.sampled_from(incompatible_units(unit))))}"
    if kind == "two lines":
        return f"{noise}\n{marker} {right}\n{marker} {with_unit(wrong_value(value), unit)}"
    return f"{noise} {right}"


@pytest.fixture(scope="module")
def sample(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One record per template."""
    return records[::RECORDS_PER_TEMPLATE]


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_drawn_shortcuts_never_beat_a_wrong_answer(data: st.DataObject, sample: list[dict[str, Any]]) -> None:
    record = data.draw(st.sampled_from(sample))
    reply = data.draw(gaming_reply(record))
    assert score_answer(reply, record) <= score_answer(wrong_answer(record), record) == 0.0
    marker = markdown_answer_line(data.draw)
    assert score_answer(f"{reply}\n{marker} {record['target']}", record) == 1.0  # committing still counts
