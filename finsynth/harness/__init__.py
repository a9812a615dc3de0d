"""Evaluation harness files shipped with finsynth: lm-eval task YAML and an inspect_ai task module.

:func:`write_harness` writes them into a dataset folder at build time, pointing at the Hub
repository and the tag users should pin.
"""

from finsynth.harness.files import (
    INSPECT_TASK_PATH,
    DatasetReference,
    dataset_reference,
    harness_files,
    lm_eval_task_name,
    lm_eval_task_path,
    write_harness,
)

__all__ = [
    "INSPECT_TASK_PATH",
    "DatasetReference",
    "dataset_reference",
    "harness_files",
    "lm_eval_task_name",
    "lm_eval_task_path",
    "write_harness",
]
