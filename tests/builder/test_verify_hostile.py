"""``verify`` on crafted rows: bounded work on exact-number bombs, and every failure a listed problem.

Each crafted folder is a copy of one small real build with rows rewritten and the manifest's
sha256 updated to match (anyone can). ``verify`` must list a problem naming the row and go on,
exit 1, never abort with ``unexpected <Exception>``; exit 2 is kept for a folder it cannot read.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from benchmarks.verify_bombs import BOMBS
from finsynth.builder import parse_config, run_build
from finsynth.builder.hashing import sha256_file
from finsynth.builder.verify import verify_folder
from finsynth.cli.app import app
from finsynth.generators.finchain.trace import replay_record

CONFIG = """\
name: hostile
version: 0.0.1
seed: 3
configs:
  - name: finchain
    family: finchain
    generators: [finchain/investment_analysis/compound_interest]
    splits:
      test: {per_generator: 3}
  - name: ucfe
    family: ucfe
    generators: [ucfe/analyst_simulation]
    splits:
      test: {per_generator: 2}
"""
FINCHAIN = "finchain/test-00000-of-00001.parquet"
UCFE = "ucfe/test-00000-of-00001.parquet"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return run_build(parse_config(CONFIG, "hostile.yaml"), tmp_path_factory.mktemp("hostile"))


@pytest.fixture(scope="module")
def rows(built: Path) -> dict[str, list[dict[str, Any]]]:
    return {shard: pq.read_table(built / shard).to_pylist() for shard in (FINCHAIN, UCFE)}


def copy_of(built: Path, where: Path) -> Path:
    return Path(shutil.copytree(built, where / "copy", symlinks=True))


def rewrite(folder: Path, shard: str, rows: list[dict[str, Any]]) -> None:
    """Write ``rows`` as ``shard`` with its schema, and update the manifest to match (as anyone can)."""
    path = folder / shard
    schema = pq.read_schema(path)
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), path)
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["files"][shard].update(sha256=sha256_file(path), bytes=path.stat().st_size, rows=len(rows))
    (folder / "manifest.json").write_text(json.dumps(manifest))


@pytest.mark.parametrize("case", sorted(BOMBS))
def test_every_exact_bomb_is_refused_by_a_work_bound(
    rows: dict[str, list[dict[str, Any]]], case: str
) -> None:
    # What the refusal costs in CPU time is measured by ``make bench`` (benchmarks/verify_bombs.py).
    record = {**rows[FINCHAIN][0], "trace": BOMBS[case]}
    replay, problems = replay_record(record)
    assert replay is None and problems and problems[0].startswith("trace does not replay"), problems
    assert any(bound in problems[0] for bound in ("bits", "units of work")), problems  # not a parse limit


def test_every_bomb_is_a_listed_problem_naming_its_row(
    built: Path, rows: dict[str, list[dict[str, Any]]], tmp_path: Path
) -> None:
    folder = copy_of(built, tmp_path)
    crafted = [{**rows[FINCHAIN][0], "trace": trace} for trace in BOMBS.values()]
    rewrite(folder, FINCHAIN, crafted)
    problems = verify_folder(folder).problems
    for position in range(len(BOMBS)):
        assert any(problem.startswith(f"{FINCHAIN} row {position} (") for problem in problems), position


def _finchain_row(**changes: Any) -> Callable[[list[dict[str, Any]]], list[dict[str, Any]]]:
    def change(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        first = dict(rows[0])
        for column, value in changes.items():
            first[column] = value(first[column]) if callable(value) else value
        return [first, *rows[1:]]

    return change


def _trace_edit(edit: Callable[[dict[str, Any]], None]) -> Callable[[str], str]:
    def change(text: str) -> str:
        trace = json.loads(text)
        edit(trace)
        return json.dumps(trace)

    return change


def _formula_as_list(trace: dict[str, Any]) -> None:
    trace["steps"][0]["formula"] = ["1", "+", "2"]


def _version_1(trace: dict[str, Any]) -> None:
    trace["version"] = 1


def _huge_step(trace: dict[str, Any]) -> None:
    trace["inputs"]["principal"] = 0.125
    trace["steps"][0]["formula"] = "10.0 ** 300 * 10.0 ** 300"


ROW_CRAFTS: dict[str, tuple[str, Callable[[list[dict[str, Any]]], list[dict[str, Any]]], str]] = {
    # name: (shard, change, the column or text the problem names)
    "formula given as a JSON list": (
        FINCHAIN,
        _finchain_row(trace=_trace_edit(_formula_as_list)),
        "not text",
    ),
    "trace version 1": (FINCHAIN, _finchain_row(trace=_trace_edit(_version_1)), "trace version 1"),
    "step too large for a float": (FINCHAIN, _finchain_row(trace=_trace_edit(_huge_step)), "trace"),
    "ucfe task ending in a newline": (
        UCFE,
        lambda rows: [{**rows[0], "task": rows[0]["task"] + "\n"}],
        "task",
    ),
    "metadata not JSON": (FINCHAIN, _finchain_row(metadata="{"), "metadata"),
    "trace not JSON": (FINCHAIN, _finchain_row(trace="[[[["), "trace"),
    "trace a JSON list": (FINCHAIN, _finchain_row(trace="[1, 2]"), "trace"),
}


@pytest.mark.parametrize("case", sorted(ROW_CRAFTS))
def test_a_crafted_row_is_a_listed_problem_and_the_run_goes_on(
    built: Path, rows: dict[str, list[dict[str, Any]]], tmp_path: Path, case: str
) -> None:
    shard, change, named = ROW_CRAFTS[case]
    folder = copy_of(built, tmp_path)
    # Two crafted rows: the run must go on past the first and list the second too.
    crafted = change(rows[shard])
    crafted = [crafted[0], *change([rows[shard][1]]), *crafted[2:]]
    rewrite(folder, shard, crafted)
    result = CliRunner().invoke(app, ["verify", str(folder)])
    assert result.exit_code == 1, result.output
    assert "unexpected" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    for position in (0, 1):
        line = next(
            line for line in result.output.splitlines() if line.startswith(f"{shard} row {position} (")
        )
        assert named in line, line


def test_a_folder_nested_past_the_path_limit_is_a_listed_problem(built: Path, tmp_path: Path) -> None:
    folder = copy_of(built, tmp_path)
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        for _ in range(24):  # 24 * 200 characters: past PATH_MAX (4096) on Linux
            os.mkdir("d" * 200, dir_fd=descriptor)
            inner = os.open("d" * 200, os.O_RDONLY, dir_fd=descriptor)
            os.close(descriptor)
            descriptor = inner
        os.close(os.open("x.parquet", os.O_WRONLY | os.O_CREAT, dir_fd=descriptor))
    finally:
        os.close(descriptor)
    result = CliRunner().invoke(app, ["verify", str(folder)])
    assert result.exit_code in (1, 2) and "unexpected" not in result.output, result.output
    shutil.rmtree(folder, ignore_errors=True)


def test_the_ucfe_schema_validators_agree_on_a_trailing_newline(
    rows: dict[str, list[dict[str, Any]]],
) -> None:
    from finsynth.schemas import validator_for

    validator = validator_for("ucfe")
    record = {**rows[UCFE][0], "task": rows[UCFE][0]["task"] + "\n"}
    assert not validator.is_valid(record)
    assert [error.json_path for error in validator.errors(record)] == ["$.task"]


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=8,
)


def _value_for(column_type: pa.DataType) -> st.SearchStrategy[Any]:
    if pa.types.is_string(column_type) or pa.types.is_large_string(column_type):
        return st.text(max_size=40) | _JSON.map(json.dumps)
    if pa.types.is_integer(column_type):
        return st.integers(-(2**31), 2**31 - 1)
    if pa.types.is_floating(column_type):
        return st.floats()
    return st.none()


@st.composite
def _mutations(draw: st.DrawFn, schema: pa.Schema) -> tuple[int, str, Any]:
    row = draw(st.integers(0, 2))
    field = draw(st.sampled_from([field for field in schema if not pa.types.is_nested(field.type)]))
    return row, field.name, draw(_value_for(field.type))


@pytest.fixture(scope="module")
def fuzz_folder(built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_of(built, tmp_path_factory.mktemp("fuzz"))


def test_verify_lists_problems_for_any_mutated_row(
    built: Path, rows: dict[str, list[dict[str, Any]]], fuzz_folder: Path
) -> None:
    schema = pq.read_schema(built / FINCHAIN)

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(mutations=st.lists(_mutations(schema), min_size=1, max_size=3))
    def check(mutations: list[tuple[int, str, Any]]) -> None:
        crafted = [dict(row) for row in rows[FINCHAIN]]
        for row, column, value in mutations:
            crafted[row][column] = value
        rewrite(fuzz_folder, FINCHAIN, crafted)
        verdict = verify_folder(fuzz_folder)  # raises only for a folder it cannot read at all
        assert all("\n" not in problem for problem in verdict.problems)

    check()
