"""How money, rates, multiples and dates are written in instance text and hints.

Hints quote figures exactly as these functions write them, so the text a user reads and the
figure a judge looks for are the same string.
"""

from __future__ import annotations

import datetime

from finsynth.generators.finchain.quantities import round_half_up


def dollars(value: float) -> str:
    """Whole dollars with thousands separators: ``$1,234,567``."""
    sign = "-" if value < 0 else ""
    return f"{sign}${abs(round_half_up(value, 0)):,.0f}"


def millions(value: float, decimals: int = 1) -> str:
    """An amount given in millions of dollars: ``$12.3 million``."""
    sign = "-" if value < 0 else ""
    return f"{sign}${abs(round_half_up(value, decimals)):,.{decimals}f} million"


def percent(fraction: float, decimals: int = 1) -> str:
    """A fraction as a percentage: ``0.4125 -> 41.3%`` (halves rounded up)."""
    return f"{round_half_up(fraction * 100, decimals):.{decimals}f}%"


def multiple(value: float, decimals: int = 1) -> str:
    """A valuation or coverage multiple: ``14.2x``."""
    return f"{round_half_up(value, decimals):.{decimals}f}x"


def price(value: float) -> str:
    """A share price in dollars and cents: ``$23.45``."""
    return f"${round_half_up(value, 2):,.2f}"


def long_date(day: datetime.date) -> str:
    """A date as ``March 4, 2024``."""
    return f"{day:%B} {day.day}, {day.year}"


def name_list(names: tuple[str, ...] | list[str]) -> str:
    """Names joined for prose: ``A``, ``A and B``, ``A, B and C``."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


_VOWEL_SOUND_EXCEPTIONS = ("one", "uni", "use", "euro")  # start with a vowel letter but a "y"/"w" sound
_SILENT_H = ("hour", "honest", "heir")


def with_article(phrase: str) -> str:
    """``phrase`` with the indefinite article English uses before it: ``an industrial ...``, ``a unit``."""
    word = phrase.lower()
    vowel_sound = (word[:1] in "aeiou" and not word.startswith(_VOWEL_SOUND_EXCEPTIONS)) or word.startswith(
        _SILENT_H
    )
    return f"{'an' if vowel_sound else 'a'} {phrase}"


def count_of(count: int, singular: str, plural: str | None = None) -> str:
    """A count with its noun in the right number: ``1 late payment``, ``3 late payments``."""
    noun = singular if count == 1 else (plural or f"{singular}s")
    return f"{count:,} {noun}"
