"""Builds: config + seed + version → a Hugging Face-shaped dataset folder.

The names below are imported on first use: a module that needs only :mod:`finsynth.builder.shard`
(the training stream does) does not load the runner and the dataset cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from finsynth.lazy_exports import lazy_exports

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

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "BuildConfig": "finsynth.builder.config",
        "load_config": "finsynth.builder.config",
        "parse_config": "finsynth.builder.config",
        "ShardSpec": "finsynth.builder.plan",
        "plan_shards": "finsynth.builder.plan",
        "output_folder": "finsynth.builder.runner",
        "run_build": "finsynth.builder.runner",
    },
    globals(),
)
