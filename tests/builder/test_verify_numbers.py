"""``verify``'s indexed check of a solution's numbers decides as the pairwise check it replaced."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from finsynth.builder.verify import _Allowed, _numbers, _shown_by, _shows

VALUES = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(-1e6, 1e6, allow_nan=False).map(lambda value: round(value, 4)),
    st.integers(-100_000, 100_000).map(float),
)
WRITTEN = st.tuples(
    st.one_of(
        st.floats(allow_nan=False, allow_infinity=False), st.floats(-1e8, 1e8).map(lambda v: round(v, 2))
    ),
    st.integers(0, 10),
)


@settings(max_examples=500)
@given(st.lists(VALUES, max_size=30), WRITTEN)
@example([12.5], (1250.0, 0))  # a percent
@example([0.0125], (-1.25, 2))  # a negated percent
@example([2.0, 1e300], (2.0000000000001, 0))  # a huge value widens every tolerance
@example([float("nan"), float("inf")], (1.0, 0))
def test_the_index_answers_as_every_pair_would(values: list[float], written: tuple[float, int]) -> None:
    pairwise = any(_shows(written, value) for value in values)
    assert _shown_by(written, _Allowed.of(values)) == pairwise


@settings(max_examples=200)
@given(st.lists(st.floats(-1e5, 1e5, allow_nan=False).map(lambda v: round(v, 3)), min_size=1, max_size=12))
def test_every_value_written_as_a_solution_writes_it_is_shown(values: list[float]) -> None:
    allowed = _Allowed.of(values)
    text = " ".join(f"{value:,.3f} ({value * 100:.1f}%)" for value in values)
    assert all(_shown_by(number, allowed) for number in _numbers(text))


TOKENS = st.sampled_from(["12", "-3.5", "1,250.75", ".", ",", "x", "a1", " ", "\n", "%", "$", "(", "-", "7."])


@settings(max_examples=500)
@given(st.lists(TOKENS, max_size=40).map("".join))
def test_a_texts_numbers_are_its_lines_numbers_in_order(text: str) -> None:
    # verify reads a solution's numbers line by line, once: no number may span a line break.
    by_line = [number for line in text.split("\n") for number in _numbers(line)]
    assert _numbers(text) == by_line
