"""Rendering the dataset card of a build from its config, shards and records."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jinja2
import pyarrow.parquet as pq

import finsynth
from finsynth.build.config import BuildConfig
from finsynth.build.shard import ShardResult
from finsynth.schemas import arrow_schema, record_schema

_DIFFICULTIES = ("basic", "intermediate", "advanced")
_ENVIRONMENT = jinja2.Environment(
    loader=jinja2.PackageLoader("finsynth.cards", "templates"),
    autoescape=False,
    keep_trailing_newline=True,
    undefined=jinja2.StrictUndefined,
)


def size_category(rows: int) -> str:
    """Return the Hugging Face ``size_categories`` bucket of a row count."""
    bounds = [
        (1_000, "n<1K"),
        (10_000, "1K<n<10K"),
        (100_000, "10K<n<100K"),
        (1_000_000, "100K<n<1M"),
        (10_000_000, "1M<n<10M"),
        (100_000_000, "10M<n<100M"),
    ]
    for bound, label in bounds:
        if rows < bound:
            return label
    return "100M<n<1B"


def _facets(folder: Path, files: Sequence[str]) -> list[dict[str, Any]]:
    counts: Counter[tuple[str, str]] = Counter()
    for name in files:
        table = pq.read_table(folder / name, columns=["domain", "difficulty"])
        domains, difficulties = table.column("domain").to_pylist(), table.column("difficulty").to_pylist()
        counts.update(zip(domains, difficulties, strict=True))
    rows = []
    for domain in sorted({domain for domain, _ in counts}):
        per_difficulty = [counts[(domain, difficulty)] for difficulty in _DIFFICULTIES]
        rows.append({"name": domain, "counts": per_difficulty, "total": sum(per_difficulty)})
    return rows


def render_card(build: BuildConfig, shards: Sequence[ShardResult], folder: Path) -> str:
    """Return the README.md text of a built dataset folder.

    Args:
        build: The build config.
        shards: Every shard written.
        folder: The folder the shards were written to (read for per-domain counts).

    """
    configs = []
    for config in build.configs:
        splits = []
        config_files: list[str] = []
        for split in config.splits:
            files = [shard for shard in shards if shard.file_name.startswith(f"{config.name}/{split.name}-")]
            config_files += [shard.file_name for shard in files]
            splits.append(
                {"name": split.name, "rows": sum(shard.rows for shard in files), "files": len(files)}
            )
        configs.append(
            {
                "name": config.name,
                "description": config.description,
                "splits": splits,
                "facets": _facets(folder, config_files) if config.family == "finchain" else [],
                "facet_columns": list(_DIFFICULTIES),
            }
        )
    schema = record_schema("finchain")
    columns = [
        {
            "name": field.name,
            "type": str(field.type),
            "description": schema["properties"][field.name].get("description", ""),
        }
        for field in arrow_schema(schema)
    ]
    total_rows = sum(shard.rows for shard in shards)
    return _ENVIRONMENT.get_template("README.md.j2").render(
        build=build,
        configs=configs,
        columns=columns,
        size_category=size_category(total_rows),
        library_version=finsynth.__version__,
        generator_count=len({gid for config in build.configs for gid in config.generator_ids}),
    )
