"""Exact arithmetic for the reference solvers: givens as fractions, mpmath for the rest, one rounding.

A reference solver is a plain function of a template's givens, named after the template and
registered under its topic. It receives every given as an exact :class:`~fractions.Fraction`
(series as lists of fractions) parsed from the decimal text the trace stores, so a drawn 7.20%
is exactly 9/125, and returns the exact answer in the unit ``answer_value`` stores it in (rates
as fractions), an ``mpmath`` number computed at high precision, or a label for categorical
answers. Nothing here reads a template's formulas or calls finsynth's evaluator.
"""

from __future__ import annotations

import functools
import inspect
import json
import math
from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

import mpmath
from scipy.optimize import brentq

# 60 significant digits: answers carry at most 15, so only an exact tie could round wrongly,
# and irrational values (logs, roots, the normal cdf) are never exact ties.
mpmath.mp.dps = 60

# A Fraction, an int or an mpmath number (mpmath ships no type hints).
Exact = Any
Answer = Any
Solver = Callable[..., Answer]


class Domain:
    """The reference solvers of one FinChain domain, keyed by template id."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.solvers: dict[str, Solver] = {}

    def __call__(self, topic: str) -> Callable[[Solver], Solver]:
        """Register the decorated function as the reference for ``<domain>/<topic>/<function name>``."""

        def register(solver: Solver) -> Solver:
            template_id = f"finchain/{self.name}/{topic}/{solver.__name__}"
            assert template_id not in self.solvers, f"two references for {template_id}"
            self.solvers[template_id] = solver
            return solver

        return register


def givens_of(trace_json: str) -> dict[str, Any]:
    """The givens a trace records, as exact fractions (lists of fractions for series)."""

    def exact(value: Any) -> Any:
        if isinstance(value, list):
            return [exact(item) for item in value]
        if isinstance(value, (Decimal, int)):
            return Fraction(value)
        if isinstance(value, str):  # a trace that writes numbers as decimal text
            return Fraction(Decimal(value))
        return value

    inputs = json.loads(trace_json, parse_float=Decimal)["inputs"]
    return {name: exact(value) for name, value in inputs.items()}


def solve(solver: Solver, givens: dict[str, Any]) -> Answer:
    """Call ``solver`` with the givens its parameters name."""
    names = inspect.signature(solver).parameters
    return solver(**{name: givens[name] for name in names})


def round_half_away(value: Exact, decimals: int) -> Fraction:
    """``value`` rounded once to ``decimals`` places, halves away from zero, decided exactly."""
    scale = 10**decimals
    if isinstance(value, (Fraction, int)):
        scaled = abs(Fraction(value)) * scale
        whole = math.floor(scaled + Fraction(1, 2))
    else:
        scaled_mp = abs(value) * scale
        whole = int(mpmath.floor(scaled_mp + mpmath.mpf("0.5")))
    return Fraction(whole if value >= 0 else -whole, scale)


# --- Textbook building blocks, written from their definitions ------------------------------------


def mp(value: Exact) -> Any:
    """An exact value as an mpmath number at the working precision."""
    if isinstance(value, Fraction):
        return mpmath.mpf(value.numerator) / value.denominator
    return mpmath.mpf(value)


def power(base: Exact, exponent: Exact) -> Exact:
    """``base ** exponent``: exact for whole exponents, mpmath otherwise."""
    if isinstance(exponent, (Fraction, int)) and Fraction(exponent).denominator == 1:
        return Fraction(base) ** int(exponent) if not isinstance(base, mpmath.mpf) else base ** int(exponent)
    return mpmath.power(mp(base), mp(exponent))


def normal_cdf(x: Exact) -> Any:
    """Standard normal cumulative distribution Φ(x)."""
    return mpmath.ncdf(mp(x))


@functools.lru_cache(maxsize=256)
def normal_quantile(p: Exact) -> Any:
    """Inverse of Φ: the z with Φ(z) = p, from the inverse error function."""
    return mpmath.sqrt(2) * mpmath.erfinv(2 * mp(p) - 1)


def annuity_factor(rate: Exact, periods: Exact) -> Fraction:
    """Σₜ₌₁ⁿ 1/(1 + r)ᵗ, the present value of 1 a period, summed term by term."""
    rate = Fraction(rate)
    return sum((1 / (1 + rate) ** t for t in range(1, int(periods) + 1)), Fraction(0))


def present_value(rate: Exact, flows: Sequence[Exact]) -> Fraction:
    """Σₜ flowsₜ / (1 + r)ᵗ for flows at the ends of periods 1, 2, and so on."""
    rate = Fraction(rate)
    return sum(
        (Fraction(flow) / (1 + rate) ** t for t, flow in enumerate(flows, start=1)),
        Fraction(0),
    )


def solve_for_rate(excess: Callable[[Any], Any], low: float = -0.9, high: float = 5.0) -> Any:
    """The rate where ``excess`` (decreasing or increasing in the rate) crosses zero, by bisection.

    Bisection on a bracket never strays to another root; 110 halvings of a bracket a few units wide
    leave it under 1e-32, far finer than any answer's decimals.
    """
    a, b = mpmath.mpf(low), mpmath.mpf(high)
    # Brent's method in floats finds the root to 1e-15 and the secant method polishes it at full
    # precision in a few steps; bisection settles any case they do not.
    try:
        rough = mpmath.mpf(brentq(lambda rate: float(excess(mpmath.mpf(rate))), low, high, xtol=1e-15))
        root = mpmath.findroot(excess, (rough, rough + mpmath.mpf(10) ** -12), verify=False)
        if a < root < b and abs(excess(root)) < mpmath.mpf(10) ** -40:
            return root
    except (ZeroDivisionError, ValueError):
        pass
    at_a = excess(a)
    assert at_a * excess(b) < 0, "the bracket does not hold a root"
    for _ in range(110):
        middle = (a + b) / 2
        at_middle = excess(middle)
        if at_middle == 0:
            return middle
        if (at_middle < 0) == (at_a < 0):
            a, at_a = middle, at_middle
        else:
            b = middle
    return (a + b) / 2


def internal_rate(flows: Sequence[Exact], low: float = -0.9, high: float = 5.0) -> Any:
    """The rate r with Σ flows[t] / (1 + r)ᵗ = 0 (flows[0] at time 0), by bisection."""
    values = [mp(flow) for flow in flows]
    return solve_for_rate(
        lambda r: mpmath.fsum(value / (1 + r) ** t for t, value in enumerate(values)), low, high
    )
