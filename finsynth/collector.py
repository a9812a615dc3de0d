"""Pausing Python's cyclic garbage collector around allocation-heavy, acyclic work."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic collector inside the block, restoring its previous state after.

    Records, instances and their texts are acyclic: reference counting frees them. Building
    many of them would otherwise trigger collections that only rescan them, again and again.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
