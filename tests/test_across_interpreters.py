"""The same records from every supported Python: the promise ``make test-python-range`` checks.

A build's records may depend only on its config, version and seed, never on the interpreter that
made it. ``make test-python-range`` runs this module under the lowest and highest supported
Python with ``FINSYNTH_REFERENCE_PYTHON`` naming the main environment's interpreter, and compares
the small default build (the README workspace's) made here with the reference's:

- every parquet file holds the same table (schema and rows). Its bytes are identical only with
  the same pyarrow, which names itself in the file (``created_by``); each Python's pinned
  pyarrow differs (``constraints.txt``), so the bytes may too;
- the card and the harness files are byte-identical;
- the plots are left out: each Python's pinned matplotlib renders its own pixels;
- the manifest is identical but for what names the interpreter and its packages, and the
  sha256 of the parquet files and plots.

The reference build is made once per ``make test-python-range`` (``python -m
tests.test_across_interpreters FOLDER`` with the main interpreter, named to the tests by
``FINSYNTH_REFERENCE_BUILD``), not once per interpreter compared with it; without that variable
the test builds it with ``FINSYNTH_REFERENCE_PYTHON``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from tests.test_readme import _shrunk_default_config as shrunk_default_config

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = os.environ.get("FINSYNTH_REFERENCE_PYTHON", "")
REFERENCE_BUILD = os.environ.get("FINSYNTH_REFERENCE_BUILD", "")
INTERPRETER_FIELDS = ("python", "library")
"""Manifest provenance fields that name the interpreter and its packages, by design."""
RENDERED_BY_LIBRARIES = (".parquet", ".png")
"""Files whose bytes also depend on the pinned pyarrow or matplotlib of each Python."""

pytestmark = pytest.mark.skipif(
    not (REFERENCE or REFERENCE_BUILD),
    reason="make test-python-range sets FINSYNTH_REFERENCE_BUILD to compare interpreters",
)


def build(python: str, config: Path, out: Path) -> Path:
    built = subprocess.run(
        [python, "-m", "finsynth.cli", "build", str(config), "--out", str(out), "--num-proc", "1"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    assert built.returncode == 0, f"{python}: {built.stderr[-3000:]}"
    (folder,) = (out / "finsynth").iterdir()
    return folder


def comparable_manifest(path: Path) -> dict[str, Any]:
    manifest: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    for field in INTERPRETER_FIELDS:
        manifest.pop(field, None)
    files = manifest.get("files", {})
    if isinstance(files, dict):
        for name in [name for name in files if name.endswith(RENDERED_BY_LIBRARIES)]:
            files[name] = "(rendered by the interpreter's libraries)"
    return manifest


def build_small(python: str, folder: Path) -> Path:
    """Build the README workspace's small default config with ``python`` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    config = folder / "small.yaml"
    config.write_text(shrunk_default_config(), encoding="utf-8")
    return build(python, config, folder / "out")


def reference_build(tmp_path: Path) -> Path:
    """The reference interpreter's build: made once by the Makefile, else here."""
    if REFERENCE_BUILD:
        (folder,) = (Path(REFERENCE_BUILD) / "out" / "finsynth").iterdir()
        return folder
    return build_small(REFERENCE, tmp_path / "reference")


def test_a_build_here_equals_the_reference_interpreters_build(tmp_path: Path) -> None:
    here = build_small(sys.executable, tmp_path / "here")
    reference = reference_build(tmp_path)
    files = sorted(p.relative_to(here) for p in here.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(reference) for p in reference.rglob("*") if p.is_file())
    assert any(name.suffix == ".parquet" for name in files)
    for name in files:
        if name.name == "manifest.json":
            assert comparable_manifest(here / name) == comparable_manifest(reference / name), name
        elif name.suffix == ".parquet":
            assert pq.read_table(here / name).equals(pq.read_table(reference / name)), f"{name} differs"
        elif name.suffix != ".png":
            assert (here / name).read_bytes() == (reference / name).read_bytes(), f"{name} differs"


if __name__ == "__main__":  # the Makefile's reference build: python -m tests.test_across_interpreters FOLDER
    print(build_small(sys.executable, Path(sys.argv[1]).resolve()))
