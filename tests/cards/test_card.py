"""The dataset card: Hub metadata that matches the files, per-config statistics, deterministic plots."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import yaml

from finsynth.builder.manifest import read_manifest
from finsynth.cards import plots, size_category
from finsynth.cards.statistics import SplitFiles, config_statistics, tag_names
from finsynth.generators.registry import resolve
from tests.hub.fixtures import build_tiny

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny(tmp_path_factory.mktemp("card"))


def front_matter(folder: Path) -> dict[str, object]:
    text = (folder / "README.md").read_text(encoding="utf-8")
    metadata: dict[str, object] = yaml.safe_load(text.split("---\n")[1])
    return metadata


def test_the_metadata_has_what_the_hub_reads(folder: Path) -> None:
    metadata = front_matter(folder)
    assert metadata["annotations_creators"] == ["machine-generated"]
    assert {
        "license",
        "language",
        "pretty_name",
        "task_categories",
        "task_ids",
        "size_categories",
        "tags",
    } <= set(metadata)
    assert metadata["size_categories"] == ["n<1K"]


def test_dataset_info_matches_the_parquet_files(folder: Path) -> None:
    import datasets

    manifest = read_manifest(folder)
    infos = {info["config_name"]: info for info in front_matter(folder)["dataset_info"]}  # type: ignore[attr-defined]
    assert set(infos) == set(manifest["configs"])
    for name, config in manifest["configs"].items():
        info = infos[name]
        assert {split["name"]: split["num_examples"] for split in info["splits"]} == {
            split: entry["rows"] for split, entry in config["splits"].items()
        }
        files = [file for entry in config["splits"].values() for file in entry["files"]]
        assert info["download_size"] == sum((folder / file).stat().st_size for file in files)
        schema = pq.read_schema(folder / files[0])
        assert [feature["name"] for feature in info["features"]] == schema.names
        # The declared features are what `datasets` reads the files as.
        loaded = datasets.load_dataset(str(folder), name, split="test")
        assert loaded.features == datasets.Features._from_yaml_list(info["features"])
        for split in info["splits"]:
            split_files = config["splits"][split["name"]]["files"]
            arrow_bytes = sum(pq.read_table(folder / file).nbytes for file in split_files)
            assert split["num_bytes"] == arrow_bytes  # in-memory Arrow size, as the Hub reports it


def test_the_first_config_is_the_default(folder: Path) -> None:
    import datasets

    configs = front_matter(folder)["configs"]
    assert [entry.get("default", False) for entry in configs] == [True] + [False] * (len(configs) - 1)  # type: ignore[union-attr]
    loaded = datasets.load_dataset(str(folder), split="test")  # no config name needed
    assert loaded["id"] == datasets.load_dataset(str(folder), "finchain", split="test")["id"]


def test_each_config_documents_columns_counts_tokens_and_requests(folder: Path) -> None:
    card = (folder / "README.md").read_text(encoding="utf-8")
    section = card.split("### `finchain_variation`")[1].split("## Loading")[0]
    assert "| `variation` | `string` | What was redrawn relative to the original instance. |" in section
    assert "| `steps` | `list[struct]` |" in section
    # The topic's 5 templates × 2 test instances × 2 variation kinds, by their measured difficulty.
    levels = Counter(
        g.info.tags["difficulty"] for g in resolve(["finchain/investment_analysis/compound_interest"])
    )
    present = [level for level in ("basic", "intermediate", "advanced") if levels[level]]
    counts = " | ".join(str(4 * levels[level]) for level in present)
    assert f"| investment_analysis | {counts} | 20 |" in section
    assert "| names | 10 | 10 |" in section and "| values | 10 | 10 |" in section
    assert "| `input` |" in section and "| `solution` |" in section
    assert "be → balance" in card
    for figure in ("domain_by_difficulty", "token_lengths", "requests"):
        assert f"](plots/finchain_variation/{figure}.png)" in section


def test_plots_and_harness_files_are_in_the_manifest(folder: Path) -> None:
    files = read_manifest(folder)["files"]
    for name in files:
        assert (folder / name).is_file()
    pngs = [name for name in files if name.endswith(".png")]
    assert len(pngs) == 6
    assert all((folder / name).read_bytes().startswith(b"\x89PNG\r\n\x1a\n") for name in pngs)
    assert all(b"Software" not in (folder / name).read_bytes() for name in pngs)
    assert {"harness/inspect_task.py", "harness/lm_eval/tiny_finchain.yaml"} <= set(files)


@pytest.mark.slow
def test_a_rebuild_in_another_process_gives_identical_card_and_plots(folder: Path, tmp_path: Path) -> None:
    code = (
        "import sys, pathlib\n"
        "from tests.hub.fixtures import build_tiny\n"
        "print(build_tiny(pathlib.Path(sys.argv[1])))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "12345", "PATH": "/usr/bin:/bin"},
        timeout=900,
    )
    assert result.returncode == 0, result.stderr
    again = Path(result.stdout.strip().splitlines()[-1])
    for name in read_manifest(folder)["files"]:
        if not name.endswith(".parquet"):
            assert (again / name).read_bytes() == (folder / name).read_bytes(), name


def test_two_renders_of_a_plot_are_byte_identical() -> None:
    counts = Counter({("banking", "basic"): 3, ("banking", "advanced"): 1, ("crypto_finance", "basic"): 5})
    first, second = (
        plots.heat_map("domain", "difficulty", counts),
        plots.heat_map("domain", "difficulty", counts),
    )
    assert first == second and first.startswith(b"\x89PNG")
    assert plots.heat_map("domain", "difficulty", counts + Counter({("banking", "basic"): 1})) != first


def test_statistics_work_for_a_family_tagged_by_columns(tmp_path: Path) -> None:
    """Another family's records: no generator_id, tags in their own columns (task × condition)."""
    rows = {
        "id": [f"r{i}" for i in range(6)],
        "input": ["Which filing item reports the risk factors?"] * 3
        + ["Summarise the liquidity position."] * 3,
        "target": ["Item 1A"] * 6,
        "task": ["qa", "qa", "qa", "summary", "summary", "summary"],
        "condition": ["baseline", "misspelled", "baseline", "baseline", "ocr", "ocr"],
    }
    pq.write_table(pa.table(rows), tmp_path / "test-00000-of-00001.parquet")
    stats = config_statistics(
        tmp_path, [SplitFiles("test", ("test-00000-of-00001.parquet",))], ["task", "condition"]
    )
    assert stats.facets["task"] == {"qa": {"test": 3}, "summary": {"test": 3}}
    assert stats.facets["condition"]["ocr"] == {"test": 2}
    assert stats.cross is not None and stats.cross[2][("summary", "ocr")] == 2
    assert stats.rows_per_split == {"test": 6} and [t.column for t in stats.tokens] == ["input", "target"]
    assert sum(stats.requests.values()) == 6


