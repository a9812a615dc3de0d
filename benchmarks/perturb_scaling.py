"""Query perturbations on long inputs: CPU seconds per million characters from 10k to 10M.

A perturbation must be linear in its input, so seconds per million characters stay flat as the
input grows 1,000-fold (a quadratic step shows as a rate that grows with the size). Two texts:
finance prose (many words and jargon terms) and one giant word (the worst case for cutting a word).
Run ``python -m benchmarks.perturb_scaling [largest size]``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from finsynth.perturbations import incomplete, misspell, out_of_domain
from finsynth.seeding import RandomStream

SIZES = (10_000, 100_000, 1_000_000, 10_000_000)
PROSE = (
    "The net present value of the bond's coupon and principal, discounted at the yield to maturity, "
    "exceeds par. What is the EBITDA margin and the weighted average cost of capital? "
)
PERTURBATIONS: dict[str, Callable[..., object]] = {
    "misspell": misspell,
    "incomplete": incomplete,
    "out_of_domain": out_of_domain,
}


def texts(size: int) -> dict[str, str]:
    """The benchmark texts of ``size`` characters."""
    return {"prose": (PROSE * (size // len(PROSE) + 1))[:size], "one word": "financialization" * (size // 16)}


def run(sizes: tuple[int, ...] = SIZES) -> list[dict[str, object]]:
    """Return one row per perturbation, text and size: CPU seconds and seconds per million characters."""
    rows: list[dict[str, object]] = []
    for name, perturb in PERTURBATIONS.items():
        perturb("warm up every table once", RandomStream(0))
        for size in sizes:
            for label, text in texts(size).items():
                start = time.process_time()
                perturb(text, RandomStream(1))
                seconds = time.process_time() - start
                rows.append(
                    {
                        "problem": name,
                        "text": label,
                        "characters": len(text),
                        "cpu s": seconds,
                        "s per 1M chars": seconds / len(text) * 1_000_000,
                    }
                )
    return rows


if __name__ == "__main__":
    largest = int(sys.argv[1]) if len(sys.argv) > 1 else SIZES[-1]
    for row in run(tuple(size for size in SIZES if size <= largest)):
        print(row, flush=True)
