"""Builds: config + seed + version → a Hugging Face-shaped dataset folder.

The names below are imported on first use: a module that needs only :mod:`finsynth.builder.shard`
(the training stream does) does not load the runner and the dataset cards.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from finsynth.builder.config import BuildConfig, load_config, parse_config
    from finsynth.builder.plan import ShardSpec, plan_shards
    from finsynth.builder.runner import output_folder, run_build

__all__ = [
    "BuildConfig",
    "ShardSpec",
    "load_config",
    "output_folder",
    "parse_config",
    "plan_shards",
    "run_build",
]

_LAZY = {
    "BuildConfig": "finsynth.builder.config",
    "load_config": "finsynth.builder.config",
    "parse_config": "finsynth.builder.config",
    "ShardSpec": "finsynth.builder.plan",
    "plan_shards": "finsynth.builder.plan",
    "output_folder": "finsynth.builder.runner",
    "run_build": "finsynth.builder.runner",
}
"""Public names imported on first use, by the module that defines them."""


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'finsynth.builder' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
