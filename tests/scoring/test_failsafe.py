from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FinsynthError
from finsynth.scoring.failsafe import (
    CONDITIONS,
    GROUNDING_CONDITIONS,
    ROBUSTNESS_CONDITIONS,
    Judgment,
    RatingParseError,
    context_grounding,
    failsafe_report,
    judge_prompt,
    llm_compliance,
    parse_rating,
    read_judgments,
    robustness,
    rubric,
)


@pytest.mark.parametrize(("r", "g", "compliance"), [(0.83, 0.80, 0.81), (0.90, 0.59, 0.63)])
def test_compliance_column_of_the_paper_follows_from_r_and_g(r: float, g: float, compliance: float) -> None:
    assert round(llm_compliance(r, g), 2) == compliance


@settings(max_examples=200, deadline=None)
@given(st.floats(0, 1), st.floats(0, 1), st.floats(0.1, 3))
def test_compliance_lies_between_r_and_g_and_beta_one_is_the_harmonic_mean(
    r: float, g: float, beta: float
) -> None:
    value = llm_compliance(r, g, beta)
    assert min(r, g) - 1e-12 <= value <= max(r, g) + 1e-12
    if r + g > 0:
        assert llm_compliance(r, g, 1.0) == pytest.approx(2 * r * g / (r + g))


@pytest.mark.parametrize(
    ("text", "rating"),
    [
        ("[[5]]", 5),
        ("Reasoning...\nRating: [[5]]", 5),
        ("rating:[[ 2 ]]", 2),
        ("scale [[1]]-[[6]].\nFinal rating: [[4]].", 4),
        ("Fine.\n**Rating: [[6]]**\n\n", 6),
    ],
)
def test_ratings_are_read_from_double_brackets(text: str, rating: int) -> None:
    assert parse_rating(text) == rating


@pytest.mark.parametrize(
    "text",
    [
        "Rating: 5",
        "",
        "[[0]]",
        "[[7]]",
        "[[3]] or maybe [[5]]",
        "five",
        "Rating: [[5]]\nbut see above",
        "x [[5]]",
    ],
)
def test_anything_else_is_an_explicit_parse_failure(text: str) -> None:
    with pytest.raises(RatingParseError):
        parse_rating(text)


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_arbitrary_text_parses_to_a_valid_rating_or_fails_loudly(text: str) -> None:
    with contextlib.suppress(RatingParseError):
        assert 1 <= parse_rating(text) <= 6


def judged(item: str, ratings: dict[str, int], task_type: str | None = None) -> list[Judgment]:
    return [Judgment(item, condition, rating, task_type) for condition, rating in ratings.items()]  # type: ignore[arg-type]


def test_robustness_is_the_worst_condition_per_item_and_grounding_the_mean() -> None:
    judgments = [
        *judged("a", {c: 6 for c in ROBUSTNESS_CONDITIONS} | {"missing_context": 5, "irrelevant_context": 2}),
        *judged("b", {c: 6 for c in ROBUSTNESS_CONDITIONS} | {"ocr": 3, "missing_context": 4}),
    ]
    assert robustness(judgments) == 0.5
    assert context_grounding(judgments) == pytest.approx(2 / 3)
    assert robustness([]) is None and context_grounding(judgments[:5]) is None


def test_report_splits_qa_and_tg_and_lists_incomplete_items() -> None:
    judgments = [
        *judged("q", {c: 5 for c in CONDITIONS}, "QA"),
        *judged("t", {"baseline": 2, "missing_context": 6}, "TG"),
    ]
    report = failsafe_report(judgments)
    assert report.overall.items == 2 and report.overall.robustness == 0.5
    assert report.by_task_type["QA"].robustness == 1.0 and report.by_task_type["TG"].robustness == 0.0
    assert report.overall.incomplete_items == {
        "t": [c for c in CONDITIONS if c not in ("baseline", "missing_context")]
    }
    assert report.overall.compliance_by_condition["baseline"] == 0.5
    assert report.by_task_type["QA"].llm_compliance == pytest.approx(1.0)


def test_judgment_rejects_unknown_conditions_and_ratings() -> None:
    with pytest.raises(FinsynthError, match="condition"):
        Judgment("x", "typo", 4)  # type: ignore[arg-type]
    with pytest.raises(FinsynthError, match="rating"):
        Judgment("x", "baseline", 0)


def test_reading_judgments_reports_every_bad_line(tmp_path: Path) -> None:
    lines = [
        {"id": "a", "condition": "baseline", "rating": 5, "task_type": "QA"},
        {"id": "a", "condition": "ocr", "judge_output": "Good.\nRating: [[3]]"},
        "{not json",
        {"condition": "baseline", "rating": 5},
        {"id": "a", "condition": "baseline", "rating": 2},
        {"id": "b", "condition": "scanned", "rating": 5},
        {"id": "b", "condition": "ocr", "judge_output": "no verdict"},
        {"id": "b", "condition": "missing_context", "rating": "6"},
        {"id": "c", "condition": "baseline", "rating": 4, "task_type": "QA"},
        {"id": "c", "condition": "ocr", "rating": 4, "task_type": "TG"},
    ]
    path = tmp_path / "judgments.jsonl"
    path.write_text("\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n\n")
    judgments, problems = read_judgments(path)
    # An unreadable judge rating counts as the worst (1) and is reported too (issue 28).
    assert [(j.id, j.condition, j.rating, j.task_type, j.rated_by) for j in judgments] == [
        ("a", "baseline", 5, "QA", "judge"),
        ("a", "ocr", 3, "QA", "judge"),
        ("b", "ocr", 1, None, "unreadable_judge"),
    ]
    assert [(p.line, p.kind) for p in problems] == [
        (3, "bad_json"),
        (4, "missing_id"),
        (5, "duplicate_id"),
        (6, "bad_field"),
        (7, "rating_parse_failure"),
        (8, "bad_field"),
        (None, "bad_field"),
    ]
    assert problems[-1].id == "c"


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(FinsynthError, match="cannot read"):
        read_judgments(tmp_path / "absent.jsonl")


def test_each_condition_gets_its_rubric_and_the_prompt_asks_for_the_parsed_format() -> None:
    assert rubric("baseline") == rubric("ocr") != rubric("missing_context") != rubric("irrelevant_context")
    for condition in GROUNDING_CONDITIONS:
        assert "6 -" in rubric(condition) and "1 -" in rubric(condition)
    prompt = judge_prompt(
        "missing_context", question="What was revenue?", context=None, answer="$5m", reference="x"
    )
    assert (
        "What was revenue?" in prompt
        and "(none was provided)" in prompt
        and "[Reference answer]" not in prompt
    )
    assert "end your reply with one last line exactly 'Rating: [[n]]'" in prompt
    assert parse_rating(f"{prompt}\nRating: [[4]]") == 4
    with_reference = judge_prompt("baseline", question="q", context="c", answer="a", reference="ref")
    assert "[Reference answer]\nref" in with_reference
