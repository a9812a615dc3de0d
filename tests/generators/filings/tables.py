"""Reading the text tables of a rendered filing back into numbers, for tests."""

from __future__ import annotations

import re

from finsynth.generators.filings import Filing

Table = dict[str, list[float]]


def cell_value(cell: str) -> float:
    """Parse ``"12,345"``, ``"(1,234)"``, ``"—"``, ``"1.25"`` or ``"79.3%"`` (as 79.3) into a number."""
    cell = cell.strip().removesuffix("%")
    if cell == "—":
        return 0.0
    negative = cell.startswith("(") and cell.endswith(")")
    value = float(cell.strip("()").replace(",", ""))
    return -value if negative else value


def read_table(filing: Filing, title: str) -> Table | None:
    """Return the rows of the table whose title line is ``title`` (label → cells), or None if absent."""
    for paragraph in filing.text.split("\n\n"):
        lines = paragraph.split("\n")
        if lines[0] == title:
            return {
                label: [cell_value(cell) for cell in cells]
                for label, *cells in (line.split(" | ") for line in lines[2:])
            }
    return None


def header(filing: Filing, title: str) -> list[str]:
    """Return the header cells of a table."""
    for paragraph in filing.text.split("\n\n"):
        lines = paragraph.split("\n")
        if lines[0] == title:
            return lines[1].split(" | ")
    raise AssertionError(f"no table {title!r}")


def header_years(filing: Filing, title: str) -> list[int]:
    """Return the fiscal year of each column of a statement table, from its header."""
    return [int(re.findall(r"\d{4}", cell)[-1]) for cell in header(filing, title)[1:]]
