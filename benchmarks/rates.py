"""Items per CPU second of a stream, the measure the stream and reward benchmarks share."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator


def items_per_cpu_second(items: Callable[[], Iterator[None]], warm_up: int, count: int) -> float:
    """Start ``items()``, skip ``warm_up`` of them, and return how many of the next ``count`` pass per
    CPU second of this process (``time.process_time``: other work on the machine does not count)."""
    stream = items()
    for _ in itertools.islice(stream, warm_up):
        pass
    start = time.process_time()
    counted = sum(1 for _ in itertools.islice(stream, count))
    return counted / (time.process_time() - start)
