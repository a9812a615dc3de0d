"""The shared world's figures: one module, two explicit percentage contracts, the same text everywhere."""

from __future__ import annotations

import ast
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

import finsynth
from finsynth.world import formatting
from finsynth.world.formatting import percent, percent_figure

PACKAGE = Path(finsynth.__file__).parent
FORMATTERS = {
    name
    for name, value in vars(formatting).items()
    if callable(value) and getattr(value, "__module__", None) == formatting.__name__
}


@given(st.integers(min_value=-1_000_000, max_value=1_000_000))
def test_percent_formats_a_fraction_rounded_half_up(tenths_of_basis_points: int) -> None:
    fraction = Decimal(tenths_of_basis_points) / 100_000  # up to five decimals: ties at the printed place
    expected = (fraction * 100).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    assert percent(float(fraction)) == f"{expected.copy_abs() if expected == 0 else expected}%"  # no "-0.0%"


@given(st.integers(min_value=-100_000, max_value=100_000))
def test_percent_figure_writes_a_figure_already_in_percent(tenths: int) -> None:
    figure = Decimal(tenths) / 10
    assert percent_figure(float(figure)) == f"{figure:.1f}%"


def test_the_two_contracts_agree_on_the_same_quantity() -> None:
    assert percent(0.1234) == percent_figure(12.34) == "12.3%"
    assert percent(0.2905) == percent(581 / 2000) == "29.1%"  # a tie whose float times 100 falls below it


def _module_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def test_no_family_declares_its_own_copy_of_a_world_formatter() -> None:
    families = [PACKAGE / "generators" / "filings", PACKAGE / "generators" / "ucfe"]
    copies = {
        f"{path.relative_to(PACKAGE)}: {name}"
        for folder in families
        for path in folder.rglob("*.py")
        for name in _module_functions(path) & FORMATTERS
    }
    assert not copies, f"declare these once, in finsynth/world/formatting.py: {sorted(copies)}"


def test_every_family_names_people_and_companies_from_the_shared_lists() -> None:
    importers = {
        path.relative_to(PACKAGE).parts[1]
        for path in (PACKAGE / "generators").rglob("*.py")
        if "from finsynth.world.names import" in path.read_text(encoding="utf-8")
    }
    assert {"finchain", "filings", "ucfe"} <= importers
