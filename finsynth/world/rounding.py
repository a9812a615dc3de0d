"""Rounding a number that stands for its shortest decimal form, as the whole world shows numbers."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

_TIE_WINDOW = 1e-6
"""How near a half-way point (in units of the last kept decimal) a value is rounded with ``Decimal``."""


def round_half_up(value: float, decimals: int) -> float:
    """Round a float that stands for its shortest decimal form: halves away from zero.

    For numbers with no exact value behind them (a uniform draw, a ratio shown in prose).
    Python's ``round`` works on the binary value, so 0.09075 (stored as 0.0907499999…)
    would become 0.0907 although the text means 9.075% and a reader writes 9.08%.
    Near a tie the value's shortest decimal form is rounded exactly with ``Decimal``;
    elsewhere ``round`` already agrees. The result is the same on every platform.

    FinChain never rounds a computed float this way: a computed float carries binary error
    from its inputs, so it rounds with ``decided_round``, and with ``round_exact`` on the exact
    value where the float cannot decide (both in :mod:`finsynth.generators.finchain.quantities`).
    """
    scaled = abs(value) * 10.0**decimals
    if abs(scaled - math.floor(scaled) - 0.5) > _TIE_WINDOW:
        return round(value, decimals) + 0.0
    exact = Decimal(repr(value)).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    return float(exact) + 0.0
