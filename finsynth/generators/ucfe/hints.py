"""Evaluation hints of a UCFE item: six lists a judge reads, rendered as text and parsed back.

A judge compares two assistants against an item's hints: the reference answer, what an
answer must contain (or it is wrong), what it must at least cover (or it scores low), what a
complete answer should contain, what earns extra credit, and what it must not contain.

:func:`render_hints` writes our own wording, one line per entry, each entry a JSON string so
that any text (quotes, newlines, brackets) survives. :func:`parse_hints` reads that rendering
back exactly, and also reads the free-text sentences of the UCFE benchmark's
``evaluation_hints`` (see :mod:`finsynth.generators.ucfe.bench_hints`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from finsynth.errors import FinsynthError
from finsynth.generators.ucfe.bench_hints import read_bench_hints

HINT_FIELDS = ("answer", "must_contain", "at_least_contain", "should_contain", "encourage", "forbid")
"""The six hint fields, in the order a judge reads them."""

HEADINGS: Mapping[str, str] = {
    "answer": "Reference answer:",
    "must_contain": "Required: an answer that leaves out any of these is wrong.",
    "at_least_contain": "Minimum coverage: an answer with no more than these gets a low score.",
    "should_contain": "Expected in a complete answer:",
    "encourage": "Extra credit for also covering:",
    "forbid": "Not allowed: an answer that includes any of these is unsuitable.",
}
"""The heading line of each field in rendered hints (our wording)."""

_ENTRY_PREFIX = "- "


class HintParseError(FinsynthError):
    """Hint text looks like our rendering but breaks its rules."""


@dataclass(frozen=True)
class EvaluationHints:
    """What a judge should look for in an answer, by kind."""

    answer: list[str] = field(default_factory=list)
    """The reference answer (a label, a value or a model answer); empty when there is none."""
    must_contain: list[str] = field(default_factory=list)
    """Points whose absence makes an answer wrong."""
    at_least_contain: list[str] = field(default_factory=list)
    """The minimum an acceptable answer covers; meeting only these scores low."""
    should_contain: list[str] = field(default_factory=list)
    """Points a complete answer covers."""
    encourage: list[str] = field(default_factory=list)
    """Points that improve an answer when present."""
    forbid: list[str] = field(default_factory=list)
    """Content that makes an answer unsuitable."""

    def to_dict(self) -> dict[str, list[str]]:
        """Return the six fields as a plain dict of lists (the record's ``hints`` column)."""
        return {name: list(getattr(self, name)) for name in HINT_FIELDS}

    @classmethod
    def from_dict(cls, values: Mapping[str, Sequence[str]]) -> EvaluationHints:
        """Build hints from a mapping of field name to entries; missing fields are empty.

        Raises:
            FinsynthError: For a key that is not one of :data:`HINT_FIELDS`.

        """
        unknown = sorted(set(values) - set(HINT_FIELDS))
        if unknown:
            raise FinsynthError(f"unknown hint field {unknown[0]!r}; allowed: {', '.join(HINT_FIELDS)}")
        return cls(**{name: list(entries) for name, entries in values.items()})

    def present(self) -> tuple[str, ...]:
        """Return the names of the fields that have at least one entry, in reading order."""
        return tuple(name for name in HINT_FIELDS if getattr(self, name))


@dataclass(frozen=True)
class HintReading:
    """Hints read from text, with notes on every judgement call the reader made."""

    hints: EvaluationHints
    """The hints."""
    notes: tuple[str, ...] = ()
    """One line per assumption (a sentence without a cue, an empty quote, text kept after a quote)."""


def render_hints(hints: EvaluationHints) -> str:
    """Render hints as the text a judge reads: a heading per non-empty field, one entry per line.

    Each entry is written as a JSON string, so :func:`parse_hints` recovers it exactly.
    """
    lines: list[str] = []
    for name in hints.present():
        lines.append(HEADINGS[name])
        lines += [_ENTRY_PREFIX + json.dumps(entry, ensure_ascii=False) for entry in getattr(hints, name)]
    return "\n".join(lines)


def _read_rendered(text: str) -> EvaluationHints:
    by_heading = {heading: name for name, heading in HEADINGS.items()}
    values: dict[str, list[str]] = {}
    current: list[str] | None = None
    for number, line in enumerate(text.split("\n"), 1):
        if line in by_heading:
            name = by_heading[line]
            if name in values:
                raise HintParseError(f"hint line {number}: heading {line!r} appears twice")
            current = values.setdefault(name, [])
            continue
        if current is None or not line.startswith(_ENTRY_PREFIX):
            raise HintParseError(
                f"hint line {number}: expected a heading or an entry '- \"...\"', got {line[:60]!r}"
            )
        try:
            entry = json.loads(line[len(_ENTRY_PREFIX) :])
        except json.JSONDecodeError as error:
            raise HintParseError(f"hint line {number}: entry is not a JSON string: {error.msg}") from None
        if not isinstance(entry, str):
            raise HintParseError(f"hint line {number}: entry is not a JSON string")
        current.append(entry)
    return EvaluationHints.from_dict(values)


def is_rendered(text: str) -> bool:
    """Return whether text starts like our rendering (a heading line of :data:`HEADINGS`)."""
    return text.split("\n", 1)[0] in HEADINGS.values()


def read_hints(text: str) -> HintReading:
    """Read hints from our rendering or from the UCFE benchmark's hint sentences.

    Raises:
        HintParseError: If the text starts like our rendering but a line breaks its rules.

    """
    if is_rendered(text):
        return HintReading(_read_rendered(text))
    values, notes = read_bench_hints(text)
    return HintReading(EvaluationHints.from_dict(values), tuple(notes))


def parse_hints(text: str) -> EvaluationHints:
    """Return the hints in our rendering or in the benchmark's sentences (see :func:`read_hints`)."""
    return read_hints(text).hints
