"""A corpus of bad, hostile and broken inputs, run through the command line.

Every case must end with its exit code (2 for bad input, 1 for data that fails its checks), one
``error:`` line or the command's own problem lines, no traceback, and nothing written. A core set
runs in real subprocesses; the rest call :func:`finsynth.cli.app.main` in-process (the same
code path, minus the interpreter start), and hypothesis fuzzes JSON, YAML, traces and manifests.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from finsynth.cli.app import main

ROOT = Path(__file__).resolve().parents[2]
GOOD_RECORD = json.dumps({"id": "q1", "text": "What is the rate?"})


@dataclass(frozen=True)
class Case:
    """One bad input: files to create in a fresh folder, then the command line (``{d}`` = folder)."""

    files: dict[str, str | bytes | None]
    command: str
    exit_code: int = 2
    message: str = ""


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


TRACE = (
    '{"version":2,"inputs":{"x":VALUE},"steps":[{"name":"y","formula":"x","round_to":2}],'
    '"answer":{"kind":"numeric","step":"y"}}'
)
CONFIG_HEAD = "name: t\nversion: 0.0.1\nseed: 1\n"


def config(body: str) -> dict[str, str | bytes]:
    return {"c.yaml": CONFIG_HEAD + body}


SPLITS = (
    "configs:\n  - name: a\n    family: finchain\n"
    "    generators: [finchain/investment_analysis/compound_interest]\n"
)
CASES: dict[str, Case] = {
    # build configs
    "yaml not yaml": Case(config("configs: [\n"), "build {d}/c.yaml --out {d}/out", message="not valid YAML"),
    "yaml deeply nested": Case({"c.yaml": "a: " + deep(5000)}, "build {d}/c.yaml --out {d}/out"),
    "yaml nested 150": Case(
        {"c.yaml": "a: " + deep(150)}, "build {d}/c.yaml --out {d}/out", message="nested"
    ),
    "yaml alias bomb": Case(
        {
            "c.yaml": "a: &a [x, x, x, x, x, x, x, x, x]\n"
            + "".join(
                f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9) + "]\n"
                for i in range(8)
            )
        },
        "build {d}/c.yaml --out {d}/out",
        message="expands to more than",
    ),
    "yaml duplicate key": Case(config("seed: 2\n" + SPLITS), "build {d}/c.yaml --out {d}/out"),
    "config is /dev/zero": Case({}, "build /dev/zero --out {d}/out", message="larger than"),
    "jsonl is a fifo": Case({"r.jsonl": None}, "validate {d}/r.jsonl", message="not a regular file"),
    "config missing": Case({}, "build {d}/none.yaml --out {d}/out", message="file not found"),
    "config is a folder": Case({"c.yaml/x": ""}, "build {d}/c.yaml --out {d}/out"),
    "config not utf-8": Case(
        {"c.yaml": b"name: \xff\xfe\n"}, "build {d}/c.yaml --out {d}/out", message="UTF-8"
    ),
    "config lone surrogate": Case(
        {
            "c.yaml": CONFIG_HEAD
            + 'pretty_name: "\\ud800"\n'
            + SPLITS
            + "    splits:\n      test: {per_generator: 1}\n"
        },
        "validate {d}/c.yaml",
        exit_code=2,
    ),
    "per_generator 0": Case(
        config(SPLITS + "    splits:\n      test: {per_generator: 0}\n"), "build {d}/c.yaml --out {d}/out"
    ),
    "shard_size 2.0": Case(
        config(SPLITS + "    shard_size: 2.0\n    splits:\n      test: {per_generator: 1}\n"),
        "build {d}/c.yaml --out {d}/out",
    ),
    "null key in counts": Case(
        config(SPLITS + "    splits:\n      test: {counts: {null: 1}}\n"), "build {d}/c.yaml --out {d}/out"
    ),
    "huge count": Case(
        config(SPLITS + "    splits:\n      test: {per_generator: 100000000000000}\n"),
        "build {d}/c.yaml --out {d}/out",
    ),
    "unknown generator": Case(
        config(
            "configs:\n  - name: a\n    family: finchain\n    generators: [nope/]\n"
            "    splits:\n      test: {per_generator: 1}\n"
        ),
        "build {d}/c.yaml --out {d}/out",
    ),
    "failing plugin": Case(
        config(
            "plugins: [tests.builder.failing_plugin_at_import]\n"
            + SPLITS
            + "    splits:\n      test: {per_generator: 1}\n"
        ),
        "build {d}/c.yaml --out {d}/out",
    ),
    "missing plugin": Case(
        config("plugins: [no_such_module_here]\n" + SPLITS + "    splits:\n      test: {per_generator: 1}\n"),
        "build {d}/c.yaml --out {d}/out",
    ),
    "markup in path": Case({}, "build {d}/[bold]x[/].yaml --out {d}/out", message="[bold]x[/].yaml"),
    "closing markup in path": Case({}, "validate {d}/[/]", message="[/]"),
    "output under a file": Case(
        {**config(SPLITS + "    splits:\n      test: {per_generator: 1}\n"), "file": "x"},
        "build {d}/c.yaml --out {d}/file/out",
    ),
    # validate / verify
    "jsonl not json": Case({"r.jsonl": "{\n"}, "validate {d}/r.jsonl"),
    "jsonl duplicate key": Case(
        {"r.jsonl": '{"id": "a", "id": "b"}\n'}, "validate {d}/r.jsonl", message="twice"
    ),
    "jsonl deep": Case({"r.jsonl": deep(3000) + "\n"}, "validate {d}/r.jsonl", message="nested"),
    "jsonl 5000 digits": Case(
        {"r.jsonl": '{"id": ' + "7" * 5000 + "}\n"}, "validate {d}/r.jsonl", message="digits"
    ),
    "jsonl NaN": Case({"r.jsonl": '{"id": NaN}\n'}, "validate {d}/r.jsonl"),
    "jsonl not an object": Case({"r.jsonl": "[1]\n"}, "validate {d}/r.jsonl"),
    "parquet truncated": Case({"r.parquet": b"PAR1\x00\x00"}, "validate {d}/r.parquet"),
    "parquet is text": Case({"r.parquet": "hello"}, "validate {d}/r.parquet"),
    "unknown file kind": Case({"r.csv": "a,b"}, "validate {d}/r.csv"),
    "verify no manifest": Case({}, "verify {d}", message="no manifest.json"),
    "verify manifest not json": Case({"manifest.json": "{"}, "verify {d}", message="not valid JSON"),
    "verify manifest a list": Case({"manifest.json": "[]"}, "verify {d}"),
    "verify manifest deep": Case({"manifest.json": deep(4000)}, "verify {d}"),
    "verify manifest huge int": Case({"manifest.json": '{"format": ' + "1" * 5000 + "}"}, "verify {d}"),
    "verify manifest duplicate key": Case({"manifest.json": '{"files": {}, "files": {}}'}, "verify {d}"),
    "verify emptied manifest": Case({"manifest.json": "{}"}, "verify {d}", exit_code=1),
    "verify wrong types": Case(
        {"manifest.json": '{"files": [1], "configs": "x"}'}, "verify {d}", exit_code=1
    ),
    "verify file outside": Case(
        {"manifest.json": '{"files": {"/etc/hostname": {"sha256": "0"}}, "configs": {}}'},
        "verify {d}",
        exit_code=1,
    ),
    "validate manifest garbage": Case({"manifest.json": '{"configs": {"a": 1}}'}, "validate {d}"),
    "validate manifest unknown family": Case(
        {"manifest.json": '{"configs": {"a": {"family": "../x", "splits": {}}}}'},
        "validate {d}",
        message="unknown family",
    ),
    # perturb
    "perturb unknown kind": Case({"q.txt": "hello"}, "perturb no-such-kind {d}/q.txt"),
    "perturb missing file": Case({}, "perturb misspell {d}/none.txt"),
    "perturb not utf-8": Case({"q.txt": b"\xff"}, "perturb misspell {d}/q.txt", message="UTF-8"),
    "perturb jsonl bad line 2": Case(
        {"q.jsonl": GOOD_RECORD + "\n{\n"}, "perturb misspell --jsonl {d}/q.jsonl", message=":2:"
    ),
    "perturb jsonl no text": Case({"q.jsonl": '{"id": 1}\n'}, "perturb misspell --jsonl {d}/q.jsonl"),
    "perturb jsonl bool id": Case(
        {"q.jsonl": '{"id": true, "text": "x"}\n'}, "perturb misspell --jsonl {d}/q.jsonl"
    ),
    "perturb jsonl duplicate": Case(
        {"q.jsonl": '{"text": "a", "text": "b"}\n'}, "perturb misspell --jsonl {d}/q.jsonl", message="twice"
    ),
    # generate
    "generate unknown": Case({}, "generate nope/ -n 1"),
    "generate negative n": Case({}, "generate finchain/ -n -1"),
    "generate markup id": Case({}, "generate [bold]x[/] -n 1", message="[bold]x[/]"),
    # scoring
    "ratings deep": Case({"r.json": deep(5000)}, "score ratings {d}/r.json"),
    "ratings not json": Case({"r.json": "{"}, "score ratings {d}/r.json"),
    "ratings 5000 digits": Case({"r.json": '{"a": ' + "9" * 5000 + "}"}, "score ratings {d}/r.json"),
    "ratings missing": Case({}, "score ratings {d}/none.json"),
    "chaineval missing predictions": Case({}, "score chaineval {d}/none {d}/none.jsonl"),
    # ucfe
    "ucfe import missing": Case({}, "ucfe import {d}/none.json --out {d}/out"),
    "ucfe import duplicate task": Case(
        {"b.json": '{"task": [], "task": []}'}, "ucfe import {d}/b.json --out {d}/out", message="twice"
    ),
    "ucfe import deep": Case({"b.json": deep(5000)}, "ucfe import {d}/b.json --out {d}/out"),
    "ucfe import not json": Case({"b.json": "nope"}, "ucfe import {d}/b.json --out {d}/out"),
    "ucfe export no folder": Case({}, "ucfe export {d}/none --out {d}/x.json"),
    # push
    "push no manifest": Case({}, "push {d} --repo-id me/x --dry-run"),
    "push bad repo id": Case({}, "push {d} --repo-id x --dry-run"),
    "push fifo listed": Case(
        {"manifest.json": '{"files": {"p": {"sha256": "0"}}, "configs": {}}', "p": None},
        "push {d} --repo-id me/x --dry-run",
    ),
}

SUBPROCESS_CASES = (
    "yaml deeply nested",
    "yaml alias bomb",
    "per_generator 0",
    "failing plugin",
    "markup in path",
    "closing markup in path",
    "output under a file",
    "jsonl 5000 digits",
    "parquet truncated",
    "verify manifest deep",
    "perturb jsonl bad line 2",
    "ucfe import duplicate task",
    "ratings deep",
)


def _setup(case: Case, folder: Path) -> list[str]:
    for name, content in case.files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if content is None:
            os.mkfifo(path)
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", errors="surrogatepass")
    return case.command.replace("{d}", str(folder)).split(" ")


def _snapshot(folder: Path) -> dict[str, float]:
    return {str(path): path.stat().st_mtime for path in folder.rglob("*") if not path.is_fifo()}


def _check(case: Case, code: int, stderr: str, before: dict[str, float], folder: Path) -> None:
    assert code == case.exit_code, stderr
    assert "Traceback" not in stderr and 'File "' not in stderr, stderr
    if case.exit_code == 2:
        error_lines = [line for line in stderr.splitlines() if line.startswith("error: ")]
        assert len(error_lines) == 1 or "Usage: finsynth" in stderr, stderr  # or click's usage error
    assert case.message in stderr, stderr
    assert _snapshot(folder) == before, "something was written"


def run_in_process(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        main(arguments)
        code = 0
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
    return code, capsys.readouterr().err


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input_in_process(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = CASES[name]
    arguments = _setup(case, tmp_path)
    before = _snapshot(tmp_path)
    code, stderr = run_in_process(arguments, capsys)
    _check(case, code, stderr, before, tmp_path)


@pytest.mark.parametrize("name", SUBPROCESS_CASES)
def test_bad_input_in_a_subprocess(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    arguments = _setup(case, tmp_path)
    before = _snapshot(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "finsynth.cli", *arguments],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        timeout=900,
    )
    _check(case, result.returncode, result.stderr, before, tmp_path)


def test_the_corpus_is_large_enough() -> None:
    assert len(CASES) >= 60


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores folder permissions")
def test_a_read_only_output_folder_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "c.yaml").write_text(CONFIG_HEAD + SPLITS + "    splits:\n      test: {per_generator: 1}\n")
    out = tmp_path / "out"
    out.mkdir()
    out.chmod(stat.S_IRUSR | stat.S_IXUSR)
    code, stderr = run_in_process(["build", str(tmp_path / "c.yaml"), "--out", str(out)], capsys)
    out.chmod(stat.S_IRWXU)
    assert code == 2 and "Traceback" not in stderr and stderr.startswith("error: ")


def test_debug_shows_the_traceback_of_an_unexpected_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import finsynth.pipeline

    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(finsynth.pipeline, "generate", broken)
    code, stderr = run_in_process(["generate", "finchain/", "-n", "1"], capsys)
    assert (
        code == 2
        and stderr.strip()
        == "error: unexpected ZeroDivisionError: a bug (run again with --debug for the traceback)"
    )
    with pytest.raises(ZeroDivisionError):
        main(["--debug", "generate", "finchain/", "-n", "1"])


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=20,
)
_json_texts = (
    _json_values.map(json.dumps)
    | st.text(max_size=60)
    | st.binary(max_size=60).map(lambda data: data.decode("latin-1"))
)
_FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@_FUZZ
@given(text=_json_texts)
def test_fuzzed_manifests_never_crash_verify(
    text: str, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    (folder / "manifest.json").write_text(text, encoding="utf-8", errors="surrogatepass")
    code, stderr = run_in_process(["verify", str(folder)], capsys)
    assert code in (1, 2) and "Traceback" not in stderr


@_FUZZ
@given(text=_json_texts)
def test_fuzzed_json_lines_never_crash_validate_or_perturb(
    text: str, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "r.jsonl"
    path.write_text(text.replace("\n", " ") + "\n", encoding="utf-8", errors="surrogatepass")
    for arguments in (["validate", str(path)], ["perturb", "misspell", "--jsonl", str(path)]):
        code, stderr = run_in_process(arguments, capsys)
        assert code in (0, 1, 2) and "Traceback" not in stderr


@_FUZZ
@given(value=_json_values)
def test_fuzzed_yaml_configs_never_crash_build(
    value: object, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    import yaml

    folder = tmp_path_factory.mktemp("fuzz")
    (folder / "c.yaml").write_text(
        yaml.safe_dump({"name": "t", "version": "0.0.1", "seed": 1, "configs": value})
    )
    code, stderr = run_in_process(["validate", str(folder / "c.yaml")], capsys)
    assert code in (0, 2) and "Traceback" not in stderr


@_FUZZ
@given(value=_json_values)
def test_fuzzed_trace_inputs_are_replay_errors_not_crashes(value: object) -> None:
    from finsynth.errors import FormulaError
    from finsynth.generators.finchain.trace import replay_trace

    with contextlib.suppress(FormulaError):
        replay_trace(TRACE.replace("VALUE", json.dumps(value)))
