"""The resume journal: what it reuses, what it discards, and why."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from finsynth.builder import parse_config, plan_shards
from finsynth.builder.journal import JOURNAL_NAME, journaled_shards, resumable
from finsynth.builder.plan import ShardSpec
from finsynth.builder.shard import ShardResult
from tests.builder.test_build import CONFIG

PROVENANCE: dict[str, Any] = {
    "config_hash": "c" * 64,
    "library": {"finsynth": "0.1.0", "pyarrow": "15.0.0"},
    "python": "3.11.7",
    "code_hash": "e" * 64,
    "generators": {"finchain/a": "1" * 64},
}


@pytest.fixture(scope="module")
def shards() -> list[ShardSpec]:
    return plan_shards(parse_config(CONFIG, "tiny.yaml"))


def write_shards(folder: Path, shards: list[ShardSpec], count: int) -> list[ShardResult]:
    """Write ``count`` stand-in shard files and return their results."""
    results = []
    for spec in shards[:count]:
        path = folder / spec.file_name
        path.parent.mkdir(parents=True, exist_ok=True)
        data = spec.file_name.encode() * 10
        path.write_bytes(data)
        results.append(ShardResult(spec.file_name, spec.rows, hashlib.sha256(data).hexdigest(), len(data)))
    return results


def interrupted_run(folder: Path, shards: list[ShardSpec], count: int) -> None:
    """Simulate a run killed after journaling ``count`` shards."""
    with pytest.raises(KeyboardInterrupt), resumable(folder, PROVENANCE, shards, resume=True) as journal:
        for result in write_shards(folder, shards, count):
            journal.record(result)
        (folder / "README.md").write_text("card of the interrupted run")
        raise KeyboardInterrupt


def test_a_failed_run_keeps_only_its_journaled_shards(tmp_path: Path, shards: list[ShardSpec]) -> None:
    interrupted_run(tmp_path, shards, 3)
    assert journaled_shards(tmp_path) == 3
    names = sorted(str(path.relative_to(tmp_path)) for path in tmp_path.rglob("*") if path.is_file())
    assert names == sorted([JOURNAL_NAME, *(spec.file_name for spec in shards[:3])])


def test_a_line_cut_short_by_a_kill_ends_the_journal(tmp_path: Path, shards: list[ShardSpec]) -> None:
    interrupted_run(tmp_path, shards, 3)
    journal = tmp_path / JOURNAL_NAME
    lines = journal.read_text().splitlines(keepends=True)
    journal.write_text("".join(lines[:-1]) + lines[-1][: len(lines[-1]) // 2])
    with resumable(tmp_path, PROVENANCE, shards, resume=True) as resumed:
        reused = [result.file_name for result in resumed.resumption.reused]
        assert reused == [spec.file_name for spec in shards[:2]] and resumed.resumption.discarded == ""
        assert not (tmp_path / shards[2].file_name).exists()  # unjournaled files are rebuilt, not trusted
    assert not journal.exists()


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"config_hash": "d" * 64}, "the config changed (config hash differs)"),
        (
            {"library": {"finsynth": "0.1.0", "pyarrow": "16.0.0"}},
            "pyarrow version changed (15.0.0 → 16.0.0)",
        ),
        ({"generators": {"finchain/a": "2" * 64}}, "generator finchain/a changed (its source hash differs)"),
        ({"python": "3.12.1"}, "Python changed (3.11.7 → 3.12.1)"),
        ({"code_hash": "f" * 64}, "finsynth's code or resources changed (code hash differs)"),
    ],
)
def test_a_run_of_another_build_is_discarded_with_the_reason(
    tmp_path: Path, shards: list[ShardSpec], change: dict[str, Any], reason: str
) -> None:
    interrupted_run(tmp_path, shards, 2)
    with resumable(tmp_path, {**PROVENANCE, **change}, shards, resume=True) as resumed:
        assert resumed.resumption.reused == ()
        assert resumed.resumption.discarded.startswith(reason)
        assert [path.name for path in tmp_path.iterdir()] == [JOURNAL_NAME]
        header = json.loads((tmp_path / JOURNAL_NAME).read_text().splitlines()[0])
        assert header["provenance"] == {**PROVENANCE, **change}
