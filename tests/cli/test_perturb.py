from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from finsynth.cli import app
from finsynth.perturbations import get_perturbation
from finsynth.seeding import RandomStream, derive_seed
from tests.perturbations.questions import finance_questions

QUESTION = "What was Apple's net income in fiscal 2023, and how did the principal amount change?"


def _run(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["perturb", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_plain_text_from_standard_input_matches_the_python_api() -> None:
    code, out, _ = _run("misspell", "--seed", "7", stdin=QUESTION + "\n")
    assert code == 0
    expected = get_perturbation("misspell")(QUESTION, RandomStream(derive_seed(7)))
    assert out == expected.text + "\n" and expected.changed


def test_json_output_names_each_op_kind(tmp_path: Path) -> None:
    file = tmp_path / "question.txt"
    file.write_text(QUESTION, encoding="utf-8")
    code, out, _ = _run("out-of-domain", str(file), "--json")
    assert code == 0
    result = json.loads(out)
    assert result["text"] != QUESTION
    assert {op["kind"] for op in result["ops"]} == {"plain_language"}
    assert result["ops"][0]["before"] == "net income"


def test_jsonl_keeps_ids_and_seeds_each_line_by_its_id_or_line_number() -> None:
    lines = [json.dumps({"text": text, "id": f"q{index}"}) for index, text in enumerate(finance_questions(5))]
    lines.insert(2, "")
    lines.append(json.dumps({"text": QUESTION}))
    code, out, _ = _run("misspell", "--jsonl", "--seed", "3", stdin="\n".join(lines) + "\n")
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert [record.get("id") for record in records] == ["q0", "q1", "q2", "q3", "q4", None]
    misspell = get_perturbation("misspell")
    for record, text in zip(records, [*finance_questions(5), QUESTION], strict=True):
        parts = ("id", record["id"]) if "id" in record else ("line", 7)
        assert record["text"] == misspell(text, RandomStream(derive_seed(3, *parts))).text
        assert all("kind" in op for op in record["ops"])


def test_kinds_and_edits_reach_misspell() -> None:
    lines = "\n".join(
        json.dumps({"text": text, "id": index}) for index, text in enumerate(finance_questions(40))
    )
    code, out, _ = _run("misspell", "--jsonl", "--kinds", "split,typo", "--edits", "2", stdin=lines)
    assert code == 0
    kinds = {op["kind"] for line in out.splitlines() for op in json.loads(line)["ops"]}
    assert kinds == {"split", "typo"}
    assert all(len(json.loads(line)["ops"]) == 2 for line in out.splitlines())


def test_incomplete_method_option() -> None:
    code, out, _ = _run(
        "incomplete", "--method", "rules", stdin="What was the revenue of Bank of America in 2023?"
    )
    assert code == 0 and out == "revenue Bank America 2023\n"


def test_ocr_is_looked_up_in_the_registry_with_its_cap() -> None:
    code, out, _ = _run(
        "ocr", "--cap", "0.3", "--seed", "1", "--json", stdin="The net revenue rose to 4.5 million dollars."
    )
    assert code == 0
    assert json.loads(out)["ops"][0]["kind"].startswith("ocr")


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["misspell", "--cap", "0.1"], "What?", "--cap does not apply to misspell"),
        (["incomplete", "--kinds", "split"], "What?", "--kinds does not apply to incomplete"),
        (["spellcheck"], "What?", "unknown KIND 'spellcheck'"),
        (["misspell", "--kinds", "split,spelling"], "What was it?", "kinds must be"),
        (["incomplete", "--method", "llm"], "What?", "needs a model client"),
        (["misspell"], "", "empty"),
        (["misspell"], "  \n", "empty"),
        (["misspell"], b"What was \xff the revenue?", "not UTF-8"),
        (["misspell", "--jsonl"], '{"text": "What?"}\n{"text": oops}\n', "standard input:2: not valid JSON"),
        (["misspell", "--jsonl"], '{"text": "What?"}\n\n{"id": 1}\n', "standard input:3: expected an object"),
        (["misspell", "--jsonl"], '{"text": "What?", "id": [1]}\n', "standard input:1: 'id' must be"),
        (["misspell", "--jsonl"], '{"text": "   "}\n', "standard input:1: misspell: the text is empty"),
        (["misspell", "--jsonl"], "\n\n", "no JSON lines"),
    ],
)
def test_bad_input_is_a_message_on_stderr_and_exit_code_2(
    args: list[str], stdin: str | bytes, message: str
) -> None:
    code, _, err = _run(*args, stdin=stdin)
    assert code == 2
    assert message in " ".join(err.split())


def test_missing_file_is_an_error(tmp_path: Path) -> None:
    code, _, err = _run("misspell", str(tmp_path / "absent.txt"))
    assert code == 2 and "absent.txt" in err
