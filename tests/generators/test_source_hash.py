"""The code hash covers every file a build's records can depend on, and nothing else."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import finsynth
from finsynth.builder import parse_config
from finsynth.builder.manifest import provenance
from finsynth.generators.source_hash import code_hash, package_source_hash, tree_hash
from tests.builder.test_build import CONFIG

PACKAGE = Path(finsynth.__file__).resolve().parent


@pytest.fixture
def package_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "finsynth"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_copy_of_the_package_hashes_like_the_package(package_copy: Path) -> None:
    assert tree_hash(package_copy, "finsynth") == tree_hash(PACKAGE, "finsynth")


@pytest.mark.parametrize(
    ("relative", "old", "new"),
    [
        # A module constant outside any template's factory function.
        ("world/names.py", '"', '"X'),
        # A shared helper that every template's text goes through.
        ("generators/finchain/quantities.py", "def ", "def _unused_helper() -> None: ...\n\n\ndef "),
        # A resource file read at run time.
        ("schemas/finchain_record.schema.json", '"', '" '),
        # A filings prose data file (a wording every filing may draw).
        ("generators/filings/resources/risk_prose.yaml", "\n- ", "\n- Indeed, "),
    ],
)
def test_any_change_to_code_or_resources_changes_the_hash(
    package_copy: Path, relative: str, old: str, new: str
) -> None:
    before = tree_hash(package_copy, "finsynth")
    edit(package_copy / relative, old, new)
    assert tree_hash(package_copy, "finsynth") != before


@pytest.mark.parametrize(
    ("resource", "old", "new"),
    [
        ("business_prose.yaml", "\n- ", "\n- Indeed, "),
        ("risk_prose.yaml", "\n- ", "\n- Indeed, "),
        ("other_items_prose.yaml", "\n- ", "\n- Indeed, "),
        ("mdna_prose.yaml", "\n- ", "\n- Indeed, "),
        ("question_framing.yaml", "Per the 10-K", "As per the 10-K"),
        ("revenue_recognition.yaml", "\ngoods: ", "\ngoods: indeed "),
    ],
)
def test_a_filings_prose_file_is_covered_by_the_failsafe_generators_own_hash(
    package_copy: Path, resource: str, old: str, new: str
) -> None:
    # The FailSafe generator records package_source_hash over finsynth.generators.filings (among
    # others), which is the tree hash of that folder: its resources/ included.
    filings = package_copy / "generators" / "filings"
    before = tree_hash(filings, "finsynth.generators.filings")
    edit(filings / "resources" / resource, old, new)
    assert tree_hash(filings, "finsynth.generators.filings") != before


def test_a_new_resource_file_changes_the_hash(package_copy: Path) -> None:
    before = tree_hash(package_copy, "finsynth")
    (package_copy / "perturbations" / "resources" / "extra.tsv").write_text("term\tlay term\n")
    assert tree_hash(package_copy, "finsynth") != before


def test_bytecode_caches_do_not_change_the_hash(package_copy: Path) -> None:
    before = tree_hash(package_copy, "finsynth")
    cache = package_copy / "generators" / "__pycache__"
    cache.mkdir()
    (cache / "registry.cpython-311.pyc").write_bytes(b"\0" * 16)
    assert tree_hash(package_copy, "finsynth") == before


def test_builds_record_the_code_hash_and_plugins_add_their_package() -> None:
    build = parse_config(CONFIG, "tiny.yaml")
    assert provenance(build)["code_hash"] == code_hash() == package_source_hash("finsynth")
    with_plugin = code_hash(["tests.builder.shouting_plugin"])
    assert with_plugin == package_source_hash("finsynth", "tests") != code_hash()
