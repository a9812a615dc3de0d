"""A filing's house style rewords general prose, never a fact, and never a word outside its phrases."""

from __future__ import annotations

from importlib import resources
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import ConfigError
from finsynth.generators.filings.blocks import Block, Line, Paragraph, heading, prose
from finsynth.generators.filings.house_style import (
    PHRASE_GROUPS,
    STYLE_FILE,
    HouseStyle,
    draw_style,
    parse_phrase_groups,
)
from finsynth.generators.filings.resource_files import PACKAGE
from finsynth.seeding import RandomStream
from finsynth.world.company import make_company

SEEDS = st.integers(min_value=0, max_value=2**40)


def _style(seed: int) -> HouseStyle:
    return draw_style(make_company(RandomStream(seed)), RandomStream(seed + 1))


def _shipped() -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load(
        resources.files(PACKAGE).joinpath(STYLE_FILE).read_text(encoding="utf-8")
    )
    return document


def test_the_phrase_groups_ship_as_a_package_resource_and_are_what_filings_use() -> None:
    assert parse_phrase_groups(_shipped(), "house_style.yaml") == PHRASE_GROUPS
    assert len(PHRASE_GROUPS) >= 200


@pytest.mark.parametrize(
    ("change", "message", "path"),
    [
        ("capital", "does not match", "$.groups[3][0]"),
        ("repeat", "already in group 0", "$.groups[5][1]"),
        ("empty group", "should be non-empty", "$.groups[2]"),
        ("other key", "unknown key 'phrases'", "$.phrases"),
    ],
)
def test_a_broken_phrase_file_is_refused_naming_file_and_entry(change: str, message: str, path: str) -> None:
    document = _shipped()
    groups = document["groups"]
    if change == "capital":
        groups[3][0] = groups[3][0].capitalize()
    elif change == "repeat":
        groups[5] = [groups[5][0], groups[0][0]]
    elif change == "empty group":
        groups[2] = []
    else:
        document["phrases"] = document.pop("groups")
    with pytest.raises(ConfigError) as error:
        parse_phrase_groups(document, "house_style.yaml")
    assert error.value.source == "house_style.yaml"
    assert error.value.path == path
    assert message in error.value.message


def test_no_phrase_is_in_two_groups_and_all_are_lower_case() -> None:
    phrases = [phrase for group in PHRASE_GROUPS for phrase in group]
    assert len(phrases) == len(set(phrases))
    assert all(phrase[0].islower() for phrase in phrases)


@settings(max_examples=50, deadline=None)
@given(seed=SEEDS)
def test_each_group_is_written_one_way_throughout_a_filing(seed: int) -> None:
    style = _style(seed)
    for group in PHRASE_GROUPS:
        written = {style.reword(f"We saw that {phrase} here.") for phrase in group}
        assert len(written) == 1, group


@settings(max_examples=50, deadline=None)
@given(
    seed=SEEDS, words=st.lists(st.sampled_from(["pumps", "grew", "quietly", "ledger", "zinc"]), max_size=12)
)
def test_text_without_a_phrase_is_left_alone(seed: int, words: list[str]) -> None:
    text = " ".join(["Widgets", *words]) + "."
    assert _style(seed).reword(text) == text


def test_names_titles_and_parts_of_words_are_left_alone() -> None:
    style = HouseStyle({"may": "might", "board": "board of directors", "could": "might"})
    assert style.reword("In May the Board could act.") == "In May the Board might act."
    assert (
        style.reword("Mayfield's board-approved plan could wait.")
        == "Mayfield's board-approved plan might wait."
    )
    assert style.reword("May we ask?") == "Might we ask?"


def test_the_article_agrees_with_a_reworded_phrase() -> None:
    style = HouseStyle({"costly": "expensive", "effect": "impact"})
    assert style.reword("It is a costly step with a one-time effect.") == (
        "It is an expensive step with a one-time impact."
    )


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS)
def test_lines_stating_a_fact_and_other_paragraphs_keep_their_words(seed: int) -> None:
    style = _style(seed)
    general = "Our board of directors could materially affect our products."
    block = Block(
        (
            heading("Our board of directors could act"),
            prose(
                general,
                Line("In 2025 the board could act.", ("board.size",)),
                Line("Controls were effective, and we could rely on them.", ("controls",)),
            ),
            Paragraph((Line("Customers could leave"),), kind="table"),
        ),
        facts={"controls": "effective"},
    )
    reworded = style.reword_block(block)
    assert reworded.paragraphs[0] == block.paragraphs[0]
    assert reworded.paragraphs[2] == block.paragraphs[2]
    lines = reworded.paragraphs[1].lines
    assert lines[1:] == block.paragraphs[1].lines[1:]
    assert lines[0].text == style.reword(general)
    assert reworded.facts == block.facts


def test_filings_differ_in_their_wording() -> None:
    general = "The following table summarizes what could materially hurt our products because of problems."
    assert len({_style(seed).reword(general) for seed in range(60)}) >= 20
