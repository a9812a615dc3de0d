"""One regular expression for many phrases, shaped as a trie so matching stays fast as lists grow.

A plain alternation ``(?:net income|net loss|...)`` makes the engine try every phrase at every
position; grouping phrases by their shared beginnings (``net (?:income|loss)``) tries only the
branch that fits. Longer phrases still win over their prefixes: every branch is tried before
the phrase that ends at its node.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_END = ""
"""The key marking that a phrase ends at a node (no atom is empty)."""

Trie = dict[str, "Trie"]


def _atoms(phrase: str) -> list[str]:
    """Split a phrase into pattern atoms: spaces match any whitespace, an apostrophe either kind."""
    atoms: list[str] = []
    for character in phrase:
        if character == " ":
            if atoms and atoms[-1] == r"\s+":
                continue
            atoms.append(r"\s+")
        elif character in "'’":
            atoms.append("['’]")
        else:
            atoms.append(re.escape(character))
    return atoms


def _pattern(node: Trie) -> str:
    branches = [atom + _pattern(child) for atom, child in sorted(node.items()) if atom != _END]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"
    return f"(?:{body})?" if _END in node else body


def phrase_alternation(phrases: Iterable[str]) -> str:
    """Return a pattern (without anchors) matching any of ``phrases``, the longest one where several fit."""
    root: Trie = {}
    for phrase in phrases:
        node = root
        for atom in _atoms(phrase):
            node = node.setdefault(atom, {})
        node[_END] = {}
    return _pattern(root)
