"""Registry-wide: builds of the robust and FailSafe configs write nothing a validator rejects.

Several seeds, small counts: every ``finchain_robust`` row and every ``failsafe`` record that a
build writes passes the checks of its perturbation, almost every out-of-domain row differs from
its original, the OCR context keeps the numbers the answer needs, and the card counts the rows
redrawn and left out.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from finsynth.builder import parse_config, run_build
from finsynth.generators.failsafe.finchain_robust import PERTURBATION_OF_KIND, answer_labels
from finsynth.generators.failsafe.records import QUERY_PERTURBATIONS
from finsynth.perturbations import check_ocr, check_query
from finsynth.perturbations.invariants import number_tokens
from finsynth.perturbations.ops import Op, Perturbed

SEEDS = (7, 1234, 20261121)
CONFIG = """\
name: checked
version: 0.0.1
seed: {seed}
pretty_name: Checked perturbations
configs:
  - name: finchain
    family: finchain
    generators: [finchain/]
    splits:
      test: {{per_generator: 1}}
  - name: finchain_robust
    family: finchain_robust
    expand: {{of_config: finchain, splits: [test], kinds: [misspelled, incomplete, out_of_domain]}}
  - name: failsafe
    family: failsafe
    generators: [failsafe/synthetic]
    splits:
      test: {{per_generator: 3}}
"""


@cache
def _built(seed: int, root: Path) -> Path:
    return run_build(parse_config(CONFIG.format(seed=seed), "checked.yaml"), root / str(seed), num_proc=1)


@pytest.fixture(scope="module", params=SEEDS)
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _built(request.param, tmp_path_factory.getbasetemp() / "checked")


def _rows(folder: Path, config: str) -> list[dict[str, object]]:
    return [
        row for path in sorted((folder / config).glob("*.parquet")) for row in pq.read_table(path).to_pylist()
    ]


def test_every_written_robust_row_passes_its_checks(built: Path) -> None:
    sources = {row["id"]: row for row in _rows(built, "finchain")}
    for row in _rows(built, "finchain_robust"):
        source = sources[str(row["id"]).rsplit("/", 1)[0]]
        name = PERTURBATION_OF_KIND[str(row["perturbation"])]
        ops = json.loads(str(row["perturbation_ops"]))
        perturbed = Perturbed(str(row["input"]), tuple(Op(**op) for op in ops))
        assert check_query(name, str(source["input"]), perturbed, answer_labels(source)) == (), row["id"]


def test_out_of_domain_rows_differ_from_the_original_in_95_percent(built: Path) -> None:
    sources = _rows(built, "finchain")
    rows = [row for row in _rows(built, "finchain_robust") if row["perturbation"] == "out_of_domain"]
    differing = sum(row["input"] != row["original_input"] for row in rows)
    assert differing >= 0.95 * len(sources)
    failsafe = _rows(built, "failsafe")
    assert all(row["out-of-domain_query"] != row["query"] for row in failsafe)


def test_every_failsafe_query_and_ocr_context_passes_its_checks(built: Path) -> None:
    for record in _rows(built, "failsafe"):
        ops = json.loads(str(record["ops"]))
        for column, name in QUERY_PERTURBATIONS.items():
            perturbed = Perturbed(str(record[column]), tuple(Op(**op) for op in ops[column]))
            assert check_query(name, str(record["query"]), perturbed) == (), (record["id"], column)
        needed = number_tokens(str(record["answer"]))
        assert check_ocr(str(record["context"]), str(record["ocr_context"]), needed) == (), record["id"]


def test_ocr_still_damages_other_numbers_at_the_failsafeqa_rate(built: Path) -> None:
    damaged = total = edits = characters = 0
    for record in _rows(built, "failsafe"):
        before = Counter(number_tokens(str(record["context"])))
        after = Counter(number_tokens(str(record["ocr_context"])))
        total += sum(before.values())
        damaged += sum((before - after).values())
        for op in json.loads(str(record["ops"]))["ocr_context"]:
            details = op.get("details", {})
            edits += (
                details.get("substitutions", 0) + details.get("deletions", 0) + details.get("insertions", 0)
            )
        characters += len(str(record["context"]))
    assert damaged >= 0.15 * total
    assert 0.05 <= edits / characters <= 0.08


def test_the_card_counts_redrawn_and_left_out_rows_per_kind(built: Path) -> None:
    card = (built / "README.md").read_text(encoding="utf-8")
    assert card.count("#### Perturbation checks") == 2
    for section in card.split("#### Perturbation checks")[1:]:
        table = section.split("\n\n")[2]
        assert all(f"| {kind} |" in table for kind in ("incomplete", "misspelled", "out_of_domain"))
