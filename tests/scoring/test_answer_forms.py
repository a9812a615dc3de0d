"""The shared table of answer forms (tests/data/answer_forms.yaml), through every entry point.

One answer reader serves them all, so each must give every form the table's verdict:
``finsynth.score_answer``, ChainEval, the inspect_ai ChainEval scorer, and the lm-eval filter
and metric as a build ships them (``harness/lm_eval/finsynth_functions.py``).
"""

from __future__ import annotations

import asyncio
import importlib.util
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
import yaml

import finsynth
from finsynth.builder import parse_config
from finsynth.harness import dataset_reference, harness_files
from finsynth.scoring.chaineval import evaluate_chains

TABLE = Path(__file__).resolve().parents[1] / "data" / "answer_forms.yaml"
FORMS = [
    pytest.param(
        output, group["record"], verdict == "right", id=f"{group['gold']} | {verdict} | {output[:40]!r}"
    )
    for group in yaml.safe_load(TABLE.read_text(encoding="utf-8"))
    for verdict in ("right", "wrong")
    for output in group.get(verdict, [])
]
ISSUE_FORMS = (
    "Answer: $303.49 million",
    "Answer: ($8,385.35)",
    "Answer: 4.317%",
    "**Answer:** 14.59%",
    "answer: 14.59%",
    "Answer: 13.4%",
    "Answer: 0.15",
    "Answer: $844,838,136.99 (about 845 million)",
    "Answer: 10%\nLet me double-check the leverage premium.\nAnswer: 19.62%",
)


def test_the_table_is_large_and_holds_every_form_the_issue_names() -> None:
    outputs = [param.values[0] for param in FORMS]
    assert len(outputs) >= 100
    assert all(form in outputs for form in ISSUE_FORMS)
    verdicts = [param.values[2] for param in FORMS]
    assert 0.3 < sum(verdicts) / len(verdicts) < 0.8  # both verdicts are well represented


class Unrelated:
    """A step embedder under which no steps match: the answer verdict must not depend on it."""

    def embed(self, texts: Any) -> Any:
        return np.zeros((len(texts), 4), dtype=np.float32)


def full_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """A FinChain row around a table record (the columns ChainEval and the inspect scorer read)."""
    return {
        "id": "table/0",
        "domain": "table",
        "difficulty": "basic",
        "choices": [],
        "solution": "",
        "steps": [],
        "answer_value": None,
        "answer_label": None,
        "answer_unit": None,
        "generator_id": "table",
        **record,
    }


@pytest.fixture(scope="module")
def shipped_functions(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    build = parse_config(Path("configs/default.yaml").read_text(), "default.yaml")
    folder = tmp_path_factory.mktemp("shipped")
    for name, text in harness_files(build, dataset_reference(build)).items():
        if name.endswith("finsynth_functions.py"):
            (folder / "finsynth_functions.py").write_text(text)
    spec = importlib.util.spec_from_file_location("finsynth_functions", folder / "finsynth_functions.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def inspect_scorer() -> Callable[[str, dict[str, Any]], float]:
    pytest.importorskip("inspect_ai")
    from inspect_ai.model import ModelOutput
    from inspect_ai.scorer import Target
    from inspect_ai.solver import TaskState

    from finsynth.harness.inspect_tasks import chaineval

    score = chaineval()

    def run(output: str, record: dict[str, Any]) -> float:
        state = TaskState(
            model="table/model",  # type: ignore[arg-type]
            sample_id=record["id"],
            epoch=1,
            input="question",
            messages=[],
            output=ModelOutput.from_content("table/model", output),
            metadata=record,
        )
        result = asyncio.run(score(state, Target(record["target"])))
        assert isinstance(result.value, dict)
        return float(result.value["answer"])

    return run


@pytest.mark.parametrize(("output", "record", "right"), FORMS)
def test_score_answer(output: str, record: dict[str, Any], right: bool) -> None:
    assert finsynth.score_answer(output, record) == (1.0 if right else 0.0)


@pytest.mark.parametrize(("output", "record", "right"), FORMS)
def test_chaineval(output: str, record: dict[str, Any], right: bool) -> None:
    row = full_record(record)
    result = evaluate_chains([row], {row["id"]: output}, embedder=Unrelated())
    assert result.items[0].answer_correct is right


@pytest.mark.parametrize(("output", "record", "right"), FORMS)
def test_inspect_scorer(
    output: str, record: dict[str, Any], right: bool, inspect_scorer: Callable[[str, dict[str, Any]], float]
) -> None:
    assert inspect_scorer(output, full_record(record)) == (1.0 if right else 0.0)


@pytest.mark.parametrize(("output", "record", "right"), FORMS)
def test_lm_eval_filter_and_metric(
    output: str, record: dict[str, Any], right: bool, shipped_functions: ModuleType
) -> None:
    # lm-eval hands the filter one list of responses per document, then takes the first.
    filtered = shipped_functions.final_answers([[output]], [record])[0][0]
    assert shipped_functions.process_results(record, [filtered]) == {"accuracy": 1.0 if right else 0.0}
