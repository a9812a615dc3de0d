"""Running a build end to end: plan, build shards, write the card and the manifest, publish."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from finsynth.build.config import BuildConfig
from finsynth.build.engine import ShardDone, run_local
from finsynth.build.hashing import sha256_file
from finsynth.build.manifest import build_manifest, write_manifest
from finsynth.build.output import refuse_existing, staged_folder
from finsynth.build.plan import ShardSpec, plan_shards
from finsynth.cards import write_card
from finsynth.harness import dataset_reference, write_harness

PlanReady = Callable[[Sequence[ShardSpec]], None]


def output_folder(build: BuildConfig, out_root: Path) -> Path:
    """Return where a build is written: ``<out_root>/<name>/<version>``."""
    return out_root / build.name / build.version


def run_build(
    build: BuildConfig,
    out_root: Path,
    *,
    num_proc: int = 1,
    overwrite: bool = False,
    on_plan: PlanReady | None = None,
    on_done: ShardDone | None = None,
) -> Path:
    """Build a dataset folder laid out like a Hugging Face dataset repository.

    Args:
        build: A validated build config.
        out_root: Root output folder (``build`` by default on the command line).
        num_proc: Worker processes; the output does not depend on it.
        overwrite: Replace an existing folder of the same name and version.
        on_plan: Called once with every shard spec before building starts.
        on_done: Called after each shard is written.

    Returns:
        The published folder.

    Raises:
        BuildError: If the folder exists without ``overwrite`` or any shard fails; the
            previous output, if any, is left untouched and no partial folder remains.

    """
    target = output_folder(build, out_root)
    refuse_existing(target, overwrite)
    shards = plan_shards(build)
    if on_plan is not None:
        on_plan(shards)
    with staged_folder(target, overwrite=overwrite) as staging:
        results = run_local(shards, staging, num_proc, on_done or (lambda spec, result: None))
        reference = dataset_reference(build)
        extra_files = write_harness(build, staging, reference) + write_card(
            build, results, staging, reference
        )
        manifest = build_manifest(build, results, {name: sha256_file(staging / name) for name in extra_files})
        write_manifest(staging, manifest)
    return target
