"""Imported by the local engine's fork server only: what every worker it forks starts with.

A shard worker needs the shard builder and the generator registry (loading the templates takes
about 3 CPU-seconds). Loaded here, before the server forks, each worker inherits them instead of
loading them again.

On Linux, importing this module also makes the importing process end when its parent does: the
fork server ends with the build that started it, even a killed one, and its workers with it. (A
forked worker keeps the pipe the server watches for its build's end open, so without this a
killed build's server and workers would wait on each other forever.)
"""

import os
import sys
from contextlib import suppress

from finsynth.builder.engine import set_parent_death_signal
from finsynth.builder.shard import build_shard
from finsynth.errors import FinsynthError
from finsynth.generators.registry import load_builtin_generators

__all__ = ["build_shard"]

if sys.platform.startswith("linux"):
    _build = os.getppid()
    set_parent_death_signal()
    if os.getppid() != _build:  # the build died before the signal was set
        os._exit(1)

# A plugin that cannot be imported is left for the workers: each tries again when it looks a
# generator up and fails with the error naming the plugin, as it would without this preload.
with suppress(FinsynthError):
    load_builtin_generators()
