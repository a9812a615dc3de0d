"""`finsynth ucfe export` never destroys what its output path points at, and `import` reads strictly."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from finsynth.cli import app

SMALL_BENCH = Path(__file__).resolve().parents[1] / "data" / "ucfe" / "small_bench.json"
runner = CliRunner()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("ucfe") / "bench"
    assert runner.invoke(app, ["ucfe", "import", str(SMALL_BENCH), "--out", str(out)]).exit_code == 0
    return out


def test_a_symlink_is_written_through_and_stays_a_link(folder: Path, tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    result = runner.invoke(app, ["ucfe", "export", str(folder), str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and json.loads(target.read_text()) == json.loads(SMALL_BENCH.read_text())


def test_a_device_is_written_into_not_replaced(folder: Path) -> None:
    result = runner.invoke(app, ["ucfe", "export", str(folder), os.devnull])
    assert result.exit_code == 0, result.output
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_a_new_file_gets_the_permissions_the_umask_gives(folder: Path, tmp_path: Path, umask: int) -> None:
    previous = os.umask(umask)
    try:
        result = runner.invoke(app, ["ucfe", "export", str(folder), str(tmp_path / "new.json")])
    finally:
        os.umask(previous)
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o666 & ~umask


def test_an_existing_file_keeps_its_permissions(folder: Path, tmp_path: Path) -> None:
    existing = tmp_path / "bench.json"
    existing.write_text("{}")
    existing.chmod(0o640)
    assert runner.invoke(app, ["ucfe", "export", str(folder), str(existing)]).exit_code == 0
    assert stat.S_IMODE(existing.stat().st_mode) == 0o640


def test_import_of_a_duplicate_task_key_fails_and_writes_nothing(tmp_path: Path) -> None:
    text = SMALL_BENCH.read_text(encoding="utf-8")
    document = json.loads(text)
    first_key = next(iter(document))
    duplicated = "{" + f"{json.dumps(first_key)}: [], " + text.strip()[1:]
    bench = tmp_path / "bench.json"
    bench.write_text(duplicated, encoding="utf-8")
    result = runner.invoke(app, ["ucfe", "import", str(bench), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and "appears twice" in result.output
    assert not (tmp_path / "out").exists()
