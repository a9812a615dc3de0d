"""Evaluation harness files shipped with finsynth: lm-eval task YAML and an inspect_ai task module.

:func:`write_harness` writes them into a dataset folder at build time: used there they read
the folder, elsewhere the Hub repository and the tag users should pin. The scorers they
load live in :mod:`finsynth.harness.inspect_tasks` (UCFE: :mod:`finsynth.harness.ucfe_task`)
and :mod:`finsynth.harness.lm_eval_functions` (importing this package imports neither
inspect_ai nor lm-eval, and the names below are imported on first use: an inspect task file or an lm-eval
function does not load the build config and the harness file writer).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from finsynth.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from finsynth.harness.files import (
        INSPECT_FAMILIES,
        INSPECT_SCORERS,
        INSPECT_TASK_PATH,
        LM_EVAL_FAMILIES,
        DatasetReference,
        dataset_reference,
        harness_files,
        lm_eval_group_name,
        lm_eval_task_name,
        lm_eval_task_path,
        write_harness,
    )

__all__ = [
    "INSPECT_FAMILIES",
    "INSPECT_SCORERS",
    "INSPECT_TASK_PATH",
    "LM_EVAL_FAMILIES",
    "DatasetReference",
    "dataset_reference",
    "harness_files",
    "lm_eval_group_name",
    "lm_eval_task_name",
    "lm_eval_task_path",
    "write_harness",
]

__getattr__, __dir__ = lazy_exports(__name__, {name: "finsynth.harness.files" for name in __all__}, globals())
