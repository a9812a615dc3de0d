"""UCFE: user-centric financial task specs, instances, bench import/export and the user simulator.

Dataset folders of imported benches and simulated dialogues are written by
:mod:`finsynth.builder.ucfe_bench` and :mod:`finsynth.builder.ucfe_dialogues`.
"""

from finsynth.generators.ucfe.bench import (
    BENCH_KEYS,
    BENCH_TASKS,
    ImportReport,
    ImportResult,
    ItemReport,
    export_bench,
    import_bench,
)
from finsynth.generators.ucfe.dialogues import RoundLimits, request_seed, select_items, simulate_dataset
from finsynth.generators.ucfe.hints import (
    HINT_FIELDS,
    EvaluationHints,
    HintParseError,
    HintReading,
    parse_hints,
    read_hints,
    render_hints,
)
from finsynth.generators.ucfe.record import BenchItem, fill_item_fields, hint_problems, make_record
from finsynth.generators.ucfe.simulator import (
    DEFAULT_END_MARKER,
    Dialogue,
    DialogueFailure,
    simulate_dialogue,
)
from finsynth.generators.ucfe.spec import USER_GROUPS, TaskSpec, task_spec, task_specs

__all__ = [
    "BENCH_KEYS",
    "BENCH_TASKS",
    "DEFAULT_END_MARKER",
    "HINT_FIELDS",
    "USER_GROUPS",
    "BenchItem",
    "Dialogue",
    "DialogueFailure",
    "EvaluationHints",
    "HintParseError",
    "HintReading",
    "ImportReport",
    "ImportResult",
    "ItemReport",
    "RoundLimits",
    "TaskSpec",
    "export_bench",
    "fill_item_fields",
    "hint_problems",
    "import_bench",
    "make_record",
    "parse_hints",
    "read_hints",
    "render_hints",
    "request_seed",
    "select_items",
    "simulate_dataset",
    "simulate_dialogue",
    "task_spec",
    "task_specs",
]
