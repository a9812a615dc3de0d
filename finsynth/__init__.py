"""finsynth: seeded, verifiable financial LLM datasets.

The public face of the library: generate records, stream them into training loops, score
a model's answer to a record (:func:`score_answer`), and build versioned Hugging Face
dataset folders.
"""

from finsynth.errors import FinsynthError
from finsynth.pipeline import generate, iterable_dataset
from finsynth.scoring.answers import score_answer

__version__ = "0.6.0"

__all__ = ["FinsynthError", "__version__", "generate", "iterable_dataset", "score_answer"]
