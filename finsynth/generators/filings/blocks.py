"""The pieces a filing is assembled from: lines, paragraphs and blocks.

A *line* becomes one :class:`~finsynth.generators.filings.document.Sentence` of the filing
(a prose sentence, a heading or a table row) and names the facts it states, so citations
point at the sentences that hold the facts by construction. A *block* is the smallest unit
the length control adds or leaves out (a risk factor, a note, a segment discussion).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True)
class Line:
    """One sentence, heading or table row.

    Attributes:
        text: The text, without surrounding whitespace.
        facts: Keys of the facts this line states (see ``Filing.facts``).

    """

    text: str
    facts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Paragraph:
    """Lines shown together: prose sentences joined by spaces, table rows or a heading on their own lines.

    Attributes:
        lines: The lines in order.
        kind: ``"prose"`` joins lines with a space; ``"table"`` and ``"heading"`` with a newline.

    """

    lines: tuple[Line, ...]
    kind: Literal["prose", "table", "heading"] = "prose"


@dataclass(frozen=True)
class Block:
    """A unit of content the length control keeps or leaves out as a whole.

    Attributes:
        paragraphs: The paragraphs in order.
        facts: Facts stated in the block (key → value), added to the filing's facts when kept.
        title: A note title; notes are numbered when the filing is assembled.
        group: A subheading shown once before the first kept block of its group.

    """

    paragraphs: tuple[Paragraph, ...]
    facts: Mapping[str, float | str] = field(default_factory=dict)
    title: str | None = None
    group: str | None = None


def prose(*lines: Line | str) -> Paragraph:
    """Return a prose paragraph of lines (plain strings state no facts)."""
    return Paragraph(tuple(line if isinstance(line, Line) else Line(line) for line in lines))


def heading(text: str) -> Paragraph:
    """Return a heading paragraph."""
    return Paragraph((Line(text),), kind="heading")


@dataclass(frozen=True)
class Candidate:
    """A block offered to a section: required blocks are always kept, optional ones fill length.

    Attributes:
        block: The block.
        required: Whether the block is always part of the filing.
        preferred: Whether an optional block is offered before the others when the filing is filled
            to its length, so that it is left out only where the required content leaves no room.

    """

    block: Block
    required: bool = False
    preferred: bool = False
