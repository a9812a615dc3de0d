"""Asset Valuation Reporting: the quoted equity value is the DCF of the forecast in the facts."""

from __future__ import annotations

import datetime

from tests.generators.ucfe.instances.harness import draws


def test_equity_value_is_the_discounted_cash_flow() -> None:
    for instance in draws("asset_valuation_reporting"):
        facts = instance.facts
        rate, growth = float(facts["discount_rate"]), float(facts["terminal_growth"])
        flows = [float(facts[f"cash_flow_{year}"]) for year in range(1, 6)]
        discount = [(1 + rate) ** -year for year in range(1, 6)]
        terminal = flows[-1] * (1 + growth) / (rate - growth)
        equity = sum(f * d for f, d in zip(flows, discount, strict=True)) + terminal * discount[-1]
        equity -= float(facts["net_debt"])
        quoted = instance.hints["must_contain"][0]
        assert quoted.startswith("equity value of $") and quoted.endswith(" million")
        number = float(quoted.removeprefix("equity value of $").removesuffix(" million").replace(",", ""))
        assert abs(number - equity) <= 0.05 + 1e-6, (number, equity)
        signed = datetime.date.fromisoformat(str(facts["signed"]))
        assert f"{signed:%B} {signed.day}, {signed.year}" == instance.hints["must_contain"][1]
        assert instance.hints["must_contain"][1] in instance.information
        assert str(facts["acquirer"]) in instance.information
        for flow in flows:
            assert f"{flow:,.1f}" in instance.information
        assert instance.hints["at_least_contain"][0] == "a purpose section"
        assert instance.hints["at_least_contain"][-1] == "a conclusion section"
