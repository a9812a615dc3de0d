"""Asset Valuation Reporting: the values are the DCF of the text's forecast, by its stated convention."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

from tests.generators.ucfe.instances.harness import draws


def _money(value: Decimal) -> str:
    shown = value.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return f"{'-' if shown < 0 else ''}${abs(shown):,} million"


def test_values_are_recomputed_from_the_text_with_end_of_year_discounting() -> None:
    for instance in draws("asset_valuation_reporting"):
        text = instance.information
        assert "discounted from the end of that year" in text, "the convention is stated"
        flows_text = re.search(
            r"(?:\(\$ million\): |years 1 to 5: )(-?[\d,]+\.\d(?:; -?[\d,]+\.\d){4})", text
        )[1]  # type: ignore[index]
        flows = [Decimal(flow.replace(",", "")) for flow in flows_text.split("; ")]
        rate = Decimal(re.search(r"(?:discount rate of|\(WACC\)) (\d+\.\d)%", text)[1]) / 100  # type: ignore[index]
        growth = Decimal(re.search(r"(?:terminal growth of|long-run growth) (\d+\.\d)%", text)[1]) / 100  # type: ignore[index]
        net_debt = Decimal(re.search(r"net debt of (-?)\$([\d,.]+) million", text).group(2).replace(",", ""))  # type: ignore[union-attr]
        if re.search(r"net debt of -\$", text):
            net_debt = -net_debt
        discount = [(1 + rate) ** -year for year in range(1, 6)]
        terminal = flows[-1] * (1 + growth) / (rate - growth)
        enterprise = sum(f * d for f, d in zip(flows, discount, strict=True)) + terminal * discount[-1]
        enterprise = enterprise.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
        equity = enterprise - net_debt
        stake = Decimal(re.search(r"(\d+)% (?:of the equity )?of ", text)[1]) / 100  # type: ignore[index]
        assert instance.hints["answer"] == (f"equity value of {_money(equity)}",)
        assert instance.hints["must_contain"][0] == f"equity value of {_money(equity)}"
        assert instance.hints["should_contain"] == (
            f"enterprise value of {_money(enterprise)}",
            f"net debt of {_money(net_debt)} taken from the enterprise value",
            f"the {stake * 100:.0f}% stake worth {_money(equity * stake)}",
        )
        assert instance.hints["must_contain"][1] in text and instance.hints["must_contain"][2] in text
        assert instance.hints["at_least_contain"][0] == "a purpose section"
        assert instance.hints["at_least_contain"][-1] == "a conclusion section"
