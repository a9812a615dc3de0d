"""Imported by the local engine's fork server: what every worker it forks starts with.

A shard worker needs the shard builder and the generator registry (loading the templates takes
about 3 CPU-seconds). Loaded here, before the server forks, each worker inherits them instead of
loading them again.
"""

from contextlib import suppress

from finsynth.builder.shard import build_shard
from finsynth.errors import FinsynthError
from finsynth.generators.registry import load_builtin_generators

__all__ = ["build_shard"]

# A plugin that cannot be imported is left for the workers: each tries again when it looks a
# generator up and fails with the error naming the plugin, as it would without this preload.
with suppress(FinsynthError):
    load_builtin_generators()
