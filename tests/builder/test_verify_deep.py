"""``verify --deep`` catches what a manifest rewrite hides from the sha256 checks.

Each tampering below also writes the changed file's new sha256 into the manifest, as anyone can,
so only a rebuild from the manifest's recorded config can tell. One tiny build holds every
family; its rebuild is made once for real and reused for the other folders (a rebuild of the
same config is byte-identical, which the first test shows).
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from finsynth.builder import parse_config, regenerate, run_build
from finsynth.builder.config import BuildConfig
from finsynth.builder.hashing import sha256_file
from finsynth.builder.regenerate import regenerated_problems
from finsynth.builder.verify import verify_folder
from finsynth.cli.app import app

CONFIG = """\
name: deep
version: 0.0.1
seed: 11
configs:
  - name: finchain
    family: finchain
    generators:
      - finchain/investment_analysis/compound_interest
      - finchain/corporate_finance/earnings_per_share
    splits:
      test: {per_generator: 2}
      train: {per_generator: 2}
  - name: finchain_variation
    family: finchain
    generators: [finchain/investment_analysis/compound_interest]
    variations: {of_config: finchain, of_split: test, kinds: [names, values]}
    splits:
      test: {per_generator: 1}
  - name: finchain_robust
    family: finchain_robust
    expand: {of_config: finchain, splits: [test], kinds: [misspelled]}
  - name: failsafe
    family: failsafe
    generators: [failsafe/synthetic]
    splits:
      test: {per_generator: 1}
  - name: failsafe_conditions
    family: failsafe_condition
    expand: {of_config: failsafe, kinds: [baseline, ocr]}
  - name: ucfe
    family: ucfe
    generators: [ucfe/analyst_simulation]
    splits:
      test: {per_generator: 1}
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return run_build(parse_config(CONFIG, "deep.yaml"), tmp_path_factory.mktemp("deep"))


@pytest.fixture(scope="module")
def reused_rebuild(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Rebuild for real once; later rebuilds of the same config copy that one."""
    made: dict[str, Path] = {}
    real = regenerate.run_build
    cache = tmp_path_factory.mktemp("rebuilt")

    def rebuild(build: BuildConfig, out: Path) -> Path:
        if build.canonical not in made:
            made[build.canonical] = real(build, cache / str(len(made)))
        target = out / build.name / build.version
        shutil.copytree(made[build.canonical], target)
        return target

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(regenerate, "run_build", rebuild)
        yield


@pytest.fixture
def copy(built: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(built, tmp_path / "copy"))


def manifest_of(folder: Path) -> dict[str, Any]:
    return json.loads((folder / "manifest.json").read_text())


def save_manifest(folder: Path, manifest: dict[str, Any]) -> None:
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2))


def rehash(folder: Path, name: str) -> None:
    """Write file ``name``'s new sha256 (and size) into the manifest, as a tamperer would."""
    manifest = manifest_of(folder)
    entry = manifest["files"][name]
    entry["sha256"] = sha256_file(folder / name)
    if "bytes" in entry:
        entry["bytes"] = (folder / name).stat().st_size
    save_manifest(folder, manifest)


def edit_text(name: str, change: Callable[[str], str]) -> Callable[[Path], None]:
    def tamper(folder: Path) -> None:
        path = folder / name
        edited = change(path.read_text())
        assert edited != path.read_text()
        path.write_text(edited)
        rehash(folder, name)

    return tamper


def edit_rows(
    name: str, change: Callable[[list[dict[str, Any]]], list[dict[str, Any]]]
) -> Callable[[Path], None]:
    def tamper(folder: Path) -> None:
        path = folder / name
        table = pq.read_table(path)
        pq.write_table(pa.Table.from_pylist(change(table.to_pylist()), schema=table.schema), path)
        rehash(folder, name)

    return tamper


def first_row(
    column: str, change: Callable[[Any], Any]
) -> Callable[[list[dict[str, Any]]], list[dict[str, Any]]]:
    def edit(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{**rows[0], column: change(rows[0][column])}, *rows[1:]]

    return edit


def _train_row_into_test(folder: Path) -> None:
    train = pq.read_table(folder / "finchain/train-00000-of-00001.parquet").to_pylist()
    edit_rows(
        "finchain/test-00000-of-00001.parquet", lambda rows: [{**train[0], "id": rows[0]["id"]}, *rows[1:]]
    )(folder)


def _steps_text(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**steps[0], "text": steps[0]["text"] + " (checked)"}, *steps[1:]]


