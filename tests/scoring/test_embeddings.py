from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from finsynth.errors import FinsynthError
from finsynth.scoring.embeddings import load_embedder


def test_wordllama_loads_offline_and_gives_unit_vectors() -> None:
    embedder = load_embedder("wordllama")
    vectors = embedder.embed(["Interest on the new debt", "", "Net income after tax"])
    assert vectors.shape == (3, 256) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors[[0, 2]], axis=1), 1, atol=1e-5)
    assert not vectors[1].any()  # a text without tokens has no direction
    assert embedder.embed([]).shape == (0, 256)


def test_wordllama_matches_its_own_padded_pooling_and_ranks_paraphrases_higher() -> None:
    import wordllama

    embedder = load_embedder("wordllama")
    texts = [
        "Interest on the new debt: interest = debt x rate = 6708900.00",
        "The interest paid on the newly issued debt equals debt times the rate",
        "The staking platform files a tax form for the customer",
    ]
    ours = embedder.embed(texts)
    bundled = Path(wordllama.__file__).parent
    reference = wordllama.WordLlama.load(cache_dir=bundled, disable_download=True).embed(texts, norm=True)
    assert np.allclose(ours, reference, atol=1e-5)
    similarity = ours @ ours.T
    assert similarity[0, 1] > similarity[0, 2]


def test_batches_give_the_same_vectors_as_one_call() -> None:
    embedder = load_embedder("wordllama")
    texts = [f"step {i}: value {i * 1.5}" for i in range(2500)]
    together = embedder.embed(texts)
    assert np.allclose(together[2400], embedder.embed([texts[2400]])[0], atol=1e-6)


def test_unknown_embedder_is_a_clear_error() -> None:
    with pytest.raises(FinsynthError, match="unknown embedder 'bert'"):
        load_embedder("bert")


@pytest.mark.skipif(
    importlib.util.find_spec("sentence_transformers") is None, reason="sentence-transformers not installed"
)
def test_minilm_gives_unit_vectors() -> None:
    vectors = load_embedder("minilm").embed(["a", "b"])
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1, atol=1e-5)
