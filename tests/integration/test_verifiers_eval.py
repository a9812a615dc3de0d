"""The ``finsynth-finchain`` verifiers environment, run by ``vf-eval`` against the local llama.cpp server.

The 270M base model rarely answers right, so this checks the plumbing: verifiers finds the
installed environment by name, sends each prompt to the OpenAI-compatible server, and scores
every rollout with finsynth's rewards, whose per-function metrics it saves.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from finsynth.rewards import reward_functions
from tests.integration.conftest import MODEL_ALIAS

pytestmark = pytest.mark.integration

EXAMPLES = 2
ROLLOUTS = 2


def test_vf_eval_scores_every_rollout_with_finsynth_rewards(llama_server: str, tmp_path: Path) -> None:
    pytest.importorskip("verifiers", reason="needs the rl extra: run `make test-integration`")
    vf_eval = Path(sys.executable).with_name("vf-eval")
    command = [
        str(vf_eval), "finsynth-finchain",
        "--env-args", json.dumps({"num_examples": EXAMPLES, "seed": 7, "difficulties": ["basic"]}),
        "--model", MODEL_ALIAS,
        "--api-base-url", llama_server,
        "--api-key-var", "FINSYNTH_TEST_KEY",
        "--api-client-type", "openai_chat_completions",
        "--num-examples", str(EXAMPLES),
        "--rollouts-per-example", str(ROLLOUTS),
        # verifiers sends OpenAI's max_completion_tokens, which llama.cpp's server ignores: its own
        # max_tokens goes in the request body.
        "--sampling-args", json.dumps({"temperature": 0.8, "extra_body": {"max_tokens": 48}}),
        "--max-concurrent", "1",
        "--save-results",
        "--output-dir", str(tmp_path / "results"),
        "--disable-tui",
        "--disable-env-server",
    ]  # fmt: skip
    environment = {**os.environ, "FINSYNTH_TEST_KEY": "local", "HF_HUB_OFFLINE": "1"}
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, env=environment)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    (results,) = (tmp_path / "results").rglob("results.jsonl")
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert len(rows) == EXAMPLES * ROLLOUTS
    names = [reward.__name__ for reward in reward_functions("finchain")]
    for row in rows:
        assert row["completion"], "the server's reply is missing"
        metrics = {name: row[name] for name in names}
        assert all(0.0 <= value <= 1.0 for value in metrics.values())
        assert row["reward"] == pytest.approx(sum(metrics.values()))
