"""`finsynth ucfe import/export` as a user runs them, on our fixture and on the real benchmark."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from finsynth.builder.ucfe_bench import data_file
from finsynth.cli import app

ROOT = Path(__file__).resolve().parents[2]
REAL_BENCH = ROOT / ".." / "shared" / "data" / "ucfe" / "UCFE_bench.json"
SMALL_BENCH = ROOT / "tests" / "data" / "ucfe" / "small_bench.json"
runner = CliRunner()


def run(*arguments: str):
    return runner.invoke(app, ["ucfe", *arguments])


@pytest.mark.parametrize("command", ["import", "export"])
def test_commands_have_help_with_examples(command):
    result = run(command, "--help")
    assert result.exit_code == 0 and "Examples" in result.output


def test_import_then_export_gives_the_file_back(tmp_path):
    folder = tmp_path / "ucfe"
    imported = run("import", str(SMALL_BENCH), "--out", str(folder))
    assert imported.exit_code == 0, imported.output
    assert "stock_price_prediction" in imported.output and "credit_risk_evaluation" in imported.output
    assert "hints parsed: 5 of 5 items fit their task" in imported.output
    assert imported.output.strip().splitlines()[-1] == str(folder)
    assert data_file(folder).is_file() and (folder / "README.md").is_file()
    assert [path.name for path in folder.parent.iterdir()] == ["ucfe"]  # no staging folder left behind
    exported = run("export", str(folder), str(tmp_path / "out" / "bench.json"))
    assert exported.exit_code == 0, exported.output
    assert "5 items in 3 tasks" in exported.output
    original = json.loads(SMALL_BENCH.read_text(encoding="utf-8"))
    assert json.loads((tmp_path / "out" / "bench.json").read_text(encoding="utf-8")) == original


def test_notes_list_the_judgement_calls(tmp_path):
    result = run("import", str(SMALL_BENCH), "--out", str(tmp_path / "ucfe"), "--notes")
    assert result.exit_code == 0
    assert "Credit_Risk_Evaluation[1] (id 505): note: sentence 1 has no cue" in result.output.replace(
        "\n", " "
    )


def test_the_same_input_gives_the_same_bytes(tmp_path):
    for name in ("a", "b"):
        assert run("import", str(SMALL_BENCH), "--out", str(tmp_path / name)).exit_code == 0
    for relative in ("README.md", "manifest.json", "ucfe_bench/test-00000-of-00001.parquet"):
        assert (tmp_path / "a" / relative).read_bytes() == (tmp_path / "b" / relative).read_bytes()


def test_validate_and_verify_check_the_import_folder(tmp_path):
    folder = tmp_path / "ucfe"
    assert run("import", str(SMALL_BENCH), "--out", str(folder)).exit_code == 0
    validated = runner.invoke(app, ["validate", str(folder)])
    assert validated.exit_code == 0 and "5 records valid" in validated.output
    assert runner.invoke(app, ["verify", str(folder)]).exit_code == 0
    with data_file(folder).open("ab") as handle:
        handle.write(b"tampered")
    verified = runner.invoke(app, ["verify", str(folder)])
    assert verified.exit_code == 1 and "sha256 differs" in verified.output


def test_an_existing_folder_is_kept_unless_overwrite(tmp_path):
    folder = tmp_path / "ucfe"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    refused = run("import", str(SMALL_BENCH), "--out", str(folder))
    assert refused.exit_code == 2 and "already exists" in refused.output
    assert [path.name for path in folder.iterdir()] == ["keep.txt"]
    assert run("import", str(SMALL_BENCH), "--out", str(folder), "--overwrite").exit_code == 0
    assert not (folder / "keep.txt").exists() and data_file(folder).is_file()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "file not found"),
        ("{not json", "not valid JSON"),
        ('{"Weather": []}', "unknown task key 'Weather'"),
        ('{"Analyst": [{"id": 1}]}', r"\$.Analyst\[0\]: item (id 1) lacks field 'role_prompt'"),
    ],
)
def test_bad_input_exits_with_2_and_says_where(tmp_path, content, message):
    path = tmp_path / "bench.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = run("import", str(path), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2 and "bench.json" in result.output
    assert message.replace("\\", "") in result.output.replace("\n", "")
    assert not (tmp_path / "out").exists()


def test_export_of_a_folder_without_ucfe_data_exits_with_2(tmp_path):
    result = run("export", str(tmp_path), str(tmp_path / "bench.json"))
    assert result.exit_code == 2 and "no ucfe_bench data" in result.output
    assert not (tmp_path / "bench.json").exists()


def test_datasets_loads_the_import_folder(tmp_path):
    import datasets

    folder = tmp_path / "ucfe"
    assert run("import", str(SMALL_BENCH), "--out", str(folder)).exit_code == 0
    loaded = datasets.load_dataset(str(folder), "ucfe_bench", split="test")
    assert loaded.num_rows == 5 and loaded.column_names[:5] == [
        "id",
        "input",
        "target",
        "choices",
        "metadata",
    ]
    row = loaded[3]
    assert row["task"] == "credit_risk_evaluation" and row["hints"]["forbid"] == [
        "A rating with no numbers behind it."
    ]
    assert json.loads(row["metadata"])["source"] == "ucfe_bench" and row["bench_item"]["id"] == 504


@pytest.mark.skipif(not REAL_BENCH.exists(), reason=f"UCFE benchmark not found at {REAL_BENCH}")
def test_the_real_benchmark_round_trips_through_the_command_line(tmp_path):
    folder = tmp_path / "ucfe"
    imported = run("import", str(REAL_BENCH), "--out", str(folder))
    assert imported.exit_code == 0, imported.output
    assert "hints parsed: 330 of 330 items fit their task; 0 with problems" in imported.output
    card = (folder / "README.md").read_text(encoding="utf-8")
    assert "config_name: ucfe_bench" in card and "Apache-2.0" in card and "CC BY 4.0" in card
    assert run("export", str(folder), str(tmp_path / "bench.json")).exit_code == 0
    exported = (tmp_path / "bench.json").read_bytes()
    assert exported == REAL_BENCH.read_bytes().replace(b"\r\n", b"\n")  # same layout; we write \n line ends
