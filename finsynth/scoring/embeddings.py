"""Sentence embeddings for step similarity: WordLlama offline by default, MiniLM optional.

Both embedders return one L2-normalised row per text, so a dot product is a cosine.
WordLlama (static token embeddings, pooled) ships its weights and tokenizer inside the
``wordllama`` package, and is loaded from there with downloads disabled: scoring never
touches the network. ``sentence-transformers`` MiniLM (extra ``embed``) is imported only
when asked for; its model must already be in the local Hugging Face cache or downloadable.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from finsynth.errors import FinsynthError

EMBEDDERS = ("wordllama", "minilm")
"""Names :func:`load_embedder` accepts."""

MINILM_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
BATCH_SIZE = 1024

Matrix = npt.NDArray[np.float32]


class Embedder(Protocol):
    """Turns texts into unit-length vectors, one row per text."""

    def embed(self, texts: Sequence[str]) -> Matrix:
        """Embed ``texts`` in batches; an empty sequence gives a ``(0, dim)`` matrix."""
        ...


def _normalised(vectors: Any) -> Matrix:
    matrix = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    normalised: Matrix = (matrix / np.where(norms == 0, 1, norms)).astype(np.float32)
    return normalised


class WordLlamaEmbedder:
    """WordLlama's bundled 256-dimensional model, loaded without downloads.

    Texts are mean-pooled over their own tokens, without padding a batch to its longest
    text (what ``WordLlama.embed`` does), which gives the same vectors several times faster
    on texts of mixed length.
    """

    def __init__(self) -> None:
        try:
            wordllama = importlib.import_module("wordllama")
        except ImportError as error:
            raise FinsynthError(
                "the default embedder needs the wordllama package: pip install wordllama"
            ) from error
        package_dir = Path(str(wordllama.__file__)).parent
        try:
            model = wordllama.WordLlama.load(cache_dir=package_dir, disable_download=True)
        except FileNotFoundError as error:
            raise FinsynthError(f"wordllama's bundled model files are missing under {package_dir}") from error
        self._table: Matrix = np.ascontiguousarray(model.embedding, dtype=np.float32)
        self._tokenizer = type(model.tokenizer).from_str(model.tokenizer.to_str())
        self._tokenizer.no_padding()
        self._tokenizer.no_truncation()

    def embed(self, texts: Sequence[str]) -> Matrix:
        """Embed ``texts``; see :meth:`Embedder.embed`."""
        vectors = np.zeros((len(texts), self._table.shape[1]), dtype=np.float32)
        for start in range(0, len(texts), BATCH_SIZE):
            vectors[start : start + BATCH_SIZE] = self._mean_pooled(texts[start : start + BATCH_SIZE])
        return _normalised(vectors)

    def _mean_pooled(self, texts: Sequence[str]) -> Matrix:
        # Token counts per text over the batch's vocabulary, times that part of the table:
        # one small matrix product instead of gathering a row per token.
        encodings = self._tokenizer.encode_batch(list(texts), add_special_tokens=False)
        lengths = np.array([len(encoding.ids) for encoding in encodings], dtype=np.int64)
        if not lengths.sum():
            return np.zeros((len(texts), self._table.shape[1]), dtype=np.float32)
        ids = np.concatenate([np.asarray(encoding.ids, dtype=np.int64) for encoding in encodings])
        vocabulary, columns = np.unique(np.clip(ids, 0, self._table.shape[0] - 1), return_inverse=True)
        rows = np.repeat(np.arange(len(texts)), lengths)
        counts = np.bincount(rows * len(vocabulary) + columns, minlength=len(texts) * len(vocabulary))
        pooled: Matrix = (
            counts.reshape(len(texts), len(vocabulary)).astype(np.float32) @ self._table[vocabulary]
        )
        averaged: Matrix = (pooled / np.maximum(lengths, 1)[:, None]).astype(np.float32)
        return averaged


class MiniLMEmbedder:
    """``sentence-transformers`` all-MiniLM-L6-v2 (the ``embed`` extra)."""

    def __init__(self, model: str = MINILM_MODEL) -> None:
        try:
            sentence_transformers = importlib.import_module("sentence_transformers")
        except ImportError as error:
            raise FinsynthError(
                "the minilm embedder needs sentence-transformers: pip install 'finsynth[embed]'"
            ) from error
        self._model = sentence_transformers.SentenceTransformer(model)
        self._dim = int(self._model.get_sentence_embedding_dimension() or 384)

    def embed(self, texts: Sequence[str]) -> Matrix:
        """Embed ``texts``; see :meth:`Embedder.embed`."""
        if not texts:
            return np.zeros((0, self._dim), dtype=np.float32)
        return _normalised(self._model.encode(list(texts), batch_size=BATCH_SIZE, normalize_embeddings=True))


@cache
def load_embedder(name: str = "wordllama") -> Embedder:
    """Return the named embedder (loaded once per process).

    Args:
        name: ``"wordllama"`` (default, offline) or ``"minilm"`` (needs sentence-transformers).

    Raises:
        FinsynthError: If the name is unknown or the embedder's package is missing.

    """
    if name == "wordllama":
        return WordLlamaEmbedder()
    if name == "minilm":
        return MiniLMEmbedder()
    raise FinsynthError(f"unknown embedder {name!r}; choose one of {', '.join(EMBEDDERS)}")
