import json
import statistics
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FinsynthError
from finsynth.perturbations import get_perturbation
from finsynth.perturbations.context import (
    MAX_SIMILARITY,
    ContextIndex,
    content_words,
    missing_context,
    pick_irrelevant,
)
from finsynth.seeding import RandomStream

FILINGS = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "filings"

ITEMS = [
    (
        "Theme park attendance rose at the resorts; park guests spent more on hotel rooms and cruises.",
        "How did theme park attendance change at the resorts?",
    ),
    (
        "Semiconductor wafer shipments fell as foundry capacity for integrated circuits tightened.",
        "Why did semiconductor wafer shipments fall?",
    ),
    (
        "The bank's commercial loan portfolio grew, and mortgage originations doubled with deposit growth.",
        "How much did mortgage originations grow at the bank?",
    ),
    (
        "Insurance premiums written increased while catastrophe claims and reinsurance recoveries declined.",
        "What happened to catastrophe claims?",
    ),
    (
        "Crude oil production volumes and refinery throughput recovered after pipeline maintenance.",
        "What happened to refinery throughput?",
    ),
    (
        "Theme park guests and resort hotel rooms drove attendance growth at every park this year.",
        "Which parks had the highest hotel occupancy?",
    ),
    (
        "Jet fuel costs and aircraft lease payments weighed on passenger airline margins.",
        "How many theme park hotel rooms did the resorts add?",
    ),
]
CONTEXTS = [context for context, _ in ITEMS]
QUESTIONS = [question for _, question in ITEMS]


def test_missing_context_empties_the_context() -> None:
    result = missing_context("Revenue was $1.3 million.", RandomStream(1))
    assert result.text == ""
    assert [op.to_dict() for op in result.ops] == [
        {"kind": "missing_context", "start": 0, "end": 25, "details": {"characters": 25}}
    ]
    assert result.changed


@pytest.mark.parametrize("text", ["", "  ", "\n\u2003"])
def test_missing_context_of_a_blank_context_is_an_error(text: str) -> None:
    with pytest.raises(FinsynthError, match="already empty"):
        missing_context(text, RandomStream(1))


def test_missing_context_is_registered() -> None:
    assert get_perturbation("missing_context") is missing_context


@settings(max_examples=100, deadline=None)
@given(st.text(min_size=1).filter(lambda text: bool(text.strip())))
def test_missing_context_of_any_text(text: str) -> None:
    result = missing_context(text, RandomStream(0))
    assert result.text == ""
    assert result.ops[0].end == len(text)


def test_content_words_drop_function_words_numbers_and_short_words() -> None:
    assert content_words("The Company's revenue of $1.3 million rose in 2023, as it did.") == [
        "company",
        "revenue",
        "million",
        "rose",
    ]


def test_the_same_topic_is_never_picked() -> None:
    index = ContextIndex(CONTEXTS, QUESTIONS)
    assert index.similarity(0, 5) > MAX_SIMILARITY  # both about theme parks
    picks = {index.pick_irrelevant(0, RandomStream(seed)) for seed in range(200)}
    assert picks == {1, 2, 3, 4, 6}
    for pick in picks:
        assert index.similarity(0, pick) <= MAX_SIMILARITY


def test_picks_are_seeded() -> None:
    first = [pick_irrelevant(2, CONTEXTS, QUESTIONS, RandomStream(seed)) for seed in range(30)]
    second = [pick_irrelevant(2, CONTEXTS, QUESTIONS, RandomStream(seed)) for seed in range(30)]
    assert first == second
    assert 2 not in first


def test_a_question_alone_can_rule_out_a_context() -> None:
    # Item 6's context is about airlines, but its question is about the resorts of items 0 and 5.
    index = ContextIndex(CONTEXTS, QUESTIONS)
    for resort in (0, 5):
        assert index.context_similarity(6, resort) <= MAX_SIMILARITY < index.question_similarity(6, resort)
    picks = {index.pick_irrelevant(6, RandomStream(seed)) for seed in range(200)}
    assert picks == {1, 2, 3, 4}


def test_no_qualifying_item_is_an_error() -> None:
    contexts = ["Theme park attendance rose."] * 3
    with pytest.raises(FinsynthError, match=r"item 1 \(max_similarity 0.1; the least similar scores 1.000\)"):
        pick_irrelevant(1, contexts, ["Did attendance rise?"] * 3, RandomStream(1))


def test_blank_contexts_are_never_picked() -> None:
    contexts = ["Theme park attendance rose.", " ", "Wafer shipments fell."]
    questions = ["Did attendance rise?", "Anything?", "Did shipments fall?"]
    assert {pick_irrelevant(0, contexts, questions, RandomStream(seed)) for seed in range(20)} == {2}
    with pytest.raises(FinsynthError, match="no other item has a context"):
        pick_irrelevant(0, contexts[:2], questions[:2], RandomStream(1))


@pytest.mark.parametrize(
    ("index", "contexts", "questions", "message"),
    [
        (0, ["a", "b"], ["q"], "2 contexts but 1 questions"),
        (0, [], [], "no items"),
        (5, ["a", "b"], ["q", "r"], r"item 5 is out of range \(0 to 1\)"),
    ],
)
def test_bad_input_is_an_error(index: int, contexts: list[str], questions: list[str], message: str) -> None:
    with pytest.raises(FinsynthError, match=message):
        pick_irrelevant(index, contexts, questions, RandomStream(1))


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.tuples(st.text(max_size=80), st.text(max_size=40)), min_size=1, max_size=6),
    st.integers(0, 99),
)
def test_arbitrary_items_give_another_item_or_a_clear_error(items: list[tuple[str, str]], seed: int) -> None:
    contexts = [context for context, _ in items]
    questions = [question for _, question in items]
    index = seed % len(items)
    try:
        pick = pick_irrelevant(index, contexts, questions, RandomStream(seed))
    except FinsynthError as error:
        assert "irrelevant context" in str(error)
    else:
        assert pick != index and contexts[pick].strip()


def test_tatqa_questions_match_their_own_context_but_not_the_picked_one() -> None:
    path = FILINGS / "tatqa_dataset_dev.json"
    if not path.is_file():
        pytest.skip(f"TAT-QA dev set not found at {path} (shared test data is optional)")
    items = json.loads(path.read_text(encoding="utf-8"))
    contexts = [
        "\n".join(" | ".join(row) for row in item["table"]["table"])
        + "\n"
        + "\n".join(paragraph["text"] for paragraph in item["paragraphs"])
        for item in items
    ]
    questions = [item["questions"][0]["question"] for item in items]
    index = ContextIndex(contexts, questions)
    own = [index.question_similarity(item, item) for item in range(len(items))]
    assert statistics.median(own) > 2 * MAX_SIMILARITY
    for item in range(0, len(items), 3):
        pick = index.pick_irrelevant(item, RandomStream(item))
        assert pick != item and index.similarity(item, pick) <= MAX_SIMILARITY
