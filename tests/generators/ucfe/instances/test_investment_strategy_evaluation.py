"""Investment Strategy Evaluation: the advice follows the highest Sharpe ratio, recomputed from the facts."""

from __future__ import annotations

from collections import Counter

from tests.generators.ucfe.instances.harness import draws
from tests.generators.ucfe.instances.sharpe import sharpe, shown


def test_advice_follows_the_best_sharpe_ratio() -> None:
    advice: Counter[str] = Counter()
    for instance in draws("investment_strategy_evaluation"):
        facts = instance.facts
        risk_free = int(facts["risk_free_tenths"])
        ratios = {}
        for number in range(1, int(facts["strategy_count"]) + 1):
            name = str(facts[f"strategy_{number}_name"])
            ratios[name] = sharpe(
                int(facts[f"strategy_{number}_return_tenths"]),
                int(facts[f"strategy_{number}_volatility_tenths"]),
                risk_free,
            )
            assert f"Sharpe ratio of {shown(ratios[name])} for {name}" in instance.hints["must_contain"]
            assert name in instance.information
        best = max(ratios, key=lambda name: ratios[name])
        own = str(facts["strategy_1_name"])
        expected = f"keep {own}" if best == own else f"consider {best}"
        assert instance.hints["answer"] == (expected,)
        assert f"{best} has the best risk-adjusted return" in instance.hints["must_contain"]
        advice[expected.split()[0]] += 1
    assert min(advice.values()) >= 200, advice
