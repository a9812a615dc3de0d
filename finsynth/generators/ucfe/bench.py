"""Importing the UCFE benchmark file into UCFE records, and exporting records back to it.

The benchmark (``UCFE_bench.json``) maps 17 task keys to lists of items with seven fields:
``role_prompt``, ``model_prompt``, ``information``, ``needs``, ``evaluation_prompt``,
``evaluation_hints`` and ``id``. Import keeps every item (items whose hints do not fit the
task are kept and listed in the report); export of an import gives the file's items back
field for field.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from finsynth.errors import ConfigError, FinsynthError
from finsynth.generators.ucfe.hints import read_hints
from finsynth.generators.ucfe.record import BenchItem, hint_problems, make_record
from finsynth.generators.ucfe.spec import task_spec
from finsynth.input_files import read_json

BENCH_TASKS: Mapping[str, str] = {
    "Analyst": "analyst_simulation",
    "0_股价预测": "stock_price_prediction",
    "0_负面信息侦测": "negative_information_detection",
    "0_金融指标计算": "financial_indicator_calculation",
    "0_金融文本总结": "financial_text_summarization",
    "Asset_Valuation_Reporting": "asset_valuation_reporting",
    "Company_Evaluation_Reporting": "company_evaluation_reporting",
    "Corporate_Operation_Analysis": "corporate_operation_analysis",
    "Credit_Risk_Evaluation": "credit_risk_evaluation",
    "Financial_Knowledge_Consulting": "financial_knowledge_consulting",
    "Financial_Regulation_Consulting": "financial_regulation_consulting",
    "Industry_Report_Summary": "industry_report_summarization",
    "Insider_Trading_Detection": "insider_trading_detection",
    "Investment_Strategy_Evaluation": "investment_strategy_evaluation",
    "Investment_Strategy_Optimization": "investment_strategy_optimization",
    "Newshare_Evaluation_Reporting": "new_share_evaluation_reporting",
    "Prospectus_Risk_Detection": "prospectus_risk_summarization",
}
"""The benchmark's task keys (in its file order) and our task slugs."""

BENCH_KEYS: Mapping[str, str] = {slug: key for key, slug in BENCH_TASKS.items()}
"""Our task slugs and the benchmark's task keys."""

ITEM_FIELDS = (
    "role_prompt",
    "model_prompt",
    "information",
    "needs",
    "evaluation_prompt",
    "evaluation_hints",
    "id",
)
"""The seven fields of a benchmark item, in the benchmark's order."""


@dataclass(frozen=True)
class ItemReport:
    """What the importer noticed about one item."""

    task_key: str
    """The benchmark's task key."""
    index: int
    """0-based position of the item in its task's list."""
    item_id: int
    """The item's ``id``."""
    problems: tuple[str, ...]
    """Why the item's hints do not fit its task (the item is still imported)."""
    notes: tuple[str, ...]
    """Judgement calls made while reading the hint sentences."""


@dataclass(frozen=True)
class ImportReport:
    """A summary of one import."""

    source: str
    """The file imported."""
    items_per_task: dict[str, int]
    """Items imported per task slug, in file order."""
    hints_parsed: int
    """Items whose hints were read and fit their task."""
    items: tuple[ItemReport, ...]
    """Every item that has problems or notes."""

    @property
    def total(self) -> int:
        """Items imported."""
        return sum(self.items_per_task.values())

    @property
    def problems(self) -> tuple[ItemReport, ...]:
        """The items whose hints do not fit their task."""
        return tuple(item for item in self.items if item.problems)


@dataclass(frozen=True)
class ImportResult:
    """Records and the report of an import."""

    records: list[dict[str, Any]]
    """One UCFE record per item, in file order."""
    report: ImportReport
    """What was imported and what was noticed."""


def _check_item(item: Any, source: str, where: str) -> None:
    if not isinstance(item, dict):
        raise ConfigError("an item must be a JSON object", source=source, path=where)
    missing = [name for name in ITEM_FIELDS if name not in item]
    if missing:
        item_id = f" (id {item['id']!r})" if "id" in item else ""
        raise ConfigError(
            f"item{item_id} lacks field {missing[0]!r}; items have {', '.join(ITEM_FIELDS)}",
            source=source,
            path=where,
        )
    unknown = [name for name in item if name not in ITEM_FIELDS]
    if unknown:
        raise ConfigError(
            f"unknown field {unknown[0]!r}; items have {', '.join(ITEM_FIELDS)}", source=source, path=where
        )
    for name in ITEM_FIELDS[:-1]:
        if not isinstance(item[name], str):
            raise ConfigError(f"{name} must be a string", source=source, path=f"{where}.{name}")
    if not isinstance(item["id"], int) or isinstance(item["id"], bool):
        raise ConfigError("id must be an integer", source=source, path=f"{where}.id")


