"""Every test file under tests/ is collected: no folder name may hide tests from pytest."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def test_every_test_file_is_collected() -> None:
    listed = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", "", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert listed.returncode == 0, listed.stdout[-3000:] + listed.stderr[-3000:]
    collected = {line.split("::", 1)[0] for line in listed.stdout.splitlines() if "::" in line}
    on_disk = {path.relative_to(ROOT).as_posix() for path in TESTS.rglob("test_*.py")}
    assert on_disk, "no test files found"
    assert on_disk - collected == set(), "test files pytest does not collect"
