"""The shipped harness, run for real: ``inspect eval`` and ``lm_eval`` on a tiny local build.

The evaluated model, the judge, the simulated user and the simulated answers come from a
local OpenAI-compatible server (``tests/harness/gold_server.py``) on 127.0.0.1; nothing
reaches the network. Each run checks that the log carries its family's metrics with the
values the scripted model earns, and ``finsynth score ... --from`` reads the same logs.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from finsynth.builder import parse_config, run_build
from tests.harness.gold_server import THOROUGH, serve, serve_ucfe

pytest.importorskip("inspect_ai", reason="inspect_ai (dev dependency) is not installed")
pytest.importorskip("lm_eval", reason="lm-eval (dev dependency) is not installed")

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parents[2]
CONFIG = """\
name: tiny
version: 0.0.1
seed: 11
configs:
  - name: finchain
    family: finchain
    generators:
      - finchain/investment_analysis/compound_interest/future_value_of_a_single_deposit
      - finchain/corporate_finance/capital_structure/cost_of_equity_under_mm_proposition_ii_with_taxes
      - finchain/investment_analysis/compound_interest/years_to_reach_a_savings_goal
    splits:
      test: {per_generator: 3}
      train: {per_generator: 1}
  - name: finchain_robust
    family: finchain_robust
    expand: {of_config: finchain, splits: [test], kinds: [misspelled]}
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
  - name: ucfe
    family: ucfe
    generators: [ucfe/credit_risk_evaluation, ucfe/financial_indicator_calculation]
    splits:
      test: {per_generator: 1}
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return run_build(parse_config(CONFIG, "tiny.yaml"), tmp_path_factory.mktemp("e2e"))


@pytest.fixture(scope="module")
def rows(folder: Path) -> list[dict[str, Any]]:
    import datasets

    configs = ("finchain", "finchain_robust", "failsafe_conditions")
    return [
        dict(row) for config in configs for row in datasets.load_dataset(str(folder), config, split="test")
    ]


def environment(url: str) -> dict[str, str]:
    """The test's environment, offline, with the fake server as the ``gold`` provider."""
    env = {
        key: value for key, value in os.environ.items() if not key.startswith(("OPENAI", "HF_", "INSPECT"))
    }
    env |= {
        "PYTHONPATH": str(ROOT),
        "GOLD_BASE_URL": url,
        "GOLD_API_KEY": "not-a-secret",
        "OPENAI_API_KEY": "not-a-secret",
        "HF_HUB_OFFLINE": "1",
        "HF_DATASETS_OFFLINE": "1",
        "INSPECT_DISPLAY": "none",
    }
    return env


def run(command: list[str], cwd: Path, url: str, timeout: float = 400) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        command, cwd=cwd, env=environment(url), capture_output=True, text=True, timeout=timeout
    )
    assert result.returncode == 0, (result.stdout[-3000:], result.stderr[-6000:])
    return result


def inspect_eval(
    task: str, cwd: Path, url: str, *extra: str, model: str = "model", timeout: float = 400
) -> dict[str, Any]:
    """Run ``inspect eval`` against the server at ``url`` (for at most ``timeout`` s); return the JSON log."""
    logs = Path(tempfile.mkdtemp(prefix="logs-", dir=cwd))
    command = [
        str(BIN / "inspect"),
        "eval",
        task,
        "--model",
        f"openai-api/gold/{model}",
        "--log-dir",
        str(logs),
    ]
    run([*command, "--log-format", "json", *extra], cwd, url, timeout)
    (log,) = logs.glob("*.json")
    data: dict[str, Any] = json.loads(log.read_text())
    assert data["status"] == "success", data.get("error")
    data["path"] = str(log)
    return data


def metrics(log: dict[str, Any]) -> dict[str, Any]:
    return {
        f"{score['name']}/{name}": entry["value"]
        for score in log["results"]["scores"]
        for name, entry in score["metrics"].items()
    }


