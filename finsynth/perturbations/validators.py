"""Checks that a perturbed item still asks and answers the same thing; run before anything is written.

Each check returns the problems it found (an empty tuple when the item is sound), as short
sentences naming what broke, so a build can redraw the perturbation or leave the row out and
a test can say exactly what went wrong. The rules, kind by kind:

- every query kind (``misspell``, ``incomplete``, ``out_of_domain``): the text changed; every
  number of the original survives as written (sign, currency, separators, ``%``); every quoted
  label and answer label survives verbatim; every polarity word survives (see
  :mod:`.invariants`);
- ``incomplete``: every comparison word and unit of a label rule survives (``above``,
  ``at least``, ``otherwise``, ``percentage points``);
- ``misspell``: the digits of the query are exactly those of the original;
- ``out_of_domain``: each lexicon term maps to one of its own lay phrasings, the same way every
  time it occurs, and the rephrasing adds no doubled phrase (``from customers from
  customers``), no determiner or possessive spliced onto a clause (``Fischer's how much``,
  ``a what``), no ``a``/``an`` that disagrees with the next word, and no ``a`` before a plural;
- ``ocr``: every number the answer needs (:func:`needed_numbers`) still reads as written in the
  noisy context, as often as it occurs in the cited evidence;
- missing context: the prompt holds no document; irrelevant context: the out-of-scope query
  differs from the query and names nothing the context can answer: its company is absent from
  the context, and at least one year it asks about is not a year the context reports on.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from finsynth.perturbations.invariants import (
    labels_in,
    missing,
    number_tokens,
    polarity_words,
    rule_words,
)
from finsynth.perturbations.lexicons import jargon_lexicon
from finsynth.perturbations.ops import Perturbed

Problems = tuple[str, ...]
QueryCheck = Callable[[str, Perturbed, Sequence[str]], list[str]]

_TOKEN = re.compile(r"\w+|[^\w\s]+")
_LONGEST_DOUBLED = 4
_SPLICE = re.compile(
    r"(?:(?<=\w)['’]s|(?<!\w)(?:a|an|the|its|their|his|her|our|your|each|every))\s+"
    r"(?:a|an|the|its|their|what|how|who|which|whom|whose|where|when|why|whether)(?!\w)",
    re.IGNORECASE,
)
_ARTICLE = re.compile(r"(?<![\w-])(?:a\s+[aeio]\w*|an\s+[bcdfgjklmnpqrstvwxyz]\w*)", re.IGNORECASE)
_ARTICLE_BEFORE_PLURAL = re.compile(r"(?<![\w-])an?\s+\w+(?<![su]s)(?<![ia]s)s(?![\w'’-])", re.IGNORECASE)


def _introduced(pattern: re.Pattern[str], original: str, perturbed: str) -> list[str]:
    """Matches of ``pattern`` that the perturbed text has more of than the original."""

    def found(text: str) -> list[str]:
        return [" ".join(match.group().casefold().split()) for match in pattern.finditer(text)]

    return missing(found(perturbed), found(original))


def _doubled(text: str) -> list[str]:
    """Runs of one to four words said twice in a row (``from customers from customers``)."""
    tokens = _TOKEN.findall(text.casefold())
    found = []
    for size in range(1, _LONGEST_DOUBLED + 1):
        repeats = [start for start, (a, b) in enumerate(zip(tokens, tokens[size:], strict=False)) if a == b]
        for start in repeats:
            run = tokens[start : start + size]
            if run[0][0].isalnum() and run == tokens[start + size : start + 2 * size]:
                found.append(" ".join(run))
    return found


def _kept_meaning(original: str, perturbed: Perturbed, keep: Sequence[str]) -> list[str]:
    problems = []
    if not perturbed.changed or perturbed.text == original:
        problems.append("the query is unchanged")
    lost_numbers = missing(number_tokens(original), number_tokens(perturbed.text))
    if lost_numbers:
        problems.append(f"numbers lost or changed: {', '.join(lost_numbers)}")
    lost_labels = [
        label for label in labels_in(original, keep) if perturbed.text.count(label) < original.count(label)
    ]
    if lost_labels:
        problems.append(f"answer labels lost: {', '.join(repr(label) for label in lost_labels)}")
    lost_polarity = missing(polarity_words(original), polarity_words(perturbed.text))
    if lost_polarity:
        problems.append(f"polarity words lost: {', '.join(lost_polarity)}")
    return problems


def _kept_rule_words(original: str, perturbed: Perturbed, keep: Sequence[str]) -> list[str]:
    lost = missing(rule_words(original), rule_words(perturbed.text))
    return [f"comparison words or units lost: {', '.join(lost)}"] if lost else []


def _digits_untouched(original: str, perturbed: Perturbed, keep: Sequence[str]) -> list[str]:
    before, after = re.findall(r"\d", original), re.findall(r"\d", perturbed.text)
    return [] if before == after else ["a misspelling touched a digit"]


def _lay_terms(original: str, perturbed: Perturbed, keep: Sequence[str]) -> list[str]:
    problems = []
    lexicon = jargon_lexicon()
    phrasings: dict[str, set[str]] = {}
    for op in perturbed.ops:
        if op.kind != "plain_language":
            continue
        term = str(op.details.get("term", ""))
        after = str(op.details.get("phrasing", op.after or "")).casefold()
        if after not in {plain.casefold() for plain in lexicon.get(term, ())}:
            problems.append(f"{term!r} became {after!r}, which is not one of its lay phrasings")
        phrasings.setdefault(term, set()).add(after)
    problems += [
        f"{term!r} is phrased {len(found)} ways in one question"
        for term, found in phrasings.items()
        if len(found) > 1
    ]
    doubled = missing(_doubled(perturbed.text), _doubled(original))
    if doubled:
        problems.append(f"a doubled phrase: {', '.join(repr(text) for text in doubled)}")
    for name, pattern in (
        ("a spliced determiner or possessive", _SPLICE),
        ("an article that disagrees with its word", _ARTICLE),
        ("'a' before a plural", _ARTICLE_BEFORE_PLURAL),
    ):
        added = _introduced(pattern, original, perturbed.text)
        if added:
            problems.append(f"{name}: {', '.join(repr(text) for text in added)}")
    return problems


QUERY_CHECKS: dict[str, tuple[QueryCheck, ...]] = {
    "misspell": (_kept_meaning, _digits_untouched),
    "incomplete": (_kept_meaning, _kept_rule_words),
    "out_of_domain": (_kept_meaning, _lay_terms),
}
"""Perturbation name -> the checks its queries must pass."""


def check_query(perturbation: str, original: str, perturbed: Perturbed, keep: Sequence[str] = ()) -> Problems:
    """Return what is wrong with a perturbed query (nothing when it keeps its meaning).

    Args:
        perturbation: The registered perturbation that made it: a key of :data:`QUERY_CHECKS`.
        original: The query before the perturbation.
        perturbed: What the perturbation returned.
        keep: Answer labels (a question's choices) that must survive verbatim where they occur.

    Raises:
        KeyError: If ``perturbation`` has no query checks.

    """
    return tuple(
        problem for check in QUERY_CHECKS[perturbation] for problem in check(original, perturbed, keep)
    )


def needed_numbers(evidence: Iterable[str]) -> list[str]:
    """Return the numbers of the cited evidence, as written: the figures an answer is built from.

    Every number of the evidence counts, since an answer may compute from figures it does not
    quote (and a figure it computes need not appear in the document at all).
    """
    return [number for text in evidence for number in number_tokens(text)]


def check_ocr(context: str, ocr_context: str, needed: Sequence[str]) -> Problems:
    """Return the needed numbers that no longer read as written in ``ocr_context`` (as often as before).

    A number reads as written when the noisy context holds it as a whole number token
    (:data:`~finsynth.perturbations.invariants.NUMBER`), no digit added, lost or changed.

    Args:
        context: The clean context.
        ocr_context: The context after OCR noise.
        needed: Numbers the answer needs (:func:`needed_numbers`).

    """
    if not needed:
        return ()
    before, after = Counter(number_tokens(context)), Counter(number_tokens(ocr_context))
    return tuple(
        f"the needed number {number} no longer reads as written in the OCR context"
        for number, count in sorted(Counter(needed).items())
        if after[number] < min(count, before[number])
    )


_CONTEXT_SAMPLE = 200
"""Characters of the context looked for in a missing-context prompt."""


def check_missing_context(prompt_text: str, context: str) -> Problems:
    """Return a problem if a missing-context prompt still holds the start of the document."""
    sample = context.strip()[:_CONTEXT_SAMPLE]
    if sample and sample in prompt_text:
        return ("the missing-context prompt still holds the document",)
    return ()


_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_REPORTED_SHARE = 0.1
"""A year a document reports on is mentioned at least this share as often as its most-mentioned year."""


def reported_years(context: str) -> set[str]:
    """Return the years ``context`` reports figures for.

    A filing names its fiscal years dozens of times (every statement column, every comparison) and
    other years only in passing (a founding date, a debt maturity), so these are the years it
    mentions at least a tenth as often as its most-mentioned year.
    """
    counts = Counter(_YEAR.findall(context))
    most = max(counts.values(), default=0)
    return {year for year, count in counts.items() if count >= _REPORTED_SHARE * most}


def check_out_of_scope(context: str, query: str, out_of_scope_query: str, company: str) -> Problems:
    """Return problems if an irrelevant-context query could be answered from ``context``.

    The query must be about another company (named in it, absent from the context) *and* about a
    period the context cannot answer for (a year it does not report on, see :func:`reported_years`),
    so a model that overlooks the company name still finds no figure here that fits.

    Args:
        context: The document the query is shown with.
        query: The item's own query.
        out_of_scope_query: The query about another document.
        company: The other document's company, which the out-of-scope query names.

    """
    problems = []
    years = set(_YEAR.findall(out_of_scope_query))
    covered = reported_years(context)
    if not years:
        problems.append("the out-of-scope query asks about no period (no year)")
    elif years <= covered:
        problems.append(
            f"the context reports on every year the out-of-scope query asks about: {sorted(years)}"
        )
    if out_of_scope_query.strip() == query.strip():
        problems.append("the out-of-scope query is the item's own query")
    if company not in out_of_scope_query:
        problems.append(f"the out-of-scope query does not name its company {company!r}")
    if company in context:
        problems.append(f"the context mentions the out-of-scope company {company!r}")
    return tuple(problems)
