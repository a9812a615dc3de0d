"""The resumable staging folder: fixed path, kept on failure, locked against a second build."""

from __future__ import annotations

from pathlib import Path

import pytest

from finsynth.builder.output import resumable_folder, resumable_staged_folder
from finsynth.errors import BuildError


def test_the_staging_folder_sits_beside_the_target(tmp_path: Path) -> None:
    assert resumable_folder(tmp_path / "tiny" / "0.0.1") == tmp_path / "tiny" / ".0.0.1.partial"


def test_a_failed_block_keeps_what_it_wrote_and_the_previous_output(tmp_path: Path) -> None:
    target = tmp_path / "0.0.1"
    target.mkdir()
    (target / "old.txt").write_text("old")
    with pytest.raises(RuntimeError), resumable_staged_folder(target, overwrite=True) as staging:
        (staging / "shard.parquet").write_text("kept")
        raise RuntimeError("interrupted")
    assert (target / "old.txt").read_text() == "old"
    assert (resumable_folder(target) / "shard.parquet").read_text() == "kept"
    with resumable_staged_folder(target, overwrite=True) as staging:
        assert (staging / "shard.parquet").read_text() == "kept"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["0.0.1"]
    assert [path.name for path in target.iterdir()] == ["shard.parquet"]


def test_an_empty_staging_folder_is_removed_on_failure(tmp_path: Path) -> None:
    target = tmp_path / "0.0.1"
    with pytest.raises(RuntimeError), resumable_staged_folder(target, overwrite=False):
        raise RuntimeError("failed before writing anything")
    assert list(tmp_path.iterdir()) == []


def test_two_builds_of_one_version_never_share_the_staging_folder(tmp_path: Path) -> None:
    target = tmp_path / "0.0.1"
    with (
        resumable_staged_folder(target, overwrite=False),
        pytest.raises(BuildError, match=r"\.0\.0\.1\.partial is being written by another build"),
        resumable_staged_folder(target, overwrite=False),
    ):
        pass
    assert target.is_dir()
