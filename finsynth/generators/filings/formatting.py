"""How amounts, percentages and dates are written in a filing, in one place.

Every amount in a filing is a whole number of the filing's unit (thousands or millions
of U.S. dollars), so the accounting identities hold exactly in the rendered text.
"""

from __future__ import annotations

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


def percent(value: float) -> str:
    """Return a percentage with one decimal, e.g. ``"12.3%"``."""
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
