"""ROUGE-L: longest-common-subsequence overlap of word tokens, an optional ChainEval extra.

Tokens are lower-cased runs of letters and digits (``7.89`` stays one token). The LCS length
uses the bit-parallel algorithm of Hyyrö (2004), one big-integer update per token of the
second text, which keeps whole-solution comparisons fast in pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_TOKEN = re.compile(r"[0-9]+(?:[.,][0-9]+)*|[^\W_]+")


def tokens(text: str) -> list[str]:
    """Return the lower-cased word and number tokens of ``text``."""
    return _TOKEN.findall(text.lower())


def lcs_length(first: Sequence[str], second: Sequence[str]) -> int:
    """Length of the longest common subsequence of two token sequences."""
    if not first or not second:
        return 0
    positions: dict[str, int] = {}
    for index, token in enumerate(first):
        positions[token] = positions.get(token, 0) | (1 << index)
    all_ones = (1 << len(first)) - 1
    row = all_ones
    for token in second:
        matches = row & positions.get(token, 0)
        row = ((row + matches) | (row - matches)) & all_ones
    return len(first) - row.bit_count()


def rouge_l(candidate: str, reference: str) -> float:
    """ROUGE-L F1 between a candidate and a reference text (0 when either has no tokens)."""
    candidate_tokens, reference_tokens = tokens(candidate), tokens(reference)
    common = lcs_length(candidate_tokens, reference_tokens)
    if common == 0:
        return 0.0
    precision, recall = common / len(candidate_tokens), common / len(reference_tokens)
    return 2 * precision * recall / (precision + recall)