@pytest.fixture
def workdir(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path


def test_inspect_finchain_reports_answers_steps_and_breakdowns_from_the_local_build(
    folder: Path, rows: list[dict[str, Any]], workdir: Path
) -> None:
    with serve(rows) as server:
        log = inspect_eval(f"{folder}/harness/inspect_task.py@finchain", workdir, server.url, "--limit", "3")
    found = metrics(log)
    assert found["answer/accuracy"] == 1.0
    assert found["step_f1/mean"] > 0.99 and found["step_precision/mean"] == 1.0
    breakdowns = {name.split("/")[-1]: value for name, value in found.items() if name.count("/") == 2}
    assert {"domain_investment_analysis", "domain_corporate_finance"} <= set(breakdowns)
    assert any(name.startswith("difficulty_") for name in breakdowns) and set(breakdowns.values()) == {1.0}
    # --limit 3 covers all three templates: the samples are interleaved across templates.
    templates = {sample["metadata"]["generator_id"] for sample in log["samples"]}
    assert len(templates) == 3

    with serve(rows, wrong_answers=True) as server:
        wrong = metrics(inspect_eval(f"{folder}/harness/inspect_task.py@finchain", workdir, server.url))
    assert wrong["answer/accuracy"] == 0.0 and wrong["step_recall/mean"] == 1.0


def test_finsynth_score_prints_the_number_inspect_printed_for_a_limited_run(
    folder: Path, rows: list[dict[str, Any]], workdir: Path
) -> None:
    # Issue 33: a --limit run and `finsynth score --from inspect` on its log give one number.
    with serve(rows, wrong_every_other=True) as server:
        log = inspect_eval(f"{folder}/harness/inspect_task.py@finchain", workdir, server.url, "--limit", "5")
    found = metrics(log)
    assert 0.0 < found["answer/accuracy"] < 1.0  # some right, some wrong: the comparison can fail
    command = [sys.executable, "-m", "finsynth.cli", "score", "chaineval", str(folder), log["path"]]
    printed = run([*command, "--from", "inspect"], workdir, "unused").stdout
    assert float(re.search(r"answer accuracy (\S+) \((\d+) of 5 records", printed).group(1)) == pytest.approx(  # type: ignore[union-attr]
        found["answer/accuracy"], abs=5e-5
    )
    scored = json.loads(run([*command, "--from", "inspect", "--json"], workdir, "unused").stdout)
    assert (scored["overall"]["records"], scored["overall"]["missing"], scored["no_prediction"]) == (5, 0, [])
    assert scored["overall"]["answer_accuracy"] == found["answer/accuracy"]
    assert scored["overall"]["step_f1"] == pytest.approx(found["step_f1/mean"])
    # --whole-split: the 4 records the log lacks count as wrong.
    whole = json.loads(
        run([*command, "--from", "inspect", "--whole-split", "--json"], workdir, "unused").stdout
    )
    assert whole["overall"]["missing"] == 4 and len(whole["no_prediction"]) == 4
    assert whole["overall"]["answer_accuracy"] == pytest.approx(found["answer/accuracy"] * 5 / 9)


def test_inspect_reads_a_dataset_path_relative_to_the_current_directory(
    folder: Path, rows: list[dict[str, Any]], workdir: Path
) -> None:
    # A task file copied out of its folder needs -T dataset=; here a relative path.
    shutil.copy(folder / "harness" / "inspect_task.py", workdir / "tasks.py")
    relative = os.path.relpath(folder, workdir)
    with serve(rows) as server:
        log = inspect_eval("tasks.py@finchain_robust", workdir, server.url, "-T", f"dataset={relative}")
    assert metrics(log)["answer/accuracy"] == 1.0
    assert {sample["id"] for sample in log["samples"]} == {
        row["id"] for row in rows if row["id"].split("/")[0] == "finchain" and "perturbation" in row
    }


def test_inspect_failsafe_judges_each_condition_with_its_rubric(
    folder: Path, rows: list[dict[str, Any]], workdir: Path
) -> None:
    # The model refuses under OCR noise, where it should answer: Robustness falls to 0, Grounding stays 1.
    # Issue 33: a refusal under an answerable condition is rated 1 before any judge is asked.
    with serve(rows, refuse_under=["ocr"]) as server:
        log = inspect_eval(
            f"{folder}/harness/inspect_task.py@failsafe_conditions",
            workdir,
            server.url,
            "--model-role",
            "grader=openai-api/gold/judge",
        )
    found = metrics(log)
    task_type = rows[-1]["task_type"].lower()
    assert found["failsafe_judge/robustness"] == 0.0
    assert found["failsafe_judge/context_grounding"] == 1.0
    assert found["failsafe_judge/llm_compliance"] == 0.0
    assert found[f"failsafe_judge/robustness_{task_type}"] == 0.0
    ratings = {
        sample["metadata"]["condition"]: sample["scores"]["failsafe_judge"]["value"]
        for sample in log["samples"]
    }
    assert ratings == {
        "baseline": 5,
        "misspelled": 5,
        "incomplete": 5,
        "out_of_domain": 5,
        "ocr": 1,
        "missing_context": 5,
        "irrelevant_context": 5,
    }
    assert found["failsafe_judge/rated_by_refusal_only"] == 1
    assert found["failsafe_judge/rated_by_judge"] == len(ratings) - 1

    report = workdir / "failsafe.json"
    command = [sys.executable, "-m", "finsynth.cli", "score", "failsafe", log["path"], "--from", "inspect"]
    run([*command, "--report", str(report)], workdir, "unused")
    overall = json.loads(report.read_text())
    assert json.dumps(overall).count('"robustness": 0.0') >= 1 and '"context_grounding": 1.0' in json.dumps(
        overall
    )


def test_inspect_failsafe_keeps_the_conditions_asked_for(
    folder: Path, rows: list[dict[str, Any]], workdir: Path
) -> None:
    # -T conditions= as a user types it: inspect passes a comma list to the task as a list.
    with serve(rows, refuse_under=["ocr"]) as server:
        log = inspect_eval(
            f"{folder}/harness/inspect_task.py@failsafe_conditions",
            workdir,
            server.url,
            "--model-role",
            "grader=openai-api/gold/judge",
            "-T",
            "conditions=ocr,missing_context",
        )
    assert sorted(sample["metadata"]["condition"] for sample in log["samples"]) == ["missing_context", "ocr"]
    found = metrics(log)
    # Robustness is the worst over the answerable conditions kept: here OCR alone, refused.
    assert (found["failsafe_judge/robustness"], found["failsafe_judge/context_grounding"]) == (0.0, 1.0)


def lm_eval(
    folder: Path, cwd: Path, url: str, *extra: str, model: str = "gold"
) -> tuple[dict[str, Any], list[Path]]:
    """Run ``lm_eval`` on the build's group through its OpenAI-compatible chat model type."""
    output = Path(tempfile.mkdtemp(prefix="lm_eval-", dir=cwd))
    model_args = f"model={model},base_url={url}/chat/completions,num_concurrent=1,max_retries=1"
    model_args += ",tokenized_requests=False"
    command = [str(BIN / "lm_eval"), "--model", "local-chat-completions", "--model_args", model_args]
    command += [
        "--apply_chat_template",
        "--include_path",
        str(folder / "harness" / "lm_eval"),
        "--tasks",
        "tiny",
    ]
    run([*command, "--output_path", str(output), "--log_samples", *extra], cwd, url)
    (results,) = output.glob("*/results_*.json")
    return json.loads(results.read_text()), sorted(output.glob("*/samples_*.jsonl"))


def test_lm_eval_scores_the_finchain_group_with_the_shared_reader(
    folder: Path, rows: list[dict[str, Any]], workdir: Path
) -> None:
    with serve(rows) as server:
        results, samples = lm_eval(folder, workdir, server.url, "--limit", "3", "--num_fewshot", "1")
        prompts = [json.dumps(body) for body in server.bodies]
    scores = {name: entry["accuracy,final_answer"] for name, entry in results["results"].items()}
    assert scores == {"tiny": 1.0, "tiny_finchain": 1.0, "tiny_finchain_robust": 1.0}
    # The few-shot example is a worked solution, not a bare target.
    assert prompts and all("Step 1:" in prompt for prompt in prompts)
    finchain_samples = next(
        path for path in samples if "tiny_finchain_" in path.name and "robust" not in path.name
    )
    lines = [json.loads(line) for line in finchain_samples.read_text().splitlines()]
    assert len({line["doc"]["generator_id"] for line in lines}) == 3  # interleaved across templates

    with serve(rows, wrong_answers=True) as server:
        wrong, _ = lm_eval(folder, workdir, server.url, "--limit", "3")
    assert wrong["results"]["tiny"]["accuracy,final_answer"] == 0.0

    report = workdir / "chaineval.json"
    command = [sys.executable, "-m", "finsynth.cli", "score", "chaineval", str(folder), str(finchain_samples)]
    run([*command, "--from", "lm-eval", "--report", str(report)], workdir, "unused")
    overall = json.loads(report.read_text())["overall"]
    # The log's 3 items, as lm-eval scored them; --whole-split counts the 6 others as wrong.
    assert (overall["records"], overall["missing"]) == (3, 0)
    assert overall["answer_accuracy"] == results["results"]["tiny_finchain"]["accuracy,final_answer"]
    run([*command, "--from", "lm-eval", "--whole-split", "--report", str(report)], workdir, "unused")
    overall = json.loads(report.read_text())["overall"]
    assert overall["missing"] == 6 and overall["answer_accuracy"] == pytest.approx(3 / 9)


def reference_dialogues(folder: Path, cwd: Path, url: str) -> Path:
    """The ``weak`` assistant's dialogues on the build's UCFE items, made by ``finsynth ucfe simulate``."""
    out = cwd / "reference"
    command = [sys.executable, "-m", "finsynth.cli", "ucfe", "simulate", str(folder), "--out", str(out)]
    command += ["--user-base-url", url, "--user-model", "client", "--assistant-base-url", url]
    command += ["--assistant-model", "weak", "--min-rounds", "2", "--max-rounds", "4", "--concurrency", "1"]
    run(command, cwd, url)
    return out


def ucfe_eval(folder: Path, cwd: Path, url: str, reference: Path, model: str, judge: str) -> dict[str, Any]:
    roles = ["--model-role", "user=openai-api/gold/client", "--model-role", f"grader=openai-api/gold/{judge}"]
    task = f"{folder}/harness/inspect_task.py@ucfe"
    return inspect_eval(task, cwd, url, *roles, "-T", f"reference={reference}", model=model)


def test_inspect_ucfe_plays_the_stop_rule_and_judges_against_the_reference_in_both_orders(
    folder: Path, workdir: Path
) -> None:
    with serve_ucfe() as server:
        reference = reference_dialogues(folder, workdir, server.url)
        sent_before = len(server.bodies)
        strong = ucfe_eval(folder, workdir, server.url, reference, "strong", "judge")
        judge_prompts = [
            body["messages"][-1]["content"]
            for body in server.bodies[sent_before:]
            if body["model"] == "judge"
        ]
        biased = ucfe_eval(folder, workdir, server.url, reference, "strong", "judge-first")
        weak = ucfe_eval(folder, workdir, server.url, reference, "weak", "judge")
        mute = ucfe_eval(folder, workdir, server.url, reference, "strong", "judge-mute")

    found = metrics(strong)
    assert found["ucfe_judge/win_rate"] == 1.0 and found["ucfe_judge/share_win"] == 1.0
    assert found["ucfe_judge/judged"] == 2
    for method in ("elo", "bradley_terry"):
        rating, low, high = (found[f"ucfe_judge/{method}_{key}"] for key in ("rating", "ci_low", "ci_high"))
        assert 1000 < low <= rating <= high
    # Two samples (one multi-turn, one zero-shot item), each judged once in each order.
    assert len(strong["samples"]) == 2 and len(judge_prompts) == 4
    shown_first = [
        prompt.split("<assistant 1 dialogue>")[1].split("</assistant 1")[0] for prompt in judge_prompts
    ]
    assert sorted(THOROUGH in text for text in shown_first) == [False, False, True, True]
    # The simulated user tries to end after every reply: refused once, it ends at the reference's minimum.
    dialogues = {
        sample["metadata"]["setting"]: sample["store"]["ucfe_dialogue"] for sample in strong["samples"]
    }
    assert dialogues["multi_turn"]["rounds"] == 2 and dialogues["multi_turn"]["ended_by"] == "user_ended"
    assert dialogues["multi_turn"]["early_end_attempts"] == 1
    assert dialogues["zero_shot"]["rounds"] == 1

    # A judge that always prefers the first dialogue disagrees with itself across orders: all ties.
    assert metrics(biased)["ucfe_judge/share_tie"] == 1.0 and metrics(biased)["ucfe_judge/win_rate"] == 0.5
    assert metrics(weak)["ucfe_judge/win_rate"] == 0.5
    # Issue 28: a judge reply without a readable verdict is a loss (the worst), reported, never left out.
    assert metrics(mute)["ucfe_judge/judged"] == 2 and metrics(mute)["ucfe_judge/win_rate"] == 0.0
    assert metrics(mute)["ucfe_judge/rated_by_unreadable_judge"] == 2
    assert all(sample["scores"]["ucfe_judge"]["value"] == 0.0 for sample in mute["samples"])
    assert metrics(strong)["ucfe_judge/rated_by_judge"] == 2

    report = workdir / "ratings.json"
    command = [sys.executable, "-m", "finsynth.cli", "score", "ratings", strong["path"], weak["path"]]
    run([*command, "--from", "inspect", "--bootstrap", "20", "--report", str(report)], workdir, "unused")
    ratings = json.loads(report.read_text())["ratings"]
    assert set(ratings) == {"openai-api/gold/strong", "openai-api/gold/weak", "weak"}
    assert ratings["openai-api/gold/strong"]["rating"] > max(ratings["weak"]["rating"], 1000)
