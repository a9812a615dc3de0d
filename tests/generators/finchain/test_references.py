"""Every stored FinChain answer equals an independent full-precision solve, rounded once.

For each template with a reference solver (tests/generators/finchain/references), 1,000 records
are drawn in one batch, the givens are read back from each record's trace as exact decimals,
the reference computes the answer with fractions or 60-digit mpmath, and the result is rounded
once, half away from zero, to the decimals ``answer_value`` stores (percent answers are stored
as fractions, two more places). ``answer_value`` must equal it exactly; categorical answers
must carry the same label.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import all_generators
from finsynth.seeding import derive_seed
from tests.generators.finchain.references import REFERENCES
from tests.generators.finchain.references.exact import givens_of, round_half_away, solve

SEEDS = 1_000

TEMPLATES = {
    generator.info.id: generator
    for generator in all_generators("finchain")
    if isinstance(generator, FinChainGenerator)
}

# Templates whose stored answers may differ from the full-precision solve: the engine carries
# steps unrounded and rounds once on the exact value (issue #13), so none does. A template added
# here must name the fault it waits on; one that agrees on every seed fails the test, so the set
# only shrinks.
KNOWN_INTERMEDIATE_ROUNDING: frozenset[str] = frozenset()


def stored_decimals(record: dict[str, Any]) -> int:
    """Decimals ``answer_value`` carries: percentages are stored as fractions, two places more."""
    decimals: int = record["answer_decimals"]
    return decimals + 2 if record["answer_unit"] == "%" else decimals


def disagreements(template_id: str, seeds: int = SEEDS) -> list[tuple[int, Fraction | str, Fraction | str]]:
    """``(seed, stored, reference)`` for each seed whose stored answer differs from the reference."""
    generator = TEMPLATES[template_id]
    solver = REFERENCES[template_id]
    names = np.array([derive_seed("exact-reference", index, "names") for index in range(seeds)], np.uint64)
    values = np.array([derive_seed("exact-reference", index, "values") for index in range(seeds)], np.uint64)
    records = generator.records([f"exact-reference-{index}" for index in range(seeds)], names, values)
    found: list[tuple[int, Fraction | str, Fraction | str]] = []
    for index, record in enumerate(records):
        answer = solve(solver, givens_of(record["trace"]))
        if record["answer_label"] is not None:
            if answer != record["answer_label"]:
                found.append((index, record["answer_label"], str(answer)))
            continue
        assert not isinstance(answer, str), f"{template_id}: numeric answer but the reference gave a label"
        expected = round_half_away(answer, stored_decimals(record))
        stored = Fraction(Decimal(repr(record["answer_value"])))
        if stored != expected:
            found.append((index, stored, expected))
    return found


def described(found: list[tuple[int, Fraction | str, Fraction | str]]) -> str:
    return "; ".join(
        f"seed {index}: stored {stored if isinstance(stored, str) else float(stored)!r}, "
        f"reference {expected if isinstance(expected, str) else float(expected)!r}"
        for index, stored, expected in found[:5]
    )


@pytest.mark.slow
@pytest.mark.parametrize("template_id", sorted(REFERENCES))
def test_stored_answer_equals_the_exact_reference(template_id: str) -> None:
    found = disagreements(template_id)
    if template_id in KNOWN_INTERMEDIATE_ROUNDING:
        assert found, f"{template_id} now matches its reference on every seed: remove it from the known set"
    else:
        assert not found, f"{len(found)} of {SEEDS} seeds differ: {described(found)}"


def test_known_disagreements_have_references() -> None:
    assert set(REFERENCES) >= KNOWN_INTERMEDIATE_ROUNDING


def test_every_registered_template_has_a_reference() -> None:
    assert sorted(set(TEMPLATES) - set(REFERENCES)) == [], "templates without a reference"
    assert sorted(set(REFERENCES) - set(TEMPLATES)) == [], "references to templates that are not registered"
