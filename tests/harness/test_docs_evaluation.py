"""The evaluation commands of ``docs/evaluation.md`` run as written against a local server.

The page's server-bound ``bash`` blocks are run in order, as one script, in a workspace that looks like
a fresh clone after ``make build-dataset`` (a small build at ``build/finsynth/0.6.0`` and ``.venv``).
The only change made to them is the server's address: the page's ``http://127.0.0.1:8080/v1`` becomes
the test server's. Here the server is the scripted gold model (``tests/harness/gold_server.py``);
``tests/integration/test_docs_evaluation.py`` runs the same commands against llama.cpp.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from finsynth.builder import parse_config, run_build
from tests.harness.gold_server import serve
from tests.harness.test_end_to_end import CONFIG, environment

pytest.importorskip("inspect_ai", reason="inspect_ai (dev dependency) is not installed")
pytest.importorskip("lm_eval", reason="lm-eval (dev dependency) is not installed")

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "evaluation.md"
BLOCK = re.compile(r"^<!-- readme: (?P<directive>[^>]*?) -->\n```bash\n(?P<body>.*?)^```$", re.M | re.S)
DOCUMENTED_URL = "http://127.0.0.1:8080/v1"


def documented_commands(runner: str) -> list[str]:
    """The page's bash blocks whose directive names ``runner`` (a test file), in page order."""
    return [
        match["body"]
        for match in BLOCK.finditer(PAGE.read_text(encoding="utf-8"))
        if runner in match["directive"]
    ]


def adapted(blocks: list[str], url: str, substitutions: Mapping[str, str] = {}) -> str:
    """One script of ``blocks`` with the server's address (and any ``substitutions``) put in."""
    script = "\n".join(blocks).replace(DOCUMENTED_URL, url)
    for old, new in substitutions.items():
        assert old in script, f"docs/evaluation.md no longer holds {old!r}"
        script = script.replace(old, new)
    return "set -euo pipefail\n" + script


def workspace(tmp_path: Path) -> Path:
    """A fresh clone's view: a small build at build/finsynth/0.6.0 and the venv at .venv."""
    config = CONFIG.replace("name: tiny\nversion: 0.0.1", "name: finsynth\nversion: 0.6.0")
    folder = run_build(parse_config(config, "finsynth.yaml"), tmp_path / "build")
    assert folder == tmp_path / "build" / "finsynth" / "0.6.0"
    (tmp_path / ".venv").symlink_to(Path(sys.prefix))
    return tmp_path


def run_page(
    script: str, cwd: Path, url: str, timeout: float, extra_env: Mapping[str, str] = {}
) -> subprocess.CompletedProcess[str]:
    env = environment(url) | dict(extra_env)
    result = subprocess.run(
        ["bash", "-c", script], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert result.returncode == 0, (result.stdout[-4000:], result.stderr[-6000:])
    return result


def test_the_page_shows_only_provider_forms_that_work_with_local_servers() -> None:
    text = PAGE.read_text(encoding="utf-8")
    blocks = documented_commands("test_docs_evaluation.py")
    assert len(blocks) >= 5
    models = re.findall(r"(?:--model\s+|--model-role\s+\w+=)(\S+)", "\n".join(blocks))
    assert models and all(
        model.startswith("openai-api/") or model == "local-chat-completions" for model in models
    )
    assert "`--model openai/MODEL` is right only for OpenAI's own API" in text


@pytest.fixture(scope="module")
def rows(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, Any]]]:
    import datasets

    space = workspace(tmp_path_factory.mktemp("docs"))
    folder = space / "build" / "finsynth" / "0.6.0"
    configs = ("finchain", "finchain_robust", "failsafe_conditions")
    loaded = [
        dict(row) for config in configs for row in datasets.load_dataset(str(folder), config, split="test")
    ]
    return space, loaded


def test_the_documented_commands_run_against_a_local_server(rows: tuple[Path, list[dict[str, Any]]]) -> None:
    space, records = rows
    with serve(records) as server:
        script = adapted(documented_commands("tests/harness/test_docs_evaluation.py"), server.url)
        result = run_page(script, space, server.url, timeout=900)
    # The scripted model answers every FinChain item right: inspect, lm-eval and finsynth score agree.
    assert len(list((space / "logs" / "finchain").glob("*.eval"))) == 1
    printed = re.findall(r"answer accuracy (\S+) \((\d+) of (\d+) records", result.stdout)
    assert [float(value) for value, _, _ in printed] == [1.0, 1.0, 1.0]
    assert [int(total) for _, _, total in printed] == [9, 9, 9]  # the run, the whole split, lm-eval's run
    assert "Robustness" in result.stdout and "rated by the judge: " in result.stdout
