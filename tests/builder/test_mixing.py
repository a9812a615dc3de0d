"""Training splits mix well: several shards, rows spread evenly over templates, and selections."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from finsynth.builder import parse_config, run_build
from finsynth.builder.config import DEFAULT_SHARD_SIZE
from finsynth.builder.plan import instance_order, plan_shards
from finsynth.errors import ConfigError
from finsynth.generators.registry import resolve
from finsynth.schemas import validator_for

MIXED = """\
name: mixed
version: 0.0.1
seed: 21
configs:
  - name: finchain
    family: finchain
    shard_size: 300
    messages: true
    generators: [finchain/]
    splits:
      test: {per_generator: 1}
      train: {per_generator: 2}
"""


def split_rows(folder: Path, config: str, split: str) -> list[dict[str, object]]:
    files = sorted((folder / config).glob(f"{split}-*.parquet"))
    return [row for path in files for row in pq.read_table(path).to_pylist()]


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return run_build(parse_config(MIXED, "mixed.yaml"), tmp_path_factory.mktemp("mixed"), num_proc=2)


def test_the_first_256_training_rows_cover_at_least_200_templates_over_several_shards(mixed: Path) -> None:
    train = split_rows(mixed, "finchain", "train")
    assert len(list((mixed / "finchain").glob("train-*.parquet"))) == 2
    templates = len(resolve(["finchain/"]))
    assert len(train) == 2 * templates
    assert len({row["generator_id"] for row in train[:256]}) >= 200
    # Every template's two instances: the first in the first half of the split, the second after.
    halves = [Counter(row["generator_id"] for row in half) for half in (train[:templates], train[templates:])]
    assert set(halves[0].values()) == set(halves[1].values()) == {1}
    domains = [row["domain"] for row in train[:24]]
    assert len(set(domains)) >= 6  # not sorted by domain either


def test_chat_rows_carry_messages_that_match_the_schema(mixed: Path) -> None:
    validator = validator_for("finchain", with_messages=True)
    for row in split_rows(mixed, "finchain", "test")[:50]:
        validator.validate(row)
        assert row["messages"][2]["content"].endswith(f"Answer: {row['target']}")


def test_the_order_is_a_pure_function_of_seed_config_split_and_counts() -> None:
    counts = (3, 1, 4, 1, 5)
    order = instance_order(1, "finchain", "train", counts)
    assert sorted(order.tolist()) == list(range(14))
    instance_order.cache_clear()
    assert instance_order(1, "finchain", "train", counts).tolist() == order.tolist()
    assert instance_order(2, "finchain", "train", counts).tolist() != order.tolist()


def test_the_default_shard_size_cuts_a_large_split_into_several_files() -> None:
    text = MIXED.replace("    shard_size: 300\n", "").replace("per_generator: 2", "per_generator: 100")
    shards = [spec for spec in plan_shards(parse_config(text)) if spec.split == "train"]
    assert DEFAULT_SHARD_SIZE == 10_000
    assert [spec.rows for spec in shards] == [10_000, 10_000, 9_000]


SELECTING = """\
name: selecting
version: 0.0.1
seed: 3
configs:
  - name: finchain
    family: finchain
    generators: [finchain/]
    select: {domains: [personal_finance, corporate_finance], difficulties: [advanced]}
    exclude: {topics: [capital_structure], ids: [finchain/personal_finance/budgeting]}
    splits:
      test: {per_generator: 1}
"""


def test_a_config_selects_by_domain_topic_difficulty_and_excludes() -> None:
    chosen = parse_config(SELECTING).configs[0].generator_ids
    expected = [
        generator.info.id
        for generator in resolve(["finchain/personal_finance", "finchain/corporate_finance"])
        if generator.info.tags["difficulty"] == "advanced"
        and generator.info.tags["topic"] not in ("capital_structure", "budgeting")
    ]
    assert list(chosen) == expected and expected
    with pytest.raises(ConfigError, match="matches no generator") as caught:
        parse_config(SELECTING.replace("select: {domains", "select: {topics: [compound_interest], domains"))
    assert caught.value.line == 8  # compound interest is in neither domain: nothing is left


@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        ("domains: [personal_finance,", "domains: [personal_financ,", 8, "did you mean 'personal_finance'"),
        ("difficulties: [advanced]", "difficulties: [hard]", 8, r"'hard' is not allowed; choose one of"),
        (
            "topics: [capital_structure]",
            "topics: [capital_structures]",
            9,
            "did you mean 'capital_structure'",
        ),
        ("ids: [finchain/personal_finance/budgeting]", "ids: [finchain/personal]", 9, "no generator matches"),
        ("select: {domains", "select: {colours: [red], domains", 8, "colours"),
    ],
)
def test_bad_selections_name_the_line_and_the_value(old: str, new: str, line: int, message: str) -> None:
    assert old in SELECTING
    with pytest.raises(ConfigError, match=message) as caught:
        parse_config(SELECTING.replace(old, new), "s.yaml")
    assert caught.value.line == line


def test_messages_need_a_family_with_worked_solutions() -> None:
    text = SELECTING.replace(
        "family: finchain\n    generators: [finchain/]", "family: ucfe\n    generators: [ucfe/]"
    )
    text = text.replace(
        "    select: {domains: [personal_finance, corporate_finance], difficulties: [advanced]}\n", ""
    )
    text = text.replace(
        "    exclude: {topics: [capital_structure], ids: [finchain/personal_finance/budgeting]}\n", ""
    )
    with pytest.raises(ConfigError, match="no worked solution") as caught:
        parse_config(text.replace("    splits:", "    messages: true\n    splits:"), "m.yaml")
    assert caught.value.line == 8  # the messages line
