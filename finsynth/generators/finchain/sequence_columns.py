"""A column of sequences: one sequence of numbers per row of a batch, stored end to end.

The batch evaluator (:mod:`~finsynth.generators.finchain.vector`) holds a series given, a
list literal or the terms of a generator expression for every row at once as one flat
``float64`` array of all rows' elements in row order, with each row's length. Element-wise
arithmetic then runs over the flat array in one NumPy operation whatever the rows' lengths,
and a reduction (``sum``, ``len``, ``min``, ``irr`` ...) runs the scalar function on each row.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray


def positions_within(lengths: NDArray[Any]) -> NDArray[Any]:
    """For rows of the given lengths laid end to end, each element's position inside its row."""
    total = int(lengths.sum())
    firsts = np.cumsum(lengths) - lengths
    within: NDArray[Any] = np.arange(total, dtype=np.int64) - np.repeat(firsts, lengths)
    return within


class SequenceColumn:
    """One sequence of numbers per row.

    Args:
        values: Every row's elements, end to end in row order (``float64``).
        lengths: Each row's number of elements (``int64``).
        rows: The rows as the scalar path holds them, when known (a series given's tuples,
            whose integral elements are Python ints); otherwise built from ``values``.

    """

    __slots__ = ("_rows", "lengths", "starts", "values")

    def __init__(
        self, values: NDArray[Any], lengths: NDArray[Any], rows: Sequence[Any] | None = None
    ) -> None:
        self.values = values
        self.lengths = lengths
        self.starts: NDArray[Any] = np.cumsum(lengths) - lengths
        """Where each row's elements begin in :attr:`values`."""
        self._rows = rows

    @classmethod
    def of_rows(cls, rows: Sequence[Sequence[float]]) -> SequenceColumn:
        """The column of the given rows (kept as they are for :meth:`rows`)."""
        lengths = np.fromiter(map(len, rows), np.int64, len(rows))
        values = np.fromiter(itertools.chain.from_iterable(rows), np.float64, int(lengths.sum()))
        return cls(values, lengths, rows)

    def __len__(self) -> int:
        """The number of rows."""
        return len(self.lengths)

    def rows(self) -> Sequence[Sequence[float]]:
        """Each row's elements as a Python sequence, as the scalar functions take them."""
        if self._rows is None:
            flat = self.values.tolist()
            self._rows = [
                flat[start : start + length]
                for start, length in zip(self.starts.tolist(), self.lengths.tolist(), strict=True)
            ]
        return self._rows

    def owners(self) -> NDArray[Any]:
        """The row of every element of :attr:`values`."""
        owners: NDArray[Any] = np.repeat(np.arange(len(self.lengths)), self.lengths)
        return owners

    def take(self, rows: NDArray[Any]) -> SequenceColumn:
        """The column of the sequences of ``rows`` (row indices, repeats allowed), in that order."""
        lengths = self.lengths[rows]
        positions = np.repeat(self.starts[rows], lengths) + positions_within(lengths)
        return SequenceColumn(self.values[positions], lengths)
