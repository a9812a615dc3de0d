"""Split sizes per generator and expanded configs, through planning and building."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest

from finsynth.builder import parse_config, run_build
from finsynth.builder.plan import plan_shards
from finsynth.errors import ConfigError

TOPIC = "finchain/investment_analysis/compound_interest"
CONFIG = f"""\
name: planned
version: 0.0.1
seed: 5
plugins: [tests.builder.shouting_plugin]
configs:
  - name: base
    family: finchain
    shard_size: 4
    generators: [{TOPIC}]
    splits:
      test:
        per_generator: 2
        counts: {{{TOPIC}/COUNTED: 3}}
      train: {{per_generator: 1}}
  - name: shouted
    family: finchain
    shard_size: 5
    expand: {{of_config: base, splits: [test], kinds: [plain, loud]}}
"""


def counted_config(template: str) -> str:
    return CONFIG.replace("COUNTED", template)


def template_names() -> list[str]:
    from finsynth.generators.registry import resolve

    return [generator.info.id.rsplit("/", 1)[1] for generator in resolve([TOPIC])]


def rows(folder: Path, config: str, split: str) -> list[dict[str, object]]:
    tables = [pq.read_table(path) for path in sorted((folder / config).glob(f"{split}-*.parquet"))]
    return [row for table in tables for row in table.to_pylist()]


def test_counts_override_per_generator_for_the_matching_generator_only() -> None:
    names = template_names()
    build = parse_config(counted_config(names[1]))
    test = build.config("base").splits[0]
    assert test.counts == (2, 3, 2, 2, 2)
    assert test.rows == 11


def test_a_count_for_a_generator_outside_the_config_is_an_error() -> None:
    with pytest.raises(ConfigError, match="matches no generator of this config") as caught:
        parse_config(counted_config("no_such_template"))
    assert caught.value.line == 13


def test_positions_walk_every_instance_and_kind_once() -> None:
    build = parse_config(counted_config(template_names()[0]))
    shards = [spec for spec in plan_shards(build) if spec.config == "shouted"]
    positions = [spec.position(row) for spec in shards for row in range(spec.start, spec.stop)]
    assert len(positions) == len(set(positions)) == 11 * 2
    assert [kind for _, _, kind in positions] == ["plain", "loud"] * 11  # kinds vary fastest
    instances = [position[:2] for position in positions[::2]]
    assert positions[1::2] == [(*instance, "loud") for instance in instances]
    for generator_id in {generator_id for generator_id, _ in instances}:
        indices = [index for gid, index in instances if gid == generator_id]
        assert indices == sorted(indices)  # each generator's instances keep their order


def test_an_expansion_has_one_row_per_kind_of_each_original_record(tmp_path: Path) -> None:
    build = parse_config(counted_config(template_names()[2]))
    folder = run_build(build, tmp_path)
    originals = rows(folder, "base", "test")
    expanded = rows(folder, "shouted", "test")
    assert not (folder / "shouted" / "train-00000-of-00001.parquet").exists()
    assert [row["id"] for row in expanded] == [
        f"{r['id']}/{kind}" for r in originals for kind in ("plain", "loud")
    ]
    for original, plain, loud in zip(originals, expanded[::2], expanded[1::2], strict=True):
        assert plain["input"] == original["input"]
        assert loud["input"] == str(original["input"]).upper()


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("of_config: base,", "of_config: nowhere,", "must name an earlier config"),
        ("splits: [test]", "splits: [valid]", "has no split 'valid'"),
        ("kinds: [plain, loud]", "kinds: [plain, whisper]", "unknown kind 'whisper'"),
        ("    expand:", "    generators: [finchain/]\n    expand:", "remove 'generators'"),
        (
            "family: finchain\n    shard_size: 5",
            "family: ucfe\n    shard_size: 5",
            "no expansion makes ucfe rows",
        ),
    ],
)
def test_bad_expansions_name_what_is_wrong(old: str, new: str, message: str) -> None:
    text = counted_config(template_names()[0])
    assert old in text
    with pytest.raises(ConfigError, match=message) as caught:
        parse_config(text.replace(old, new), "x.yaml")
    assert str(caught.value).startswith("x.yaml:")
