"""Investment Strategy Optimization: pick among tested variants of a strategy under a drawdown limit.

Data: the user's strategy with its parameters and back-test, the largest drawdown the user
accepts, and three or four variants, each changing one parameter, with their own back-tests
(:mod:`~finsynth.generators.ucfe.instances.world.strategies`). Rule: among the variants whose
maximum drawdown is within the limit (at least one by construction), the recommended one has
the highest Sharpe ratio. ``answer`` is that variant's label; ``must_contain`` holds its
label, its Sharpe ratio and the drawdown limit; ``should_contain`` names each variant ruled
out by the limit, or says that every variant stays within it.
"""

from __future__ import annotations

from finsynth.generators.ucfe.instances.base import FactValue, TaskInstance, hint_map, task_instance
from finsynth.generators.ucfe.instances.world.strategies import (
    STYLES,
    BackTest,
    best_by_sharpe,
    draw_back_tests,
    tenths_percent,
)
from finsynth.seeding import RandomStream

CHANGES: dict[str, str] = {
    "shorter look-back": "shorten the signal look-back from {a} to {b} days",
    "longer look-back": "lengthen the signal look-back from {a} to {b} days",
    "stop-loss": "add a stop-loss at {b}% below the entry price",
    "smaller positions": "cut the largest single position from {a}% to {b}% of the portfolio",
    "weekly rebalancing": "rebalance weekly instead of monthly",
    "cash filter": "hold {b}% in cash whenever the index is below its 200-day average",
    "volatility target": "add a volatility target of {b}% a year",
    "debt screen": "exclude companies with debt above {b}% of assets",
}
"""One-parameter changes a variant applies; ``a`` is the current setting, ``b`` the new one."""

ALL_WITHIN_LIMIT = "every variant stays within the drawdown limit"


def describe_change(stream: RandomStream, change: str, lookback: int, position: int) -> str:
    """The change in words, with a new setting that moves the way the change says."""
    if change == "shorter look-back":
        current, new = lookback, stream.randint(3, lookback - 1)
    elif change == "longer look-back":
        current, new = lookback, stream.randint(lookback + 5, lookback + 120)
    elif change == "smaller positions":
        current, new = position, stream.randint(2, position - 1)
    else:
        low, high = {"stop-loss": (5, 25), "cash filter": (20, 80), "volatility target": (6, 20)}.get(
            change, (40, 80)
        )
        current, new = 0, stream.randint(low, high)
    return CHANGES[change].format(a=current, b=new)


_OWN = (
    "My strategy is {name}: it {rule}. Current settings: look-back {lookback} days, largest position "
    "{position}%.",
    "I follow a {name} approach ({rule}), with a {lookback}-day look-back and at most {position}% in any "
    "one holding.",
)
_LIMITS = (
    "I cannot tolerate a drawdown deeper than {limit}.",
    "My limit on the worst peak-to-trough loss is {limit}.",
    "Any version I adopt must keep its maximum drawdown within {limit}.",
)
_VARIANTS = (
    "Variant {label} ({change}): return {ret}, volatility {vol}, maximum drawdown {mdd}.",
    "{label} — {change} — returned {ret} a year at {vol} volatility, worst drawdown {mdd}.",
)
_NEEDS = (
    "Understand the logic of my strategy, optimise it from several angles and give concrete, practical "
    "suggestions; tell me which variant to adopt.",
    "Help me improve this strategy: which of the tested changes should I make, and what else could "
    "make it more robust?",
    "Suggest how to optimise my strategy, using the variant back-tests, and recommend one.",
)


@task_instance("investment_strategy_optimization")
def investment_strategy_optimization(stream: RandomStream) -> TaskInstance:
    """Draw a strategy, its variants and a drawdown limit; pick the best variant within the limit."""
    name, rule = stream.choice(STYLES)
    lookback, position = stream.randint(10, 120), stream.randint(5, 25)
    risk_free = stream.randint(5, 45)
    count = stream.randint(3, 4)
    labels = [chr(ord("A") + index) for index in range(count)]
    base, *variants = draw_back_tests(stream, [name, *labels], risk_free)
    limit = stream.randint(100, 350)
    if all(variant.max_drawdown > limit for variant in variants):
        tightest = min(variants, key=lambda variant: variant.max_drawdown)
        limit = tightest.max_drawdown + stream.randint(0, 20)
    allowed = tuple(variant for variant in variants if variant.max_drawdown <= limit)
    chosen = best_by_sharpe(allowed, risk_free)
    changes = [
        describe_change(stream, change, lookback, position)
        for change in stream.sample(sorted(CHANGES), count)
    ]
    lines = [
        stream.choice(_OWN).format(name=name, rule=rule, lookback=lookback, position=position),
        f"Its back-test: return {tenths_percent(base.annual_return)}, volatility "
        f"{tenths_percent(base.volatility)}, maximum drawdown {tenths_percent(-base.max_drawdown)}; "
        f"risk-free rate {tenths_percent(risk_free)}.",
        stream.choice(_LIMITS).format(limit=tenths_percent(limit)),
    ]
    template = stream.choice(_VARIANTS)
    lines += [
        template.format(
            label=variant.name,
            change=change,
            ret=tenths_percent(variant.annual_return),
            vol=tenths_percent(variant.volatility),
            mdd=tenths_percent(-variant.max_drawdown),
        )
        for variant, change in zip(variants, changes, strict=True)
    ]
    ruled_out = [variant for variant in variants if variant.max_drawdown > limit]
    hints = hint_map(
        answer=(f"variant {chosen.name}",),
        must_contain=(
            f"variant {chosen.name}",
            f"Sharpe ratio of {chosen.shown_sharpe(risk_free)}",
            f"drawdown limit of {tenths_percent(limit)}",
        ),
        at_least_contain=("the logic of the strategy", "at least one concrete, actionable change"),
        should_contain=tuple(f"variant {variant.name} breaches the drawdown limit" for variant in ruled_out)
        or (ALL_WITHIN_LIMIT,),
        encourage=("testing the change out of sample", "costs and turnover of the change"),
        forbid=("a guarantee that the optimised strategy will make money", "ignoring the drawdown limit"),
    )
    reference = (
        f"Adopt variant {chosen.name} ({changes[variants.index(chosen)]}): its Sharpe ratio of "
        f"{chosen.shown_sharpe(risk_free)} is the best among variants within the drawdown limit of "
        f"{tenths_percent(limit)}."
    )
    facts: dict[str, FactValue] = {
        "strategy": name,
        "risk_free_tenths": risk_free,
        "drawdown_limit_tenths": limit,
        "variant_count": count,
        "chosen_variant": chosen.name,
    }
    tests: list[BackTest] = [base, *variants]
    for number, test in enumerate(tests):
        key = "base" if number == 0 else f"variant_{number}"
        facts[f"{key}_name"] = test.name
        facts[f"{key}_return_tenths"] = test.annual_return
        facts[f"{key}_volatility_tenths"] = test.volatility
        facts[f"{key}_drawdown_tenths"] = test.max_drawdown
    return TaskInstance(
        "investment_strategy_optimization", " ".join(lines), stream.choice(_NEEDS), hints, facts, reference
    )
