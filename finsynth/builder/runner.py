"""Running a build end to end: plan, build shards, write the card and the manifest, publish."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from finsynth.builder.config import BuildConfig
from finsynth.builder.engine import ShardDone, ShardRows, run_engine
from finsynth.builder.hashing import sha256_file
from finsynth.builder.journal import Journal, Resumption, resumable
from finsynth.builder.manifest import build_manifest, provenance, write_manifest
from finsynth.builder.output import refuse_existing_build, resumable_staged_folder
from finsynth.builder.plan import ShardSpec, plan_shards
from finsynth.builder.shard import ShardResult
from finsynth.cards import write_card
from finsynth.harness import dataset_reference, write_harness

PlanReady = Callable[[Sequence[ShardSpec]], None]
Resumed = Callable[[Resumption], None]


def output_folder(build: BuildConfig, out_root: Path) -> Path:
    """Return where a build is written: ``<out_root>/<name>/<version>``."""
    return out_root / build.name / build.version


def run_build(
    build: BuildConfig,
    out_root: Path,
    *,
    num_proc: int = 1,
    engine: str = "local",
    address: str | None = None,
    resume: bool = True,
    overwrite: bool = False,
    on_plan: PlanReady | None = None,
    on_done: ShardDone | None = None,
    on_resume: Resumed | None = None,
    on_rows: ShardRows | None = None,
) -> Path:
    """Build a dataset folder laid out like a Hugging Face dataset repository.

    Args:
        build: A validated build config.
        out_root: Root output folder (``build`` by default on the command line).
        num_proc: Worker processes of the local engine; the output does not depend on it.
        engine: ``"local"`` or ``"ray"``; the output does not depend on it.
        address: Ray cluster address for the Ray engine (``None``: this process's Ray
            connection, or a local Ray instance).
        resume: Reuse the verified shards an interrupted or failed run of the same build left
            in the staging folder; ``False`` starts afresh.
        overwrite: Replace an existing folder of the same name and version.
        on_plan: Called once with every shard spec before building starts, after the staging
            folder is locked for this build.
        on_done: Called after each shard is written or reused.
        on_resume: Called once, before building, with what was taken over from an earlier run.
        on_rows: Called as rows are written within a shard, before the shard's ``on_done``
            (local engine only).

    Returns:
        The published folder.

    Raises:
        BuildError: If the folder exists without ``overwrite`` or any shard fails; the
            previous output, if any, is left untouched, and the shards verified so far stay in
            the staging folder ``<out>/<name>/.<version>.partial`` for the next run to resume.

    """
    target = output_folder(build, out_root)
    refuse_existing_build(target, overwrite)
    shards = plan_shards(build)
    with (
        resumable_staged_folder(target, overwrite=overwrite) as staging,
        resumable(staging, provenance(build), shards, resume=resume) as journal,
    ):
        if on_plan is not None:  # only once the folder is ours: a refused build shows no progress
            on_plan(shards)
        if on_resume is not None:
            on_resume(journal.resumption)
        results = _reuse_or_build(
            journal,
            shards,
            on_done or (lambda spec, result: None),
            engine,
            num_proc=num_proc,
            address=address,
            on_rows=on_rows,
        )
        reference = dataset_reference(build, build.repo_id)
        extra_files = write_harness(build, staging, reference) + write_card(
            build, results, staging, reference
        )
        manifest = build_manifest(build, results, {name: sha256_file(staging / name) for name in extra_files})
        write_manifest(staging, manifest)
    return target


def _reuse_or_build(
    journal: Journal,
    shards: Sequence[ShardSpec],
    on_done: ShardDone,
    engine: str,
    *,
    num_proc: int,
    address: str | None,
    on_rows: ShardRows | None,
) -> list[ShardResult]:
    """Return every shard's result in plan order: reused from the journal, or built and journaled."""
    reused = {result.file_name: result for result in journal.resumption.reused}
    for spec in shards:
        if spec.file_name in reused:
            on_done(spec, reused[spec.file_name])

    def done(spec: ShardSpec, result: ShardResult) -> None:
        journal.record(result)
        on_done(spec, result)

    missing = [spec for spec in shards if spec.file_name not in reused]
    built = iter(
        run_engine(engine, missing, journal.folder, done, num_proc=num_proc, address=address, on_rows=on_rows)
    )
    return [reused[spec.file_name] if spec.file_name in reused else next(built) for spec in shards]
