"""Per-config statistics of a built dataset folder, read back from its parquet files.

Everything here is a pure function of the files' contents, so rebuilding a version gives the
same numbers (and the same card). Questions for the request analysis are sampled at even
strides over the config's rows, which needs no randomness and covers every generator.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from finsynth.cards.requests import verb_object_counts
from finsynth.generators.registry import get_generator
from finsynth.perturbations.tokens import count_tokens_batch

REQUEST_SAMPLE = 150
"""Questions per config read with spaCy for the request analysis (keeps builds fast)."""

TOKEN_SAMPLE = 4_000
"""Rows per config whose texts are tokenized for the token-length distributions."""

TOKEN_COLUMNS = ("input", "solution", "target")
_VALUE_ORDER: Mapping[str, Sequence[str]] = {
    "difficulty": ("basic", "intermediate", "advanced"),
    "variation": ("names", "values", "both"),
}


@dataclass(frozen=True)
class SplitFiles:
    """One split of a config and the parquet files that hold it, relative to the folder."""

    name: str
    files: tuple[str, ...]


@dataclass(frozen=True)
class TokenSummary:
    """Token lengths (tiktoken ``cl100k_base``) of one text column over a config's sampled rows."""

    column: str
    lengths: tuple[int, ...]

    @property
    def summary(self) -> dict[str, int]:
        """Minimum, median, 90th percentile and maximum."""
        ordered = sorted(self.lengths)
        if not ordered:
            return {"min": 0, "median": 0, "p90": 0, "max": 0, "mean": 0}
        last = len(ordered) - 1
        return {
            "min": ordered[0],
            "median": ordered[last // 2],
            "p90": ordered[(last * 9) // 10],
            "max": ordered[-1],
            "mean": round(sum(ordered) / len(ordered)),
        }


@dataclass(frozen=True)
class ConfigStatistics:
    """What the card says about one config.

    Attributes:
        rows_per_split: Split name → rows.
        bytes_per_split: Split name → in-memory Arrow bytes (``num_bytes`` in ``dataset_info``).
        download_bytes: Parquet bytes of the config.
        schema: The Arrow schema of the config's files.
        facets: Tag or column name → value → split name → rows (``domain``, ``difficulty``, …).
        cross: The first and last tag's names, and rows per pair of their values (all splits), for
            the heat map (``domain`` × ``difficulty``, ``task`` × ``condition``); ``None`` with one tag.
        tokens: Token lengths of the text columns present, on ``sampled_rows`` rows.
        sampled_rows: How many rows the token lengths are based on.
        requests: (root verb, object) of sampled questions → count.
        sampled_questions: How many questions the request counts are based on.

    """

    rows_per_split: dict[str, int]
    bytes_per_split: dict[str, int]
    download_bytes: int
    schema: pa.Schema
    facets: dict[str, dict[str, dict[str, int]]]
    cross: tuple[str, str, Counter[tuple[str, str]]] | None
    tokens: tuple[TokenSummary, ...]
    sampled_rows: int
    requests: Counter[tuple[str, str]]
    sampled_questions: int


def ordered_values(facet: str, values: Sequence[str]) -> list[str]:
    """Facet values in their natural order (difficulty from basic up), else sorted."""
    known = _VALUE_ORDER.get(facet, ())
    return [v for v in known if v in values] + sorted(v for v in values if v not in known)


def tag_names(generator_ids: Sequence[str]) -> list[str]:
    """The tag keys of a config's generators, in the order the first generator lists them.

    Display titles (``domain_title``) are left out: they restate their key's value.
    """
    names: dict[str, None] = {}
    for generator_id in generator_ids:
        names.update(
            dict.fromkeys(tag for tag in get_generator(generator_id).info.tags if not tag.endswith("_title"))
        )
    return list(names)


def _tag_column(table: pa.Table, tag: str) -> list[str]:
    """A tag's value per row: its own column, else the generator's tags, else ``metadata`` JSON."""
    if tag in table.column_names:
        return [str(value) for value in table.column(tag).to_pylist()]
    if "generator_id" in table.column_names:
        return [
            str(get_generator(generator_id).info.tags.get(tag, "—"))
            for generator_id in table.column("generator_id").to_pylist()
        ]
    if "metadata" in table.column_names:
        return [str(json.loads(text or "{}").get(tag, "—")) for text in table.column("metadata").to_pylist()]
    return ["—"] * table.num_rows


def _even_sample(texts: Sequence[str], limit: int) -> list[str]:
    if len(texts) <= limit:
        return list(texts)
    return [texts[(index * len(texts)) // limit] for index in range(limit)]


def config_statistics(
    folder: Path,
    splits: Sequence[SplitFiles],
    tags: Sequence[str],
    *,
    request_sample: int = REQUEST_SAMPLE,
    token_sample: int = TOKEN_SAMPLE,
) -> ConfigStatistics:
    """Read a config's parquet files and summarise them.

    Args:
        folder: The dataset folder.
        splits: The config's splits with their files, in config order.
        tags: Tag names to count (``domain``, ``topic``, ``difficulty`` or ``task``, ``condition``);
            a ``variation`` column, when present, is counted too.
        request_sample: At most this many questions are parsed for the request analysis.
        token_sample: At most this many rows are tokenized for the token lengths.

    """
    rows_per_split: dict[str, int] = {}
    bytes_per_split: dict[str, int] = {}
    download_bytes = 0
    facets: dict[str, dict[str, dict[str, int]]] = {}
    texts: dict[str, list[str]] = {}
    schema: pa.Schema | None = None
    cross: Counter[tuple[str, str]] = Counter()
    for split in splits:
        tables = [pq.read_table(folder / name) for name in split.files]
        download_bytes += sum((folder / name).stat().st_size for name in split.files)
        table = pa.concat_tables(tables) if tables else pa.table({})
        if schema is None and tables:
            schema = tables[0].schema
        rows_per_split[split.name] = table.num_rows
        bytes_per_split[split.name] = table.nbytes
        facet_names = [*tags, *(["variation"] if "variation" in table.column_names else [])]
        columns = {facet: _tag_column(table, facet) for facet in facet_names}
        if len(tags) > 1:
            cross.update(zip(columns[tags[0]], columns[tags[-1]], strict=True))
        for facet in facet_names:
            counts = Counter(columns[facet])
            for value, count in counts.items():
                facets.setdefault(facet, {}).setdefault(value, {})[split.name] = count
        for column in TOKEN_COLUMNS:
            if column in table.column_names:
                texts.setdefault(column, []).extend(str(t or "") for t in table.column(column).to_pylist())
    questions = _even_sample(texts.get("input", []), request_sample)
    token_texts = {column: _even_sample(values, token_sample) for column, values in texts.items()}
    return ConfigStatistics(
        rows_per_split=rows_per_split,
        bytes_per_split=bytes_per_split,
        download_bytes=download_bytes,
        schema=schema if schema is not None else pa.schema([]),
        facets={facet: dict(sorted(values.items())) for facet, values in facets.items()},
        cross=(tags[0], tags[-1], cross) if len(tags) > 1 else None,
        tokens=tuple(
            TokenSummary(column, tuple(count_tokens_batch(values))) for column, values in token_texts.items()
        ),
        sampled_rows=max((len(values) for values in token_texts.values()), default=0),
        requests=verb_object_counts(questions),
        sampled_questions=len(questions),
    )
