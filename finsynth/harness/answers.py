"""Final-answer checking shared by the inspect_ai scorer: a model's answer against a record's target.

Numeric targets (``$16,680.96``, ``9.70%``, ``182.27 years``) are compared as numbers with a
relative tolerance (5% by default, as in FinChain's final-answer metric); a rate may be given as a
percentage or as a fraction. Categorical targets (a record with ``choices``) must match the
label, ignoring case and surrounding punctuation.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

RELATIVE_TOLERANCE = 0.05
_NUMBER = re.compile(r"[-−]?\$?\s?\d[\d,]*(?:\.\d+)?|[-−]?\$?\s?\.\d+")
_ANSWER_LINE = re.compile(r"answer\s*[:：]\s*(.+)", re.IGNORECASE)
_LABEL_EDGES = " \t\n.,;:!?\"'`*()[]"


def final_answer_text(output: str) -> str:
    """The text after the last ``Answer:`` in a model's output, else its last non-empty line."""
    matches = _ANSWER_LINE.findall(output)
    if matches:
        return str(matches[-1]).strip()
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def parse_number(text: str) -> float | None:
    """The last number in ``text`` (``$1,234.50`` → 1234.5, ``−3`` → -3), or ``None``."""
    found = _NUMBER.findall(text)
    if not found:
        return None
    cleaned = found[-1].replace("−", "-").replace("$", "").replace(",", "").replace(" ", "")
    try:
        return float(cleaned)
    except ValueError:
        return None


def _close(candidate: float, expected: float, tolerance: float) -> bool:
    if expected == 0:
        return abs(candidate) <= tolerance
    return abs(candidate - expected) <= tolerance * abs(expected)


def is_correct(
    output: str, target: str, choices: Sequence[str] = (), *, tolerance: float = RELATIVE_TOLERANCE
) -> bool:
    """Whether a model's output gives a record's answer.

    Args:
        output: The model's full output; its final answer is read by :func:`final_answer_text`.
        target: The record's ``target`` column.
        choices: The record's ``choices`` column (non-empty for categorical answers).
        tolerance: Relative tolerance for numeric answers.

    Returns:
        True if the final answer matches the target.

    """
    answer = final_answer_text(output)
    if choices:
        return answer.strip(_LABEL_EDGES).casefold() == target.strip(_LABEL_EDGES).casefold()
    expected = parse_number(target)
    candidate = parse_number(answer)
    if expected is None or candidate is None or not math.isfinite(candidate):
        return answer.strip(_LABEL_EDGES).casefold() == target.strip(_LABEL_EDGES).casefold()
    if _close(candidate, expected, tolerance):
        return True
    # A rate shown as 9.70% may be answered as the fraction 0.097.
    return (
        target.rstrip().endswith("%") and "%" not in answer and _close(100 * candidate, expected, tolerance)
    )
