"""``manifest.json``: what a build contains and how to check it.

The manifest records the library and dependency versions, the config hash, the root
seed, each generator's source hash, row counts, the sha256 of every file in the dataset
folder, and the build config itself (``config``), from which ``verify --deep`` rebuilds the
folder. It holds no timestamps, so rebuilding a version reproduces it exactly.
"""

from __future__ import annotations

import json
import platform
from collections.abc import Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from finsynth.builder.config import BuildConfig
from finsynth.builder.folder_files import UnsafeFileError, sha256_member
from finsynth.builder.shard import ShardResult
from finsynth.errors import FinsynthError
from finsynth.generators.registry import get_generator
from finsynth.generators.source_hash import code_hash
from finsynth.input_files import read_json

MANIFEST_NAME = "manifest.json"
MANIFEST_FORMAT = 1
_RECORDED_PACKAGES = ("finsynth", "pyarrow", "faker", "numpy", "jsonschema", "fastjsonschema")


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def provenance(build: BuildConfig) -> dict[str, Any]:
    """Return what a build's bytes depend on besides its plan.

    That is the config hash, the library, dependency and Python versions, the hash of all of
    finsynth's code and resources (and of any plugin packages), and each generator's own source
    hash for information: two builds with equal provenance write identical shards.
    """
    generator_ids = sorted({gid for config in build.configs for gid in config.generator_ids})
    return {
        "config_hash": build.config_hash,
        "library": {package: _version(package) for package in _RECORDED_PACKAGES},
        "python": platform.python_version(),
        "code_hash": code_hash(build.plugins),
        "generators": {gid: get_generator(gid).info.source_hash for gid in generator_ids},
    }


def build_manifest(
    build: BuildConfig, shards: Sequence[ShardResult], extra_files: Mapping[str, str]
) -> dict[str, Any]:
    """Return the manifest of a finished build.

    Args:
        build: The build config.
        shards: Every shard written, in plan order.
        extra_files: Other files of the folder (card, plots) → their sha256.

    """
    configs: dict[str, Any] = {}
    for config in build.configs:
        splits: dict[str, Any] = {}
        for split in config.splits:
            split_files = [
                shard for shard in shards if shard.file_name.startswith(f"{config.name}/{split.name}-")
            ]
            splits[split.name] = {
                "instances": split.rows,
                "rows": sum(shard.rows for shard in split_files),
                "files": [shard.file_name for shard in split_files],
            }
        configs[config.name] = {
            "family": config.family,
            "generators": list(config.generator_ids),
            "variations": None
            if config.variations is None
            else {
                "of_config": config.variations.of_config,
                "of_split": config.variations.of_split,
                "kinds": list(config.variations.kinds),
            },
            "expand": None
            if config.expand is None
            else {"of_config": config.expand.of_config, "kinds": list(config.expand.kinds)},
            "splits": splits,
        }
    files: dict[str, dict[str, object]] = {
        shard.file_name: {"sha256": shard.sha256, "bytes": shard.size, "rows": shard.rows} for shard in shards
    }
    for name, digest in extra_files.items():
        files[name] = {"sha256": digest}
    return {
        "format": MANIFEST_FORMAT,
        "name": build.name,
        "version": build.version,
        "seed": build.seed,
        **provenance(build),
        "configs": configs,
        "files": dict(sorted(files.items())),
        "config": json.loads(build.canonical) if build.canonical else None,
    }


def manifest_text(manifest: Mapping[str, Any]) -> str:
    """The text of ``manifest.json``: stable key order and a trailing newline."""
    return json.dumps(manifest, indent=2, sort_keys=False, ensure_ascii=False) + "\n"


def write_manifest(folder: Path, manifest: Mapping[str, Any]) -> None:
    """Write ``manifest.json`` (see :func:`manifest_text`)."""
    (folder / MANIFEST_NAME).write_text(manifest_text(manifest), encoding="utf-8")


def read_manifest(folder: Path) -> dict[str, Any]:
    """Read a dataset folder's manifest.

    Raises:
        FinsynthError: If the folder has no readable manifest.

    """
    path = folder / MANIFEST_NAME
    if not path.is_file():
        raise FinsynthError(f"{folder}: no {MANIFEST_NAME}; is this a finsynth dataset folder?")
    manifest = read_json(path)
    if not isinstance(manifest, dict):
        raise FinsynthError(f"{path}: expected a JSON object")
    return manifest


def check_files(folder: Path, manifest: Mapping[str, Any]) -> list[str]:
    """Compare every file listed in the manifest with the folder; return the problems.

    Only regular files inside the folder are read (see :mod:`finsynth.builder.folder_files`); a
    listed name that leaves the folder or is a link, FIFO or device is a problem, never read.
    """
    files = manifest.get("files")
    if not isinstance(files, dict) or not files:
        return [f"{MANIFEST_NAME} lists no files"]
    problems = []
    for name, entry in files.items():
        expected = entry.get("sha256") if isinstance(entry, dict) else None
        if not isinstance(expected, str):
            problems.append(f"{name!r}: the manifest entry has no sha256")
            continue
        try:
            actual = sha256_member(folder, name)
        except UnsafeFileError as error:
            problems.append(str(error))
            continue
        if actual != expected:
            problems.append(f"{name}: sha256 differs from the manifest")
    return problems
