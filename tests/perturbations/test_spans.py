from __future__ import annotations

import pytest

from finsynth.errors import FinsynthError
from finsynth.perturbations.ops import Op
from finsynth.perturbations.spans import apply_ops, edited, no_candidate, require_text


def test_ops_are_applied_in_position_order_whatever_order_they_come_in() -> None:
    ops = [Op("typo", 8, 11, "the", "teh"), Op("split", 0, 7, "revenue", "re venue")]
    result = edited("revenue the year", ops)
    assert result.text == "re venue teh year"
    assert [op.kind for op in result.ops] == ["split", "typo"]


@pytest.mark.parametrize(
    "ops", [[Op("a", 0, 5, after="x"), Op("b", 3, 7, after="y")], [Op("a", 4, 99, after="")]]
)
def test_overlapping_or_outside_spans_are_refused(ops: list[Op]) -> None:
    with pytest.raises(ValueError, match="overlaps another or lies outside"):
        apply_ops("revenue", ops)


def test_no_candidate_keeps_the_text_and_changes_nothing() -> None:
    result = no_candidate("2023", "nothing to do")
    assert result.text == "2023" and not result.changed
    assert apply_ops("2023", result.ops) == "2023"


def test_require_text_names_the_perturbation() -> None:
    with pytest.raises(FinsynthError, match=r"^misspell: the text is empty"):
        require_text("misspell", " ")
