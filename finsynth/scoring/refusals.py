"""Answers that only decline: rated before any judge where the item has an answer to give.

A judge is asked about an answer's substance. An answer with none (an empty reply, or a reply that
only declines: "I'm sorry, I cannot answer that.") has nothing for the judge to weigh under a
condition whose context holds the answer, so the scorers rate it the lowest without asking, and
say so (``rated_by``). Where the context lacks the answer (FailSafe's missing and irrelevant
context), declining is the behaviour under test, and the judge is asked as usual.

The rule is deliberately narrow, so that no answer with substance is taken for a refusal: at most
:data:`MAX_REFUSAL_WORDS` words, no digit, and a declining phrase (:data:`DECLINING`). "I cannot
find the exact figure, but revenue grew strongly" is a refusal by this rule; under an answerable
condition it gives no figure either, which is what the judge would find.
"""

from __future__ import annotations

import re

MAX_REFUSAL_WORDS = 40
"""Longer answers go to the judge, whatever they say: they may decline and answer too."""

DECLINING = re.compile(
    r"\b(?:"
    r"i\s*(?:cannot|can\s*not|can'?t|am\s+(?:unable|not\s+able)|'?m\s+(?:unable|not\s+able)|"
    r"won'?t|will\s+not|do\s+not\s+know|don'?t\s+know|must\s+decline|decline)"
    r"|(?:unable|not\s+able)\s+to\s+(?:answer|provide|help|assist|determine|find|say)"
    r"|(?:i\s*'?a?m\s+)?sorry\b"
    r"|as\s+an\s+ai\b"
    r"|no\s+(?:answer|information|data)\s+(?:is\s+)?(?:available|provided|given)"
    r")",
    re.IGNORECASE,
)
"""Phrases with which an answer declines to answer."""

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
_DIGIT = re.compile(r"\d")


def is_refusal_only(answer: str) -> bool:
    """Whether ``answer`` only declines: short, without a figure, and with a declining phrase.

    Examples:
        >>> is_refusal_only("I'm sorry, but I cannot answer that question.")
        True
        >>> is_refusal_only("I cannot be sure, but revenue was $4.2 billion in 2023.")
        False

    """
    if _DIGIT.search(answer) or len(_WORD.findall(answer)) > MAX_REFUSAL_WORDS:
        return False
    return DECLINING.search(answer) is not None
