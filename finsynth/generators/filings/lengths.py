"""How long a FailSafe filing is: drawn like FailSafeQA's contexts, or at full length (issue #29).

FailSafeQA's contexts are long: 93.6% are above 16k cl100k_base tokens and their mean is about 24.6k
(the FailSafeQA paper, arXiv:2502.06329, and its dataset card). A uniform draw over 4k–27k put half the
filings under 16k; :func:`draw_target` instead draws a short filing (``min_tokens`` to 16k) with
:data:`SHORT_SHARE` and a long one (16k to ``max_tokens``) otherwise, so that the median is about 21k
and 93% are above 16k. A *full-length* filing keeps every block it has
(:func:`~finsynth.generators.filings.document.make_full_filing`), as a complete 10-K would.

``make_drawn_item`` is how the ``failsafe/synthetic`` generators make an item: this length, with the
task type that :func:`~finsynth.generators.filings.qa.plan_item` draws for the seed.
"""

from __future__ import annotations

from finsynth.errors import ConfigError
from finsynth.generators.filings.document import Filing, make_filing, make_full_filing
from finsynth.generators.filings.qa import QAItem, make_qa, plan_item
from finsynth.seeding import RandomStream, derive_seed

LONG_FROM = 16_000
"""Where FailSafeQA's long contexts start, in cl100k_base tokens."""
SHORT_SHARE = 0.07
"""Share of filings drawn below :data:`LONG_FROM` (FailSafeQA: 6.4%)."""
MIN_TOKENS = 4000
"""Shortest default target."""
MAX_TOKENS = 27000
"""Longest default target (every seed's content reaches it)."""


def draw_target(
    seed: int, *, min_tokens: int = MIN_TOKENS, max_tokens: int = MAX_TOKENS, short_share: float = SHORT_SHARE
) -> int:
    """Return the target length of ``seed``'s filing, in cl100k_base tokens.

    With ``short_share`` the target is uniform over ``min_tokens``–:data:`LONG_FROM`, else over
    :data:`LONG_FROM`–``max_tokens`` (bounds outside that split clip it: a range wholly below or above
    16k is drawn uniformly).

    Raises:
        ConfigError: If the bounds or the share are out of range.

    """
    if not 0.0 <= short_share <= 1.0:
        raise ConfigError(
            f"short_share must be within [0, 1], not {short_share}",
            source="filings.lengths",
            path="short_share",
        )
    if min_tokens > max_tokens:
        raise ConfigError(
            f"min_tokens ({min_tokens}) is above max_tokens ({max_tokens})",
            source="filings.lengths",
            path="min_tokens",
        )
    stream = RandomStream(derive_seed(seed, "filings", "length_target"))
    short = stream.random() < short_share
    if max_tokens <= LONG_FROM or min_tokens >= LONG_FROM:
        return stream.randint(min_tokens, max_tokens)
    return stream.randint(min_tokens, LONG_FROM) if short else stream.randint(LONG_FROM, max_tokens)


def make_drawn_item(
    seed: int,
    *,
    min_tokens: int = MIN_TOKENS,
    max_tokens: int = MAX_TOKENS,
    tg_share: float = 0.17,
    full_length: bool = False,
) -> tuple[Filing, QAItem]:
    """Return ``seed``'s filing, of a length drawn by :func:`draw_target` or at full length, and its question.

    Args:
        seed: Seed of the item.
        min_tokens: Shortest filing target (ignored at full length).
        max_tokens: Longest filing target (ignored at full length).
        tg_share: Probability of a text-generation item.
        full_length: Keep every block of the filing instead of drawing a length.

    Raises:
        ConfigError: If the bounds or the share are out of range.

    """
    _, task_type = plan_item(seed, min_tokens=min_tokens, max_tokens=max_tokens, tg_share=tg_share)
    if full_length:
        filing = make_full_filing(seed)
    else:
        target = draw_target(seed, min_tokens=min_tokens, max_tokens=max_tokens)
        filing = make_filing(seed, target_tokens=target, fit_required=True)
    return filing, make_qa(filing, seed, task_type=task_type)
