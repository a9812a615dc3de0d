"""finsynth: seeded, verifiable financial LLM datasets.

The public face of the library: generate records, stream them into training loops, score
a model's answer to a record (:func:`score_answer`), and build versioned Hugging Face
dataset folders.

The functions are imported on first use, so ``import finsynth.harness`` (an inspect task file),
``finsynth --version`` or a scorer does not load the generators, the builder and the cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from finsynth.errors import FinsynthError
from finsynth.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from finsynth.pipeline import generate, iterable_dataset
    from finsynth.scoring.answers import score_answer

__version__ = "0.6.0"

__all__ = ["FinsynthError", "__version__", "generate", "iterable_dataset", "score_answer"]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "generate": "finsynth.pipeline",
        "iterable_dataset": "finsynth.pipeline",
        "score_answer": "finsynth.scoring.answers",
    },
    globals(),
)
