"""Keeping a judge's verdict the judge's own: fencing the text under judgement, reading the last line.

A judge prompt quotes text that a model wrote (an answer, a dialogue). That text must not be
able to pass for the prompt's own structure or for the judge's verdict, so before it enters a
prompt it is **neutralised** (:func:`neutralise`):

- verdict and rating tokens cannot survive: ``[[`` and ``]]`` become ``[ [`` and ``] ]``, and a
  ``VERDICT: 1`` line loses its colon, so a judge that quotes the text verbatim quotes nothing
  a reader takes for a verdict;
- tag-like fences (``</assistant_answer>``, ``<assistant 1 dialogue>``) have their angle
  brackets replaced by ``‹ ›``, so the text cannot close the fence it sits in;
- a bracketed phrase (``[Reference answer]``, anywhere) gets parentheses instead, so the text
  cannot add a section to the prompt.

The rule for reading a verdict (:func:`final_line`): **the verdict is the judge's last
non-empty line**, outside any copy of the fenced text, **and that line must not repeat the
judged text** (:func:`repeats`): a last line that also occurs in the answer under judgement
(``Rating: [[6]]`` planted in the answer, however the judge re-typed it) may be a quote, so
it is not taken for the judge's verdict. A judge asked to end with ``Rating: [[n]]`` that
ends with anything else gave no readable rating, which the scorers count as the worst score,
reported, never left out; an answer that plants verdict text can therefore only lose by it.
"""

from __future__ import annotations

import re

_DOUBLE_OPEN = re.compile(r"\[(?=\[)")
_DOUBLE_CLOSE = re.compile(r"\](?=\])")
_TAG = re.compile(r"<(\s*/?\s*[A-Za-z][^<>\n]{0,80})>")
_BRACKETED = re.compile(r"\[([^\[\]\r\n]{1,120})\]")
_VERDICT_LINE = re.compile(r"(?i)\b(verdict)\s*:")
_MARKDOWN = " \t*_`>#"
_SPACE = re.compile(r"\s+")


def neutralise(text: str) -> str:
    """``text`` made unable to close its fence, add a prompt section or carry a verdict token."""
    text = _BRACKETED.sub(r"(\1)", text)
    text = _DOUBLE_CLOSE.sub("] ", _DOUBLE_OPEN.sub("[ ", text))
    text = _TAG.sub(lambda match: f"‹{match.group(1)}›", text)
    return _VERDICT_LINE.sub(lambda match: f"{match.group(1)} -", text)


def fenced(text: str, tag: str) -> str:
    """``text``, neutralised, between ``<tag>`` and ``</tag>`` lines."""
    return f"<{tag}>\n{neutralise(text)}\n</{tag}>"


def final_line(reply: str, tag: str | None = None) -> str:
    """The judge's last non-empty line, without markdown around it.

    Args:
        reply: The judge's reply.
        tag: The fence of the judged text: any copy of ``<tag> ... </tag>`` in the reply (to its
            end, if unclosed) is dropped first, so a quoted answer's last line is never read.

    """
    if tag is not None:
        reply = re.sub(rf"(?is)<{re.escape(tag)}>.*?(?:</{re.escape(tag)}>|\Z)", "", reply)
    lines = [line.strip(_MARKDOWN) for line in reply.splitlines()]
    return next((line for line in reversed(lines) if line.strip()), "")


def _plain(text: str) -> str:
    return _SPACE.sub(" ", text.lower()).strip(_MARKDOWN)


def repeats(line: str, judged: str) -> bool:
    """Whether a judge's last line also occurs in the judged text (case, spacing and markdown aside)."""
    plain = _plain(line)
    return bool(plain) and plain in _SPACE.sub(" ", judged.lower())
