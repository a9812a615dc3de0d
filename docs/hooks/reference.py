"""MkDocs hook: the pages generated at build time from the code itself.

``<!-- generated: cli -->`` in a page becomes the reference of every ``finsynth`` command, read
from the Typer/Click command tree (help, usage, arguments and options with their defaults);
``<!-- generated: schemas -->`` becomes a table per JSON Schema in ``finsynth/schemas`` (every
property with its type and description). Nothing in these pages is pasted, so they cannot
drift from the code.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the checkout's finsynth, not whichever one is installed
    sys.path.insert(0, str(ROOT))

import typer.main  # noqa: E402

CLI_MARKER = "<!-- generated: cli -->"
SCHEMAS_MARKER = "<!-- generated: schemas -->"


def _cell(text: str) -> str:
    """Text fit for one Markdown table cell."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _commands(command: Any, context: Any) -> Iterator[tuple[Any, Any]]:
    """Every command under ``command`` (itself first), each with its Click context."""
    yield command, context
    if hasattr(command, "list_commands"):
        for name in command.list_commands(context):
            child = command.get_command(context, name)
            if child is not None and not child.hidden:
                yield from _commands(child, command.context_class(child, info_name=name, parent=context))


def _parameter_row(parameter: Any) -> str:
    """One table row: a command's argument or option, its type, help and default."""
    if parameter.param_type_name == "argument":
        name = f"`{parameter.name.upper()}`"
    else:
        name = ", ".join(f"`{option}`" for option in [*parameter.opts, *parameter.secondary_opts])
    annotation = parameter.type_descriptor.annotation
    kind = getattr(annotation, "__name__", str(annotation))
    if getattr(parameter, "is_flag", False):
        kind = "flag"
    default = parameter.default
    shown = "" if default in (None, False, (), []) or callable(default) else f"`{default}`"
    required = " (required)" if parameter.required else ""
    return f"| {name}{required} | {_cell(kind)} | {_cell(parameter.help or '')} | {shown} |"


def _help_markdown(text: str) -> str:
    """A command's help as Markdown: its indented example lines become one code block."""
    lines, examples = [], []
    for line in text.strip().splitlines():
        if line.startswith("    ") or (examples and not line.strip()):
            examples.append(line.strip())
            continue
        if examples:
            lines += ["```text", *[example for example in examples if example], "```", ""]
            examples = []
        lines.append(line)
    if examples:
        lines += ["", "```text", *[example for example in examples if example], "```"]
    return "\n".join(lines)


def cli_reference() -> str:
    """Markdown for every ``finsynth`` command: heading, help, usage, parameters."""
    from finsynth.cli.app import app

    root = typer.main.get_command(app)
    sections = []
    for command, context in _commands(root, root.context_class(root, info_name="finsynth")):
        path = context.command_path
        usage = command.get_usage(context).removeprefix("Usage: ")
        lines = [f"## `{path}`", "", _help_markdown(command.help or ""), "", "**Usage:**", ""]
        lines += ["```text", usage, "```", ""]
        parameters = [p for p in command.get_params(context) if p.name != "help"]
        if parameters:
            lines += ["| parameter | type | what | default |", "|---|---|---|---|"]
            lines += [_parameter_row(parameter) for parameter in parameters]
            lines.append("")
        sections.append("\n".join(lines))
    return "\n".join(sections)


def _type(schema: dict[str, Any]) -> str:
    if "$ref" in schema:
        return f"see `{schema['$ref']}`"
    if "enum" in schema:
        return "one of " + ", ".join(f"`{value}`" for value in schema["enum"])
    kinds = schema.get("type", "any")
    kind = " or ".join(kinds) if isinstance(kinds, list) else str(kinds)
    if "items" in schema and isinstance(schema["items"], dict):
        kind += f" of {_type(schema['items'])}"
    return kind


def schema_reference() -> str:
    """Markdown for every JSON Schema in ``finsynth/schemas``: one table of properties each."""
    sections = []
    for path in sorted((ROOT / "finsynth" / "schemas").glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        lines = [f"## `{path.name}`", ""]
        if schema.get("title") or schema.get("description"):
            lines += [_cell(schema.get("description") or schema["title"]), ""]
        properties = schema.get("properties", {})
        required = set(schema.get("required", []))
        if properties:
            lines += ["| property | type | required | description |", "|---|---|---|---|"]
            for name, spec in properties.items():
                spec = spec if isinstance(spec, dict) else {}
                mark = "yes" if name in required else ""
                description = _cell(spec.get("description", ""))
                lines.append(f"| `{name}` | {_cell(_type(spec))} | {mark} | {description} |")
        else:
            lines.append(f"Type: {_cell(_type(schema))}.")
        lines.append("")
        sections.append("\n".join(lines))
    return "\n".join(sections)


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Fill the generated sections of a page."""
    if CLI_MARKER in markdown:
        markdown = markdown.replace(CLI_MARKER, cli_reference())
    if SCHEMAS_MARKER in markdown:
        markdown = markdown.replace(SCHEMAS_MARKER, schema_reference())
    return markdown
