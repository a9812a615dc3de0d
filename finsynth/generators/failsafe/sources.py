"""Loaders for real FailSafe sources: the FailSafeQA file, TAT-QA, EDGAR-crawler items and plain JSONL.

Each loader returns a :class:`LoadResult`: the items it could use and a :class:`Problem` for
every input it could not (a missing field, a citation that is not in the context), so a
caller sees exactly what was left out and why. Unreadable files raise
:class:`~finsynth.errors.ConfigError` naming the file (and line, for JSON errors).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from finsynth.errors import ConfigError
from finsynth.generators.failsafe.items import Problem, SourceItem, TaskType, task_type_of
from finsynth.input_files import parse_json, read_json, read_text


@dataclass(frozen=True)
class LoadResult:
    """What a loader read.

    Attributes:
        items: Usable items, in file order.
        problems: Inputs that were not used, with the reason.

    """

    items: tuple[SourceItem, ...]
    problems: tuple[Problem, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class FilingDocument:
    """A 10-K extracted item by item (EDGAR-crawler's JSON): a context without questions.

    Attributes:
        company: Company name.
        year: Fiscal year or filing year as given.
        sections: ``(item name, text)`` of every non-empty item, in filing order.

    """

    company: str
    year: str
    sections: tuple[tuple[str, str], ...]

    @property
    def text(self) -> str:
        """The filing's text: every non-empty item, separated by blank lines."""
        return "\n\n".join(text for _, text in self.sections)


def _text_field(record: Mapping[str, Any], name: str) -> str | None:
    value = record.get(name)
    if isinstance(value, str) and value.strip():
        return value
    return None


def _citation_problems(context: str, citations: Sequence[str]) -> list[str]:
    return [
        f"citation {number} is not a substring of the context: {citation[:60]!r}"
        for number, citation in enumerate(citations)
        if citation not in context
    ]


def _item_or_problem(
    where: str,
    *,
    identifier: str,
    context: str | None,
    question: str | None,
    answer: str | None,
    citations: Sequence[str],
    task_type: TaskType | None,
    source: str,
) -> SourceItem | Problem:
    missing = [
        name
        for name, value in (("context", context), ("question", question), ("answer", answer))
        if not value
    ]
    if missing:
        return Problem(where, f"missing or empty {', '.join(missing)}")
    assert context is not None and question is not None and answer is not None
    bad = _citation_problems(context, citations)
    if bad:
        return Problem(where, "; ".join(bad))
    return SourceItem(
        id=identifier,
        context=context,
        question=question,
        answer=answer,
        citations=tuple(citations),
        task_type=task_type or task_type_of(question),
        source=source,
    )


def _collect(results: Iterable[SourceItem | Problem]) -> LoadResult:
    items: list[SourceItem] = []
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for result in results:
        if isinstance(result, Problem):
            problems.append(result)
        elif result.id in seen:
            problems.append(Problem(result.id, f"duplicate id (first used by {seen[result.id]})"))
        else:
            seen[result.id] = result.id
            items.append(result)
    return LoadResult(tuple(items), tuple(problems))


def _citations_value(value: Any) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return list(value)
    raise TypeError("citations must be a string or a list of strings")


def load_failsafeqa(path: str | Path) -> LoadResult:
    """Read the FailSafeQA file (its ``.jsonl`` is one JSON array of rows).

    Rows give ``idx``, ``context``, ``query``, ``answer`` and ``citations``. FailSafeQA does
    not label QA versus TG, so requests that start with a writing verb become ``TG``
    (see :func:`~finsynth.generators.failsafe.items.task_type_of`). Citations there are
    quoted evidence that need not be verbatim, so they are kept only when they are exact
    substrings of the context and otherwise reported.
    """
    rows = read_json(path)
    if not isinstance(rows, list):
        raise ConfigError("expected one JSON array of rows (FailSafeQA's file layout)", source=str(path))

    def convert(position: int, row: Any) -> SourceItem | Problem:
        where = f"{path}[{position}]"
        if not isinstance(row, dict):
            return Problem(where, f"a row must be an object, not {type(row).__name__}")
        context = _text_field(row, "context")
        try:
            citations = _citations_value(row.get("citations"))
        except TypeError as error:
            return Problem(where, str(error))
        kept = [citation for citation in citations if context is not None and citation in context]
        return _item_or_problem(
            where,
            identifier=str(row.get("idx", position)),
            context=context,
            question=_text_field(row, "query"),
            answer=_text_field(row, "answer"),
            citations=kept,
            task_type=None,
            source="failsafeqa",
        )

    return _collect(convert(position, row) for position, row in enumerate(rows))


def _render_table(rows: Sequence[Sequence[Any]]) -> list[str]:
    return [
        " | ".join(str(cell).strip() for cell in row)
        for row in rows
        if any(str(cell).strip() for cell in row)
    ]


def _tatqa_answer(question: Mapping[str, Any]) -> str | None:
    answer = question.get("answer")
    scale = str(question.get("scale") or "").strip()
    if isinstance(answer, list):
        text = ", ".join(str(part) for part in answer if str(part).strip())
    elif isinstance(answer, bool) or answer is None:
        return None
    else:
        text = str(answer)
    if not text.strip():
        return None
    return f"{text} {scale}" if scale and question.get("answer_type") == "arithmetic" else text


def load_tatqa(path: str | Path) -> LoadResult:
    """Read a TAT-QA file: each document's table and paragraphs become the context of its questions.

    The table is rendered one row per line (cells joined by ``" | "``) after the paragraphs.
    Citations are the paragraphs the question relies on (``rel_paragraphs``) plus, for
    answers taken from the table, the table's lines.
    """
    documents = read_json(path)
    if not isinstance(documents, list):
        raise ConfigError("expected a JSON array of TAT-QA documents", source=str(path))
    results: list[SourceItem | Problem] = []
    for number, document in enumerate(documents):
        where = f"{path}[{number}]"
        try:
            paragraphs = sorted(document["paragraphs"], key=lambda paragraph: int(paragraph["order"]))
            texts = {str(paragraph["order"]): str(paragraph["text"]) for paragraph in paragraphs}
            table_lines = _render_table(document["table"]["table"])
            questions = document["questions"]
        except (KeyError, TypeError, ValueError) as error:
            results.append(Problem(where, f"not a TAT-QA document (missing or bad {error})"))
            continue
        parts = [text for text in texts.values() if text.strip()]
        context = "\n\n".join([*parts, "\n".join(table_lines)] if table_lines else parts)
        for position, question in enumerate(questions):
            question_where = f"{where}.questions[{position}]"
            if not isinstance(question, dict):
                results.append(Problem(question_where, "a question must be an object"))
                continue
            cited = [texts[str(order)] for order in question.get("rel_paragraphs", []) if str(order) in texts]
            if "table" in str(question.get("answer_from", "")) and table_lines:
                cited.append("\n".join(table_lines))
            results.append(
                _item_or_problem(
                    question_where,
                    identifier=str(question.get("uid", f"{number}-{position}")),
                    context=context,
                    question=_text_field(question, "question"),
                    answer=_tatqa_answer(question),
                    citations=cited,
                    task_type="QA",
                    source="tatqa",
                )
            )
    return _collect(results)


def load_jsonl(path: str | Path) -> LoadResult:
    """Read JSON lines: ``context``, ``question``, ``answer``; optional ``id``, ``citations``, ``task_type``.

    Citations must be exact substrings of the context. Blank lines are skipped; a line that is
    not a JSON object is a :class:`~finsynth.errors.ConfigError` naming its line number.
    """
    text = read_text(path)
    results: list[SourceItem | Problem] = []
    for line_number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}:{line_number}"
        row = parse_json(line, str(path), line=line_number)
        if not isinstance(row, dict):
            raise ConfigError("each line must be a JSON object", source=str(path), line=line_number)
        task_type = row.get("task_type")
        if task_type not in (None, "QA", "TG"):
            results.append(Problem(where, f"task_type must be 'QA' or 'TG', not {task_type!r}"))
            continue
        try:
            citations = _citations_value(row.get("citations"))
        except TypeError as error:
            results.append(Problem(where, str(error)))
            continue
        results.append(
            _item_or_problem(
                where,
                identifier=str(row.get("id", line_number)),
                context=_text_field(row, "context"),
                question=_text_field(row, "question"),
                answer=_text_field(row, "answer"),
                citations=citations,
                task_type=task_type,
                source="jsonl",
            )
        )
    return _collect(results)


def load_edgar(path: str | Path) -> FilingDocument:
    """Read an EDGAR-crawler item JSON (``company``, ``item_1`` … ``item_16``) as one filing document.

    Raises:
        ConfigError: If the file is not such a JSON object or has no non-empty item.

    """
    data = read_json(path)
    if not isinstance(data, dict):
        raise ConfigError("expected an EDGAR-crawler JSON object", source=str(path))
    sections = tuple(
        (name, value.strip())
        for name, value in data.items()
        if name.startswith("item_") and isinstance(value, str) and value.strip()
    )
    if not sections:
        raise ConfigError("no non-empty item_* field: not an EDGAR-crawler filing", source=str(path))
    year = str(data.get("period_of_report") or data.get("filing_date") or "")[:4]
    return FilingDocument(company=str(data.get("company", "")), year=year, sections=sections)
