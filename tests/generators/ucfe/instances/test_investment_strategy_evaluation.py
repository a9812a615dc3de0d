"""Investment Strategy Evaluation: advice follows the best Sharpe ratio; numbers fit the strategies' kinds."""

from __future__ import annotations

import re
from collections import Counter

from finsynth.generators.ucfe.instances.world.strategies import STYLES
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
            ret, vol = (
                int(facts[f"strategy_{number}_return_tenths"]),
                int(facts[f"strategy_{number}_volatility_tenths"]),
            )
            ratios[name] = sharpe(ret, vol, risk_free)
            assert f"Sharpe ratio of {shown(ratios[name])} for {name}" in instance.hints["must_contain"]
            assert f"{ret // 10}.{ret % 10}%" in instance.information if ret >= 0 else True
            assert name in instance.information.lower()
        best = max(ratios, key=lambda name: ratios[name])
        own = str(facts["strategy_1_name"])
        expected = f"keep {own}" if best == own else f"consider {best}"
        assert instance.hints["answer"] == (expected,)
        assert f"{best} has the best risk-adjusted return" in instance.hints["must_contain"]
        advice[expected.split()[0]] += 1
    assert min(advice.values()) >= 200, advice


def test_a_low_volatility_strategy_is_the_calmest_and_every_strategy_fits_its_kind() -> None:
    bands = {style.name: style.volatility for style in STYLES}
    seen = 0
    for instance in draws("investment_strategy_evaluation"):
        facts = instance.facts
        volatility = {
            str(facts[f"strategy_{number}_name"]): int(facts[f"strategy_{number}_volatility_tenths"])
            for number in range(1, int(facts["strategy_count"]) + 1)
        }
        for name, vol in volatility.items():
            low, high = bands[name]
            assert low <= vol <= high, (name, vol)
            drawdown = next(
                int(facts[f"strategy_{n}_drawdown_tenths"])
                for n in range(1, int(facts["strategy_count"]) + 1)
                if facts[f"strategy_{n}_name"] == name
            )
            assert vol <= drawdown <= 3 * vol, "a worst loss of one to three years' volatility"
        if "low volatility" in volatility:
            seen += 1
            assert (
                volatility["low volatility"] == min(volatility.values())
                and sorted(volatility.values()).count(volatility["low volatility"]) == 1
            )
    assert seen >= 100


_PCT = r"(-?\d+\.\d)%"
_SUMMARY_FORMS = (
    rf"(?P<name>[\w/ -]+?): annual return {_PCT}, volatility {_PCT}, maximum drawdown {_PCT}\.",
    rf"(?P<name>[\w/ -]+?) returned {_PCT} a year with {_PCT} volatility and a worst drawdown of {_PCT}\.",
    rf"Back-test of (?P<name>[\w/ -]+?) — return {_PCT} per year, volatility {_PCT}, max drawdown {_PCT}\.",
)


def test_sharpe_ratios_and_advice_recomputed_from_the_text() -> None:
    for instance in draws("investment_strategy_evaluation"):
        text = instance.information
        risk_free = round(
            float(re.search(rf"(?:averaged|yielding|Risk-free rate:) {_PCT}", text)[1]) * 10  # type: ignore[index]
        )
        found = {}
        for form in _SUMMARY_FORMS:
            for match in re.finditer(form, text):
                name = match["name"].strip().lower()
                found[name] = (round(float(match[2]) * 10), round(float(match[3]) * 10))
        names = [
            str(instance.facts[f"strategy_{n}_name"])
            for n in range(1, int(instance.facts["strategy_count"]) + 1)
        ]
        assert set(found) == set(names), (found, names, text)
        ratios = {name: sharpe(ret, vol, risk_free) for name, (ret, vol) in found.items()}
        best = max(ratios, key=lambda name: ratios[name])
        for name, ratio in ratios.items():
            assert f"Sharpe ratio of {shown(ratio)} for {name}" in instance.hints["must_contain"]
        assert instance.hints["answer"] == ((f"keep {names[0]}" if best == names[0] else f"consider {best}"),)


def test_strengths_and_weaknesses_follow_from_the_figures() -> None:
    for instance in draws("investment_strategy_evaluation"):
        facts = instance.facts
        count = int(facts["strategy_count"])
        names = [str(facts[f"strategy_{number}_name"]) for number in range(1, count + 1)]
        returns = [int(facts[f"strategy_{number}_return_tenths"]) for number in range(1, count + 1)]
        drawdowns = [int(facts[f"strategy_{number}_drawdown_tenths"]) for number in range(1, count + 1)]
        points = [
            item for item in instance.hints["should_contain"] if item.startswith(("strength", "weakness"))
        ]
        if returns.count(max(returns)) == 1:
            best = names[returns.index(max(returns))]
            assert f"strength of {best}: the highest annual return of the strategies compared" in points
        if drawdowns.count(max(drawdowns)) == 1:
            deepest = names[drawdowns.index(max(drawdowns))]
            assert f"weakness of {deepest}: the deepest worst drawdown of the strategies compared" in points
        for fact in ("age", "horizon_years"):
            assert re.search(rf"\b{facts[fact]}\b", instance.needs), (fact, instance.needs)
