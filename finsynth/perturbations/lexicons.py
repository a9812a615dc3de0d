"""Our own word lists, read once from ``resources/``.

Confusable words, finance jargon, the word parts splits cut at, and the scaffolding words a
keyword query drops.

Both files are JSON written for finsynth. They are checked when first read, so a broken
edit names the file and the entry instead of failing somewhere inside a perturbation.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any, NamedTuple

from finsynth.errors import FinsynthError

CONFUSABLE_WORDS_FILE = "confusable_words.json"
JARGON_FILE = "jargon_plain.json"
WORD_PARTS_FILE = "word_parts.json"
QUERY_SCAFFOLDING_FILE = "query_scaffolding.json"


class WordParts(NamedTuple):
    """Where a word may be split into two pieces a reader recognises."""

    prefixes: frozenset[str]
    """Prefixes such as ``re`` and ``inter``."""
    suffixes: frozenset[str]
    """Suffixes such as ``ment`` and ``ing``."""
    short_words: frozenset[str]
    """Common short words that compounds are made of (``news``, ``paper``)."""


def _read(name: str) -> Any:
    resource = files("finsynth.perturbations") / "resources" / name
    try:
        return json.loads(resource.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise FinsynthError(f"cannot read the word list {name}: {error}") from None


@cache
def confusable_words() -> dict[str, tuple[str, ...]]:
    """Return each confusable word (lower case) with the real words it can be mistaken for.

    A word in several groups gets the members of all of them, in file order, without repeats.

    Raises:
        FinsynthError: If the file is unreadable or a group is not a list of two or more
            distinct lower-case words.

    """
    groups = _read(CONFUSABLE_WORDS_FILE).get("groups")
    if not isinstance(groups, list):
        raise FinsynthError(f"{CONFUSABLE_WORDS_FILE}: 'groups' must be a list of word lists")
    alternatives: dict[str, list[str]] = {}
    for index, group in enumerate(groups):
        valid = isinstance(group, list) and all(isinstance(word, str) and word for word in group)
        if not valid or len(set(group)) < 2 or any(word != word.lower() for word in group):
            raise FinsynthError(
                f"{CONFUSABLE_WORDS_FILE}: groups[{index}] must list two or more distinct lower-case words"
            )
        for word in group:
            known = alternatives.setdefault(word, [])
            known += [other for other in group if other != word and other not in known]
    return {word: tuple(others) for word, others in alternatives.items()}


@cache
def jargon_lexicon() -> dict[str, tuple[str, ...]]:
    """Return each finance term (lower case) with its plain-language alternatives.

    Raises:
        FinsynthError: If the file is unreadable, a term is not lower case, or a term has no
            non-empty alternatives.

    """
    terms = _read(JARGON_FILE).get("terms")
    if not isinstance(terms, dict):
        raise FinsynthError(f"{JARGON_FILE}: 'terms' must map each term to a list of plain phrasings")
    lexicon: dict[str, tuple[str, ...]] = {}
    for term, plain in terms.items():
        valid = isinstance(plain, list) and plain and all(isinstance(p, str) and p.strip() for p in plain)
        if not valid or not term.strip() or term != term.lower():
            raise FinsynthError(
                f"{JARGON_FILE}: terms[{term!r}] must be a lower-case term with a non-empty list of phrasings"
            )
        lexicon[term] = tuple(plain)
    return lexicon


def _term_lists(key: str) -> list[list[str]]:
    """The lists of lexicon terms under ``key``; each entry must be a term of the lexicon."""
    entries = _read(JARGON_FILE).get(key, [])
    lexicon = jargon_lexicon()
    if not isinstance(entries, list):
        raise FinsynthError(f"{JARGON_FILE}: {key!r} must be a list")
    lists = []
    for index, entry in enumerate(entries):
        terms = entry if isinstance(entry, list) else [entry]
        unknown = [term for term in terms if not isinstance(term, str) or term not in lexicon]
        if unknown or not terms:
            raise FinsynthError(
                f"{JARGON_FILE}: {key}[{index}] names no term or terms not in 'terms': {unknown}"
            )
        lists.append(terms)
    return lists


@cache
def framing_terms() -> frozenset[str]:
    """Return the lexicon terms that name the document, the period or the kind of question.

    Replacing only these ("fiscal", "risk factors") leaves the finance concept a question asks
    about as it was, so a lay rewrite must replace at least one other term.

    Raises:
        FinsynthError: If ``framing`` is not a list of lexicon terms.

    """
    return frozenset(term for terms in _term_lists("framing") for term in terms)


@cache
def concept_of() -> dict[str, str]:
    """Return each lexicon term's concept: the first term of its ``same_concept`` group, else itself.

    Terms of one concept (a term, its abbreviation, its plural) may share a lay phrasing; terms of
    two concepts may not, or the lay question would no longer say which one it asks about.

    Raises:
        FinsynthError: If ``same_concept`` is not a list of lists of lexicon terms.

    """
    concepts = {term: term for term in jargon_lexicon()}
    for group in _term_lists("same_concept"):
        for term in group:
            concepts[term] = group[0]
    return concepts


@cache
def word_parts() -> WordParts:
    """Return the prefixes, suffixes and short words that split misspellings cut at.

    Raises:
        FinsynthError: If the file is unreadable or a list is missing or holds anything but
            lower-case words.

    """
    document = _read(WORD_PARTS_FILE)
    lists = []
    for name in WordParts._fields:
        entries = document.get(name)
        if not isinstance(entries, list) or not all(
            isinstance(e, str) and e.isalpha() and e.islower() for e in entries
        ):
            raise FinsynthError(f"{WORD_PARTS_FILE}: {name!r} must be a list of lower-case words")
        lists.append(frozenset(entries))
    return WordParts(*lists)


@cache
def query_scaffolding() -> frozenset[str]:
    """Return the lower-case words a search-engine query leaves out of a question.

    Raises:
        FinsynthError: If the file is unreadable or ``words`` holds anything but lower-case words.

    """
    entries = _read(QUERY_SCAFFOLDING_FILE).get("words")
    if not isinstance(entries, list) or not all(
        isinstance(e, str) and e.isalpha() and e.islower() for e in entries
    ):
        raise FinsynthError(f"{QUERY_SCAFFOLDING_FILE}: 'words' must be a list of lower-case words")
    return frozenset(entries)
