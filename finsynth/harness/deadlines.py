"""The deadline of every model call a harness task makes: the evaluated model, the simulated user, the judge.

inspect_ai retries a failed model call until its ``timeout`` (seconds for the whole call, every
retry included) has passed, and without one it retries for ever. Each finsynth task sets
:data:`MODEL_CALL_TIMEOUT_S` in its generate config; inspect passes a task's ``timeout`` on to
every model role (the ``grader`` judge and the ``user`` simulator too), and ``inspect eval
--timeout SECONDS`` (with ``--max-retries N``) replaces it from the command line.
"""

from __future__ import annotations

from inspect_ai.model import GenerateConfig

MODEL_CALL_TIMEOUT_S = 300
"""Seconds one model call may take in all, its retries included, unless ``--timeout`` says otherwise."""


def task_generate_config() -> GenerateConfig:
    """The generate config every finsynth task carries: the whole-call deadline of its model calls."""
    return GenerateConfig(timeout=MODEL_CALL_TIMEOUT_S)
