"""Every perturbation on long inputs: CPU time per character from 10k to 10M characters.

A perturbation must be linear in its input, so its time per character stays flat while the input
grows 1,000-fold; a quadratic step shows as a time per character that grows with the size (about
1,000 times at 10M). Every registered perturbation runs on two texts: finance prose (many words,
sentences and jargon terms) and one giant word (the worst case for cutting or scanning a word).

Which edit a draw makes changes the cost by a constant factor, so each size is timed with several
seeds and the slowest seed counts; sizes under 10M repeat each run (up to ten times) and keep its
fastest time, so a moment of noise on a shared machine does not pass for a trend. Every run gets a
text of its own (its first three letters differ), so no run is served from a cache an earlier one
filled (``misspell`` caches its work per word), as a 10M-character text never is. A kind whose
time per character at the largest size is more than :data:`SUPER_LINEAR` times its time at the
smallest is flagged, and the run fails.

``incomplete`` runs its word-list method (``rules``) to 10M. Its default spaCy method refuses
texts over spaCy's 1M-character limit and needs about 3 GiB of memory at 1M, so it runs to
:data:`SPACY_LARGEST` (set ``BENCH_SPACY_LARGEST=1000000`` for the 1M row).

Run ``python -m benchmarks.perturb_scaling [largest size]``; ``make bench`` runs it too.
"""

from __future__ import annotations

import itertools
import os
import string
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from finsynth.perturbations import get_perturbation, perturbation_names
from finsynth.seeding import RandomStream

SIZES = (10_000, 100_000, 1_000_000, 10_000_000)
SEEDS = (1, 2, 3)
SUPER_LINEAR = 4.0
"""Largest growth of the time per character, largest size over smallest, of a linear kind.
Linear code stays near 1 (cache effects reach about 2); n·log n reaches 1.75 at 1,000 times the
size; a quadratic step reaches about 1,000."""
SPACY_LARGEST = int(os.environ.get("BENCH_SPACY_LARGEST", "100000"))
REPEAT_CHARACTERS = 2_000_000
"""Each run repeats until it has covered about this many characters (at most ten times)."""
PROSE = (
    "The net present value of the bond's coupon and principal, discounted at the yield to maturity, "
    "exceeds par. What is the EBITDA margin and the weighted average cost of capital in FY2023? "
)


@dataclass(frozen=True)
class Case:
    """One perturbation with its options, run on sizes up to ``largest``."""

    kind: str
    options: dict[str, Any] = field(default_factory=dict)
    largest: int = SIZES[-1]

    @property
    def label(self) -> str:
        return self.kind + "".join(f" ({value})" for value in self.options.values())


def cases() -> list[Case]:
    """One case per registered perturbation (``incomplete`` once per local method)."""
    found: list[Case] = []
    for kind in perturbation_names():
        if kind == "incomplete":
            found.append(Case(kind, {"method": "rules"}))
            found.append(Case(kind, {"method": "spacy"}, SPACY_LARGEST))
        else:
            found.append(Case(kind))
    return found


def texts(size: int) -> dict[str, str]:
    """The benchmark texts of ``size`` characters."""
    return {"prose": (PROSE * (size // len(PROSE) + 1))[:size], "one word": "financialization" * (size // 16)}


_RUNS = itertools.count()


def _fresh(text: str) -> str:
    """``text`` with its first three letters replaced by ones no earlier run had."""
    run = next(_RUNS)
    letters = "".join(string.ascii_lowercase[run // 26**place % 26] for place in (2, 1, 0))
    return letters + text[3:]


def _cpu_seconds(case: Case, text: str, seed: int) -> float:
    """CPU seconds of one run (the fastest of the repeats a short text gets)."""
    perturb = get_perturbation(case.kind)
    best = float("inf")
    for _ in range(min(10, max(1, REPEAT_CHARACTERS // len(text)))):
        fresh = _fresh(text)
        start = time.process_time()
        perturb(fresh, RandomStream(seed), **case.options)
        best = min(best, time.process_time() - start)
    return best


def run(sizes: Sequence[int] = SIZES, only: Sequence[Case] | None = None) -> list[dict[str, object]]:
    """Return one row per case and text: microseconds per character at each size and the growth.

    Args:
        sizes: Text sizes in characters, smallest first.
        only: The cases to run (default: :func:`cases`).

    Returns:
        Rows whose ``largest ÷ smallest`` is the time per character at the largest size over
        the smallest, and ``verdict`` ``SUPER-LINEAR`` where it exceeds :data:`SUPER_LINEAR`.

    """
    rows: list[dict[str, object]] = []
    for case in cases() if only is None else only:
        case_sizes = [size for size in sizes if size <= case.largest]
        get_perturbation(case.kind)("Warm up every table once, please.", RandomStream(0), **case.options)
        per_character: dict[str, dict[int, float]] = {}
        for size in case_sizes:
            for label, text in texts(size).items():
                worst = max(_cpu_seconds(case, text, seed) for seed in SEEDS)
                per_character.setdefault(label, {})[size] = worst / len(text) * 1e6
        for label, micros in per_character.items():
            base, last = micros[case_sizes[0]], micros[case_sizes[-1]]
            growth = last / base if base > 0 else 1.0  # a kind doing no work per character has none
            rows.append(
                {
                    "problem": case.label,
                    "text": label,
                    **{f"µs/char {size:,}": micros.get(size, "—") for size in sizes},
                    "largest s": last * case_sizes[-1] / 1e6,
                    "largest ÷ smallest": growth,
                    "verdict": "SUPER-LINEAR" if growth > SUPER_LINEAR else "linear",
                }
            )
    return rows


def super_linear(rows: list[dict[str, object]]) -> list[str]:
    """Return ``kind (text)`` for every row flagged super-linear."""
    return [f"{row['problem']} ({row['text']})" for row in rows if row["verdict"] != "linear"]


if __name__ == "__main__":
    from benchmarks.__main__ import table

    largest = int(sys.argv[1]) if len(sys.argv) > 1 else SIZES[-1]
    rows = run([size for size in SIZES if size <= largest])
    table(f"Perturbations from 10k to {largest:,} characters on one core, CPU time", rows)
    if flagged := super_linear(rows):
        sys.exit(f"SUPER-LINEAR perturbations: {', '.join(flagged)}")
