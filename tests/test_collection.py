"""Every test file under tests/ is collected, and files with slow tests are handed out first.

No folder name may hide tests from pytest:
pytest skips a folder whose name matches one of ``norecursedirs`` and reads only files under
``testpaths`` named like ``python_files``; this reads those settings from the pytest config in
force (pyproject.toml) and checks every ``test_*.py`` on disk against them, without a second
collection of the whole suite.
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

import pytest

from tests.conftest import pytest_collection_modifyitems

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


@dataclass
class _Item:
    path: Path
    name: str
    slow: bool = False

    def get_closest_marker(self, name: str) -> object | None:
        return pytest.mark.slow.mark if name == "slow" and self.slow else None


def test_files_with_a_slow_test_go_first_each_in_its_own_order() -> None:
    a, b, c = Path("tests/test_a.py"), Path("tests/test_b.py"), Path("tests/test_c.py")
    items = [_Item(a, "a1"), _Item(b, "b1"), _Item(b, "b2", slow=True), _Item(b, "b3"), _Item(c, "c1")]
    pytest_collection_modifyitems(items)  # type: ignore[arg-type]
    assert [item.name for item in items] == ["b1", "b2", "b3", "a1", "c1"]


def test_in_this_run_the_files_with_a_slow_test_come_first(request: pytest.FixtureRequest) -> None:
    has_slow: dict[Path, bool] = {}
    for item in request.session.items:
        has_slow[item.path] = has_slow.get(item.path, False) or item.get_closest_marker("slow") is not None
    in_order = list(has_slow.values())
    assert in_order == sorted(in_order, reverse=True)
