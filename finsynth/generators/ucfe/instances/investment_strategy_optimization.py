"""Investment Strategy Optimization: compare tested variants with the current strategy under a drawdown limit.

Data: the user's strategy with its parameters and back-test, the largest drawdown the user
accepts, and three or four variants, each changing one parameter, with their own back-tests
(:mod:`~finsynth.generators.ucfe.instances.world.strategies`; each variant's figures move the
way its change says). Rule: among the current strategy and the variants whose maximum drawdown
is within the limit (at least one by construction), the recommended one has the highest Sharpe
ratio, so keeping the current strategy can be the answer. ``answer`` is ``"keep the current
strategy"`` or ``"variant <label>"``; ``must_contain`` holds the choice, its Sharpe ratio, the
drawdown limit and, when a variant wins, the current strategy's Sharpe ratio; ``should_contain``
names each version ruled out by the limit, or says that all stay within it.

Needs name the tested changes and the limit; ``encourage`` states each variant's change of
return and worst drawdown against the current strategy, in percentage points.
"""

from __future__ import annotations

from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.generators.ucfe.instances.world.strategies import (
    CHANGES,
    STYLES,
    BackTest,
    Variant,
    best_by_sharpe,
    distinct_sharpes,
    draw_back_test,
    draw_variant,
    tenths_percent,
)
from finsynth.seeding import RandomStream
from finsynth.world.formatting import count_word, name_list

ALL_WITHIN_LIMIT = "the current strategy and every variant stay within the drawdown limit"

CURRENT = "the current strategy"
"""How hints and answers name the user's own strategy, which may be the best choice."""


def _draw(
    stream: RandomStream, style_index: int, lookback: int, position: int, risk_free: int, count: int
) -> tuple[BackTest, tuple[Variant, ...]]:
    """The current back-test and ``count`` variants, redrawn until every Sharpe ratio shown differs."""
    while True:
        base = draw_back_test(stream, STYLES[style_index], risk_free)
        changes = stream.sample(CHANGES, count)
        variants = tuple(
            draw_variant(stream, base, change, chr(ord("A") + index), lookback, position, risk_free)
            for index, change in enumerate(changes)
        )
        if distinct_sharpes((base, *(variant.test for variant in variants)), risk_free):
            return base, variants


def _points(tenths: int, up: str, down: str) -> str:
    """A change in percentage points, in words (``1.2 points higher``)."""
    if tenths == 0:
        return "unchanged"
    return f"{tenths_percent(abs(tenths))[:-1]} points {up if tenths > 0 else down}"


def _effect(variant: Variant, base: BackTest) -> str:
    """What a variant's change does to return and worst drawdown, against the current strategy."""
    returned = _points(variant.test.annual_return - base.annual_return, "higher", "lower")
    drawdown = _points(variant.test.max_drawdown - base.max_drawdown, "deeper", "shallower")
    return (
        f"what variant {variant.test.name} ({variant.description}) does to return ({returned}) and worst "
        f"drawdown ({drawdown})"
    )


def _label(test: BackTest, base: BackTest) -> str:
    return CURRENT if test is base else f"variant {test.name}"


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
    "suggestions; tell me which version to adopt, or whether to leave it as it is.",
    "Help me improve this strategy: which of the tested changes, if any, should I make, and what else "
    "could make it more robust?",
    "Suggest how to optimise my strategy using the variant back-tests, and recommend one version.",
    "Is any of these tweaks actually better than what I run now once my loss limit is respected?",
    "Rank the versions I tested against my current setup on risk-adjusted return, within my drawdown "
    "limit, and tell me what to do.",
    "I'm tempted to change something. Tell me honestly whether any variant beats my current strategy.",
    "Give me a recommendation I can act on next month: which version should I run, and why?",
    "Compare each variant with the strategy as it stands, note what each change costs, and pick one.",
    "Which change gives me the best return for the risk without breaking my drawdown rule?",
    "Check my back-tests and tell me whether to adopt a variant or keep things unchanged.",
)

_SCOPES = (
    "Weigh each tested change ({changes}) against my current {style}, within my {limit} limit.",
    "The {count} changes tested: {changes}; my {limit} drawdown limit is a hard rule.",
)


