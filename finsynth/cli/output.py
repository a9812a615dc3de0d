"""What every ``finsynth`` sub-command shares: the two consoles, exit codes and the error line.

User text (paths, messages, record fields) is always printed literally: Rich markup is applied only
to the fixed ``error:`` prefix, so brackets in a file name or a message are shown as they are.
"""

from __future__ import annotations

import typer
from rich.console import Console
from rich.text import Text

EXIT_CHECK_FAILED = 1
"""Exit code when the data itself fails a check (``verify``, ``validate``)."""
EXIT_BAD_INPUT = 2
"""Exit code for input the user can fix: a missing file, a bad option, a malformed config."""

console = Console(soft_wrap=True)
"""Standard output. Soft wrap keeps piped output unwrapped and untruncated."""
errors = Console(stderr=True, soft_wrap=True)
"""Standard error, for problems and progress."""


def one_line(text: str) -> str:
    """Return ``text`` printable on one line: line breaks and lone surrogates shown as escapes."""
    escaped = text.replace("\r", "\\r").replace("\n", "\\n")
    return escaped.encode("utf-8", "backslashreplace").decode("utf-8")


def print_error(message: str) -> None:
    """Print ``error: <message>`` on stderr, the message literally and on one line."""
    line = Text("error:", style="bold red")
    line.append(f" {one_line(message)}")
    errors.print(line, highlight=False, soft_wrap=True)


def print_note(message: str) -> None:
    """Print ``note: <message>`` on stderr, literally and on one line (something to know, not an error)."""
    line = Text("note:", style="bold yellow")
    line.append(f" {one_line(message)}")
    errors.print(line, highlight=False, soft_wrap=True)


def fail(error: Exception) -> typer.Exit:
    """Print ``error: <message>`` on stderr and return the exit to raise (code 2).

    Args:
        error: The problem; its text is printed literally and on one line, never as markup.

    Returns:
        The ``typer.Exit`` the caller raises.
    """
    print_error(str(error))
    return typer.Exit(EXIT_BAD_INPUT)
