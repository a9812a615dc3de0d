"""Importing the UCFE benchmark and exporting it back, on the real file and on our own fixture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from finsynth.errors import ConfigError, FinsynthError
from finsynth.generators.ucfe.bench import BENCH_TASKS, ITEM_FIELDS, export_bench, import_bench
from finsynth.generators.ucfe.hints import HINT_FIELDS, EvaluationHints, parse_hints
from finsynth.generators.ucfe.record import make_record
from finsynth.generators.ucfe.spec import task_spec, task_specs

ROOT = Path(__file__).resolve().parents[3]
REAL_BENCH = ROOT / ".." / "shared" / "data" / "ucfe" / "UCFE_bench.json"
SMALL_BENCH = ROOT / "tests" / "data" / "ucfe" / "small_bench.json"
needs_real_bench = pytest.mark.skipif(
    not REAL_BENCH.exists(), reason=f"UCFE benchmark not found at {REAL_BENCH}"
)


@pytest.fixture(scope="module")
def real_import():
    return import_bench(REAL_BENCH)


def test_every_task_key_maps_to_a_spec():
    assert set(BENCH_TASKS.values()) == set(task_specs()) and len(BENCH_TASKS) == 17


@needs_real_bench
def test_all_330_items_import_and_their_hints_parse_and_fit(real_import):
    report = real_import.report
    assert report.total == 330 and len(real_import.records) == 330
    assert report.hints_parsed == 330 and report.problems == ()
    assert list(report.items_per_task) == list(BENCH_TASKS.values())
    assert all(record["rendered_hints"] for record in real_import.records)
    for record in real_import.records:
        spec = task_spec(record["task"])
        assert all(record["hints"][name] for name in spec.required_hints), record["id"]


@needs_real_bench
def test_real_hints_survive_our_rendering(real_import):
    for record in real_import.records:
        assert parse_hints(record["rendered_hints"]).to_dict() == record["hints"], record["id"]


@needs_real_bench
def test_real_classification_answers_are_labels(real_import):
    for record in real_import.records:
        labels = task_spec(record["task"]).answer_labels
        if labels:
            assert record["target"] in labels, record["id"]


@needs_real_bench
def test_export_of_the_import_is_the_original(real_import):
    original = json.loads(REAL_BENCH.read_text(encoding="utf-8"))
    exported = export_bench(real_import.records)
    assert exported == original and list(exported) == list(original)
    for key, items in exported.items():
        assert [list(item) for item in items] == [list(item) for item in original[key]]


def test_fixture_round_trip_and_report():
    result = import_bench(SMALL_BENCH)
    assert export_bench(result.records) == json.loads(SMALL_BENCH.read_text(encoding="utf-8"))
    assert result.report.items_per_task == {
        "stock_price_prediction": 2,
        "financial_indicator_calculation": 1,
        "credit_risk_evaluation": 2,
    }
    assert [r["target"] for r in result.records[:3]] == [
        "outperform",
        "underperform",
        "the gross profit is 400 dollars.",
    ]
    assert result.records[1]["input"].endswith(
        "Quayside Foods {needs} cut its dividend.\nTask: Answer with one word."
    )
    noted = {item.item_id: item.notes for item in result.report.items}
    assert noted == {
        504: ("hint 4: kept the text after the quoted encourage content as its own entry",),
        505: ("sentence 1 has no cue; read as should_contain",),
    }


def test_items_whose_hints_do_not_fit_are_kept_and_reported(tmp_path):
    bench = json.loads(SMALL_BENCH.read_text(encoding="utf-8"))
    bench["0_股价预测"][0]["evaluation_hints"] = "AI assistants should shrug."
    path = tmp_path / "bench.json"
    path.write_text(json.dumps(bench), encoding="utf-8")
    result = import_bench(path)
    assert len(result.records) == 5 and result.report.hints_parsed == 4
    (problem,) = result.report.problems
    assert (problem.task_key, problem.index, problem.item_id) == ("0_股价预测", 0, 501)
    assert problem.problems == ("hint field 'answer' is required by stock_price_prediction but empty",)
    assert export_bench(result.records) == bench


def write(tmp_path, document):
    path = tmp_path / "bench.json"
    path.write_text(document if isinstance(document, str) else json.dumps(document), encoding="utf-8")
    return path


def small():
    return json.loads(SMALL_BENCH.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda b: b.update(Unknown_Task=[]),
            r"\$\.Unknown_Task: unknown task key 'Unknown_Task'; known keys: Analyst",
        ),
        (
            lambda b: b["Credit_Risk_Evaluation"][1].pop("needs"),
            r"\$\.Credit_Risk_Evaluation\[1\]: item \(id 505\) lacks field 'needs'",
        ),
        (lambda b: b["0_金融指标计算"][0].update(extra=1), r"\$\.0_金融指标计算\[0\]: unknown field 'extra'"),
        (
            lambda b: b["0_金融指标计算"][0].update(id="503"),
            r"\$\.0_金融指标计算\[0\]\.id: id must be an integer",
        ),
        (
            lambda b: b["0_金融指标计算"][0].update(needs=None),
            r"\$\.0_金融指标计算\[0\]\.needs: needs must be a string",
        ),
        (
            lambda b: b["0_金融指标计算"][0].update(id=501),
            r"\$\.0_金融指标计算\[0\]: id 501 is also used at \$\.0_股价预测\[0\]",
        ),
        (lambda b: b.update(Analyst={}), r"\$\.Analyst: a task's items must be a JSON array"),
    ],
)
def test_bad_items_are_named_by_file_task_and_item(tmp_path, change, message):
    bench = small()
    change(bench)
    path = write(tmp_path, bench)
    with pytest.raises(ConfigError, match=rf"^{path}: {message}"):
        import_bench(path)


def test_bad_files(tmp_path):
    with pytest.raises(FinsynthError, match="file not found"):
        import_bench(tmp_path / "absent.json")
    with pytest.raises(ConfigError, match=r"bench.json:2: .*not valid JSON"):
        import_bench(write(tmp_path, '{\n  "Analyst": [,]\n}'))
    with pytest.raises(ConfigError, match="must be a JSON object of task keys"):
        import_bench(write(tmp_path, "[]"))


def test_synthetic_records_export_with_our_prompts_and_fresh_ids():
    imported = import_bench(SMALL_BENCH).records
    spec = task_spec("credit_risk_evaluation")
    hints = EvaluationHints(**{name: [f"{name} point"] for name in HINT_FIELDS if name != "answer"})
    synthetic = make_record(
        spec,
        record_id="ucfe/credit/0",
        information="Facts.",
        needs="Rate it.",
        hints=hints,
        source="synthetic",
        seed=3,
    )
    exported = export_bench([*imported, synthetic])
    item = exported["Credit_Risk_Evaluation"][-1]
    assert list(item) == list(ITEM_FIELDS) and item["id"] == 506
    assert item["role_prompt"] == spec.user_prompt and item["evaluation_prompt"] == spec.judge_prompt
    assert parse_hints(item["evaluation_hints"]) == hints


def test_exporting_a_task_the_benchmark_lacks_is_refused():
    record = {"id": "x", "task": "weather_forecasting", "bench_item": None}
    with pytest.raises(FinsynthError, match="task 'weather_forecasting' has no benchmark key"):
        export_bench([record])