@task_instance("investment_strategy_optimization")
def investment_strategy_optimization(stream: RandomStream) -> TaskInstance:
    """Draw a strategy, tested variants and a drawdown limit; pick the best Sharpe within the limit."""
    style_index = stream.randint(0, len(STYLES) - 1)
    style = STYLES[style_index]
    lookback, position = stream.randint(20, 120), stream.randint(5, 25)
    risk_free = stream.randint(5, 45)
    count = stream.randint(3, 4)
    base, variants = _draw(stream, style_index, lookback, position, risk_free, count)
    candidates = (base, *(variant.test for variant in variants))
    limit = stream.randint(round(base.max_drawdown * 0.7), round(base.max_drawdown * 1.3))
    if all(test.max_drawdown > limit for test in candidates):
        limit = min(test.max_drawdown for test in candidates) + stream.randint(0, 20)
    allowed = tuple(test for test in candidates if test.max_drawdown <= limit)
    chosen = best_by_sharpe(allowed, risk_free)
    lines = [
        stream.choice(_OWN).format(name=style.name, rule=style.rule, lookback=lookback, position=position),
        f"Its back-test: return {tenths_percent(base.annual_return)}, volatility "
        f"{tenths_percent(base.volatility)}, maximum drawdown {tenths_percent(-base.max_drawdown)}; "
        f"risk-free rate {tenths_percent(risk_free)}.",
        stream.choice(_LIMITS).format(limit=tenths_percent(limit)),
        "Over the same period I tested these changes, one at a time:",
    ]
    template = stream.choice(_VARIANTS)
    lines += [
        template.format(
            label=variant.test.name,
            change=variant.description,
            ret=tenths_percent(variant.test.annual_return),
            vol=tenths_percent(variant.test.volatility),
            mdd=tenths_percent(-variant.test.max_drawdown),
        )
        for variant in variants
    ]
    ruled_out = [test for test in candidates if test.max_drawdown > limit]
    keep = chosen is base
    answer = "keep the current strategy" if keep else f"variant {chosen.name}"
    hints = hint_map(
        answer=(answer,),
        must_contain=(
            _label(chosen, base),
            f"Sharpe ratio of {chosen.shown_sharpe(risk_free)}",
            f"drawdown limit of {tenths_percent(limit)}",
            *(() if keep else (f"current strategy's Sharpe ratio of {base.shown_sharpe(risk_free)}",)),
        ),
        at_least_contain=(
            f"Sharpe ratios as (annual return - {tenths_percent(risk_free)} risk-free rate) / volatility",
            "a comparison of every variant with the current strategy",
            f"the logic of {style.name}: it {style.rule}",
        ),
        should_contain=tuple(f"{_label(test, base)} breaches the drawdown limit" for test in ruled_out)
        or (ALL_WITHIN_LIMIT,),
        encourage=(
            "testing the change out of sample",
            "costs and turnover of the change",
            *(_effect(variant, base) for variant in variants),
        ),
        forbid=("a guarantee that the optimised strategy will make money", "ignoring the drawdown limit"),
    )
    if keep:
        reference = (
            f"Keep the current strategy: its Sharpe ratio of {base.shown_sharpe(risk_free)} is the best "
            f"among the versions within the drawdown limit of {tenths_percent(limit)}; no tested change "
            "improves on it."
        )
    else:
        reference = (
            f"Adopt variant {chosen.name} ({variants[ord(chosen.name) - ord('A')].description}): its Sharpe "
            f"ratio of {chosen.shown_sharpe(risk_free)} beats the current strategy's "
            f"{base.shown_sharpe(risk_free)} and every other version within the drawdown limit of "
            f"{tenths_percent(limit)}."
        )
    facts: dict[str, FactValue] = {
        "strategy": style.name,
        "risk_free_tenths": risk_free,
        "drawdown_limit_tenths": limit,
        "variant_count": count,
        "chosen_variant": "current" if keep else chosen.name,
        "base_return_tenths": base.annual_return,
        "base_volatility_tenths": base.volatility,
        "base_drawdown_tenths": base.max_drawdown,
    }
    for number, variant in enumerate(variants, start=1):
        key = f"variant_{number}"
        facts[f"{key}_name"] = variant.test.name
        facts[f"{key}_change"] = variant.change
        facts[f"{key}_setting"] = variant.setting
        facts[f"{key}_return_tenths"] = variant.test.annual_return
        facts[f"{key}_volatility_tenths"] = variant.test.volatility
        facts[f"{key}_drawdown_tenths"] = variant.test.max_drawdown
    details = (
        stream.choice(_SCOPES).format(
            count=count_word(count),
            changes=name_list([variant.change for variant in variants]),
            style=style.name,
            limit=tenths_percent(limit),
        ),
    )
    needs, needs_variants = phrase_needs(stream, _NEEDS, details)
    return TaskInstance(
        "investment_strategy_optimization",
        " ".join(lines),
        needs,
        hints,
        facts,
        reference,
        needs_variants=needs_variants,
    )