def _rewritten_config(key: str, value: Any) -> Callable[[Path], None]:
    """Change ``key`` everywhere the manifest says it, config hash included."""

    def tamper(folder: Path) -> None:
        manifest = manifest_of(folder)
        manifest["config"][key] = value
        canonical = json.dumps(manifest["config"], sort_keys=True, separators=(",", ":"))
        manifest[key] = value
        manifest["config_hash"] = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
        save_manifest(folder, manifest)

    return tamper


def _manifest_key(key: str, value: Any) -> Callable[[Path], None]:
    def tamper(folder: Path) -> None:
        manifest = manifest_of(folder)
        manifest[key] = value
        save_manifest(folder, manifest)

    return tamper


TAMPERING: dict[str, Callable[[Path], None]] = {
    "harness file runs a command": edit_text(
        "harness/inspect_task.py", lambda text: 'import os\nos.system("echo owned")\n' + text
    ),
    "lm-eval YAML": edit_text(
        "harness/lm_eval/deep_finchain.yaml", lambda text: text.replace("test", "train", 1)
    ),
    "card points test at train": edit_text(
        "README.md", lambda text: text.replace("path: finchain/test-*", "path: finchain/train-*", 1)
    ),
    "train row copied into test": _train_row_into_test,
    "steps column changed": edit_rows(
        "finchain/test-00000-of-00001.parquet", first_row("steps", _steps_text)
    ),
    "manifest seed changed": _manifest_key("seed", 12),
    "manifest version changed": _manifest_key("version", "0.0.2"),
    "seed rewritten with its config and hash": _rewritten_config("seed", 12),
    "failsafe row changed": edit_rows(
        "failsafe/test-00000-of-00001.parquet", first_row("answer", lambda text: text + " ")
    ),
    "failsafe_conditions row changed": edit_rows(
        "failsafe_conditions/test-00000-of-00001.parquet", first_row("target", lambda text: text + " ")
    ),
    "ucfe row changed": edit_rows(
        "ucfe/test-00000-of-00001.parquet", first_row("information", lambda text: text[1:])
    ),
    "finchain_robust row changed": edit_rows(
        "finchain_robust/test-00000-of-00001.parquet",
        first_row("input", lambda text: text.replace(" ", "  ", 1)),
    ),
    "finchain_variation row changed": edit_rows(
        "finchain_variation/test-00000-of-00001.parquet",
        first_row("choices", lambda choices: [*choices, "x"]),
    ),
}


def test_an_untouched_build_rebuilds_identically(built: Path, reused_rebuild: None) -> None:
    assert regenerated_problems(built) == []
    result = CliRunner().invoke(app, ["verify", str(built), "--deep"])
    assert result.exit_code == 0 and "a rebuild is identical" in result.output, result.output


@pytest.mark.parametrize("case", sorted(TAMPERING))
def test_deep_catches_tampering_with_the_manifest_rewritten(
    copy: Path, reused_rebuild: None, case: str
) -> None:
    TAMPERING[case](copy)
    problems = regenerated_problems(copy)
    assert problems, case


def test_the_sha256_checks_alone_miss_what_deep_catches(copy: Path, reused_rebuild: None) -> None:
    TAMPERING["harness file runs a command"](copy)
    TAMPERING["failsafe row changed"](copy)
    assert verify_folder(copy).problems == []
    result = CliRunner().invoke(app, ["verify", str(copy), "--deep"])
    assert result.exit_code == 1
    assert "--deep: harness/inspect_task.py: differs from its rebuild" in result.output
    assert "--deep: failsafe/test-00000-of-00001.parquet: differs from its rebuild (row 0, column answer" in (
        result.output
    )


def test_a_folder_without_a_recorded_config_is_a_problem_not_a_pass(copy: Path) -> None:
    manifest = manifest_of(copy)
    del manifest["config"]
    save_manifest(copy, manifest)
    assert "records no build config" in regenerated_problems(copy)[0]


def test_a_config_naming_plugins_is_not_rebuilt(copy: Path) -> None:
    manifest = manifest_of(copy)
    manifest["config"]["plugins"] = ["os"]
    save_manifest(copy, manifest)
    assert "imports no code" in regenerated_problems(copy)[0]
