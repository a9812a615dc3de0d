"""The FailSafe harness against the real llama.cpp server, on a whole filing.

The 270M base model answers badly, so this checks plumbing: a local build's harness file runs
end to end against a real OpenAI-compatible server, each judge call carries its condition's
rubric, and the log and ``finsynth score`` carry the family's metrics. FailSafeQA's filings
(4k–27k tokens) do not fit the 2,048-token context of the shared server: this test runs on a
second server with the model's whole 32,768-token context (``long_context_server``). FinChain,
lm-eval and UCFE run against the shared server in ``test_docs_evaluation.py``, through the
commands ``docs/evaluation.md`` gives, whose logs that test checks the same way.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import pytest

from finsynth.builder import parse_config, run_build
from finsynth.scoring.failsafe import COMPLIANT_FROM, DEFAULT_BETA, llm_compliance, rubric
from tests.harness.test_end_to_end import inspect_eval, metrics, run
from tests.integration.conftest import MODEL_ALIAS

pytestmark = pytest.mark.integration


FAILSAFE_CONFIG = """\
name: short
version: 0.0.1
seed: 9438
configs:
  - name: failsafe
    family: failsafe
    generators: [failsafe/synthetic]
    splits:
      test: {per_generator: 1}
  - name: failsafe_conditions
    family: failsafe_condition
    expand:
      of_config: failsafe
      kinds: [baseline, misspelled, incomplete, out_of_domain, ocr, missing_context, irrelevant_context]
"""
"""One FailSafe item under all seven conditions. Seed 9438 draws one of the shortest filings the
generator makes (3,933 cl100k tokens: a 4,000-token target, the least of the 7% of filings drawn
short; 93% are drawn at 16,000–27,000, as FailSafeQA's contexts). The
baseline filing is read twice, by the model and by the judge: measured, the server's one thread
needed about 130 s of CPU for this test (about 80 prompt tokens per CPU second); a 27k-token
filing would need six to seven times as long, too much for CI's 2-core budget."""
SHORT_FILING_TOKENS = 4_500
RATING_ONLY = 'root ::= "Rating: [[" [1-6] "]]"'
"""A llama.cpp grammar for the judge's reply. Unaided, the 270M base model never writes a
``[[n]]`` rating (the rubric prompt only makes it ramble), which would leave every metric
empty; the grammar fixes the reply's form, the model still picks the rating."""


@pytest.fixture(scope="module")
def failsafe_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return run_build(parse_config(FAILSAFE_CONFIG, "short.yaml"), tmp_path_factory.mktemp("llama_failsafe"))


def test_inspect_failsafe_runs_against_the_long_context_llama_server(
    long_context_server: str, failsafe_folder: Path, tmp_path: Path
) -> None:
    import datasets
    from inspect_ai.event import ModelEvent
    from inspect_ai.log import read_eval_log

    (item,) = datasets.load_dataset(str(failsafe_folder), "failsafe", split="test")
    assert item["tokens"] <= SHORT_FILING_TOKENS, (
        f"a {item['tokens']}-token filing: pick a seed with a short one"
    )
    model = f"openai-api/gold/{MODEL_ALIAS}"
    grader = json.dumps({"model": model, "max_tokens": 16, "extra_body": {"grammar": RATING_ONLY}})
    options = ["--model-role", f"grader={grader}", "--max-tokens", "48", "--max-connections", "1"]
    # One answerable and one refusal condition: both rubrics, with the cheaper of the two refusals.
    options += ["-T", "conditions=baseline,missing_context", "--limit", "2"]
    task = f"{failsafe_folder}/harness/inspect_task.py@failsafe_conditions"
    log = inspect_eval(task, tmp_path, long_context_server, *options, model=MODEL_ALIAS, timeout=1200)

    samples: list[dict[str, Any]] = log["samples"]
    assert sorted(sample["metadata"]["condition"] for sample in samples) == ["baseline", "missing_context"]
    assert {sample["metadata"]["item_id"] for sample in samples} == {item["id"]}
    ratings = {
        sample["metadata"]["condition"]: sample["scores"]["failsafe_judge"]["value"] for sample in samples
    }
    for sample in samples:
        score = sample["scores"]["failsafe_judge"]
        assert score["explanation"].strip() == f"Rating: [[{score['value']}]]", score
    # Each judge call carried its condition's rubric; only the answerable one a reference answer.
    for sample in read_eval_log(log["path"], resolve_attachments=True).samples or []:
        condition = (sample.metadata or {})["condition"]
        (judge_call,) = [
            event for event in sample.events if isinstance(event, ModelEvent) and event.role == "grader"
        ]
        prompt = "\n".join(message.text for message in judge_call.input)
        assert rubric(condition).strip() in prompt, condition
        assert ("[Reference answer]" in prompt) == (condition == "baseline")
    assert all(1 <= rating <= 6 for rating in ratings.values())

    robustness = float(ratings["baseline"] >= COMPLIANT_FROM)
    grounding = float(ratings["missing_context"] >= COMPLIANT_FROM)
    compliance = llm_compliance(robustness, grounding, DEFAULT_BETA)
    found = metrics(log)
    for suffix in ("", "_qa"):  # the item is a QA item: no TG judgments, so the TG measures are empty
        assert found[f"failsafe_judge/robustness{suffix}"] == robustness
        assert found[f"failsafe_judge/context_grounding{suffix}"] == grounding
        assert found[f"failsafe_judge/llm_compliance{suffix}"] == pytest.approx(compliance)
    for name in ("robustness_tg", "context_grounding_tg", "llm_compliance_tg"):
        assert math.isnan(found[f"failsafe_judge/{name}"]), name

    command = [sys.executable, "-m", "finsynth.cli", "score", "failsafe", log["path"], "--from", "inspect"]
    report = json.loads(run([*command, "--json"], tmp_path, long_context_server).stdout)
    overall = report["overall"]
    assert (overall["judgments"], overall["items"], report["problems"]) == (2, 1, [])
    assert (overall["robustness"], overall["context_grounding"]) == (robustness, grounding)
    assert overall["llm_compliance"] == pytest.approx(compliance)
    assert overall["incomplete_items"] == {
        item["id"]: ["misspelled", "incomplete", "out_of_domain", "ocr", "irrelevant_context"]
    }
    assert set(report["by_task_type"]) == {"QA"}
