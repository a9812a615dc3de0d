"""Plausible draws: every declared band holds for 1,000 seeds of its template.

A template states the real-world ranges of its key derived quantities in the ``Bands:``
section of its docstring (:mod:`finsynth.generators.finchain.bands`); this test draws 1,000
instances of each template with the build's seeding and checks that all of them fall inside.
"""

from __future__ import annotations

import numpy as np
import pytest

from finsynth.errors import FormulaError
from finsynth.generators.finchain.bands import parse_bands
from finsynth.generators.finchain.chain import solve
from finsynth.generators.finchain.dsl import Template, money, numeric, rate, step
from finsynth.generators.finchain.engine import CompiledTemplate
from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import GeneratorInfo, all_generators
from finsynth.seeding import InstanceSeeder, SplitMixStream

SEEDS = 1_000

TEMPLATES = [
    generator for generator in all_generators("finchain") if isinstance(generator, FinChainGenerator)
]


def _short(generator: FinChainGenerator) -> str:
    return generator.info.id.removeprefix("finchain/")


def band_misses(generator: FinChainGenerator, count: int = SEEDS) -> list[str]:
    """Every (seed, band, value) of ``count`` draws that falls outside its band, described."""
    compiled = generator.compiled
    seeder = InstanceSeeder(0, "plausibility", "test", generator.info.id)
    _, values_seeds = seeder.seed_arrays(np.arange(count))
    misses = []
    for values_seed in values_seeds.tolist():
        solution = solve(compiled.chain, compiled.draw_values(SplitMixStream(values_seed)))
        for band in generator.bands:
            value = band.value(solution)
            if not band.contains(value):
                misses.append(f"values seed {values_seed}: {band.text} is {value:.6g}")
    return misses


DECLARED = [generator for generator in TEMPLATES if generator.bands]


@pytest.mark.parametrize("generator", DECLARED, ids=[_short(generator) for generator in DECLARED])
def test_every_draw_falls_inside_the_declared_bands(generator: FinChainGenerator) -> None:
    misses = band_misses(generator)
    assert not misses, f"{len(misses)} of {SEEDS} draws outside the bands, e.g. {misses[:3]}"


def _reads_a_derived_quantity(generator: FinChainGenerator) -> bool:
    """Whether some band is on a derived quantity: it reads a step or combines several givens."""
    steps = {item.name for item in generator.compiled.template.steps}
    return any(
        set(band.formula.names) & steps or band.formula.source.strip() not in band.formula.names
        for band in generator.bands
    )


@pytest.mark.parametrize("generator", TEMPLATES, ids=[_short(generator) for generator in TEMPLATES])
def test_every_template_bands_a_key_derived_quantity(generator: FinChainGenerator) -> None:
    assert _reads_a_derived_quantity(generator), "declare a Bands: section on a derived quantity"


def test_bands_are_read_from_the_docstring() -> None:
    doc = "Price of a thing.\n\nBands:\n    price / face: 60% to 150%\n    face: 1,000 to 100_000\n\nMore."
    first, second = parse_bands(doc, ["price", "face"], "t")
    assert (first.text, first.low, first.high) == ("price / face: 60% to 150%", 0.6, 1.5)
    assert (second.low, second.high) == (1_000, 100_000)
    assert parse_bands("No section here.", ["price"], "t") == ()
    (wrapped,) = parse_bands("Bands:\n    (price\n        - face) / face: 0 to 1\n", ["price", "face"], "t")
    assert wrapped.text == "(price - face) / face: 0 to 1"
    (negative,) = parse_bands("Bands:\n    price - face: -3.5% to 2%", ["price", "face"], "t")
    assert (negative.low, negative.high) == (-0.035, 0.02)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("price between 1 and 2", "is not 'FORMULA: LOW to HIGH'"),
        ("cost / price: 1 to 2", "reads ['cost']"),
        ("price: 2 to 1", "low bound above its high bound"),
        ("price +: 1 to 2", "band 'price +: 1 to 2'"),
    ],
)
def test_malformed_bands_are_refused_with_the_line(line: str, message: str) -> None:
    with pytest.raises(FormulaError) as error:
        parse_bands(f"Doc.\n\nBands:\n    {line}", ["price"], "template x")
    assert str(error.value).startswith("template x: band ")
    assert message in str(error.value)


def test_an_empty_section_is_refused() -> None:
    with pytest.raises(FormulaError, match="lists no band"):
        parse_bands("Doc.\n\nBands:\n\nMore.", ["price"], "template x")


def _bond(band: str) -> FinChainGenerator:
    """A bond sold at a 1–90% discount, with one band, built without registering it."""
    compiled = CompiledTemplate(
        Template(
            givens=[money("face_value", 1_000, 2_000, step=1_000, decimals=0), rate("discount", 1, 90)],
            question="A bond of {face_value} sells at a {discount} discount. What is its price?",
            steps=[step("price", "face_value * (1 - discount)", "Price")],
            answer=numeric("price"),
        ),
        "bond",
    )
    bands = parse_bands(
        f"Discounted bond.\n\nBands:\n    {band}", ["face_value", "discount", "price"], "bond"
    )
    info = GeneratorInfo(
        id="finchain/example/bond",
        family="finchain",
        title="Bond",
        description="",
        tags={"domain": "example", "topic": "bond", "difficulty": "basic"},
    )
    return FinChainGenerator(info, compiled, bands)


def test_a_draw_outside_a_band_is_reported() -> None:
    implausible = _bond("price / face_value: 60% to 100%")
    misses = band_misses(implausible, 200)
    assert misses and all("price / face_value: 60% to 100% is" in miss for miss in misses)
    plausible = _bond("price / face_value: 10% to 99%")
    assert band_misses(plausible, 200) == []
