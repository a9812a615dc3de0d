"""What a question about a filing may carry around its phrasing, from ``resources/question_framing.yaml``.

The file (written for finsynth) is checked against ``filings_question_framing.schema.json`` when
loaded, then for what a schema cannot state: no non-empty entry is listed twice (empty entries
repeat on purpose, to set how often nothing is added) and no text uses a placeholder. An error
names the file and the entry.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from finsynth.errors import ConfigError
from finsynth.generators.filings.resource_files import check_placeholders, read_resource, texts_of
from finsynth.schemas import Validator, load_schema
from finsynth.schemas.loader import check_data_file

FRAMING_FILE = "resources/question_framing.yaml"
"""Where the framing lives, relative to the ``finsynth.generators.filings`` package."""


class QuestionFraming(NamedTuple):
    """What questions and writing requests may carry, each list in file order (drawn by position).

    Attributes:
        lead_ins: Put before a question (empty: none).
        follow_ups: Added after a question (empty: none).
        writing_notes: Added after a writing request (empty: none).

    """

    lead_ins: tuple[str, ...]
    follow_ups: tuple[str, ...]
    writing_notes: tuple[str, ...]


def _check_repeats(texts: list[tuple[str, str]], source: str) -> None:
    seen: set[str] = set()
    for where, text in texts:
        if text and text in seen:
            raise ConfigError(f"{text!r} appears twice", source=source, path=where)
        seen.add(text)


def parse_question_framing(document: Any, source: str) -> QuestionFraming:
    """Check a question-framing document and return its lists.

    Args:
        document: The parsed YAML document.
        source: Where it came from, for error messages.

    Raises:
        ConfigError: Naming the source and the JSON path of the first problem: a schema violation,
            a non-empty entry listed twice, or a placeholder.

    """
    validator = Validator(load_schema("filings_question_framing"), "filings question framing")
    check_data_file(validator, document, source)
    for field in QuestionFraming._fields:
        texts = texts_of(f"$.{field}", document[field])
        _check_repeats(texts, source)
        check_placeholders(texts, (), source)
    return QuestionFraming(*(tuple(document[field]) for field in QuestionFraming._fields))


def _shipped() -> QuestionFraming:
    return parse_question_framing(*read_resource(FRAMING_FILE))


QUESTION_FRAMING = _shipped()
"""The shipped question framing."""
