"""Writing imported UCFE records as a Hub-shaped dataset folder, and reading them back.

Layout: ``<folder>/README.md`` (dataset card with ``configs`` metadata, so
``datasets.load_dataset(folder, "ucfe_bench")`` works),
``<folder>/ucfe_bench/test-00000-of-00001.parquet`` and ``<folder>/manifest.json`` (the shape
builds write, so ``finsynth validate`` and ``finsynth verify`` check the folder too).
"""

from __future__ import annotations

import platform
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import jinja2
import pyarrow as pa
import pyarrow.parquet as pq

import finsynth
from finsynth.builder.hashing import sha256_file
from finsynth.builder.manifest import MANIFEST_FORMAT, write_manifest
from finsynth.builder.output import staged_folder
from finsynth.builder.parquet import ROW_GROUP_SIZE, write_batches
from finsynth.errors import FinsynthError
from finsynth.generators.ucfe.bench import BENCH_KEYS, ImportResult
from finsynth.generators.ucfe.record import FAMILY
from finsynth.generators.ucfe.spec import task_spec
from finsynth.schemas import arrow_schema, record_schema, validator_for

CONFIG = "ucfe_bench"
"""The config (subfolder) name of an imported benchmark."""
SPLIT = "test"
"""The benchmark is an evaluation set: one ``test`` split."""

_CARD = jinja2.Environment(
    loader=jinja2.PackageLoader("finsynth.generators.ucfe", "resources"),
    autoescape=False,
    keep_trailing_newline=True,
    undefined=jinja2.StrictUndefined,
).get_template("bench_card.md.j2")


def data_file(folder: Path, config: str = CONFIG, split: str = SPLIT) -> Path:
    """Return the single parquet file of a config's split in a dataset folder."""
    return folder / config / f"{split}-00000-of-00001.parquet"


def record_batches(records: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """Split records into the row groups :func:`~finsynth.builder.parquet.write_batches` writes."""
    for start in range(0, len(records), ROW_GROUP_SIZE):
        yield records[start : start + ROW_GROUP_SIZE]


def render_bench_card(result: ImportResult, source: Path) -> str:
    """Return the README.md of an imported benchmark folder."""
    report = result.report
    rows = [
        {"slug": slug, "key": BENCH_KEYS[slug], "setting": task_spec(slug).setting, "count": items}
        for slug, items in report.items_per_task.items()
    ]
    return _CARD.render(
        config=CONFIG,
        split=SPLIT,
        total=report.total,
        hints_parsed=report.hints_parsed,
        noted=sum(1 for item in report.items if item.notes),
        source_name=source.name,
        source_sha256=sha256_file(source),
        tasks=rows,
    )


def single_file_manifest(
    folder: Path,
    *,
    config: str,
    family: str,
    rows: int,
    seed: int | None,
    source: Mapping[str, Any],
    split: str = SPLIT,
) -> dict[str, Any]:
    """Return the manifest of a folder holding a card and one config with one split in one file.

    It has the shape builds write (so ``finsynth validate`` and ``finsynth verify`` check the
    folder), with ``source`` saying what the folder was made from. Call it once the data file
    and ``README.md`` are written: it records their sha256.
    """
    path = data_file(folder, config, split)
    data = path.relative_to(folder).as_posix()
    return {
        "format": MANIFEST_FORMAT,
        "name": config,
        "version": finsynth.__version__,
        "seed": seed,
        "config_hash": None,
        "source": dict(source),
        "library": {"finsynth": finsynth.__version__, "pyarrow": pa.__version__},
        "python": platform.python_version(),
        "generators": {},
        "configs": {
            config: {
                "family": family,
                "generators": [],
                "variations": None,
                "expand": None,
                "splits": {split: {"instances": rows, "rows": rows, "files": [data]}},
            }
        },
        "files": {
            "README.md": {"sha256": sha256_file(folder / "README.md")},
            data: {"sha256": sha256_file(path), "bytes": path.stat().st_size, "rows": rows},
        },
    }


def bench_manifest(result: ImportResult, source: Path, folder: Path) -> dict[str, Any]:
    """Return the manifest of an import folder whose data file and card are written."""
    return single_file_manifest(
        folder,
        config=CONFIG,
        family=FAMILY,
        rows=len(result.records),
        seed=None,
        source={"file": source.name, "sha256": sha256_file(source)},
    )


def write_bench_folder(result: ImportResult, folder: Path, *, overwrite: bool = False) -> Path:
    """Write an import as a dataset folder, atomically (staged, then renamed into place).

    Args:
        result: What :func:`~finsynth.generators.ucfe.bench.import_bench` returned.
        folder: The dataset folder to create.
        overwrite: Replace an existing folder.

    Returns:
        The folder.

    Raises:
        BuildError: If the folder exists and ``overwrite`` is false.

    """
    schema = arrow_schema(record_schema(FAMILY))
    with staged_folder(folder, overwrite=overwrite) as staging:
        target = data_file(staging)
        target.parent.mkdir()
        write_batches(target, schema, record_batches(result.records))
        source = Path(result.report.source)
        (staging / "README.md").write_text(render_bench_card(result, source), encoding="utf-8")
        write_manifest(staging, bench_manifest(result, source, staging))
    return folder


def read_bench_folder(folder: Path, config: str = CONFIG) -> list[dict[str, Any]]:
    """Read the records of a dataset folder's config, checking each against the record schema.

    Raises:
        FinsynthError: If the folder has no such config file.
        RecordValidationError: Naming the first record that breaks the schema.

    """
    path = data_file(folder, config)
    if not path.is_file():
        raise FinsynthError(f"{folder}: no {config} data (looked for {path})")
    records: list[dict[str, Any]] = pq.read_table(path).to_pylist()
    validator = validator_for(FAMILY)
    for row, record in enumerate(records, 1):
        validator.validate(record, where=f"{path} row {row}")
    return records
