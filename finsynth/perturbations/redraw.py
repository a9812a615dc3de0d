"""Perturb, check, and redraw with a salted seed until the result passes, a bounded number of times.

Attempt 0 uses the given seed; attempt ``n`` uses ``derive_seed(seed, "redraw", n)``, the same
salting a build uses to redraw a duplicate question, so the outcome is a pure function of the
seed. A perturbation that returns exactly what it returned before (a deterministic one, such
as keyword extraction) would fail the same way again, so the tries stop there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from finsynth.perturbations.ops import Perturbed
from finsynth.perturbations.registry import get_perturbation
from finsynth.perturbations.validators import Problems
from finsynth.seeding import RandomStream, derive_seed

MAX_TRIES = 6
"""Draws of one perturbation before its row is left out."""


@dataclass(frozen=True)
class Checked:
    """The outcome of a checked perturbation.

    Attributes:
        perturbed: The first draw that passed its check, or ``None`` when none did.
        redraws: Draws made after the first (0 when the first passed).
        problems: What was wrong with the last failing draw (empty when one passed).

    """

    perturbed: Perturbed | None
    redraws: int
    problems: Problems

    @property
    def left_out(self) -> bool:
        """Whether every draw failed, so the row must not be written."""
        return self.perturbed is None


def attempt_seed(seed: int, attempt: int) -> int:
    """Return the seed of draw ``attempt`` (the seed itself for the first)."""
    return seed if attempt == 0 else derive_seed(seed, "redraw", attempt)


def perturb_checked(
    name: str,
    text: str,
    seed: int,
    check: Callable[[Perturbed], Problems],
    *,
    tries: int = MAX_TRIES,
    **options: Any,
) -> Checked:
    """Apply the perturbation ``name`` to ``text`` until ``check`` finds no problem, at most ``tries`` times.

    Args:
        name: A registered perturbation.
        text: What it perturbs.
        seed: The seed of the first draw; redraws salt it (see :func:`attempt_seed`).
        check: Returns the problems of a draw (empty when it is sound).
        tries: Most draws made.
        **options: The perturbation's own options.

    """
    perturb = get_perturbation(name)
    previous: Perturbed | None = None
    problems: Problems = ()
    for attempt in range(tries):
        perturbed = perturb(text, RandomStream(attempt_seed(seed, attempt)), **options)
        if perturbed == previous:
            return Checked(None, attempt - 1, problems)
        problems = check(perturbed)
        if not problems:
            return Checked(perturbed, attempt, ())
        previous = perturbed
    return Checked(None, tries - 1, problems)
