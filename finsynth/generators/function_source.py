"""A function's source text, the same as :func:`inspect.getsource` gives, found with the C parser.

Each FinChain template records a hash of its own source. :func:`inspect.getsource` finds where a
function ends by running Python's pure-Python tokenizer over it (before 3.12), which cost 0.7 of
the 3.9 CPU-seconds every process spent loading the generators (the CLI, each build worker, each
evaluation task). Here each module is parsed once with :mod:`ast` (the C parser) and a function's
lines are cut where ``inspect`` would cut them: from its first decorator to its last statement,
plus the comment lines right after it indented as deep as its body. A function this cannot place
(no source file, not found in the parsed module) falls back to :func:`inspect.getsource`.
``tests/generators/test_function_source.py`` checks the two agree on every registered template
and on generated functions with decorators and trailing comments.
"""

from __future__ import annotations

import ast
import functools
import inspect
import linecache
from collections.abc import Callable, Iterator
from typing import Any


def function_source(function: Callable[..., Any]) -> str:
    """Return ``function``'s source text, equal to ``inspect.getsource(function)``.

    Args:
        function: A plain Python function defined in a source file.

    Returns:
        The lines of its definition, decorators included, joined as in the file.

    Raises:
        OSError: If neither way finds the source (as :func:`inspect.getsource` raises).

    """
    code = getattr(function, "__code__", None)
    filename = inspect.getsourcefile(function) if code is not None else None
    if code is None or filename is None:
        return inspect.getsource(function)
    lines = linecache.getlines(filename, function.__globals__)
    name, last = _last_lines(filename, len(lines)).get(code.co_firstlineno, ("", None))
    if last is None or name != code.co_name:  # not a def found there (a lambda, say): inspect decides
        return inspect.getsource(function)
    return "".join(lines[code.co_firstlineno - 1 : last])


@functools.lru_cache(maxsize=256)
def _last_lines(filename: str, line_count: int) -> dict[int, tuple[str, int]]:
    """Map each function's first line (its first decorator's) to its name and last line.

    The last line is where ``inspect`` ends the function.

    ``line_count`` is part of the cache key so that a file changed since (as linecache sees it) is
    parsed again.
    """
    lines = linecache.getlines(filename)
    try:
        tree = ast.parse("".join(lines), filename)
    except (SyntaxError, ValueError):
        return {}
    found: dict[int, tuple[str, int]] = {}
    for node in _statements(tree.body):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or node.end_lineno is None:
            continue
        first = node.decorator_list[0].lineno if node.decorator_list else node.lineno
        if node.body[0].lineno == node.lineno:
            continue  # a body on the def line: inspect's rules differ there; let it decide
        found[first] = (
            node.name,
            _with_trailing_comments(lines, node.end_lineno, node.body[0].col_offset),
        )
    return found


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement in ``body``, nested blocks included (a function may sit in a class or an ``if``).

    Only statement lists are followed, not expressions: :func:`ast.walk` over every node of the
    template modules cost most of what this module saves.
    """
    for node in body:
        yield node
        for name in ("body", "orelse", "finalbody"):
            inner = getattr(node, name, None)
            if isinstance(inner, list):
                yield from _statements(inner)
        for block in [*getattr(node, "handlers", ()), *getattr(node, "cases", ())]:
            yield from _statements(block.body)


def _with_trailing_comments(lines: list[str], last: int, body_column: int) -> int:
    """Extend ``last`` over the comment lines after it that are indented at least as the body.

    ``inspect`` keeps reading comment and blank lines after a function's last statement until the
    next code line; it counts a comment as the function's when it starts at or right of the body's
    column, whatever lies between.
    """
    for number in range(last + 1, len(lines) + 1):
        text = lines[number - 1]
        stripped = text.strip()
        if not stripped:
            continue
        if not stripped.startswith("#"):
            break
        if len(text) - len(text.lstrip()) >= body_column:
            last = number
    return last
