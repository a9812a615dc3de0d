"""Reading numbers out of model outputs the way a finance reader would.

:func:`extract_numbers` finds every number in a text and returns its value with the unit
marker it was written with. What it understands:

- signs: ``-5``, ``−5`` (Unicode minus), ``+5``, ``-$5``, ``$-5``; a minus only counts as a
  sign when it touches the digits or the currency symbol, so ``0.104 - 0.032`` is a
  subtraction of two positive numbers;
- accounting negatives: ``(1,234)`` and ``($1,234.56)`` are negative. A parenthesised number
  directly after another number *restates* it and keeps its own sign, as FinChain solutions
  write results: ``0.0720 (7.20%)``, ``21390000.00 ($21,390,000.00)``;
- thousands separators (``1,234,567.89``; groups of exactly three digits), decimals
  (``7.89``, ``.5``);
- currency symbols and codes (``$``, ``US$``, ``€``, ``£``, ``¥``, ``USD``, ``EUR``, ...), with or
  without a space before the digits (``$ 1,234``);
- scale words and suffixes: ``3.5 million``, ``2 billion``, ``4 thousand``, ``1.2 trillion``,
  ``$3.5M``, ``$2bn``, ``$2 bn``, ``$10k``, ``$1.1tn`` (single-letter suffixes only when attached);
- scientific notation: ``1.5e-3``, ``1.5E+06``, ``1.5 × 10^6``, ``1.5×10⁶``, ``1.5*10**6``;
- percentages (``12.5%``, ``12.5 percent``, ``12.5 per cent``) and basis points
  (``25 bp``, ``25 bps``, ``25 basis points``).

Percent semantics: a :class:`Number` keeps the value as written (``12.5%`` has ``value``
12.5 and ``unit`` ``"percent"``); :attr:`Number.fraction` gives the value in formula units
(0.125), which is how FinChain stores rates. Comparison rules live with the scorers.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal

Unit = Literal["percent", "basis_points", "currency", "plain"]

_SCALES = {
    "thousand": 1e3,
    "thousands": 1e3,
    "k": 1e3,
    "million": 1e6,
    "millions": 1e6,
    "mn": 1e6,
    "m": 1e6,
    "billion": 1e9,
    "billions": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "trillion": 1e12,
    "trillions": 1e12,
    "tn": 1e12,
    "t": 1e12,
}
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_MINUS_SIGNS = "-−"

_NUMBER = re.compile(
    r"""
    (?=[-−+(.$€£¥0-9UEGJ])  # a quick look at the first character before trying the rest
    (?<![\w.])
    (?P<open>\(\s*)?
    (?P<sign_before>[-−+])?
    (?P<currency>(?:US\$|\$|€|£|¥|USD|EUR|GBP|JPY)\s?)?
    (?P<sign_after>[-−+])?
    (?P<digits>[0-9]{1,3}(?:,[0-9]{3})+(?![0-9])(?:\.[0-9]+)?|[0-9]+(?:\.[0-9]+)?|\.[0-9]+)
    (?:
        (?P<exponent>[eE][-−+]?[0-9]{1,3})(?![0-9])
      | \s?[×xX*]\s?10\s?(?:\^|\*\*)\s?(?P<power>[-−+]?[0-9]{1,3})(?![0-9])
      | \s?[×xX*]\s?10(?P<superscript>[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3})
    )?
    (?:
        \s?(?P<scale_word>(?i:thousands?|millions?|billions?|trillions?)|mn|bn|tn)(?![A-Za-z])
      | (?P<scale_suffix>[kKmMbBT])(?![A-Za-z])
    )?
    (?:
        \s?(?P<percent>%|(?i:per\s?cent)(?![A-Za-z]))
      | \s?(?P<basis_points>(?i:bps?|basis\s+points?)(?![A-Za-z]))
    )?
    (?(open)\s*\)|)
    """,
    re.VERBOSE,
)
_ENDS_WITH_NUMBER = re.compile(r"[0-9%]\s*$")


@dataclass(frozen=True)
class Number:
    """One number found in a text.

    Attributes:
        value: The value as written, with its sign and scale word applied: ``12.5%`` gives
            12.5, ``$3.5 million`` gives 3,500,000.0, ``(1,234)`` gives -1234.0.
        unit: ``"percent"``, ``"basis_points"``, ``"currency"`` or ``"plain"``.
        start: Offset of the first character of the match in the text.
        end: Offset just past the match.
        restates_previous: True when the number is a parenthesised restatement of the
            number just before it, as in ``0.0720 (7.20%)``.

    """

    value: float
    unit: Unit
    start: int
    end: int
    restates_previous: bool = False

    @property
    def fraction(self) -> float:
        """The value in formula units: percentages and basis points as fractions."""
        if self.unit == "percent":
            return self.value / 100
        if self.unit == "basis_points":
            return self.value / 10_000
        return self.value


def _magnitude(match: re.Match[str]) -> float:
    digits = match["digits"].replace(",", "")
    exponent = 0
    if match["exponent"]:
        exponent = int(match["exponent"][1:].replace("−", "-"))
    elif match["power"]:
        exponent = int(match["power"].replace("−", "-"))
    elif match["superscript"]:
        exponent = int(match["superscript"].translate(_SUPERSCRIPTS))
    try:
        value = float(digits) * 10.0**exponent
    except OverflowError:  # 1e999: left out by extract_numbers, like any non-finite value
        return math.inf
    scale = match["scale_word"] or match["scale_suffix"]
    if scale:
        value *= _SCALES[re.sub(r"\s+", "", scale).lower()]
    return value


def _unit(match: re.Match[str]) -> Unit:
    if match["percent"]:
        return "percent"
    if match["basis_points"]:
        return "basis_points"
    if match["currency"]:
        return "currency"
    return "plain"


def extract_numbers(text: str) -> list[Number]:
    """Return every number in ``text``, in order.

    Args:
        text: Any text, such as a model's answer or one step of its reasoning.

    Returns:
        The numbers found. Values that overflow a float (``1e999``) are left out: they are
        not amounts anyone means.

    """
    numbers: list[Number] = []
    for match in _NUMBER.finditer(text):
        value = _magnitude(match)
        if not math.isfinite(value):
            continue
        signs = (match["sign_before"] or "") + (match["sign_after"] or "")
        negative = sum(sign in _MINUS_SIGNS for sign in signs) % 2 == 1
        restates = False
        if match["open"]:
            restates = bool(_ENDS_WITH_NUMBER.search(text[: match.start()]))
            # An unsigned amount in parentheses is an accounting negative, unless it restates.
            negative = negative or not (restates or signs)
        numbers.append(
            Number(
                -value if negative else value,
                _unit(match),
                match.start(),
                match.end(),
                restates_previous=restates,
            )
        )
    return numbers


def parse_number(text: str) -> Number | None:
    """Return the first number in ``text``, or ``None`` if it has none."""
    numbers = extract_numbers(text)
    return numbers[0] if numbers else None
