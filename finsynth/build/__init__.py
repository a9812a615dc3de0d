"""Builds: config + seed + version → a Hugging Face-shaped dataset folder."""

from finsynth.build.config import BuildConfig, load_config, parse_config
from finsynth.build.plan import ShardSpec, plan_shards
from finsynth.build.runner import output_folder, run_build

__all__ = [
    "BuildConfig",
    "ShardSpec",
    "load_config",
    "output_folder",
    "parse_config",
    "plan_shards",
    "run_build",
]
