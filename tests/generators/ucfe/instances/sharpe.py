"""The Sharpe ratio as the tests compute it, independently of the generator."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction


def sharpe(return_tenths: int, volatility_tenths: int, risk_free_tenths: int) -> Fraction:
    """(return − risk-free) ÷ volatility, exactly."""
    return Fraction(return_tenths - risk_free_tenths, volatility_tenths)


def shown(value: Fraction) -> str:
    """Two decimals, halves away from zero; a value that rounds to zero is written ``0.00``."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)).replace("-0.00", "0.00")
