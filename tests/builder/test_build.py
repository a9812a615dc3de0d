"""End-to-end builds: determinism, layout, loading, atomicity, verification."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from finsynth.builder import output_folder, parse_config, run_build
from finsynth.builder.manifest import read_manifest
from finsynth.errors import BuildError
from finsynth.generators.registry import resolve

ROOT = Path(__file__).resolve().parents[2]
CONFIG = """\
name: tiny
version: 0.0.1
seed: 99
pretty_name: Tiny test build
configs:
  - name: finchain
    family: finchain
    shard_size: 7
    generators: [finchain/investment_analysis/compound_interest]
    splits:
      test: {per_generator: 3}
      train: {per_generator: 4}
  - name: finchain_variation
    family: finchain
    generators: [finchain/investment_analysis/compound_interest]
    variations: {of_config: finchain, of_split: test, kinds: [names, values, both]}
    splits:
      test: {per_generator: 3}
"""


def file_hashes(folder: Path) -> dict[str, str]:
    manifest = read_manifest(folder)
    return {name: entry["sha256"] for name, entry in manifest["files"].items()}


def cli(*args: str, env: dict[str, str] | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "finsynth.cli", *args],
        capture_output=True,
        text=True,
        env=environment,
        cwd=cwd,
        timeout=600,
    )


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("one")
    return run_build(parse_config(CONFIG, "tiny.yaml"), out, num_proc=1)


def test_layout_is_a_hugging_face_dataset_repository(built: Path) -> None:
    names = sorted(str(path.relative_to(built)) for path in built.rglob("*") if path.is_file())
    assert names == [
        "README.md",
        "finchain/test-00000-of-00003.parquet",
        "finchain/test-00001-of-00003.parquet",
        "finchain/test-00002-of-00003.parquet",
        "finchain/train-00000-of-00003.parquet",
        "finchain/train-00001-of-00003.parquet",
        "finchain/train-00002-of-00003.parquet",
        "finchain_variation/test-00000-of-00001.parquet",
        "harness/__pycache__",
        "harness/inspect_task.py",
        "harness/lm_eval/__pycache__",
        "harness/lm_eval/finsynth_functions.py",
        "harness/lm_eval/tiny.yaml",
        "harness/lm_eval/tiny_finchain.yaml",
        "harness/lm_eval/tiny_finchain_variation.yaml",
        "manifest.json",
        "plots/finchain/domain_by_difficulty.png",
        "plots/finchain/requests.png",
        "plots/finchain/token_lengths.png",
        "plots/finchain_variation/domain_by_difficulty.png",
        "plots/finchain_variation/requests.png",
        "plots/finchain_variation/token_lengths.png",
    ]
    card = (built / "README.md").read_text()
    import yaml

    metadata = yaml.safe_load(card.split("---\n")[1])
    assert metadata["pretty_name"] == "Tiny test build"
    assert {"license", "size_categories", "task_categories", "tags", "configs"} <= set(metadata)
    assert metadata["configs"][0]["data_files"][0] == {"split": "test", "path": "finchain/test-*.parquet"}
    assert "## Provenance" in card and "config_hash:" in card
    # Per domain × measured difficulty over both splits: the topic's five templates, 7 rows each.
    levels = Counter(
        g.info.tags["difficulty"] for g in resolve(["finchain/investment_analysis/compound_interest"])
    )
    counts = " | ".join(
        str(7 * levels[level]) for level in ("basic", "intermediate", "advanced") if levels[level]
    )
    assert f"| investment_analysis | {counts} | 35 |" in card


def test_manifest_records_versions_hashes_seeds_and_counts(built: Path) -> None:
    manifest = read_manifest(built)
    assert manifest["version"] == "0.0.1" and manifest["seed"] == 99
    assert manifest["library"]["finsynth"] and manifest["library"]["pyarrow"]
    assert len(manifest["generators"]) == 5 and all(len(h) == 64 for h in manifest["generators"].values())
    assert manifest["configs"]["finchain"]["splits"]["test"]["rows"] == 15
    assert manifest["configs"]["finchain"]["splits"]["train"]["rows"] == 20
    assert manifest["configs"]["finchain_variation"]["splits"]["test"]["rows"] == 45
    assert "README.md" in manifest["files"]


@pytest.mark.slow
def test_datasets_and_inspect_ai_load_it_without_arguments(built: Path) -> None:
    import datasets

    loaded = datasets.load_dataset(str(built), "finchain")
    assert loaded["test"].num_rows == 15 and loaded["train"].num_rows == 20
    row = loaded["test"][0]
    assert {"id", "input", "target", "choices", "metadata"} <= set(row)
    assert json.loads(row["metadata"])["domain"] == "investment_analysis"
    variation = datasets.load_dataset(str(built), "finchain_variation")["test"]
    assert sorted(set(variation["variation"])) == ["both", "names", "values"]

    from inspect_ai.dataset import hf_dataset

    samples = hf_dataset(str(built), split="test", name="finchain", cached=False)
    assert len(samples) == 15
    assert (
        samples[0].id == row["id"] and samples[0].input == row["input"] and samples[0].target == row["target"]
    )
    assert samples[0].metadata["generator_id"] == row["generator_id"]


def test_variations_keep_the_other_stream(built: Path) -> None:
    import datasets

    original = {r["id"]: r for r in datasets.load_dataset(str(built), "finchain")["test"]}
    for record in datasets.load_dataset(str(built), "finchain_variation")["test"]:
        base = original[record["id"].rsplit("/", 1)[0]]
        if record["variation"] == "names":
            assert record["seed_values"] == base["seed_values"] and record["seed_names"] != base["seed_names"]
            assert json.loads(record["trace"])["inputs"] == json.loads(base["trace"])["inputs"]
        elif record["variation"] == "values":
            assert record["seed_names"] == base["seed_names"] and record["seed_values"] != base["seed_values"]
        else:
            assert record["seed_names"] != base["seed_names"] and record["seed_values"] != base["seed_values"]


@pytest.mark.slow
def test_two_processes_and_hash_seeds_give_identical_bytes(built: Path, tmp_path: Path) -> None:
    config = tmp_path / "tiny.yaml"
    config.write_text(CONFIG)
    results = []
    for hash_seed, num_proc in (("1", "2"), ("4242", "1")):
        out = tmp_path / f"out-{hash_seed}"
        result = cli(
            "build", str(config), "--out", str(out), "--num-proc", num_proc, env={"PYTHONHASHSEED": hash_seed}
        )
        assert result.returncode == 0, result.stderr
        folder = Path(result.stdout.strip().splitlines()[-1])
        results.append(folder)
    first, second = (file_hashes(folder) for folder in results)
    assert first == second == file_hashes(built)
    assert (results[0] / "manifest.json").read_bytes() == (built / "manifest.json").read_bytes()


@pytest.mark.slow
def test_existing_versions_are_not_overwritten_without_the_flag(built: Path) -> None:
    config = parse_config(CONFIG, "tiny.yaml")
    before = file_hashes(built)
    with pytest.raises(BuildError, match=r"already exists.*--overwrite"):
        run_build(config, built.parent.parent)
    assert file_hashes(built) == before
    again = run_build(config, built.parent.parent, overwrite=True, num_proc=2)
    assert file_hashes(again) == before


@pytest.mark.slow
def test_a_failing_build_keeps_the_previous_output_and_only_its_verified_shards(tmp_path: Path) -> None:
    good = parse_config(CONFIG, "tiny.yaml")
    folder = run_build(good, tmp_path)
    (tmp_path / "good.yaml").write_text(CONFIG)
    before = {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()}
    failing = tmp_path / "failing.yaml"
    failing.write_text(
        CONFIG.replace("seed: 99", "seed: 99\nplugins: [tests.builder.failing_plugin]")
        .replace(
            "[finchain/investment_analysis/compound_interest]\n    splits:\n"
            "      test: {per_generator: 3}\n      train",
            "[finchain/investment_analysis/compound_interest, testing/failing_generator]\n    splits:\n"
            "      test: {per_generator: 3}\n      train",
        )
        .replace("train: {per_generator: 4}", "train: {per_generator: 9}")
    )
    for num_proc in ("1", "2"):
        result = cli("build", str(failing), "--out", str(tmp_path), "--overwrite", "--num-proc", num_proc)
        assert result.returncode == 2, result.stderr
        assert (
            "simulated generator crash" in result.stderr and "testing/failing_generator" not in result.stdout
        )
        assert "verified shards in" in result.stderr
    after = {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()}
    assert after == before
    assert sorted(path.name for path in folder.parent.iterdir()) == [".0.0.1.partial", "0.0.1"]
    staging = folder.parent / ".0.0.1.partial"
    journal = [json.loads(line) for line in (staging / ".journal.jsonl").read_text().splitlines()]
    kept = sorted(str(path.relative_to(staging)) for path in staging.rglob("*.parquet"))
    assert kept and kept == sorted(entry["file_name"] for entry in journal[1:])
    assert sorted(path.name for path in staging.iterdir()) == [".journal.jsonl", "finchain"]
    # Its shards belong to another config: the good build starts afresh and removes them.
    result = cli("build", str(tmp_path / "good.yaml"), "--out", str(tmp_path), "--overwrite")
    assert result.returncode == 0 and "the config changed" in result.stderr
    assert sorted(path.name for path in folder.parent.iterdir()) == ["0.0.1"]
    assert {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()} == before


@pytest.mark.slow
def test_verify_replays_traces_and_catches_tampering(built: Path, tmp_path: Path) -> None:
    result = cli("verify", str(built))
    assert result.returncode == 0, result.stderr
    assert "traces replay exactly" in result.stdout
    copy = tmp_path / "copy"
    shutil.copytree(built, copy)
    import pyarrow.parquet as pq

    shard = copy / "finchain/test-00000-of-00003.parquet"
    table = pq.read_table(shard)
    rows = table.to_pylist()
    rows[2]["answer_value"] = rows[2]["answer_value"] + 1
    pq.write_table(type(table).from_pylist(rows, schema=table.schema), shard)
    result = cli("verify", str(copy))
    assert result.returncode == 1
    assert "finchain/test-00000-of-00003.parquet: sha256 differs" in result.stderr
    assert rows[2]["id"] in result.stderr and rows[1]["id"] not in result.stderr


def test_verify_lists_each_row_whose_trace_version_it_does_not_read(built: Path, tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    copy = tmp_path / "copy"
    shutil.copytree(built, copy)
    shard = copy / "finchain/test-00000-of-00003.parquet"
    table = pq.read_table(shard)
    rows = table.to_pylist()
    for row in rows:
        trace = json.loads(row["trace"])
        trace["version"] = 1
        row["trace"] = json.dumps(trace)
    pq.write_table(type(table).from_pylist(rows, schema=table.schema), shard)
    result = cli("verify", str(copy))
    # Issue #28: a row's unreadable trace is a listed problem of that row, the run goes on (exit 1).
    assert result.returncode == 1
    lines = [line for line in result.stderr.splitlines() if "trace version" in line]
    assert len(lines) == len(rows)
    for position, (line, row) in enumerate(zip(lines, rows, strict=True)):
        assert line.startswith(f"finchain/test-00000-of-00003.parquet row {position} ({row['id']}): trace: ")
        assert "trace version 1 is not read by this finsynth, which reads version 2" in line


def test_output_folder_is_name_then_version(tmp_path: Path) -> None:
    assert output_folder(parse_config(CONFIG, "x"), tmp_path) == tmp_path / "tiny" / "0.0.1"


TINY = """\
name: tiny-space
version: 0.0.1
seed: SEED
plugins: [tests.builder.tiny_space_plugin]
configs:
  - name: finchain
    family: finchain
    generators: [finchain/investment_analysis/compound_interest/doubling_a_small_count]
    splits:
      test: {per_generator: TEST}
      train: {per_generator: TRAIN}