def _check_bench(document: Any, source: str) -> dict[str, list[dict[str, Any]]]:
    if not isinstance(document, dict):
        raise ConfigError("the benchmark file must be a JSON object of task keys", source=source)
    seen: dict[int, str] = {}
    for key, items in document.items():
        if key not in BENCH_TASKS:
            raise ConfigError(
                f"unknown task key {key!r}; known keys: {', '.join(BENCH_TASKS)}",
                source=source,
                path=f"$.{key}",
            )
        if not isinstance(items, list):
            raise ConfigError("a task's items must be a JSON array", source=source, path=f"$.{key}")
        for index, item in enumerate(items):
            where = f"$.{key}[{index}]"
            _check_item(item, source, where)
            if item["id"] in seen:
                raise ConfigError(
                    f"id {item['id']} is also used at {seen[item['id']]}", source=source, path=where
                )
            seen[item["id"]] = where
    return document


def import_bench(path: Path | str) -> ImportResult:
    """Read ``UCFE_bench.json`` into UCFE records.

    Args:
        path: The benchmark file.

    Returns:
        The records (ids ``ucfe_bench/<task>/<bench id>``) and a report: items per task, how many
        items' hints were read and fit their task, and the problems and notes of each item.

    Raises:
        FinsynthError: If the file is missing.
        ConfigError: For bad JSON, an unknown task key, or an item with a missing, extra or
            mistyped field, naming the file and the item's JSON path.

    """
    path = Path(path)
    bench = _check_bench(read_json(path), str(path))
    records: list[dict[str, Any]] = []
    reports: list[ItemReport] = []
    per_task: dict[str, int] = {}
    parsed = 0
    for key, items in bench.items():
        spec = task_spec(BENCH_TASKS[key])
        per_task[spec.slug] = len(items)
        for index, item in enumerate(items):
            reading = read_hints(item["evaluation_hints"])
            problems = tuple(hint_problems(spec, reading.hints))
            parsed += not problems
            if problems or reading.notes:
                reports.append(ItemReport(key, index, item["id"], problems, reading.notes))
            bench_item = BenchItem(
                task_key=key,
                id=item["id"],
                role_prompt=item["role_prompt"],
                model_prompt=item["model_prompt"],
                evaluation_prompt=item["evaluation_prompt"],
                evaluation_hints=item["evaluation_hints"],
            )
            records.append(
                make_record(
                    spec,
                    record_id=f"ucfe_bench/{spec.slug}/{item['id']}",
                    information=item["information"],
                    needs=item["needs"],
                    hints=reading.hints,
                    source="ucfe_bench",
                    seed=None,
                    bench_item=bench_item,
                )
            )
    return ImportResult(records, ImportReport(str(path), per_task, parsed, tuple(reports)))


def export_bench(records: Iterable[Mapping[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Return records in the benchmark's format: task key → items with the seven fields.

    Imported records give back their original items; synthetic records use their own prompts and
    rendered hints, and get ids after the largest imported id. Task keys appear in the order of
    their first record.

    Raises:
        FinsynthError: For a record of a task the benchmark does not have.

    """
    records = list(records)
    next_id = 1 + max((r["bench_item"]["id"] for r in records if r.get("bench_item")), default=0)
    bench: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        original = record.get("bench_item")
        if original is None and record["task"] not in BENCH_KEYS:
            raise FinsynthError(f"record {record['id']!r}: task {record['task']!r} has no benchmark key")
        key = original["task_key"] if original else BENCH_KEYS[record["task"]]
        if original:
            item_id, hints = original["id"], original["evaluation_hints"]
        else:
            item_id, hints, next_id = next_id, record["rendered_hints"], next_id + 1
        bench.setdefault(key, []).append(
            {
                "role_prompt": record["role_prompt"],
                "model_prompt": record["assistant_prompt"],
                "information": record["information"],
                "needs": record["needs"],
                "evaluation_prompt": record["evaluation_prompt"],
                "evaluation_hints": hints,
                "id": item_id,
            }
        )
    return bench
