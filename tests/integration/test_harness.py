"""The shipped harness against the real llama.cpp server: ``inspect eval`` and ``lm_eval`` on FinChain.

The 270M base model answers badly, so these check plumbing: the harness files of a local
build run end to end against a real OpenAI-compatible server, and the logs carry the
family's metrics. FailSafeQA is left to ``tests/harness/test_end_to_end.py``: its filings
(4k–27k tokens) do not fit the 2,048-token context this server runs with.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from finsynth.builder import parse_config, run_build
from tests.harness.test_end_to_end import CONFIG, inspect_eval, lm_eval, metrics
from tests.integration.conftest import MODEL_ALIAS

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return run_build(parse_config(CONFIG, "tiny.yaml"), tmp_path_factory.mktemp("llama_harness"))


def test_inspect_finchain_runs_against_the_llama_server(
    llama_server: str, folder: Path, tmp_path: Path
) -> None:
    task = f"{folder}/harness/inspect_task.py@finchain"
    log = inspect_eval(task, tmp_path, llama_server, "--limit", "2", "--max-tokens", "96", model=MODEL_ALIAS)
    found = metrics(log)
    for name in ("answer/accuracy", "step_precision/mean", "step_recall/mean", "step_f1/mean"):
        assert 0.0 <= found[name] <= 1.0, name
    assert any(name.endswith(("domain_corporate_finance", "domain_investment_analysis")) for name in found)
    samples: list[dict[str, Any]] = log["samples"]
    assert len(samples) == 2 and all(sample["output"]["choices"] for sample in samples)


def test_lm_eval_finchain_runs_against_the_llama_server(
    llama_server: str, folder: Path, tmp_path: Path
) -> None:
    results, samples = lm_eval(
        folder, tmp_path, llama_server, "--limit", "2", "--gen_kwargs", "max_gen_toks=96", model=MODEL_ALIAS
    )
    accuracy = results["results"]["tiny"]["accuracy,final_answer"]
    assert not math.isnan(accuracy) and 0.0 <= accuracy <= 1.0
    assert len(samples) == 2
