"""Numbers that are not whole where a count is needed, keys that are not text and plugins that exit
or print, swept across the command line: every case is refused with exit 2 and a clear line naming
the key, never ``unexpected <Exception>``, and a printing plugin is reported, not silent."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from finsynth.cli.app import main

HEAD = "name: t\nversion: 0.0.1\n"
SEED = "seed: 1\n"
CONFIG = (
    "configs:\n  - name: a\n    family: finchain\n"
    "    generators: [finchain/investment_analysis/compound_interest]\n"
)
SPLIT = "    splits:\n      test: {per_generator: 1}\n"


@dataclass(frozen=True)
class Case:
    """Files to write in a fresh folder, then the command line (``{d}`` is the folder)."""

    files: dict[str, str]
    command: str
    message: str


def config(body: str) -> dict[str, str]:
    return {"c.yaml": HEAD + body}


CONFIGS: dict[str, tuple[str, str]] = {
    "seed 7.0": ("seed: 7.0\n" + CONFIG + SPLIT, "$.seed: 7.0 is not a whole number; write 7"),
    "seed 1.0e+3": ("seed: 1.0e+3\n" + CONFIG + SPLIT, "$.seed: 1000.0 is not a whole number; write 1000"),
    "per_generator 1.0": (
        SEED + CONFIG + "    splits:\n      test: {per_generator: 1.0}\n",
        "$.configs[0].splits.test.per_generator: 1.0 is not a whole number",
    ),
    "shard_size 2.0": (
        SEED + CONFIG + "    shard_size: 2.0\n" + SPLIT,
        "$.configs[0].shard_size: 2.0 is not a whole number",
    ),
    "count 3.0": (
        SEED + CONFIG + "    splits:\n      test: {per_generator: 1, counts: {finchain/: 3.0}}\n",
        "counts.finchain/: 3.0 is not a whole number",
    ),
    "counts key 1": (
        SEED + CONFIG + "    splits:\n      test: {per_generator: 1, counts: {1: 5}}\n",
        "$.configs[0].splits.test.counts.1: key 1 must be text",
    ),
    "counts key true": (
        SEED + CONFIG + "    splits:\n      test: {per_generator: 1, counts: {yes: 5}}\n",
        "key True must be text",
    ),
    "top-level key 3": ("3: x\n" + SEED + CONFIG + SPLIT, "$.3: key 3 must be text"),
    "plugin exits 3": (
        SEED + "plugins: [tests.builder.exiting_plugin]\n" + CONFIG + SPLIT,
        "plugin 'tests.builder.exiting_plugin' called sys.exit(3) while imported",
    ),
    "plugin exits with text": (
        SEED + "plugins: [tests.builder.exiting_with_text_plugin]\n" + CONFIG + SPLIT,
        "called sys.exit('goodbye') while imported",
    ),
}

CASES: dict[str, Case] = {}
for name, (body, message) in CONFIGS.items():
    CASES[f"validate: {name}"] = Case(config(body), "validate {d}/c.yaml", message)
    CASES[f"build: {name}"] = Case(config(body), "build {d}/c.yaml --out {d}/out", message)
CASES |= {
    "generate: -n 1.5": Case({}, "generate finchain/ -n 1.5", "Invalid value for '-n'"),
    "generate: --seed 7.5": Case({}, "generate finchain/ -n 1 --seed 7.5", "Invalid value for '--seed'"),
    "ucfe simulate: --limit 1.5": Case(
        {},
        "ucfe simulate {d} --out {d}/o --limit 1.5 --user-base-url http://127.0.0.1:9/v1 --user-model u"
        " --assistant-base-url http://127.0.0.1:9/v1 --assistant-model a",
        "Invalid value for '--limit'",
    ),
    "ucfe simulate: --timeout 0": Case(
        {},
        "ucfe simulate {d} --out {d}/o --timeout 0 --user-base-url http://127.0.0.1:9/v1 --user-model u"
        " --assistant-base-url http://127.0.0.1:9/v1 --assistant-model a",
        "--timeout",
    ),
    "ucfe import: item keys are numbers": Case(
        {"b.json": '{"1": [{"1": 2}]}'}, "ucfe import {d}/b.json --out {d}/o", "b.json"
    ),
    "score ratings: --bootstrap 1.5": Case(
        {"g.jsonl": ""}, "score ratings {d}/g.jsonl --bootstrap 1.5", "Invalid value for '--bootstrap'"
    ),
    "score ratings: models are numbers": Case(
        {"g.jsonl": '{"model_a": 1, "model_b": 2.0, "winner": "model_a"}\n'},
        "score ratings {d}/g.jsonl",
        "no usable games",
    ),
    "score failsafe: ratings 4.5": Case(
        {"j.jsonl": '{"id": "a", "condition": "baseline", "rating": 4.5}\n'},
        "score failsafe {d}/j.jsonl",
        "no usable judgments",
    ),
    "score agreement: ratings that are not numbers": Case(
        {"a.json": '{"m": "1.5", "n": 2}', "b.json": '{"m": 1, "n": 2}'},
        "score agreement {d}/a.json {d}/b.json",
        "a.json",
    ),
    "push --dry-run: --timeout 0": Case({}, "push {d} --repo-id me/x --dry-run --timeout 0", "--timeout"),
    "push --dry-run: --attempts 1.5": Case(
        {}, "push {d} --repo-id me/x --dry-run --attempts 1.5", "Invalid value for '--attempts'"
    ),
    "push --dry-run: manifest sizes 1.0": Case(
        {"manifest.json": '{"version": "0.0.1", "files": {"a": {"sha256": 1.0, "bytes": 1.0}}}', "a": ""},
        "push {d} --repo-id me/x --dry-run",
        "does not match its manifest",
    ),
}


def _run(case: Case, folder: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    for name, content in case.files.items():
        (folder / name).write_text(content, encoding="utf-8")
    try:
        main(case.command.replace("{d}", str(folder)).split(" "))
        code = 0
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
    captured = capsys.readouterr()
    return code, captured.out + captured.err


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_numbers_keys_and_plugins_exit_2_with_a_clear_line(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = CASES[name]
    code, output = _run(case, tmp_path, capsys)
    assert code == 2, output
    assert "unexpected" not in output and "Traceback" not in output, output
    assert case.message in output, output
    assert not (tmp_path / "out").exists()


def test_a_plugin_that_prints_is_reported_and_kept_off_stdout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(sys.modules, "tests.builder.printing_plugin", raising=False)
    body = SEED + "plugins: [tests.builder.printing_plugin]\n" + CONFIG + SPLIT
    (tmp_path / "c.yaml").write_text(HEAD + body, encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        main(["validate", str(tmp_path / "c.yaml")])
    captured = capsys.readouterr()
    assert exit_.value.code in (0, None)
    assert "hello from a plugin" not in captured.out
    assert "note: plugin 'tests.builder.printing_plugin' printed while imported:" in captured.err
    assert "hello from a plugin" in captured.err
