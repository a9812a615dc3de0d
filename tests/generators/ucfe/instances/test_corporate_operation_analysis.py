"""Corporate Operation Analysis: the three levels and quoted ratios follow from the statement facts."""

from __future__ import annotations

from tests.generators.ucfe.instances.harness import draws
from tests.generators.ucfe.instances.statement_ratios import sheet_figures, shown_percent, statement_ratios


def grade(value: float, bounds: tuple[float, float], names: tuple[str, str, str]) -> str:
    return names[0] if value < bounds[0] else names[1] if value < bounds[1] else names[2]


def test_levels_follow_the_stated_bands() -> None:
    seen = set()
    for instance in draws("corporate_operation_analysis"):
        ratios = statement_ratios(sheet_figures(instance))
        leverage = grade(ratios["debt_to_equity"], (0.5, 1.5), ("low", "moderate", "high"))
        coverage = grade(ratios["interest_coverage"], (3, 8), ("weak", "adequate", "strong"))
        if "current_ratio" in ratios:
            liquidity = grade(ratios["current_ratio"], (1, 2), ("tight", "adequate", "comfortable"))
            graded = (f"{liquidity} liquidity",)
        else:  # a bank, insurer or REIT: no current ratio, so no liquidity level
            liquidity, graded = "not graded", ()
            assert "liquidity_level" not in instance.facts
            assert not any("current ratio" in hint for hint in instance.hints["should_contain"])
        assert instance.hints["answer"] == (f"{leverage} leverage", f"{coverage} interest coverage", *graded)
        must = instance.hints["must_contain"]
        quoted = float(must[0].split(" ")[2])
        assert abs(quoted - ratios["debt_to_equity"]) <= 0.005 + 1e-9 and must[0].endswith(
            f"({leverage} leverage)"
        )
        assert must[1].endswith(f"({coverage})")
        assert must[2] == f"net margin of {shown_percent(ratios['net_margin'])}"
        assert must[3] == f"return on equity of {shown_percent(ratios['return_on_equity'])}"
        seen.add((leverage, coverage, liquidity))
    assert len(seen) >= 20
    assert any(liquidity == "not graded" for _, _, liquidity in seen)
