"""How the fictional world writes figures: money, percentages, multiples, dates and counts, in one place.

Two kinds of text use it. Filings state every amount as a whole number of the filing's unit
(thousands or millions of U.S. dollars), so the accounting identities hold exactly in the
rendered text, and compute percentages in percent to one decimal. UCFE instances and their
hints write dollars, millions, fractions as percentages, multiples and prices rounded half up,
so the text a user reads and the figure a judge looks for are the same string.
"""

from __future__ import annotations

import datetime

from finsynth.world.rounding import round_half_up

MONTH_NAMES = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
QUARTER_NAMES = ("first", "second", "third", "fourth")
"""Fiscal quarters as ordinals, first to fourth."""
_MONTH_LAST_DAY = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def money(amount: int, unit: str) -> str:
    """Return ``amount`` of ``unit`` as prose, e.g. ``"$12,345 million"`` or ``"-$20 thousand"``."""
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,} {unit_word(unit)}"


def unit_word(unit: str) -> str:
    """Return the singular word for a unit name: ``"millions"`` → ``"million"``."""
    return unit[:-1] if unit.endswith("s") else unit


def table_amount(amount: int) -> str:
    """Return an amount as a table cell: thousands separators, negatives in parentheses, zero as a dash."""
    if amount == 0:
        return "—"
    if amount < 0:
        return f"({-amount:,})"
    return f"{amount:,}"


def per_share(amount: float) -> str:
    """Return a per-share amount with two decimals, e.g. ``"$1.24"`` or ``"-$0.10"``."""
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):.2f}"


def percent_figure(value: float) -> str:
    """Return a figure already in percent with one decimal: ``12.3 -> "12.3%"``.

    Filings compute their percentages in percent, rounded to one decimal, by
    :func:`percent_change` and :func:`share_of`; :func:`percent` formats a fraction instead.
    """
    return f"{value:.1f}%"


def percent_change(current: int, previous: int) -> float:
    """Return the change from ``previous`` to ``current`` in percent of ``|previous|``, one decimal.

    Raises:
        ValueError: If ``previous`` is zero (the change has no percentage).

    """
    if previous == 0:
        raise ValueError("a percentage change from zero is undefined")
    return round((current - previous) / abs(previous) * 100, 1)


def share_of(part: int, whole: int) -> float:
    """Return ``part`` as a percentage of ``whole``, one decimal."""
    return round(part / whole * 100, 1)


def fiscal_year_end(year: int, month: int) -> str:
    """Return the last day of a fiscal year that ends in ``month``, e.g. ``"June 30, 2024"``."""
    day = _MONTH_LAST_DAY[month - 1]
    return f"{MONTH_NAMES[month - 1]} {day}, {year}"


_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def count_word(count: int) -> str:
    """Return a small count in words (``4`` → ``"four"``), larger ones in digits."""
    return _NUMBER_WORDS[count] if 0 <= count < len(_NUMBER_WORDS) else f"{count:,}"


def dollars(value: float) -> str:
    """Whole dollars with thousands separators: ``$1,234,567``."""
    sign = "-" if value < 0 else ""
    return f"{sign}${abs(round_half_up(value, 0)):,.0f}"


def millions(value: float, decimals: int = 1) -> str:
    """An amount given in millions of dollars: ``$12.3 million``."""
    sign = "-" if value < 0 else ""
    return f"{sign}${abs(round_half_up(value, decimals)):,.{decimals}f} million"


def percent(fraction: float, decimals: int = 1) -> str:
    """A fraction as a percentage: ``0.4125 -> 41.3%`` (halves rounded up).

    A figure already in percent (a filing's :func:`share_of`) is written by :func:`percent_figure`.
    """
    # Rounded in the fraction's own decimal form: 0.2905 * 100 is 29.049999…, which would round down.
    return f"{round_half_up(fraction, decimals + 2) * 100:.{decimals}f}%"


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
