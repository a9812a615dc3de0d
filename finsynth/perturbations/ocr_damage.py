"""How much OCR noise damaged the numbers of a context, inside some spans and outside them.

A model must not be able to tell the answer's evidence by its cleanliness, so a build measures
the share of number tokens (:data:`~finsynth.perturbations.invariants.NUMBER`) that no longer
read as written, separately inside the cited evidence and in the rest of the context.

With the layout kept (:func:`~finsynth.perturbations.ocr.ocr_noise`'s default) OCR noise never
adds, removes or moves whitespace, so the clean and noisy texts have the same whitespace-separated
words in the same order: each clean word is compared with its noisy twin, and a number of the
clean word is damaged when the noisy word no longer holds it as a whole number token.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from finsynth.perturbations.invariants import NUMBER, Span, merge_spans

_WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class NumberDamage:
    """Number tokens of a context and how many the noise damaged, by place and by length.

    Longer numbers are damaged more often (each character is a chance), and cited evidence tends
    to hold longer numbers (amounts) than the rest (years, note numbers), so the counts are kept
    per token length: a comparison at equal lengths shows a tell that raw rates would hide or fake.

    Attributes:
        evidence: Token length -> ``[damaged, total]`` for number tokens whose word overlaps a span.
        rest: Token length -> ``[damaged, total]`` for the other number tokens.

    """

    evidence: dict[int, list[int]]
    rest: dict[int, list[int]]

    def to_dict(self) -> dict[str, dict[str, list[int]]]:
        """``{"evidence": {length: [damaged, total]}, "rest": {...}}``, as records store it (JSON keys)."""
        return {
            part: {str(length): counts[length] for length in sorted(counts)}
            for part, counts in (("evidence", self.evidence), ("rest", self.rest))
        }


def number_damage(clean: str, noisy: str, spans: Sequence[Span]) -> NumberDamage | None:
    """Count the number tokens of ``clean`` that ``noisy`` damaged, inside ``spans`` and outside.

    Args:
        clean: The context before the noise.
        noisy: The context after it.
        spans: ``(start, end)`` offsets into ``clean`` (the cited evidence).

    Returns:
        The counts, or ``None`` when the two texts do not have the same number of words (the noise
        moved whitespace, so words cannot be paired).

    """
    clean_words = list(_WORD.finditer(clean))
    noisy_words = _WORD.findall(noisy)
    if len(clean_words) != len(noisy_words):
        return None
    merged = merge_spans(spans)
    starts = [start for start, _ in merged]
    evidence: dict[int, list[int]] = {}
    rest: dict[int, list[int]] = {}
    for match, noisy_word in zip(clean_words, noisy_words, strict=True):
        numbers = NUMBER.findall(match.group())
        if not numbers:
            continue
        kept = Counter(NUMBER.findall(noisy_word))
        index = bisect_right(starts, match.end() - 1) - 1
        counts = evidence if index >= 0 and merged[index][1] > match.start() else rest
        for number in numbers:
            tally = counts.setdefault(len(number), [0, 0])
            tally[1] += 1
            if kept[number]:
                kept[number] -= 1
            else:
                tally[0] += 1
    return NumberDamage(evidence, rest)


def damage_rates(evidence: dict[int, list[int]], rest: dict[int, list[int]]) -> tuple[float, float, float]:
    """Return the damaged share in the evidence, in the rest, and in the rest at the evidence's lengths.

    The last reweights the rest's rate at each token length by the evidence's share of tokens of that
    length (lengths the rest lacks are left out of both), so it is what the evidence's rate would be
    if the evidence were treated exactly like the rest. ``nan`` where there are no tokens.
    """

    def rate(counts: dict[int, list[int]]) -> float:
        total = sum(pair[1] for pair in counts.values())
        return sum(pair[0] for pair in counts.values()) / total if total else math.nan

    shared = {length: pair for length, pair in evidence.items() if rest.get(length, [0, 0])[1]}
    weight = sum(pair[1] for pair in shared.values())
    matched = (
        sum(pair[1] * rest[length][0] / rest[length][1] for length, pair in shared.items()) / weight
        if weight
        else math.nan
    )
    return rate(evidence), rate(rest), matched
