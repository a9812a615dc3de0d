"""Common typos: codespell's list of misspellings, read backwards (correct word → its typos).

codespell ships ``dictionary.txt`` with lines ``misspelling->correction[, correction2]``.
The file is found at run time in the installed ``codespell_lib`` and never copied into
finsynth; it is parsed once per process.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files

from finsynth.errors import FinsynthError

_PLAIN_WORD = re.compile(r"[a-z]+")


def _dictionary_text() -> str:
    try:
        resource = files("codespell_lib") / "data" / "dictionary.txt"
        return resource.read_text(encoding="utf-8")
    except (ModuleNotFoundError, OSError) as error:
        raise FinsynthError(
            "the 'typo' misspelling kind needs codespell's dictionary "
            f"(pip install codespell), which could not be read: {error}"
        ) from None


@cache
def typos_by_word() -> dict[str, tuple[str, ...]]:
    """Return each correctly spelled lower-case word with the misspellings codespell knows for it.

    Only plain one-word entries are kept (letters a–z on both sides); the misspellings of a
    word keep the order of the file.

    Raises:
        FinsynthError: If codespell is not installed or its dictionary cannot be read.

    """
    typos: dict[str, list[str]] = {}
    for line in _dictionary_text().splitlines():
        misspelling, arrow, corrections = line.partition("->")
        if not arrow or not _PLAIN_WORD.fullmatch(misspelling):
            continue
        for correction in corrections.split(","):
            word = correction.strip()
            if _PLAIN_WORD.fullmatch(word) and word != misspelling:
                typos.setdefault(word, []).append(misspelling)
    return {word: tuple(misspellings) for word, misspellings in typos.items()}
