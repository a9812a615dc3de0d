"""Reading UCFE items from a dataset folder, and writing simulated dialogues as a dataset folder.

Items come from a built folder (config ``ucfe``) or an import (config ``ucfe_bench``). A
dialogues folder is laid out like an import: ``README.md`` (card with ``configs`` metadata, so
``datasets.load_dataset(folder, "ucfe_dialogues")`` works), ``ucfe_dialogues/<split>-00000-of-00001.parquet``
and ``manifest.json`` (the shape builds write, naming the items it was made from).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
import pyarrow.parquet as pq

from finsynth.builder.hashing import sha256_file
from finsynth.builder.manifest import write_manifest
from finsynth.builder.output import staged_folder
from finsynth.builder.parquet import write_batches
from finsynth.builder.ucfe_bench import CONFIG as BENCH_CONFIG
from finsynth.builder.ucfe_bench import data_file, record_batches, single_file_manifest
from finsynth.errors import FinsynthError
from finsynth.generators.ucfe.dialogues import CONFIG, FAMILY
from finsynth.generators.ucfe.record import FAMILY as ITEM_FAMILY
from finsynth.schemas import arrow_schema, record_schema, validator_for

ITEM_CONFIGS = (ITEM_FAMILY, BENCH_CONFIG)
"""Configs that hold UCFE items, in the order they are looked for when none is named."""

_CARD = jinja2.Environment(
    loader=jinja2.PackageLoader("finsynth.generators.ucfe", "resources"),
    autoescape=False,
    keep_trailing_newline=True,
    undefined=jinja2.StrictUndefined,
).get_template("dialogues_card.md.j2")


@dataclass(frozen=True)
class ItemSource:
    """UCFE items read from a dataset folder.

    Attributes:
        folder: The dataset folder.
        config: The config they came from.
        split: The split they came from.
        files: The parquet files read, in order.
        records: The items, each checked against the UCFE record schema.

    """

    folder: Path
    config: str
    split: str
    files: tuple[Path, ...]
    records: list[dict[str, Any]]

    def describe(self) -> dict[str, Any]:
        """Return what a manifest says about the items: folder name, config, split, file hashes."""
        return {
            "dataset": self.folder.resolve().name,
            "config": self.config,
            "split": self.split,
            "files": {file.relative_to(self.folder).as_posix(): sha256_file(file) for file in self.files},
        }


def read_items(folder: Path, *, config: str | None = None, split: str = "test") -> ItemSource:
    """Read the UCFE items of a dataset folder's ``<config>/<split>-*.parquet`` files.

    Args:
        folder: A built dataset folder or a ``finsynth ucfe import`` folder.
        config: The config; by default the first of :data:`ITEM_CONFIGS` the folder has.
        split: The split.

    Raises:
        FinsynthError: If the folder, the config or the split is missing, naming what exists.
        RecordValidationError: Naming the file and row of the first record that is not a UCFE item.

    """
    if not folder.is_dir():
        raise FinsynthError(f"{folder}: no such dataset folder")
    configs = [config] if config is not None else [name for name in ITEM_CONFIGS if (folder / name).is_dir()]
    if not configs or not (folder / configs[0]).is_dir():
        present = sorted(
            path.name for path in folder.iterdir() if path.is_dir() and any(path.glob("*.parquet"))
        )
        wanted = config if config is not None else " or ".join(ITEM_CONFIGS)
        raise FinsynthError(f"{folder}: no {wanted} config; configs here: {', '.join(present) or 'none'}")
    chosen = configs[0]
    files = tuple(sorted((folder / chosen).glob(f"{split}-*.parquet")))
    if not files:
        splits = sorted({path.name.split("-", 1)[0] for path in (folder / chosen).glob("*.parquet")})
        raise FinsynthError(
            f"{folder}: config {chosen} has no {split} split; splits: {', '.join(splits) or 'none'}"
        )
    validator = validator_for(ITEM_FAMILY)
    records: list[dict[str, Any]] = []
    for file in files:
        for row, record in enumerate(pq.read_table(file).to_pylist(), 1):
            validator.validate(record, where=f"{file} row {row}")
            records.append(record)
    return ItemSource(folder, chosen, split, files, records)


@dataclass(frozen=True)
class TaskSummary:
    """Dialogues of one task."""

    task: str
    """Task slug."""
    setting: str
    """``zero_shot`` or ``multi_turn``."""
    dialogues: int
    """How many."""
    mean_rounds: float
    """Mean complete rounds."""
    failures: int
    """How many ended by a failed turn."""


@dataclass(frozen=True)
class DialogueSummary:
    """What a set of dialogue records holds."""

    dialogues: int
    """How many dialogues."""
    mean_rounds: float
    """Mean complete rounds (0 when there are none)."""
    ended_by: Mapping[str, int]
    """How many ended each way: ``user_ended``, ``max_rounds``, ``failure`` (all three keys present)."""
    tasks: tuple[TaskSummary, ...]
    """Per task, in order of first appearance."""
    failures: tuple[tuple[str, str], ...]
    """``(item id, "round R, SPEAKER: REASON")`` of each failed dialogue, in order."""


def summarize(records: Sequence[Mapping[str, Any]]) -> DialogueSummary:
    """Count dialogues, their rounds and how they ended, overall and per task."""
    by_task: dict[str, list[Mapping[str, Any]]] = {}
    for record in records:
        by_task.setdefault(record["task"], []).append(record)
    ended = Counter(record["ended_by"] for record in records)
    return DialogueSummary(
        dialogues=len(records),
        mean_rounds=_mean_rounds(records),
        ended_by={reason: ended[reason] for reason in ("user_ended", "max_rounds", "failure")},
        tasks=tuple(
            TaskSummary(
                task=task,
                setting=group[0]["setting"],
                dialogues=len(group),
                mean_rounds=_mean_rounds(group),
                failures=sum(record["ended_by"] == "failure" for record in group),
            )
            for task, group in by_task.items()
        ),
        failures=tuple(
            (
                record["item_id"],
                f"round {record['failure']['round']}, {record['failure']['speaker']}: "
                f"{record['failure']['reason']}",
            )
            for record in records
            if record["failure"] is not None
        ),
    )


def _mean_rounds(records: Sequence[Mapping[str, Any]]) -> float:
    return sum(record["rounds"] for record in records) / len(records) if records else 0.0


def render_dialogues_card(records: Sequence[Mapping[str, Any]], source: ItemSource, *, seed: int) -> str:
    """Return the README.md of a dialogues folder."""
    models = records[0] if records else {"user_model": "none", "assistant_model": "none"}
    return _CARD.render(
        config=CONFIG,
        split=source.split,
        summary=summarize(records),
        user_model=models["user_model"],
        assistant_model=models["assistant_model"],
        source_name=source.folder.resolve().name,
        source_config=source.config,
        source_split=source.split,
        seed=seed,
    )


def write_dialogue_folder(
    records: list[dict[str, Any]], folder: Path, *, source: ItemSource, seed: int, overwrite: bool = False
) -> Path:
    """Write dialogue records as a dataset folder, atomically (staged, then renamed into place).

    Args:
        records: ``ucfe_dialogue`` records (see :func:`~finsynth.generators.ucfe.dialogues.simulate_dataset`).
        folder: The dataset folder to create.
        source: The items the dialogues were played for.
        seed: The run seed.
        overwrite: Replace an existing folder.

    Returns:
        The folder.

    Raises:
        BuildError: If the folder exists and ``overwrite`` is false.
        RecordValidationError: Naming the first record that breaks the schema.

    """
    validator = validator_for(FAMILY)
    for record in records:
        validator.validate(record, where=f"record {record.get('id')!r}")
    with staged_folder(folder, overwrite=overwrite) as staging:
        target = data_file(staging, CONFIG, source.split)
        target.parent.mkdir()
        write_batches(target, arrow_schema(record_schema(FAMILY)), record_batches(records))
        (staging / "README.md").write_text(
            render_dialogues_card(records, source, seed=seed), encoding="utf-8"
        )
        manifest = single_file_manifest(
            staging,
            config=CONFIG,
            family=FAMILY,
            rows=len(records),
            seed=seed,
            source=source.describe(),
            split=source.split,
        )
        write_manifest(staging, manifest)
    return folder