"""


@pytest.mark.slow
def test_later_splits_never_repeat_an_earlier_split_question(tmp_path: Path) -> None:
    import datasets

    config = tmp_path / "tiny.yaml"
    config.write_text(TINY.replace("SEED", "3").replace("TEST", "1").replace("TRAIN", "6"))
    result = cli("build", str(config), "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    folder = Path(result.stdout.strip().splitlines()[-1])
    test = set(datasets.load_dataset(str(folder), "finchain", split="test")["input"])
    train = datasets.load_dataset(str(folder), "finchain", split="train")["input"]
    assert len(train) == 6 and not test & set(train)
    assert len(set(train)) == 2  # only the two questions the test split left free
    assert cli("verify", str(folder)).returncode == 0  # redrawn instances still replay exactly


@pytest.mark.slow
def test_a_space_too_small_for_disjoint_splits_fails_clearly(tmp_path: Path) -> None:
    config = tmp_path / "tiny.yaml"
    config.write_text(TINY.replace("SEED", "3").replace("TEST", "40").replace("TRAIN", "1"))
    result = cli("build", str(config), "--out", str(tmp_path))
    assert result.returncode == 2
    assert "variable space is too small" in result.stderr
    assert not (tmp_path / "tiny-space" / "0.0.1").exists()


def test_the_published_folder_follows_the_umask(built: Path) -> None:
    import stat

    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE(built.stat().st_mode) == 0o777 & ~umask


@pytest.mark.slow
def test_validate_checks_every_record_of_a_dataset_folder_and_flags_a_broken_one(
    built: Path, tmp_path: Path
) -> None:
    result = cli("validate", str(built))
    assert result.returncode == 0 and "80 records valid" in result.stdout
    import pyarrow.parquet as pq

    shard = tmp_path / "broken.parquet"
    table = pq.read_table(built / "finchain/test-00000-of-00003.parquet")
    rows = table.to_pylist()
    rows[0]["difficulty"] = "expert"
    pq.write_table(type(table).from_pylist(rows, schema=table.schema), shard)
    result = cli("validate", str(shard))
    assert result.returncode == 1 and "$.difficulty" in result.stderr and rows[0]["id"] in result.stderr
