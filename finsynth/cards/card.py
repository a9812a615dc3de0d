"""Writing the dataset card of a build: README.md with Hugging Face YAML metadata, and its plots.

The card is generic over record families: per config it lists the columns of the family's
schema, counts rows by the generators' tags (``domain``/``topic``/``difficulty`` for FinChain,
``task``/``condition`` for others), summarises token lengths and the shapes of the requests,
and links PNG figures written beside it under ``plots/<config>/``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import jinja2
import pyarrow as pa
import yaml

import finsynth
from finsynth.builder.config import BuildConfig, ConfigSpec
from finsynth.builder.shard import ShardResult
from finsynth.cards import plots
from finsynth.cards.examples import LIST_ITEMS, TEXT_CHARACTERS, example_row
from finsynth.cards.names import CARD_NAME
from finsynth.cards.perturbation_checks import perturbation_check_counts
from finsynth.cards.perturbation_strength import perturbation_strength
from finsynth.cards.statistics import (
    ConfigStatistics,
    SplitFiles,
    config_statistics,
    ordered_values,
    tag_names,
)
from finsynth.generators.registry import get_generator
from finsynth.harness import (
    INSPECT_FAMILIES,
    INSPECT_SCORERS,
    INSPECT_TASK_PATH,
    LM_EVAL_FAMILIES,
    DatasetReference,
    lm_eval_group_name,
    lm_eval_task_name,
    lm_eval_task_path,
)
from finsynth.release import SOURCE_REPOSITORY, install_command, package_origin, release_tag
from finsynth.schemas import record_schema
from finsynth.world.industries import INDUSTRIES
from finsynth.world.industry_ratios import INDUSTRY_RATIOS, observed_ratios

_ENVIRONMENT = jinja2.Environment(
    loader=jinja2.PackageLoader("finsynth.cards", "templates"),
    autoescape=False,
    keep_trailing_newline=True,
    undefined=jinja2.StrictUndefined,
)
_TOP_REQUESTS = 10
LICENCES = {
    "cc-by-4.0": (
        "Creative Commons Attribution 4.0 International",
        "https://creativecommons.org/licenses/by/4.0/",
    ),
    "cc-by-sa-4.0": (
        "Creative Commons Attribution-ShareAlike 4.0 International",
        "https://creativecommons.org/licenses/by-sa/4.0/",
    ),
    "cc-by-nc-4.0": (
        "Creative Commons Attribution-NonCommercial 4.0 International",
        "https://creativecommons.org/licenses/by-nc/4.0/",
    ),
    "cc0-1.0": ("Creative Commons Zero v1.0 Universal", "https://creativecommons.org/publicdomain/zero/1.0/"),
    "apache-2.0": ("Apache License 2.0", "https://www.apache.org/licenses/LICENSE-2.0"),
    "mit": ("MIT License", "https://opensource.org/license/mit"),
}
"""Full name and text URL of the licence ids the card's prose spells out (others are named by id)."""


def licence_prose(licence: str) -> str:
    """The card's sentence naming the licence its YAML metadata declares."""
    if licence in LICENCES:
        name, url = LICENCES[licence]
        return f"The data is released under the {name} licence (`{licence}`, {url})."
    return f"The data is released under the licence `{licence}` declared in this card's metadata."


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


def _features(schema: pa.Schema) -> list[dict[str, Any]]:
    import datasets

    features: list[dict[str, Any]] = datasets.Features.from_arrow_schema(schema)._to_yaml_list()
    return features


def _metadata(build: BuildConfig, statistics: Mapping[str, ConfigStatistics]) -> dict[str, Any]:
    """The YAML front matter (Hub dataset card metadata)."""
    total_rows = sum(sum(stats.rows_per_split.values()) for stats in statistics.values())
    return {
        "pretty_name": build.pretty_name,
        "license": build.license,
        "language": ["en"],
        "annotations_creators": ["machine-generated"],
        "language_creators": ["machine-generated"],
        "multilinguality": ["monolingual"],
        "source_datasets": ["original"],
        "size_categories": [size_category(total_rows)],
        "task_categories": ["question-answering", "text-generation"],
        "task_ids": ["closed-domain-qa"],
        "tags": [
            "finance",
            "synthetic",
            "chain-of-thought",
            "finsynth",
            *sorted({c.family for c in build.configs}),
        ],
        "configs": [
            {
                "config_name": config.name,
                **({"default": True} if position == 0 else {}),
                "data_files": [
                    {"split": split.name, "path": f"{config.name}/{split.name}-*.parquet"}
                    for split in config.splits
                ],
            }
            for position, config in enumerate(build.configs)
        ],
        "dataset_info": [
            {
                "config_name": config.name,
                "features": _features(statistics[config.name].schema),
                "splits": [
                    {
                        "name": split.name,
                        "num_bytes": statistics[config.name].bytes_per_split[split.name],
                        "num_examples": statistics[config.name].rows_per_split[split.name],
                    }
                    for split in config.splits
                ],
                "download_size": statistics[config.name].download_bytes,
                "dataset_size": sum(statistics[config.name].bytes_per_split.values()),
            }
            for config in build.configs
        ],
    }


