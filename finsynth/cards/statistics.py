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
    """The tag keys of a config's generators (``tags``, then ``row_tags``), in the order the first lists them.

    Display titles (``domain_title``) are left out: they restate their key's value.
    """
    names: dict[str, None] = {}
    for generator_id in generator_ids:
        info = get_generator(generator_id).info
        names.update(dict.fromkeys(tag for tag in info.tags if not tag.endswith("_title")))
        names.update(dict.fromkeys(info.row_tags))
    return list(names)


def _tag_source(column_names: Sequence[str], tag: str) -> str:
    """Where a tag's value is read: its own column, else the generator's tags, else ``metadata`` JSON."""
    for source in (tag, "generator_id", "metadata"):
        if source in column_names:
            return source
    return ""


def _tag_values(batch: pa.RecordBatch, tag: str, source: str) -> list[str]:
    if not source:
        return ["—"] * batch.num_rows
    values = batch.column(source).to_pylist()
    if source == tag:
        return [str(value) for value in values]
    if source == "generator_id":
        tags = {generator_id: get_generator(generator_id).info.tags for generator_id in set(values)}
        return [str(tags[generator_id].get(tag, "—")) for generator_id in values]
    return [_tag_text(json.loads(text or "{}").get(tag, "—")) for text in values]


def _tag_text(value: object) -> str:
    """A tag value as the card shows it; a list (e.g. the 10-K items an item cites) joined by commas."""
    return ", ".join(str(part) for part in value) if isinstance(value, list) else str(value)


def _even_positions(total: int, limit: int) -> list[int]:
    """Positions of an even-stride sample of at most ``limit`` of ``total`` rows."""
    if total <= limit:
        return list(range(total))
    return [(index * total) // limit for index in range(limit)]


def config_statistics(
    folder: Path,
    splits: Sequence[SplitFiles],
    tags: Sequence[str],
    *,
    request_sample: int = REQUEST_SAMPLE,
    token_sample: int = TOKEN_SAMPLE,
) -> ConfigStatistics:
    """Read a config's parquet files batch by batch and summarise them.

    Memory stays bounded by one record batch and the sampled texts, whatever the config's size.

    Args:
        folder: The dataset folder.
        splits: The config's splits with their files, in config order.
        tags: Tag names to count (``domain``, ``topic``, ``difficulty`` or ``task``, ``condition``);
            a ``variation`` column, when present, is counted too.
        request_sample: At most this many questions are parsed for the request analysis.
        token_sample: At most this many rows are tokenized for the token lengths.

    """
    files = {split.name: [pq.ParquetFile(folder / name) for name in split.files] for split in splits}
    schema = next((parquet.schema_arrow for split in files.values() for parquet in split), pa.schema([]))
    column_names = schema.names
    total_rows = sum(parquet.metadata.num_rows for split in files.values() for parquet in split)
    # Even strides over the config's rows in split order, as if every split were read end to end.
    question_rows = set(_even_positions(total_rows, request_sample))
    token_rows = set(_even_positions(total_rows, token_sample))
    facet_names = [*tags, *(["variation"] if "variation" in column_names else [])]
    sources = {facet: _tag_source(column_names, facet) for facet in facet_names}
    text_columns = [column for column in TOKEN_COLUMNS if column in column_names]
    read = sorted({*text_columns, *(source for source in sources.values() if source)})
    rows_per_split: dict[str, int] = {}
    bytes_per_split: dict[str, int] = {}
    download_bytes = 0
    facets: dict[str, dict[str, dict[str, int]]] = {}
    questions: list[str] = []
    token_texts: dict[str, list[str]] = {column: [] for column in text_columns}
    cross: Counter[tuple[str, str]] = Counter()
    position = 0
    for split in splits:
        counts: dict[str, Counter[str]] = {facet: Counter() for facet in facet_names}
        rows = 0
        for name, parquet in zip(split.files, files[split.name], strict=True):
            download_bytes += (folder / name).stat().st_size
            metadata = parquet.metadata
            # The Hub's num_bytes is the in-memory Arrow size, not the parquet encoding's.
            bytes_per_split[split.name] = bytes_per_split.get(split.name, 0) + sum(
                parquet.read_row_group(group).nbytes for group in range(metadata.num_row_groups)
            )
            for batch in parquet.iter_batches(columns=read):
                values = {facet: _tag_values(batch, facet, sources[facet]) for facet in facet_names}
                for facet in facet_names:
                    counts[facet].update(values[facet])
                if len(tags) > 1:
                    cross.update(zip(values[tags[0]], values[tags[-1]], strict=True))
                rows_here = range(position, position + batch.num_rows)
                if "input" in column_names:
                    inputs = batch.column("input")
                    questions += [
                        str(inputs[row - position].as_py() or "") for row in rows_here if row in question_rows
                    ]
                sampled = [row - position for row in rows_here if row in token_rows]
                for column in text_columns:
                    texts = batch.column(column)
                    token_texts[column] += [str(texts[row].as_py() or "") for row in sampled]
                position += batch.num_rows
                rows += batch.num_rows
        rows_per_split[split.name] = rows
        for facet, counted in counts.items():
            for value, count in counted.items():
                facets.setdefault(facet, {}).setdefault(value, {})[split.name] = count
    return ConfigStatistics(
        rows_per_split=rows_per_split,
        bytes_per_split=bytes_per_split,
        download_bytes=download_bytes,
        schema=schema,
        facets={facet: dict(sorted(values.items())) for facet, values in facets.items()},
        cross=(tags[0], tags[-1], cross) if len(tags) > 1 else None,
        tokens=tuple(
            TokenSummary(column, tuple(count_tokens_batch(values))) for column, values in token_texts.items()
        ),
        sampled_rows=max((len(values) for values in token_texts.values()), default=0),
        requests=verb_object_counts(questions),
        sampled_questions=len(questions),
    )
