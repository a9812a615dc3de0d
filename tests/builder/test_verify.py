"""``verify`` fails every tampered folder (even with the manifest's sha256 updated) and never reads
outside the folder, follows a link, blocks on a FIFO or runs unbounded work."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from finsynth.builder import parse_config, run_build
from finsynth.builder.hashing import sha256_file
from finsynth.builder.verify import verify_folder
from finsynth.errors import FormulaError
from finsynth.generators.finchain.trace import MAX_TRACE_WORK, replay_trace

ROOT = Path(__file__).resolve().parents[2]
CONFIG = """\
name: tampered
version: 0.0.1
seed: 5
configs:
  - name: finchain
    family: finchain
    generators:
      - finchain/investment_analysis/compound_interest
      - finchain/corporate_finance/earnings_per_share
    splits:
      test: {per_generator: 3}
  - name: finchain_robust
    family: finchain_robust
    expand: {of_config: finchain, splits: [test], kinds: [misspelled]}
"""
SHARD = "finchain/test-00000-of-00001.parquet"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return run_build(parse_config(CONFIG, "tampered.yaml"), tmp_path_factory.mktemp("verify"), num_proc=1)


@pytest.fixture
def copy(built: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(built, tmp_path / "copy", symlinks=True))


def manifest_of(folder: Path) -> dict[str, Any]:
    return json.loads((folder / "manifest.json").read_text())


def save_manifest(folder: Path, manifest: dict[str, Any]) -> None:
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2))


def rewrite_shard(folder: Path, change: Callable[[list[dict[str, Any]]], list[dict[str, Any]]]) -> None:
    """Rewrite the first shard's rows and update the manifest's sha256, bytes and rows to match."""
    path = folder / SHARD
    table = pq.read_table(path)
    rows = change(table.to_pylist())
    pq.write_table(pa.Table.from_pylist(rows, schema=table.schema), path)
    manifest = manifest_of(folder)
    manifest["files"][SHARD].update(sha256=sha256_file(path), bytes=path.stat().st_size, rows=len(rows))
    manifest["configs"]["finchain"]["splits"]["test"]["rows"] = len(rows)
    save_manifest(folder, manifest)


def edit_row(position: int, **changes: Any) -> Callable[[list[dict[str, Any]]], list[dict[str, Any]]]:
    def change(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for key, value in changes.items():
            rows[position][key] = value(rows[position][key]) if callable(value) else value
        return rows

    return change


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "finsynth.cli", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        timeout=900,
    )


def test_an_untouched_build_passes(built: Path) -> None:
    verdict = verify_folder(built)
    assert verdict.problems == [] and verdict.records == 60 and verdict.traces == 60


def _metadata(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    metadata = json.loads(rows[0]["metadata"])
    metadata["difficulty"] = "advanced" if metadata["difficulty"] != "advanced" else "basic"
    rows[0]["metadata"] = json.dumps(metadata)
    return rows


def _swap_a_question_number(text: str) -> str:
    return text.replace("$", "$9", 1)


TAMPERING: dict[str, Callable[[list[dict[str, Any]]], list[dict[str, Any]]]] = {
    "target": edit_row(0, target=lambda target: target + "0"),
    "target of a categorical or numeric answer": edit_row(1, target="$1.00"),
    "question number": edit_row(0, input=_swap_a_question_number),
    "solution step value": edit_row(0, solution=lambda text: text.replace(".", "9.", 1)),
    "solution answer line": edit_row(0, solution=lambda text: text.rsplit("\n", 1)[0] + "\nAnswer: $0.00"),
    "metadata": _metadata,
    "difficulty column": edit_row(0, difficulty="expert"),
    "step value": edit_row(0, steps=lambda steps: [{**steps[0], "value": steps[0]["value"] + 1}, *steps[1:]]),
    "dropped first row": lambda rows: rows[1:],
    "dropped last row": lambda rows: rows[:-1],
    "duplicated row": lambda rows: [*rows, rows[0]],
    "id": edit_row(0, id=lambda text: text.replace("/test/", "/train/")),
    "generator id": edit_row(0, generator_id="finchain/investment_analysis/compound_interest/elsewhere"),
    "trace": edit_row(0, trace=lambda text: text.replace('"formula":"', '"formula":"2 * ', 1)),
}


@pytest.mark.parametrize("case", sorted(TAMPERING))
def test_a_tampered_record_fails_even_with_the_manifest_updated(copy: Path, case: str) -> None:
    rewrite_shard(copy, TAMPERING[case])
    assert verify_folder(copy).problems, case


def test_the_cli_exits_1_naming_the_record(copy: Path) -> None:
    rewrite_shard(copy, edit_row(0, target="$1.00"))
    result = cli("verify", str(copy))
    assert result.returncode == 1 and "target '$1.00' but the trace gives" in result.stderr
    assert "Traceback" not in result.stderr


def _emptied(folder: Path) -> None:
    save_manifest(folder, {})


def _no_files(folder: Path) -> None:
    manifest = manifest_of(folder)
    manifest["files"] = {}
    save_manifest(folder, manifest)


def _unknown_family(folder: Path) -> None:
    manifest = manifest_of(folder)
    manifest["configs"]["finchain"]["family"] = "../../etc/finchain"
    save_manifest(folder, manifest)


def _extra_parquet(folder: Path) -> None:
    shutil.copy(folder / SHARD, folder / "finchain/test-00001-of-00001.parquet")


def _row_count(folder: Path) -> None:
    manifest = manifest_of(folder)
    manifest["configs"]["finchain"]["splits"]["test"]["rows"] = 7
    save_manifest(folder, manifest)


def _listed_outside(target: str) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        manifest = manifest_of(folder)
        manifest["files"][target] = {"sha256": sha256_file(Path("/etc/hostname"))}
        save_manifest(folder, manifest)

    return change


def _shard_as_link(folder: Path) -> None:
    readme = folder / "README.md"
    readme.unlink()
    readme.symlink_to("/etc/hostname")
    manifest = manifest_of(folder)
    manifest["files"]["README.md"]["sha256"] = sha256_file(Path("/etc/hostname"))
    save_manifest(folder, manifest)


def _folder_as_link(folder: Path) -> None:
    (folder / "elsewhere").symlink_to("/etc")
    _listed_outside("elsewhere/hostname")(folder)


def _fifo_shard(folder: Path) -> None:
    (folder / SHARD).unlink()
    os.mkfifo(folder / SHARD)


FOLDER_TAMPERING: dict[str, Callable[[Path], None]] = {
    "emptied manifest": _emptied,
    "manifest without files": _no_files,
    "unknown family": _unknown_family,
    "extra parquet file": _extra_parquet,
    "split row count": _row_count,
    "absolute path": _listed_outside("/etc/hostname"),
    "parent path": _listed_outside("../../../../../../../../etc/hostname"),
    "dot path": _listed_outside("./README.md"),
    "symlinked file": _shard_as_link,
    "symlinked folder": _folder_as_link,
    "fifo shard": _fifo_shard,
}


@pytest.mark.parametrize("case", sorted(FOLDER_TAMPERING))
def test_a_tampered_folder_fails_without_reading_outside_or_blocking(copy: Path, case: str) -> None:
    FOLDER_TAMPERING[case](copy)
    result = cli("verify", str(copy))  # a blocking read would run into cli's subprocess timeout
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("command", [("validate",), ("push", "--dry-run", "--repo-id", "me/x")])
def test_validate_and_push_refuse_files_outside_the_folder_links_and_fifos(
    copy: Path, command: tuple[str, ...]
) -> None:
    _fifo_shard(copy)
    _listed_outside("/etc/hostname")(copy)
    result = cli(*command[:1], str(copy), *command[1:])
    assert result.returncode in (1, 2), result.stderr
    assert "Traceback" not in result.stderr
    assert "/etc/hostname" in result.stderr or "not a regular file" in result.stderr
    assert "would upload" not in result.stdout


def test_a_trace_of_nested_loops_stops_at_its_work_budget_in_well_under_a_second() -> None:
    loops = "sum(sum(sum(1 for k in range(10000)) for j in range(10000)) for i in range(10000))"
    steps = [
        {"name": f"s{i}", "formula": loops, "round_to": 2, "rounded_before_use": False} for i in range(200)
    ]
    trace = {"version": 2, "inputs": {}, "steps": steps, "answer": {"kind": "numeric", "step": "s0"}}
    started = time.process_time()  # CPU time: a busy machine does not inflate it
    with pytest.raises(FormulaError, match=f"more than {MAX_TRACE_WORK:,} units of work"):
        replay_trace(json.dumps(trace))
    assert time.process_time() - started < 5


@pytest.mark.parametrize(
    "inputs",
    [
        '{"x": NaN}',
        '{"x": Infinity}',
        '{"x": 1e999}',
        '{"x": ' + "9" * 5000 + "}",
        '{"x": "1"}',
        '{"x": [1, "a"]}',
    ],
)
def test_trace_values_of_the_wrong_kind_are_replay_errors(inputs: str) -> None:
    trace = (
        '{"version":2,"inputs":' + inputs + ',"steps":[{"name":"y","formula":"x","round_to":2}],'
        '"answer":{"kind":"numeric","step":"y"}}'
    )
    with pytest.raises(FormulaError):
        replay_trace(trace)
