"""Card figures as PNG bytes: a facet heat map, token-length histograms and request shapes.

Figures are drawn on matplotlib's Agg canvas (no pyplot state, no display) with a fixed
size, dpi and bundled font, and saved without the ``Software`` text chunk, so the same
statistics give byte-identical files.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from finsynth.cards.statistics import TokenSummary, ordered_values

if TYPE_CHECKING:
    from matplotlib.figure import Figure

DPI = 100
_STYLE: dict[Any, Any] = {
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.titlesize": 10,
    "path.simplify": False,
    "image.interpolation": "nearest",
    "savefig.dpi": DPI,
}
_HISTOGRAM_BINS = 30
_TOP_REQUESTS = 20


@contextmanager
def _figure(width: float, height: float) -> Iterator[Figure]:
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    with matplotlib.rc_context(_STYLE):
        figure = Figure(figsize=(width, height), dpi=DPI)
        FigureCanvasAgg(figure)
        yield figure


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI, metadata={"Software": None})
    return buffer.getvalue()


def heat_map(row_facet: str, column_facet: str, counts: Counter[tuple[str, str]]) -> bytes:
    """Rows per pair of two facets (``domain`` × ``difficulty``), annotated with the counts."""
    rows = ordered_values(row_facet, sorted({row for row, _ in counts}))
    columns = ordered_values(column_facet, sorted({column for _, column in counts}))
    grid = [[counts[(row, column)] for column in columns] for row in rows]
    with _figure(2.5 + 1.1 * len(columns), 1.2 + 0.32 * len(rows)) as figure:
        axes = figure.add_subplot()
        image = axes.imshow(grid, cmap="Blues", aspect="auto")
        axes.set_xticks(range(len(columns)), columns)
        axes.set_yticks(range(len(rows)), [row.replace("_", " ") for row in rows])
        axes.set_xlabel(column_facet)
        axes.set_title(f"rows per {row_facet} and {column_facet}")
        peak = max((value for line in grid for value in line), default=0)
        for y, line in enumerate(grid):
            for x, value in enumerate(line):
                colour = "white" if value > peak / 2 else "black"
                axes.text(x, y, f"{value:,}", ha="center", va="center", color=colour, fontsize=8)
        figure.colorbar(image, ax=axes)
        figure.tight_layout()
        return _png(figure)


def token_histogram(tokens: Sequence[TokenSummary]) -> bytes:
    """One histogram of token lengths per text column, side by side."""
    with _figure(3.2 * max(1, len(tokens)), 2.8) as figure:
        for position, summary in enumerate(tokens, 1):
            axes = figure.add_subplot(1, max(1, len(tokens)), position)
            axes.hist(summary.lengths, bins=_HISTOGRAM_BINS, color="#4c72b0")
            axes.set_title(f"{summary.column} (cl100k_base tokens)")
            axes.set_xlabel("tokens")
            axes.set_ylabel("rows")
        figure.tight_layout()
        return _png(figure)


def request_chart(requests: Counter[tuple[str, str]], sampled: int) -> bytes:
    """The most common (root verb, object) pairs of the sampled questions as horizontal bars."""
    top = sorted(requests.items(), key=lambda item: (-item[1], item[0]))[:_TOP_REQUESTS]
    labels = [f"{verb} → {obj}" for (verb, obj), _ in reversed(top)]
    values = [count for _, count in reversed(top)]
    with _figure(5.5, 1.0 + 0.22 * max(1, len(top))) as figure:
        axes = figure.add_subplot()
        axes.barh(range(len(values)), values, color="#55a868")
        axes.set_yticks(range(len(labels)), labels)
        axes.set_xlabel(f"questions (of {sampled} sampled)")
        axes.set_title("root verb → object of the question")
        figure.tight_layout()
        return _png(figure)
