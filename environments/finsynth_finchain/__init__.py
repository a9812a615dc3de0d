"""The ``finsynth-finchain`` verifiers environment: FinChain problems, rewarded by their verifiable answers.

Load it with ``verifiers.load_environment("finsynth-finchain", **env_args)`` or
``vf-eval finsynth-finchain``; the arguments are :func:`finsynth.environments.load_environment`'s.
"""

from __future__ import annotations

from typing import Any

from finsynth.environments import load_environment as _load


def load_environment(**env_args: Any) -> Any:
    """Return the ``finsynth-finchain`` environment (a ``verifiers.SingleTurnEnv``)."""
    return _load("finsynth-finchain", **env_args)
