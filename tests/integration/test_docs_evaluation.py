"""Every evaluation command of ``docs/evaluation.md``, run against the real llama.cpp server.

The same runner as ``tests/harness/test_docs_evaluation.py``, here with every block of the page
(UCFE included) and a real OpenAI-compatible server. The 270M base model answers badly and
rambles, so the only changes to the commands bound their cost: two items instead of twenty,
short replies (``INSPECT_EVAL_MAX_TOKENS``, lm-eval's ``max_gen_toks``, bounded judge and user
roles), one UCFE round, the server's model name, and FailSafe's missing-context condition only
(a filing does not fit the shared server's 2,048-token context; ``test_harness.py`` runs the
filings on a long-context server).

The same run is also the integration check of each harness against the real server: the logs the
page's commands write carry the family's metrics (FinChain's answer and step measures with their
breakdowns, lm-eval's accuracy, UCFE's judge shares, Elo and Bradley-Terry figures, one dialogue per
item played to its round limit or its recorded failure).
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

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
    assert_finchain_log(space)
    assert_lm_eval_output(space)
    assert_ucfe_log(space)


def eval_metrics(log: Path) -> tuple[dict[str, float], list[Any]]:
    """The metrics (``scorer/metric``) and samples of an inspect ``.eval`` log."""
    from inspect_ai.log import read_eval_log

    read = read_eval_log(str(log))
    assert read.status == "success" and read.results is not None, read.error
    found = {
        f"{score.name}/{name}": metric.value
        for score in read.results.scores
        for name, metric in score.metrics.items()
    }
    return found, list(read.samples or [])


def assert_finchain_log(space: Path) -> None:
    (log,) = (space / "logs" / "finchain").glob("*.eval")
    found, samples = eval_metrics(log)
    for name in ("answer/accuracy", "step_precision/mean", "step_recall/mean", "step_f1/mean"):
        assert 0.0 <= found[name] <= 1.0, name
    assert any(name.endswith(("domain_corporate_finance", "domain_investment_analysis")) for name in found)
    assert len(samples) == 2 and all(sample.output.choices for sample in samples)


def assert_lm_eval_output(space: Path) -> None:
    (results,) = (space / "out" / "lm_eval").glob("*/results_*.json")
    accuracy = json.loads(results.read_text())["results"]["finsynth_finchain"]["accuracy,final_answer"]
    assert not math.isnan(accuracy) and 0.0 <= accuracy <= 1.0
    (samples,) = (space / "out" / "lm_eval").glob(
        "*/samples_finsynth_finchain_20*.jsonl"
    )  # not ..._robust_...
    assert len(samples.read_text().splitlines()) == 2


def assert_ucfe_log(space: Path) -> None:
    (log,) = (space / "logs" / "ucfe").glob("*.eval")
    found, samples = eval_metrics(log)
    assert not math.isnan(found["ucfe_judge/judged"])
    # A 270M base model rarely writes a [[n]] verdict: the rates are nan when no item was judged.
    shares = [found[f"ucfe_judge/share_{name}"] for name in ("win", "tie", "loss")]
    if found["ucfe_judge/judged"] > 0:  # nan (no item judged) is not > 0
        assert math.isclose(sum(shares), 1.0)
    else:
        assert all(map(math.isnan, shares))
    assert math.isnan(found["ucfe_judge/win_rate"]) or 0.0 <= found["ucfe_judge/win_rate"] <= 1.0
    assert {"ucfe_judge/elo_rating", "ucfe_judge/bradley_terry_ci_high"} <= set(found)
    for sample in samples:  # one multi-turn and one zero-shot item, each played to a dialogue
        dialogue = sample.store["ucfe_dialogue"]
        assert dialogue["rounds"] == 1 or dialogue["failure"] is not None, json.dumps(dialogue)[:500]
    assert {sample.metadata["setting"] for sample in samples} == {"multi_turn", "zero_shot"}