def _type_name(data_type: pa.DataType) -> str:
    """A short name for a column type: ``string``, ``float64``, ``list[string]``, ``list[struct]``."""
    if pa.types.is_list(data_type) or pa.types.is_large_list(data_type):
        return f"list[{_type_name(data_type.value_type)}]"
    if pa.types.is_struct(data_type):
        return "struct"
    return {"double": "float64", "float": "float32"}.get(str(data_type), str(data_type))


def _columns(config: ConfigSpec, schema: pa.Schema) -> list[dict[str, str]]:
    properties = record_schema(config.family, with_variation=config.variations is not None)["properties"]
    return [
        {
            "name": field.name,
            "type": _type_name(field.type),
            "description": " ".join(str(properties.get(field.name, {}).get("description", "")).split()),
        }
        for field in schema
    ]


def _facet_tables(config: ConfigSpec, stats: ConfigStatistics) -> list[dict[str, Any]]:
    """One table per facet: value, rows per split, total."""
    split_names = [split.name for split in config.splits]
    tables = []
    for facet, values in stats.facets.items():
        rows = [
            {
                "value": value,
                "counts": [values[value].get(name, 0) for name in split_names],
                "total": sum(values[value].values()),
            }
            for value in ordered_values(facet, list(values))
        ]
        tables.append({"facet": facet, "splits": split_names, "rows": rows})
    return tables


def _cross_table(stats: ConfigStatistics) -> dict[str, Any] | None:
    if stats.cross is None:
        return None
    row_facet, column_facet, counts = stats.cross
    rows = ordered_values(row_facet, sorted({row for row, _ in counts}))
    columns = ordered_values(column_facet, sorted({column for _, column in counts}))
    return {
        "row_facet": row_facet,
        "column_facet": column_facet,
        "columns": columns,
        "rows": [
            {
                "name": row,
                "counts": [counts[(row, column)] for column in columns],
                "total": sum(counts[(row, column)] for column in columns),
            }
            for row in rows
        ],
    }


def _plots(config: str, stats: ConfigStatistics) -> dict[str, bytes]:
    """Figure path in the folder → PNG bytes."""
    figures: dict[str, bytes] = {}
    if stats.cross is not None:
        figures[f"plots/{config}/{stats.cross[0]}_by_{stats.cross[1]}.png"] = plots.heat_map(*stats.cross)
    if stats.tokens:
        figures[f"plots/{config}/token_lengths.png"] = plots.token_histogram(stats.tokens)
    if stats.requests:
        figures[f"plots/{config}/requests.png"] = plots.request_chart(stats.requests, stats.sampled_questions)
    return figures


def _generators_digest(generator_ids: Sequence[str]) -> str:
    """sha256 over ``id source_hash`` lines, sorted: one value standing for every template hash."""
    lines = "".join(f"{gid} {get_generator(gid).info.source_hash}\n" for gid in sorted(generator_ids))
    return hashlib.sha256(lines.encode("utf-8")).hexdigest()


def _split_files(config: ConfigSpec, shards: Sequence[ShardResult]) -> list[SplitFiles]:
    return [
        SplitFiles(
            split.name,
            tuple(s.file_name for s in shards if s.file_name.startswith(f"{config.name}/{split.name}-")),
        )
        for split in config.splits
    ]


def _expected_rows(config: ConfigSpec, statistics: Mapping[str, ConfigStatistics]) -> dict[str, int] | None:
    """Rows per kind an expansion would have if none were left out (its source config's rows)."""
    if config.expand is None or config.expand.of_config not in statistics:
        return None
    source = statistics[config.expand.of_config].rows_per_split
    rows = sum(source.get(split.name, 0) for split in config.splits)
    return dict.fromkeys(config.kinds, rows)


FILINGS_FAMILY = "failsafe"
"""The family whose records sit in synthetic filings; a card of a build with it shows the industry ratios."""
RATIO_COMPANIES = 200
"""Companies drawn per industry for the card's ratio tables (statements only; fixed seeds)."""
_PERCENT_FREE = frozenset({"assets_to_revenue", "reserves_to_premiums"})


def _ratio_cell(ratio: str, value: float) -> str:
    return f"{value:.1f}x" if ratio in _PERCENT_FREE else f"{value * 100:.1f}%"


