from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.scoring.rouge import lcs_length, rouge_l, tokens


def dynamic_programming_lcs(first: list[str], second: list[str]) -> int:
    table = [[0] * (len(second) + 1) for _ in range(len(first) + 1)]
    for i, a in enumerate(first):
        for j, b in enumerate(second):
            table[i + 1][j + 1] = table[i][j] + 1 if a == b else max(table[i][j + 1], table[i + 1][j])
    return table[-1][-1]


words = st.lists(st.sampled_from(["a", "b", "c", "d", "7.89"]), max_size=40)


@settings(max_examples=300, deadline=None)
@given(words, words)
def test_bit_parallel_lcs_equals_dynamic_programming(first: list[str], second: list[str]) -> None:
    assert lcs_length(first, second) == dynamic_programming_lcs(first, second)


def test_rouge_l_is_one_for_identical_texts_and_zero_for_disjoint() -> None:
    assert rouge_l("Net income is $7.89 million", "net income is $7.89 million") == 1.0
    assert rouge_l("alpha beta", "gamma delta") == 0.0
    assert rouge_l("", "anything") == 0.0
    assert tokens("Rate: 7.89%, 1,234") == ["rate", "7.89", "1,234"]
    assert 0 < rouge_l("the cost of equity is high", "cost of debt is low") < 1
