"""The shipped harness against the real llama.cpp server: ``inspect eval`` and ``lm_eval`` on FinChain.

The 270M base model answers badly, so these check plumbing: the harness files of a local
build run end to end against a real OpenAI-compatible server, and the logs carry the
family's metrics. FailSafeQA is left to ``tests/harness/test_end_to_end.py``: its filings
(4k–27k tokens) do not fit the 2,048-token context this server runs with. On UCFE the same
server is the evaluated model, the simulated user, the judge and the reference model.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import pytest

from finsynth.builder import parse_config, run_build
from tests.harness.test_end_to_end import CONFIG, inspect_eval, lm_eval, metrics, run
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


def test_inspect_ucfe_runs_against_the_llama_server(llama_server: str, folder: Path, tmp_path: Path) -> None:
    reference = tmp_path / "reference"
    command = [sys.executable, "-m", "finsynth.cli", "ucfe", "simulate", str(folder), "--out", str(reference)]
    command += ["--user-base-url", llama_server, "--user-model", MODEL_ALIAS, "--max-rounds", "1"]
    command += ["--assistant-base-url", llama_server, "--assistant-model", MODEL_ALIAS, "--max-tokens", "48"]
    run([*command, "--concurrency", "1"], tmp_path, llama_server)
    model = f"openai-api/gold/{MODEL_ALIAS}"
    # Role models do not inherit --max-tokens, so each role gets its own (unbounded, a base model rambles).
    role = json.dumps({"model": model, "max_tokens": 48})
    roles = ["--model-role", f"user={role}", "--model-role", f"grader={role}"]
    task = f"{folder}/harness/inspect_task.py@ucfe"
    options = [*roles, "-T", f"reference={reference}", "--max-tokens", "48"]
    log = inspect_eval(task, tmp_path, llama_server, *options, model=MODEL_ALIAS)
    found = metrics(log)
    # A 270M base model rarely writes a [[n]] verdict: the rates are nan when no item was judged.
    shares = [found[f"ucfe_judge/share_{name}"] for name in ("win", "tie", "loss")]
    if found["ucfe_judge/judged"] > 0:  # nan (no item judged) is not > 0
        assert math.isclose(sum(shares), 1.0)
    else:
        assert all(map(math.isnan, shares))
    assert math.isnan(found["ucfe_judge/win_rate"]) or 0.0 <= found["ucfe_judge/win_rate"] <= 1.0
    assert {"ucfe_judge/elo_rating", "ucfe_judge/bradley_terry_ci_high"} <= set(found)
    for sample in log["samples"]:  # one multi-turn and one zero-shot item, each played to a dialogue
        dialogue = sample["store"]["ucfe_dialogue"]
        assert dialogue["rounds"] == 1 or dialogue["failure"] is not None, json.dumps(dialogue)[:500]
    assert {sample["metadata"]["setting"] for sample in log["samples"]} == {"multi_turn", "zero_shot"}
