"""finsynth: seeded, verifiable financial LLM datasets.

The public face of the library: generate records, stream them into training loops,
and build versioned Hugging Face dataset folders.
"""

from finsynth.errors import FinsynthError
from finsynth.pipeline import generate, iterable_dataset

__version__ = "0.1.0"

__all__ = ["FinsynthError", "__version__", "generate", "iterable_dataset"]
