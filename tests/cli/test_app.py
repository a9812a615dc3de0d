"""The command line as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from finsynth import generate as finsynth_generate
from finsynth.cli import app

runner = CliRunner()
TEMPLATE = "finchain/investment_analysis/compound_interest/future_value_of_a_single_deposit"


@pytest.mark.parametrize("command", ["list", "generate", "build", "validate", "verify"])
def test_every_command_has_help_with_examples(command):
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0 and "Examples" in result.output


def test_list_json_reports_domains_topics_and_difficulties():
    result = runner.invoke(app, ["list", "--family", "finchain", "--json"])
    listing = json.loads(result.output)
    ids = [entry["id"] for entry in listing["generators"]]
    assert TEMPLATE in ids and ids == sorted(ids)
    assert listing["counts"]["generators"] == len(ids)
    # Test plugins loaded by other tests in this process may add finchain generators without tags.
    templates = [entry for entry in listing["generators"] if entry["id"].startswith("finchain/")]
    assert sum(listing["counts"]["by_difficulty"].values()) == sum(
        "difficulty" in e for e in listing["generators"]
    )
    assert {entry["difficulty"] for entry in templates} == {"basic", "intermediate", "advanced"}
    assert len(templates) == 290


def test_generate_prints_json_lines_or_readable_text():
    result = runner.invoke(app, ["generate", TEMPLATE, "-n", "3", "--seed", "4", "--json"])
    records = [json.loads(line) for line in result.output.splitlines()]
    assert len(records) == 3 and all(r["generator_id"] == TEMPLATE for r in records)
    text = runner.invoke(app, ["generate", TEMPLATE, "-n", "1", "--seed", "4"]).output
    assert records[0]["input"][:30] in text.replace("\n", " ") and "Answer:" in text


def test_unknown_ids_exit_2_with_a_suggestion():
    result = runner.invoke(app, ["generate", TEMPLATE.replace("single", "singel"), "-n", "1"])
    assert result.exit_code == 2
    assert "did you mean" in result.output


def test_bad_config_exits_2_and_writes_nothing(tmp_path: Path):
    config = tmp_path / "bad.yaml"
    config.write_text(
        "name: x\nversion: 1.0.0\nseed: 1\nconfigs:\n  - name: a\n    family: finchain\n"
        "    generators: [finchain/]\n    splits:\n      test: {per_generator: -1}\n"
    )
    result = runner.invoke(app, ["build", str(config), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "bad.yaml:9" in result.output and "per_generator" in result.output
    assert not (tmp_path / "out").exists()
    assert runner.invoke(app, ["build", str(tmp_path / "missing.yaml")]).exit_code == 2


def test_validate_accepts_configs_and_records_and_flags_bad_records(tmp_path: Path):
    assert runner.invoke(app, ["validate", "configs/default.yaml"]).exit_code == 0
    good = runner.invoke(app, ["generate", TEMPLATE, "-n", "2", "--json"]).output.splitlines()
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join(good) + "\n")
    assert runner.invoke(app, ["validate", str(path)]).exit_code == 0
    broken = json.loads(good[1])
    broken["difficulty"] = "hard"
    path.write_text(good[0] + "\n" + json.dumps(broken) + "\n")
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 1 and f"{path}:2" in result.output and "'hard'" in result.output


def test_list_reports_the_whole_finchain_taxonomy():
    counts = json.loads(runner.invoke(app, ["list", "--family", "finchain", "--json"]).output)["counts"]
    assert counts["domains"] == 12 and counts["topics"] == 58 and counts["generators"] >= 290
    # Measured levels: one set of cut-offs over the whole set, every level at least one per topic.
    assert set(counts["by_difficulty"]) == {"basic", "intermediate", "advanced"}
    assert min(counts["by_difficulty"].values()) >= 58


def test_generate_streams_records_instead_of_buffering_them():
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    # 400,000 × 290 records would take hours to buffer: a first record while the command still runs
    # can only come from a stream, however busy the machine is.
    process = subprocess.Popen(
        [sys.executable, "-m", "finsynth.cli", "generate", "finchain/", "-n", "400000", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    try:
        assert process.stdout is not None
        first = json.loads(process.stdout.readline())
        assert first["id"].endswith("/sample/000000")
        assert process.poll() is None, "the command ended before streaming: it buffered its records"
    finally:
        process.kill()
        process.wait()


def test_piped_text_is_plain_and_never_wrapped_or_cut():
    result = runner.invoke(app, ["generate", "finchain/personal_finance/budgeting", "-n", "1", "--seed", "3"])
    records = list(finsynth_generate("finchain/personal_finance/budgeting", n=1, seed=3))
    lines = result.output.splitlines()
    assert result.exit_code == 0 and "─" not in result.output
    for record in records:
        assert f"=== {record['id']}" in lines and record["input"] in lines
        assert record["solution"] in result.output


def test_generate_and_list_select_by_domain_topic_difficulty_and_exclusion():
    arguments = [
        "--domain",
        "financial_ratios",
        "--difficulty",
        "advanced",
        "--exclude-topic",
        "leverage_ratios",
    ]
    listed = json.loads(runner.invoke(app, ["list", *arguments, "--json"]).output)["generators"]
    assert listed and all(
        entry["domain"] == "financial_ratios"
        and entry["difficulty"] == "advanced"
        and entry["topic"] != "leverage_ratios"
        for entry in listed
    )
    generated = runner.invoke(app, ["generate", *arguments, "-n", "2", "--json"]).output.splitlines()
    assert sorted({json.loads(line)["generator_id"] for line in generated}) == [
        entry["id"] for entry in listed
    ]
    assert len(generated) == 2 * len(listed)
    bad = runner.invoke(app, ["generate", "--difficulty", "hard"])
    assert bad.exit_code == 2 and "difficulty 'hard'" in bad.output
