"""Loading real and hand-written FailSafe sources: what is read, what is reported, what is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import ConfigError
from finsynth.generators.failsafe import load_edgar, load_failsafeqa, load_jsonl, load_tatqa

SHARED = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "filings"
needs_shared = pytest.mark.skipif(
    not SHARED.is_dir(), reason="shared/data/filings is not checked out beside the repo"
)


@needs_shared
def test_every_tatqa_dev_question_loads_with_verbatim_citations() -> None:
    raw = json.loads((SHARED / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    result = load_tatqa(SHARED / "tatqa_dataset_dev.json")
    assert result.problems == ()
    assert len(result.items) == sum(len(document["questions"]) for document in raw)
    for item in result.items:
        assert item.citations, item.id
        assert all(citation in item.context for citation in item.citations)
    scaled = [item for item in result.items if item.answer.endswith(" million")]
    assert scaled, "arithmetic answers keep their scale"


@needs_shared
@pytest.mark.parametrize(
    ("name", "company", "year"), [("disney_2018", "WALT DISNEY", "2018"), ("pericom_1998", "PERICOM", "1998")]
)
def test_edgar_items_become_one_document(name: str, company: str, year: str) -> None:
    document = load_edgar(SHARED / f"edgar10k_{name}.json")
    assert company in document.company and document.year == year
    assert document.sections[0][0] == "item_1"
    assert len(document.text) > 50_000
    assert all(text.strip() for _, text in document.sections)


def test_failsafeqa_array_keeps_good_rows_and_reports_the_rest(tmp_path: Path) -> None:
    rows = [
        {
            "idx": 0,
            "context": "Revenue was $5 million in 2023.",
            "query": "What was revenue?",
            "answer": "$5 million",
            "citations": "Revenue was $5 million in 2023.",
        },
        {
            "idx": 1,
            "context": "Costs rose.",
            "query": "Draft a short note on costs.",
            "answer": "Costs rose.",
            "citations": ["not in the text"],
        },
        {"idx": 2, "context": "", "query": "Anything?", "answer": "No."},
        "not an object",
    ]
    path = tmp_path / "failsafeqa.jsonl"
    path.write_text(json.dumps(rows), encoding="utf-8")
    result = load_failsafeqa(path)
    assert [item.id for item in result.items] == ["0", "1"]
    assert [item.task_type for item in result.items] == ["QA", "TG"]
    assert result.items[1].citations == ()
    assert [problem.where for problem in result.problems] == [f"{path}[2]", f"{path}[3]"]
    assert "missing or empty context" in result.problems[0].message


def test_jsonl_reports_bad_items_by_line_and_refuses_broken_json(tmp_path: Path) -> None:
    good = {
        "id": "a",
        "context": "Net income was $3.",
        "question": "Net income?",
        "answer": "$3",
        "citations": ["$3"],
    }
    lines = [
        json.dumps(good),
        "",
        json.dumps({**good, "id": "b", "citations": ["$4"]}),
        json.dumps({**good, "id": "c", "task_type": "essay"}),
        json.dumps(good),
    ]
    path = tmp_path / "items.jsonl"
    path.write_text("\n".join(lines), encoding="utf-8")
    result = load_jsonl(path)
    assert [item.id for item in result.items] == ["a"]
    assert [str(problem).split(": ", 1)[0] for problem in result.problems] == [f"{path}:3", f"{path}:4", "a"]
    assert "duplicate id" in result.problems[2].message
    path.write_text(json.dumps(good) + "\n{broken\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"items.jsonl:2: not valid JSON"):
        load_jsonl(path)


@pytest.mark.parametrize("loader", [load_jsonl, load_failsafeqa, load_tatqa, load_edgar])
def test_unreadable_files_name_the_file_and_the_reason(tmp_path: Path, loader: object) -> None:
    assert callable(loader)
    with pytest.raises(ConfigError, match=r"missing\.json: file not found"):
        loader(tmp_path / "missing.json")
    latin = tmp_path / "latin.json"
    raw = '{"context": "caf\u00e9"}'.encode("latin-1")
    latin.write_bytes(raw)
    offset = raw.index(b"\xe9")
    with pytest.raises(ConfigError, match=rf"latin\.json: not UTF-8 text \(bad byte at offset {offset}\)"):
        loader(latin)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.fixed_dictionaries(
            {
                "context": st.text(min_size=1).filter(str.strip),
                "question": st.text(min_size=1).filter(str.strip),
                "answer": st.text(min_size=1).filter(str.strip),
            }
        ),
        max_size=5,
    )
)
def test_jsonl_reads_back_any_unicode_items_it_is_given(
    tmp_path_factory: pytest.TempPathFactory, rows: list[dict[str, str]]
) -> None:
    path = tmp_path_factory.mktemp("jsonl") / "items.jsonl"
    with_ids = [{**row, "id": str(number), "citations": [row["context"]]} for number, row in enumerate(rows)]
    path.write_text("\n".join(json.dumps(row) for row in with_ids), encoding="utf-8")
    result = load_jsonl(path)
    assert result.problems == ()
    assert [(item.context, item.question, item.answer, item.citations) for item in result.items] == [
        (row["context"], row["question"], row["answer"], (row["context"],)) for row in with_ids
    ]
