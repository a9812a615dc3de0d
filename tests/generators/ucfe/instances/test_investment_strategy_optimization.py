"""Investment Strategy Optimization: the pick is the best Sharpe within the drawdown limit."""

from __future__ import annotations

from collections import Counter

from tests.generators.ucfe.instances.harness import draws
from tests.generators.ucfe.instances.sharpe import sharpe, shown


def test_pick_is_the_best_sharpe_within_the_limit() -> None:
    picks: Counter[str] = Counter()
    for instance in draws("investment_strategy_optimization"):
        facts = instance.facts
        risk_free, limit = int(facts["risk_free_tenths"]), int(facts["drawdown_limit_tenths"])
        allowed, ruled_out = {}, []
        for number in range(1, int(facts["variant_count"]) + 1):
            name = str(facts[f"variant_{number}_name"])
            if int(facts[f"variant_{number}_drawdown_tenths"]) <= limit:
                allowed[name] = sharpe(
                    int(facts[f"variant_{number}_return_tenths"]),
                    int(facts[f"variant_{number}_volatility_tenths"]),
                    risk_free,
                )
            else:
                ruled_out.append(name)
        assert allowed, "at least one variant meets the limit"
        chosen = max(allowed, key=lambda name: allowed[name])
        assert instance.hints["answer"] == (f"variant {chosen}",)
        assert instance.hints["must_contain"] == (
            f"variant {chosen}",
            f"Sharpe ratio of {shown(allowed[chosen])}",
            f"drawdown limit of {limit // 10}.{limit % 10}%",
        )
        assert instance.hints["should_contain"] == (
            tuple(f"variant {name} breaches the drawdown limit" for name in ruled_out)
            or ("every variant stays within the drawdown limit",)
        )
        assert f"{limit // 10}.{limit % 10}%" in instance.information
        picks[chosen] += 1
    assert set(picks) == {"A", "B", "C", "D"}
