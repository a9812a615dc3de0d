"""Every evaluation command of ``docs/evaluation.md``, run against the real llama.cpp server.

The same runner as ``tests/harness/test_docs_evaluation.py``, here with every block of the page
(UCFE included) and a real OpenAI-compatible server. The 270M base model answers badly and
rambles, so the only changes to the commands bound their cost: two items instead of twenty,
short replies (``INSPECT_EVAL_MAX_TOKENS``, lm-eval's ``max_gen_toks``, bounded judge and user
roles), one UCFE round, the server's model name, and FailSafe's missing-context condition only
(a filing does not fit the shared server's 2,048-token context; ``test_harness.py`` runs the
filings on a long-context server).
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from tests.harness.test_docs_evaluation import adapted, documented_commands, run_page, workspace
from tests.integration.conftest import MODEL_ALIAS

pytestmark = pytest.mark.integration


def bounded(model: str, tokens: int) -> str:
    return json.dumps({"model": f"openai-api/local/{model}", "max_tokens": tokens})


SUBSTITUTIONS = {
    "--limit 20": "--limit 2",
    "-T conditions=baseline,missing_context": "-T conditions=missing_context",
    "grader=openai-api/local/my-judge": f"'grader={bounded(MODEL_ALIAS, 48)}'",
    "user=openai-api/local/my-model": f"'user={bounded(MODEL_ALIAS, 48)}'",
    "--tasks finsynth": "--tasks finsynth --gen_kwargs max_gen_toks=64",
    "--assistant-model": "--max-rounds 1 --max-tokens 48 --concurrency 1 --assistant-model",
    "my-reference-model": MODEL_ALIAS,
    "my-model": MODEL_ALIAS,
}


def test_every_documented_command_runs_against_the_llama_server(llama_server: str, tmp_path: Path) -> None:
    space = workspace(tmp_path)
    blocks = documented_commands("test_docs_evaluation.py")
    script = adapted(blocks, llama_server, SUBSTITUTIONS)
    result = run_page(script, space, llama_server, timeout=3000, extra_env={"INSPECT_EVAL_MAX_TOKENS": "64"})
    printed = re.findall(r"answer accuracy (\S+) \((\d+) of (\d+) records", result.stdout)
    assert [int(total) for _, _, total in printed] == [2, 9, 2]  # the run, the whole split, lm-eval's run
    assert all(0.0 <= float(value) <= 1.0 for value, _, _ in printed)
    assert "rated by the judge: " in result.stdout  # the FailSafe paths are reported
    (ucfe_log,) = (space / "logs" / "ucfe").glob("*.eval")
    from inspect_ai.log import read_eval_log

    scores = read_eval_log(str(ucfe_log)).results
    assert scores is not None and not math.isnan(scores.scores[0].metrics["judged"].value)
