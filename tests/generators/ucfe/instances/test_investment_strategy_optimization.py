"""Investment Strategy Optimization: every variant is weighed against the current strategy."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

from tests.generators.ucfe.instances.harness import draws
from tests.generators.ucfe.instances.sharpe import sharpe, shown

_PCT = r"(-?\d+\.\d)%"
_VARIANT_FORMS = (
    re.compile(rf"Variant ([A-D]) \((.+?)\): return {_PCT}, volatility {_PCT}, maximum drawdown {_PCT}\."),
    re.compile(rf"([A-D]) — (.+?) — returned {_PCT} a year at {_PCT} volatility, worst drawdown {_PCT}\."),
)


def _tenths(text: str) -> int:
    return round(Fraction(text) * 10)


def _read(information: str) -> tuple[int, int, tuple[int, int, int], dict[str, tuple[str, int, int, int]]]:
    base = re.search(
        rf"Its back-test: return {_PCT}, volatility {_PCT}, maximum drawdown {_PCT}; "
        rf"risk-free rate {_PCT}\.",
        information,
    )
    assert base, information
    limit = re.search(rf"(?:deeper than|loss is|within) {_PCT}\.", information)
    assert limit, information
    variants = {}
    for form in _VARIANT_FORMS:
        for label, change, ret, vol, mdd in form.findall(information):
            variants[label] = (change, _tenths(ret), _tenths(vol), -_tenths(mdd))
    current = (_tenths(base[1]), _tenths(base[2]), -_tenths(base[3]))
    return _tenths(base[4]), _tenths(limit[1]), current, variants


def test_the_choice_is_the_best_sharpe_within_the_limit_current_strategy_included() -> None:
    picks: Counter[str] = Counter()
    for instance in draws("investment_strategy_optimization"):
        risk_free, limit, current, variants = _read(instance.information)
        assert len(variants) == int(instance.facts["variant_count"])
        versions = {"the current strategy": current} | {
            f"variant {label}": figures[1:] for label, figures in variants.items()
        }
        ratios = {name: sharpe(ret, vol, risk_free) for name, (ret, vol, _) in versions.items()}
        allowed = [name for name, (_, _, drawdown) in versions.items() if drawdown <= limit]
        assert allowed, "at least one version meets the limit"
        chosen = max(allowed, key=lambda name: ratios[name])
        expected = "keep the current strategy" if chosen == "the current strategy" else chosen
        assert instance.hints["answer"] == (expected,)
        must = instance.hints["must_contain"]
        assert must[:3] == (
            chosen,
            f"Sharpe ratio of {shown(ratios[chosen])}",
            f"drawdown limit of {limit // 10}.{limit % 10}%",
        )
        if chosen != "the current strategy":
            assert f"current strategy's Sharpe ratio of {shown(ratios['the current strategy'])}" in must
        ruled_out = [name for name, (_, _, drawdown) in versions.items() if drawdown > limit]
        assert set(instance.hints["should_contain"]) == (
            {f"{name} breaches the drawdown limit" for name in ruled_out}
            or {"the current strategy and every variant stay within the drawdown limit"}
        )
        picks[expected] += 1
    assert picks["keep the current strategy"] >= 50, picks
    assert {"variant A", "variant B", "variant C", "variant D"} <= set(picks)


def test_variants_do_what_their_descriptions_say() -> None:
    checked: Counter[str] = Counter()
    for instance in draws("investment_strategy_optimization"):
        _, _, (_, base_vol, base_drawdown), variants = _read(instance.information)
        for change, _, vol, drawdown in variants.values():
            target = re.search(r"volatility target of (\d+)% a year", change)
            if target:
                assert abs(vol - 10 * int(target[1])) <= 5, (change, vol)
                assert vol < base_vol
                checked["target"] += 1
            if "in cash whenever" in change or "stop-loss" in change:
                assert drawdown < base_drawdown, (change, drawdown, base_drawdown)
                checked["drawdown cut"] += 1
            if "cut the largest single position" in change or "exclude companies" in change:
                assert vol < base_vol
                checked["calmer"] += 1
    assert min(checked.values()) >= 200, checked
