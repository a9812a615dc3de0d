"""Where a harness reads its records: a local dataset folder or a pinned Hub revision, in interleaved order.

Both harnesses (inspect_ai and lm-eval) take ``dataset`` (a Hub id ``ORG/NAME`` or a path,
relative to the current directory) and ``revision``. A harness file shipped in a dataset
folder reads that folder by default, so a local build is evaluated as built; copied
elsewhere, it reads the Hub repository it names at the tag it pins.

Test splits are written grouped by template, so a ``--limit`` would see only the first few
templates: :func:`interleaved_order` visits them round-robin instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from finsynth.errors import FinsynthError

if TYPE_CHECKING:
    import datasets

MANIFEST_NAME = "manifest.json"
"""The file that marks a finsynth dataset folder (every build writes it)."""


def shipped_folder(harness_file: str | Path) -> Path | None:
    """The dataset folder a shipped harness file sits in, or ``None`` when it sits elsewhere.

    Harness files live in ``<folder>/harness/`` (inspect) or ``<folder>/harness/lm_eval/``.
    """
    for parent in Path(harness_file).resolve().parents[:3]:
        if (parent / MANIFEST_NAME).is_file():
            return parent
    return None


def _looks_like_path(dataset: str) -> bool:
    return dataset.startswith((".", "/", "~")) or dataset.count("/") != 1 or "\\" in dataset


def resolve_dataset(dataset: str | None, default_folder: Path | None, default_repo: str) -> str:
    """The dataset to read: ``dataset`` if given, else the shipped folder, else the Hub repository.

    Args:
        dataset: What the user passed: a path (relative to the current directory) or a Hub id.
        default_folder: The dataset folder the harness file sits in, if any.
        default_repo: The Hub repository the harness file names.

    Returns:
        An absolute folder path, or a Hub id.

    Raises:
        FinsynthError: If ``dataset`` names a path that does not exist.

    """
    if dataset is None:
        return str(default_folder) if default_folder is not None else default_repo
    path = Path(dataset).expanduser()
    if path.exists():
        return str(path.resolve())
    if _looks_like_path(dataset):
        raise FinsynthError(
            f"dataset={dataset!r}: no such folder (relative paths are read from {Path.cwd()}); "
            "pass a built dataset folder or a Hub id ORG/NAME"
        )
    return dataset


def load_split(dataset: str, config: str, split: str, revision: str | None) -> datasets.Dataset:
    """Load one split of one config from a folder (``revision`` unused) or the Hub (at ``revision``).

    A folder's ``<config>/<split>-*.parquet`` files are read by their own paths: ``datasets``
    caches a folder loaded through its card under the folder's name alone, so a second folder
    of the same name (another build, other reference dialogues) would get the first one's rows.

    Raises:
        FinsynthError: If the config or split is not there (the message names what is).

    """
    import datasets

    folder = Path(dataset)
    if folder.is_dir():
        files = sorted((folder / config).glob(f"{split}-*.parquet"))
        if not files:
            present = {
                f"{path.parent.name}/{path.name.split('-', 1)[0]}" for path in folder.glob("*/*.parquet")
            }
            found = ", ".join(sorted(present)) or "none"
            raise FinsynthError(f"{dataset}: no {config}/{split}-*.parquet files; it has {found}")
        return datasets.load_dataset(
            "parquet", data_files={split: [str(path.resolve()) for path in files]}, split=split
        )
    try:
        loaded = datasets.load_dataset(dataset, config, split=split, revision=revision)
    except ValueError as error:
        raise FinsynthError(f"{dataset}: cannot read config {config!r}, split {split!r}: {error}") from None
    if not isinstance(loaded, datasets.Dataset):
        raise FinsynthError(f"{dataset}: config {config!r}, split {split!r} is not a plain split")
    return loaded


def interleaved_order(keys: Sequence[str]) -> list[int]:
    """Row indices that visit the groups of ``keys`` round-robin, each group in its own order.

    ``["a", "a", "b", "b", "c"]`` gives ``[0, 2, 4, 1, 3]``: the first rows cover every group
    before any group repeats. Deterministic: it depends only on ``keys``.
    """
    groups: dict[str, list[int]] = {}
    for index, key in enumerate(keys):
        groups.setdefault(key, []).append(index)
    columns = list(groups.values())
    return [
        column[rank]
        for rank in range(max(map(len, columns), default=0))
        for column in columns
        if rank < len(column)
    ]


def interleaved(rows: datasets.Dataset, key: str = "generator_id") -> datasets.Dataset:
    """``rows`` in :func:`interleaved_order` of ``key`` (as they are when the column is missing)."""
    if key not in rows.column_names:
        return rows
    return rows.select(interleaved_order([str(value) for value in rows[key]]))
