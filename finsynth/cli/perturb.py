"""``finsynth perturb``: apply one perturbation to a text, or to every line of a JSONL file."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from finsynth.errors import FinsynthError
from finsynth.input_files import decode_utf8, parse_json

KINDS = {
    "misspell": "misspell",
    "incomplete": "incomplete",
    "out-of-domain": "out_of_domain",
    "ocr": "ocr",
}
"""Command-line names of the perturbations and their registered names."""

OPTION_KINDS = {
    "kinds": ("misspell",),
    "edits": ("misspell",),
    "method": ("incomplete", "out-of-domain"),
    "cap": ("ocr",),
}
"""Which KIND each perturbation option applies to."""


def _cli_kind(kind: str) -> str:
    """Return KIND as the command line spells it (``out_of_domain`` is accepted too)."""
    spelled = kind.replace("_", "-")
    if spelled not in KINDS:
        raise FinsynthError(f"unknown KIND {kind!r}; choose one of {', '.join(KINDS)}")
    return spelled


def _options(cli_kind: str, given: dict[str, Any]) -> dict[str, Any]:
    """Return the options that were given, after checking each applies to ``cli_kind``."""
    options = {name: value for name, value in given.items() if value is not None}
    for name in options:
        if cli_kind not in OPTION_KINDS[name]:
            raise FinsynthError(
                f"--{name} does not apply to {cli_kind}; it applies to {', '.join(OPTION_KINDS[name])}"
            )
    if "kinds" in options:
        options["kinds"] = tuple(part.strip() for part in options["kinds"].split(",") if part.strip())
    if options.get("method") == "llm":
        raise FinsynthError("--method llm needs a model client; call the perturbation in Python with client=")
    return options


def _read_text(file: Path | None) -> str:
    source = str(file) if file is not None else "standard input"
    try:
        data = file.read_bytes() if file is not None else sys.stdin.buffer.read()
    except OSError as error:
        raise FinsynthError(f"{source}: cannot read: {error.strerror}") from None
    return decode_utf8(data, source)


def _jsonl_records(text: str, source: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield ``(line number, record)`` for each non-blank line, checking ``text`` and ``id``."""
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        record = parse_json(line, source, line=number)
        if not isinstance(record, dict) or not isinstance(record.get("text"), str):
            raise FinsynthError(f"{source}:{number}: expected an object with a string 'text'")
        identifier = record.get("id")
        if isinstance(identifier, bool) or not isinstance(identifier, (str, int, type(None))):
            raise FinsynthError(f"{source}:{number}: 'id' must be a string or an integer")
        yield number, record


def perturb_command(
    kind: Annotated[str, typer.Argument(metavar="KIND", help="misspell, incomplete, out-of-domain or ocr.")],
    file: Annotated[
        Path | None, typer.Argument(help="UTF-8 text (or JSONL with --jsonl); standard input if left out.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed; with --jsonl each line's stream also uses its id.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print {text, ops} as JSON.")] = False,
    jsonl: Annotated[
        bool, typer.Option("--jsonl", help='Read {"text", "id"} JSON lines; print {id, text, ops} per line.')
    ] = False,
    kinds: Annotated[
        str | None, typer.Option(help="misspell: comma-separated kinds among split,segment,real_word,typo.")
    ] = None,
    edits: Annotated[int | None, typer.Option(help="misspell: misspellings per text (default 1).")] = None,
    method: Annotated[
        str | None, typer.Option(help="incomplete: spacy (default) or rules; out-of-domain: lexicon.")
    ] = None,
    cap: Annotated[float | None, typer.Option(help="ocr: highest per-block character error rate.")] = None,
) -> None:
    """Perturb a query (or every line of a JSONL file) and print the result.

    The stream is seeded with derive_seed(SEED), or with derive_seed(SEED, "id", ID) (or
    "line", N when a line has no id) per JSONL line, so any line can be redone alone.
    One trailing line break of plain input is not part of the text.

    Examples:
        echo "What was Apple's net income in 2023?" | finsynth perturb misspell --seed 3

        finsynth perturb out-of-domain questions.txt --json

        finsynth perturb misspell queries.jsonl --jsonl --kinds split,typo --edits 2

    """
    from finsynth.cli.output import fail
    from finsynth.perturbations.registry import get_perturbation
    from finsynth.seeding import RandomStream, derive_seed

    source = str(file) if file is not None else "standard input"
    try:
        cli_kind = _cli_kind(kind)
        options = _options(cli_kind, {"kinds": kinds, "edits": edits, "method": method, "cap": cap})
        function = get_perturbation(KINDS[cli_kind])
        text = _read_text(file)
        if not jsonl:
            text = text.removesuffix("\n").removesuffix("\r")
            result = function(text, RandomStream(derive_seed(seed)), **options)
            typer.echo(json.dumps(result.to_dict(), ensure_ascii=False) if as_json else result.text)
            return
        lines = []  # printed only once every line succeeded: a bad line writes nothing
        for number, record in _jsonl_records(text, source):
            identifier = record.get("id")
            parts = ("id", identifier) if identifier is not None else ("line", number)
            try:
                result = function(record["text"], RandomStream(derive_seed(seed, *parts)), **options)
            except FinsynthError as error:
                raise FinsynthError(f"{source}:{number}: {error}") from None
            line = {"id": identifier, **result.to_dict()} if identifier is not None else result.to_dict()
            lines.append(json.dumps(line, ensure_ascii=False))
        if not lines:
            raise FinsynthError(f"{source}: no JSON lines to perturb")
        typer.echo("\n".join(lines))
    except FinsynthError as error:
        raise fail(error) from None