def test_failsafe_items_are_counted_by_question_kind_filing_items_and_industry(tmp_path: Path) -> None:
    """The synthetic FailSafe generator's per-row tags come from each record's metadata."""
    import json

    metadata = [
        {"question_kind": "debt_to_equity", "filing_items": ["8"], "industry": "banking"},
        {"question_kind": "rate_risk_factor", "filing_items": ["1A", "7A"], "industry": "banking"},
        {"question_kind": "debt_to_equity", "filing_items": ["8"], "industry": "software"},
    ]
    rows = {
        "id": ["a", "b", "c"],
        "input": ["What was the ratio?"] * 3,
        "target": ["1.20"] * 3,
        "source": ["synthetic"] * 3,
        "metadata": [json.dumps(entry) for entry in metadata],
    }
    pq.write_table(pa.table(rows), tmp_path / "test-00000-of-00001.parquet")
    tags = tag_names(["failsafe/synthetic"])
    assert tags == ["source", "question_kind", "filing_items", "industry"]
    stats = config_statistics(tmp_path, [SplitFiles("test", ("test-00000-of-00001.parquet",))], tags)
    assert stats.facets["question_kind"] == {"debt_to_equity": {"test": 2}, "rate_risk_factor": {"test": 1}}
    assert stats.facets["filing_items"] == {"8": {"test": 2}, "1A, 7A": {"test": 1}}
    assert stats.facets["industry"] == {"banking": {"test": 2}, "software": {"test": 1}}


@pytest.mark.parametrize(
    ("rows", "label"),
    [(0, "n<1K"), (999, "n<1K"), (1_000, "1K<n<10K"), (32_190, "10K<n<100K"), (10**9, "100M<n<1B")],
)
def test_size_categories_follow_the_hub_buckets(rows: int, label: str) -> None:
    assert size_category(rows) == label


def test_the_card_tabulates_each_industrys_ratios_beside_their_documented_ranges() -> None:
    from finsynth.cards.card import _ENVIRONMENT, industry_ratio_tables
    from finsynth.world.industry_ratios import INDUSTRY_RATIOS

    tables = industry_ratio_tables(20)
    assert [len(table["rows"]) for table in tables] == [len(rows) for rows in INDUSTRY_RATIOS.values()]
    text = _ENVIRONMENT.get_template("industry_ratios.md.j2").render(
        industry_ratios=tables, ratio_companies=20
    )
    assert text.startswith("### Industry ratios of the filings")
    for table in tables:
        assert f"**{table['industry']}**" in text
    assert "| `net_interest_margin` | Net interest income / average earning assets" in text
    assert (
        "FDIC Quarterly Banking Profile" in text and "AM Best" in text and "Nareit" in text and "EEI" in text
    )
