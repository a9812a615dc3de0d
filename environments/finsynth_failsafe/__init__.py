"""The ``finsynth-failsafe`` verifiers environment: FailSafe filings questions, rewarded by a judge.

Load it with ``verifiers.load_environment("finsynth-failsafe", judge_base_url=..., judge_model=...)``
or ``vf-eval finsynth-failsafe -a '{"judge_base_url": ..., "judge_model": ...}'``; the arguments
are :func:`finsynth.environments.load_environment`'s.
"""

from __future__ import annotations

from typing import Any

from finsynth.environments import load_environment as _load


def load_environment(**env_args: Any) -> Any:
    """Return the ``finsynth-failsafe`` environment (a ``verifiers.SingleTurnEnv``)."""
    return _load("finsynth-failsafe", **env_args)
