"""Every test file under tests/ is collected: no folder name may hide tests from pytest.

pytest skips a folder whose name matches one of ``norecursedirs`` and reads only files under
``testpaths`` named like ``python_files``; this reads those settings from the pytest config in
force (pyproject.toml) and checks every ``test_*.py`` on disk against them, without a second
collection of the whole suite.
"""

from __future__ import annotations

from fnmatch import fnmatch
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def hidden_by(path: Path, config: pytest.Config) -> str | None:
    """Return why pytest would not collect ``path`` (relative to the root), or None."""
    testpaths = [Path(entry) for entry in config.getini("testpaths")]
    if not any(path.is_relative_to(entry) for entry in testpaths):
        return f"outside testpaths {[str(entry) for entry in testpaths]}"
    for folder in path.parent.parts:
        for pattern in config.getini("norecursedirs"):
            if fnmatch(folder, pattern):
                return f"folder {folder!r} matches norecursedirs {pattern!r}"
    if not any(fnmatch(path.name, pattern) for pattern in config.getini("python_files")):
        return f"name does not match python_files {config.getini('python_files')}"
    return None


def test_every_test_file_is_collected(pytestconfig: pytest.Config) -> None:
    on_disk = sorted(path.relative_to(ROOT) for path in TESTS.rglob("test_*.py"))
    assert len(on_disk) > 100, "no test files found"
    hidden = {str(path): why for path in on_disk if (why := hidden_by(path, pytestconfig))}
    assert hidden == {}, "test files pytest does not collect"


def test_a_file_in_a_hidden_folder_is_reported(pytestconfig: pytest.Config) -> None:
    assert hidden_by(Path("tests/venv/test_x.py"), pytestconfig) is not None
    assert hidden_by(Path("tests/.cache/test_x.py"), pytestconfig) is not None
    assert hidden_by(Path("elsewhere/test_x.py"), pytestconfig) is not None
    assert hidden_by(Path("tests/builder/test_x.py"), pytestconfig) is None
