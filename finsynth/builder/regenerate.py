"""``verify --deep``: rebuild what a manifest promises and compare the folder with it, byte for byte.

The sha256 checks of ``verify`` guard against accidents: a file cut short, a bit flipped, a
file left out. They cannot catch someone who edits a file and writes its new sha256 into the
manifest. Every file of a build is a function of its config, its seed and the code that built
it, so the deep check rebuilds the folder from the config recorded in the manifest, with this
finsynth's generators, into a scratch folder, and compares every file (rows of every family,
card, harness files, lm-eval YAML) and the manifest itself. It needs the finsynth version
that built the folder (its generators' source hashes must match the manifest's), imports no
code the folder names (a build with plugins is not rebuilt), and reads the folder's files
only as :mod:`finsynth.builder.folder_files` allows. A folder published to another Hub
repository (``push --repo-id``) is compared after the same rewrite of the repository name.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from finsynth.builder.config import parse_config
from finsynth.builder.folder_files import UnsafeFileError, open_member, sha256_member
from finsynth.builder.manifest import MANIFEST_NAME, provenance, read_manifest
from finsynth.builder.runner import run_build
from finsynth.cards.names import CARD_NAME
from finsynth.errors import FinsynthError

ENVIRONMENT_KEYS = ("library", "python", "code_hash")
"""Manifest keys that describe the machine and code that built a folder, not what it holds."""
_CARD_REFERENCE = re.compile(r'load_dataset\("([^"]+)"')
_MAX_CARD_BYTES = 10 << 20


def regenerated_problems(folder: Path) -> list[str]:
    """Rebuild ``folder`` from its manifest's config and return how it differs (empty: identical).

    Raises:
        FinsynthError: If the folder has no readable manifest.

    """
    manifest = read_manifest(folder)
    document = manifest.get("config")
    if not isinstance(document, dict):
        return [f"{MANIFEST_NAME} records no build config (built before 0.6.0?): --deep cannot rebuild it"]
    if document.get("plugins"):
        return [
            f"{MANIFEST_NAME}: the config names plugins {document['plugins']!r}; --deep imports no code a "
            "folder names, so it rebuilds only builds of finsynth's own generators"
        ]
    try:
        build = parse_config(json.dumps(document), f"{MANIFEST_NAME} config")
    except FinsynthError as error:
        return [f"{MANIFEST_NAME}: its config is not a valid build config: {error}"]
    problems = [
        f"{MANIFEST_NAME}: {key} {manifest.get(key)!r} is not its config's {value!r}"
        for key, value in (
            ("name", build.name),
            ("version", build.version),
            ("seed", build.seed),
            ("config_hash", build.config_hash),
        )
        if manifest.get(key) != value
    ]
    recorded = manifest.get("generators")
    recorded = recorded if isinstance(recorded, dict) else {}
    for generator, digest in provenance(build)["generators"].items():
        if recorded.get(generator) != digest:
            problems.append(
                f"{MANIFEST_NAME}: generator {generator} was recorded with source hash "
                f"{recorded.get(generator)!r}, this finsynth's is {digest!r}: rebuild with the finsynth "
                "that built the folder"
            )
    if problems:
        return problems
    with tempfile.TemporaryDirectory(prefix="finsynth-deep-") as scratch:
        rebuilt = run_build(build, Path(scratch))
        return _differences(folder, manifest, rebuilt)


def _differences(folder: Path, manifest: Mapping[str, Any], rebuilt: Path) -> list[str]:
    """Compare ``folder`` (with ``manifest``) against the rebuilt folder."""
    expected_manifest = read_manifest(rebuilt)
    replaced = _retargeted(folder, rebuilt)
    if MANIFEST_NAME in replaced:
        expected_manifest = json.loads(replaced[MANIFEST_NAME])
    files = manifest.get("files")
    listed = set(files) if isinstance(files, dict) else set()
    expected_files = set(expected_manifest["files"])
    problems = [
        f"{name}: listed, but a rebuild makes no such file" for name in sorted(listed - expected_files)
    ]
    problems += [
        f"{name}: a rebuild makes it, the manifest does not list it"
        for name in sorted(expected_files - listed)
    ]
    for name in sorted(expected_files & listed):
        expected = expected_manifest["files"][name]["sha256"]
        try:
            actual = sha256_member(folder, name)
        except UnsafeFileError as error:
            problems.append(f"{error}")
            continue
        if actual != expected:
            problems.append(
                f"{name}: differs from its rebuild{_first_difference(folder, rebuilt, name, replaced)}"
            )
    problems += [
        f"{MANIFEST_NAME}: {key} differs from its rebuild's"
        for key in sorted(set(manifest) | set(expected_manifest))
        if key not in ENVIRONMENT_KEYS and manifest.get(key) != expected_manifest.get(key)
    ]
    if problems:
        environment = [key for key in ENVIRONMENT_KEYS if manifest.get(key) != expected_manifest.get(key)]
        if environment:
            problems.append(
                f"note: the folder was built with other {', '.join(environment)} than this rebuild; "
                "compare with the versions its manifest records"
            )
    return problems


def _retargeted(folder: Path, rebuilt: Path) -> dict[str, bytes]:
    """The rebuilt files as pushed to the repository the folder's card names (empty: the same one)."""
    from finsynth.publish.retarget import built_repo_id, retargeted_files

    try:
        with open_member(folder, CARD_NAME) as handle:
            card = handle.read(_MAX_CARD_BYTES).decode("utf-8", "replace")
    except UnsafeFileError:
        return {}
    found = _CARD_REFERENCE.search(card)
    if found is None or found.group(1) == built_repo_id(rebuilt):
        return {}
    return retargeted_files(rebuilt, found.group(1))


def _first_difference(folder: Path, rebuilt: Path, name: str, replaced: Mapping[str, bytes]) -> str:
    """For a parquet file, where its rows first differ from the rebuild's (``""`` otherwise)."""
    if not name.endswith(".parquet") or name in replaced:
        return ""
    import pyarrow.parquet as pq

    try:
        with open_member(folder, name) as handle:
            rows = pq.read_table(handle).to_pylist()
    except Exception:  # a file that is not parquet at all: its sha256 already says it differs
        return " (not readable as parquet)"
    expected = pq.read_table(rebuilt / name).to_pylist()
    if len(rows) != len(expected):
        return f" ({len(rows)} rows, the rebuild has {len(expected)})"
    for position, (row, want) in enumerate(zip(rows, expected, strict=True)):
        columns = [column for column in want if row.get(column) != want[column]] + [
            column for column in row if column not in want
        ]
        if columns:
            return f" (row {position}, column {columns[0]} first)"
    return " (same rows, other bytes)"
