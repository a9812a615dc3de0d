"""Every harness task bounds its model calls (judge and simulated user included) by a whole-call
deadline, which ``inspect eval --timeout`` replaces."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("inspect_ai", reason="inspect_ai (dev dependency) is not installed")

from finsynth.harness.deadlines import MODEL_CALL_TIMEOUT_S
from finsynth.harness.inspect_tasks import failsafe_task
from tests.harness.test_inspect_tasks import folder

__all__ = ["folder"]  # the fixture, shared with the conditions tests


def test_the_judged_task_carries_the_deadline(folder: Path) -> None:
    task = failsafe_task(str(folder), "failsafe_conditions", conditions="baseline")
    assert task.config.timeout == MODEL_CALL_TIMEOUT_S == 300
