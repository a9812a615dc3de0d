"""finsynth: seeded, verifiable financial LLM datasets.

The public face of the library: generate records, stream them into training loops, score
a model's answer to a record (:func:`score_answer`), and build versioned Hugging Face
dataset folders.

The functions are imported on first use, so ``import finsynth.harness`` (an inspect task file),
``finsynth --version`` or a scorer does not load the generators, the builder and the cards.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from finsynth.errors import FinsynthError

if TYPE_CHECKING:
    from finsynth.pipeline import generate, iterable_dataset
    from finsynth.scoring.answers import score_answer

__version__ = "0.6.0"

__all__ = ["FinsynthError", "__version__", "generate", "iterable_dataset", "score_answer"]

_LAZY = {
    "generate": "finsynth.pipeline",
    "iterable_dataset": "finsynth.pipeline",
    "score_answer": "finsynth.scoring.answers",
}
"""Public names imported on first use, by the module that defines them."""


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'finsynth' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
