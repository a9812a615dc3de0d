"""Builds: config + seed + version → a Hugging Face-shaped dataset folder."""

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