def industry_ratio_tables(companies: int = RATIO_COMPANIES) -> list[dict[str, Any]]:
    """Per-industry key ratios for the card: documented range and source beside drawn companies' values."""
    labels = {industry.key: industry.label for industry in INDUSTRIES}
    tables = []
    for key in INDUSTRY_RATIOS:
        rows = [
            {
                "ratio": row.range.ratio,
                "definition": row.range.definition,
                "range": " – ".join(_ratio_cell(row.range.ratio, v) for v in (row.range.low, row.range.high)),
                "observed": " / ".join(
                    _ratio_cell(row.range.ratio, v) for v in (row.low, row.median, row.high)
                ),
                "source": row.range.source,
            }
            for row in observed_ratios(key, companies)
        ]
        tables.append({"industry": labels[key], "rows": rows})
    return tables


def write_card(
    build: BuildConfig, shards: Sequence[ShardResult], folder: Path, reference: DatasetReference
) -> list[str]:
    """Write README.md and its plots into a built dataset folder.

    Args:
        build: The build config.
        shards: Every shard written.
        folder: The folder the shards were written to (read back for the statistics).
        reference: The Hub repository and tag the card's snippets name.

    Returns:
        The files written, relative to ``folder``, sorted.

    """
    statistics: dict[str, ConfigStatistics] = {}
    configs = []
    figures: dict[str, bytes] = {}
    for config in build.configs:
        stats = config_statistics(folder, _split_files(config, shards), tag_names(config.generator_ids))
        statistics[config.name] = stats
        checks = perturbation_check_counts(
            folder, _split_files(config, shards), _expected_rows(config, statistics)
        )
        config_figures = _plots(config.name, stats)
        test_split = "test" if any(s.name == "test" for s in config.splits) else config.splits[0].name
        test_files = next(f.files for f in _split_files(config, shards) if f.name == test_split)
        figures.update(config_figures)
        configs.append(
            {
                "name": config.name,
                "family": config.family,
                "description": " ".join(config.description.split()),
                "splits": [
                    {"name": s.name, "rows": stats.rows_per_split[s.name], "files": len(s.files)}
                    for s in _split_files(config, shards)
                ],
                "columns": _columns(config, stats.schema),
                "cross": _cross_table(stats),
                "facets": _facet_tables(config, stats),
                "perturbation_checks": [vars(counts) for counts in checks],
                "perturbation_strength": [
                    vars(figure) for figure in perturbation_strength(folder, _split_files(config, shards))
                ],
                "tokens": [{"column": t.column, **t.summary} for t in stats.tokens],
                "token_rows": stats.sampled_rows,
                "requests": sorted(stats.requests.items(), key=lambda item: (-item[1], item[0]))[
                    :_TOP_REQUESTS
                ],
                "distinct_requests": len(stats.requests),
                "sampled_questions": stats.sampled_questions,
                "figures": sorted(config_figures),
                "lm_eval_task": lm_eval_task_name(build, config.name)
                if config.family in LM_EVAL_FAMILIES
                else None,
                "lm_eval_path": lm_eval_task_path(build, config.name),
                "inspect_task": config.family in INSPECT_FAMILIES,
                "inspect_scorer": INSPECT_SCORERS.get(config.family),
                "test_split": test_split,
                "example": example_row(folder, test_files),
            }
        )
    generator_ids = sorted({gid for config in build.configs for gid in config.generator_ids})
    front_matter = yaml.safe_dump(
        _metadata(build, statistics), sort_keys=False, allow_unicode=True, width=1_000
    )
    text = _ENVIRONMENT.get_template("README.md.j2").render(
        build=build,
        front_matter=front_matter,
        configs=configs,
        families=sorted({config.family for config in build.configs}),
        library_version=finsynth.__version__,
        generator_count=len(generator_ids),
        generators_digest=_generators_digest(generator_ids),
        reference=reference,
        inspect_task_path=INSPECT_TASK_PATH,
        lm_eval_group=lm_eval_group_name(build),
        industry_ratios=industry_ratio_tables()
        if any(config.family == FILINGS_FAMILY for config in build.configs)
        else [],
        ratio_companies=RATIO_COMPANIES,
        licence=licence_prose(build.license),
        install_command=install_command(finsynth.__version__),
        package_origin=package_origin(finsynth.__version__),
        source_repository=SOURCE_REPOSITORY,
        release_tag=release_tag(finsynth.__version__),
        bibtex_key=re.sub(r"\W", "_", f"{build.name}_{build.version}"),
        example_characters=TEXT_CHARACTERS,
        example_items=LIST_ITEMS,
    )
    (folder / CARD_NAME).write_text(text, encoding="utf-8")
    for name, data in figures.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return sorted([CARD_NAME, *figures])
