"""Seeded text perturbations: query failures, context failures and citations.

Each perturbation is ``(text, rng, **options) -> Perturbed`` (see :mod:`.ops`), registered
by name with ``@perturbation`` so the CLI and builds can look it up.
"""

from finsynth.perturbations.ops import Op, Perturbed
from finsynth.perturbations.registry import Perturbation, get_perturbation, perturbation, perturbation_names

__all__ = ["Op", "Perturbation", "Perturbed", "get_perturbation", "perturbation", "perturbation_names"]
