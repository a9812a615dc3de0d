"""The perturbation registry: ``@perturbation("name")`` registers a text transform.

A perturbation is called as ``function(text, rng, **options)`` with a
:class:`~finsynth.seeding.RandomStream` and returns a :class:`Perturbed`. Vectorized
perturbations draw a NumPy generator from the stream
(``numpy_generator(rng.next_word())``), so one seed still fixes everything.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable

from finsynth.errors import FinsynthError
from finsynth.perturbations.ops import Perturbed

Perturbation = Callable[..., Perturbed]
"""A seeded text transform, called as ``function(text, rng, **options)`` with a
:class:`~finsynth.seeding.RandomStream`; each perturbation declares its own keyword options,
so the alias only fixes the result type."""


_PERTURBATIONS: dict[str, Perturbation] = {}


def perturbation(name: str) -> Callable[[Perturbation], Perturbation]:
    """Register a perturbation under ``name`` (e.g. ``misspell``, ``ocr``).

    Raises:
        FinsynthError: If another perturbation already has the name.

    """

    def register(function: Perturbation) -> Perturbation:
        existing = _PERTURBATIONS.get(name)
        if existing is not None and existing is not function:
            raise FinsynthError(f"perturbation {name!r} is registered twice")
        _PERTURBATIONS[name] = function
        return function

    return register


def get_perturbation(name: str) -> Perturbation:
    """Return the perturbation registered as ``name``.

    Raises:
        FinsynthError: Naming the known perturbations (and the closest one) if none has this name.

    """
    _load_builtins()
    try:
        return _PERTURBATIONS[name]
    except KeyError:
        close = difflib.get_close_matches(name, sorted(_PERTURBATIONS), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise FinsynthError(
            f"unknown perturbation {name!r}{hint} (known: {', '.join(sorted(_PERTURBATIONS))})"
        ) from None


def perturbation_names() -> list[str]:
    """Return the names of every registered perturbation, sorted."""
    _load_builtins()
    return sorted(_PERTURBATIONS)


def _load_builtins() -> None:
    # Importing the package imports every built-in perturbation module, which registers it.
    import finsynth.perturbations  # noqa: F401
