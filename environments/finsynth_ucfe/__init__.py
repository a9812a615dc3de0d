"""The ``finsynth-ucfe`` verifiers environment: UCFE user tasks, judged against a reference reply.

Load it with ``verifiers.load_environment("finsynth-ucfe", judge_base_url=..., judge_model=...)``
or ``vf-eval finsynth-ucfe -a '{"judge_base_url": ..., "judge_model": ...}'``; the arguments are
:func:`finsynth.environments.load_environment`'s.
"""

from __future__ import annotations

from typing import Any

from finsynth.environments import load_environment as _load


def load_environment(**env_args: Any) -> Any:
    """Return the ``finsynth-ucfe`` environment (a ``verifiers.SingleTurnEnv``)."""
    return _load("finsynth-ucfe", **env_args)
