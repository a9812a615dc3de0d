"""Checks every FinChain template test uses: a symbolic proof and a numeric reference.

- ``assert_symbolically_equal`` composes the template's step formulas with sympy (each
  step's name replaced by its formula) and proves the composed answer equals a reference
  expression written independently from the textbook formula.
- ``assert_matches_reference`` draws ≥1,000 instances and compares the stored answer with
  a reference function of the givens (computed without the template's rounding), within
  the template's display precision, and checks finance invariants the caller supplies.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from typing import Any

import numpy as np
import sympy

from finsynth.generators.finchain.functions import FUNCTIONS
from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import all_generators, get_generator
from finsynth.seeding import derive_seed

SEEDS = 1_000

SYMPY_FUNCTIONS: dict[str, Any] = {
    function.name: getattr(sympy, function.sympy) for function in FUNCTIONS.values() if function.sympy
}
"""The formula functions sympy reads, from their declared sympy forms."""


def exact(value: float) -> Fraction:
    """The exact decimal a drawn given stands for (its shortest form)."""
    return Fraction(repr(value))


def rounded_exactly(value: Fraction, places: int) -> Fraction:
    """Round an exact value half away from zero with ``decimal`` (independent of the engine's rounding)."""
    with localcontext() as context:
        context.prec = 100
        number = Decimal(value.numerator) / Decimal(value.denominator)
        return Fraction(number.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def finchain(template_id: str) -> FinChainGenerator:
    generator = get_generator(template_id)
    assert isinstance(generator, FinChainGenerator)
    return generator


def draws(template_id: str, count: int = SEEDS) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Return ``(givens, record)`` for ``count`` seeds of a template."""
    generator = finchain(template_id)
    # Drawn in one batch, the way builds draw them (tests/generators/finchain/test_batch.py shows
    # that batches equal instances drawn one by one).
    names = np.array([derive_seed("reference", index, "names") for index in range(count)], dtype=np.uint64)
    values = np.array([derive_seed("reference", index, "values") for index in range(count)], dtype=np.uint64)
    records = generator.records([f"reference-{index}" for index in range(count)], names, values)
    return [(json.loads(record["trace"])["inputs"], record) for record in records]


def composed_answer(template_id: str) -> sympy.Expr:
    """The answer as one sympy expression of the givens, built from the step formulas."""
    generator = finchain(template_id)
    spec = generator.compiled.template
    expressions: dict[str, Any] = {
        name: sympy.Symbol(name, positive=True) for name in generator.compiled.given_names
    }
    for item in spec.steps:
        expressions[item.name] = sympy.sympify(item.formula, locals={**SYMPY_FUNCTIONS, **expressions})
    answer_step = getattr(spec.answer, "step", None)
    assert answer_step is not None, "symbolic checks apply to numeric answers"
    return expressions[answer_step]


def assert_symbolically_equal(template_id: str, reference: Callable[..., sympy.Expr]) -> None:
    """Prove that the composed steps equal ``reference(**symbols)`` for all positive givens."""
    composed = composed_answer(template_id)
    symbols = {symbol.name: symbol for symbol in composed.free_symbols}
    expected = reference(**symbols)
    difference = sympy.simplify(sympy.expand_log(composed - expected, force=True))
    assert difference == 0, f"{template_id}: steps compose to {composed}, reference is {expected}"


def assert_matches_reference(
    template_id: str,
    reference: Callable[[Mapping[str, Any]], float | str],
    *,
    relative: float = 1e-4,
    invariants: Callable[[Mapping[str, Any], Mapping[str, Any]], None] | None = None,
    count: int = SEEDS,
) -> None:
    """Compare each instance's answer with an independent computation from its givens.

    Numeric answers must agree within half a displayed unit plus ``relative``; categorical
    answers must be equal.
    """
    for givens, record in draws(template_id, count):
        expected = reference(givens)
        if isinstance(expected, str):
            assert record["answer_label"] == expected, (template_id, givens, record["answer_label"], expected)
        else:
            got = record["answer_value"]
            decimals = record["answer_decimals"] + (2 if record["answer_unit"] == "%" else 0)
            allowed = 0.5 * 10.0**-decimals + relative * abs(expected) + 1e-12
            assert math.isfinite(got), (template_id, givens)
            assert abs(got - expected) <= allowed, (template_id, givens, got, expected)
        if invariants is not None:
            invariants(givens, record)


def finchain_templates() -> list[FinChainGenerator]:
    """Every registered FinChain template (not other generators a test registered in the family)."""
    return [g for g in all_generators("finchain") if isinstance(g, FinChainGenerator)]
