"""Investment Strategy Evaluation: should the user keep a strategy, given back-tests of it and alternatives?

Data: the user's strategy and one or two alternatives (see
:mod:`~finsynth.generators.ucfe.instances.world.strategies`), each with annual return,
volatility and maximum drawdown over the same period, and the risk-free rate.

Rule: Sharpe = (return − risk-free) ÷ volatility; the best strategy has the highest Sharpe.
``answer`` is ``"keep <user's strategy>"`` when it is the best, else ``"consider <best
strategy>"``. ``must_contain`` holds every strategy's Sharpe (two decimals), the best
strategy's name and the user's maximum drawdown.

Needs add the user's loss limit (0.5–1.2× their strategy's drawdown) and the comparison
with the alternatives by name. ``should_contain`` holds each measure's (return, volatility,
drawdown, fees) unique best strategy as a strength and unique worst as a weakness, and each
strategy's figures and costs; ``encourage`` each one's return ÷ drawdown (two decimals).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.generators.ucfe.instances.world.strategies import (
    STYLES,
    BackTest,
    best_by_sharpe,
    draw_back_tests,
    tenths_percent,
)
from finsynth.seeding import RandomStream
from finsynth.world.formatting import name_list
from finsynth.world.rounding import round_half_up

_OWN = (
    "I run a {name} strategy: it {rule}.",
    "My current approach is {name} — it {rule}.",
    "For the past few years I have used a {name} strategy, which {rule}.",
)
_SUMMARIES = (
    "{name}: annual return {ret}, volatility {vol}, maximum drawdown {mdd}.",
    "{name} returned {ret} a year with {vol} volatility and a worst drawdown of {mdd}.",
    "Back-test of {name} — return {ret} per year, volatility {vol}, max drawdown {mdd}.",
)
_CONTEXT = (
    "All back-tests cover the same {years} years; the risk-free rate over the period averaged {rf}.",
    "The tests span {years} years of daily data, with cash yielding {rf} a year.",
    "Period tested: {years} years. Risk-free rate: {rf}.",
)
_NEEDS = (
    "Explain the logic of my strategy, weigh its strengths and weaknesses against the alternatives on "
    "risk and return, and tell me whether I should keep using it.",
    "Evaluate my strategy: is the risk I take paid for, how does it compare with the alternatives, "
    "and should I continue with it?",
    "Help me decide whether to stay with my strategy, looking at risk-adjusted returns, drawdowns and "
    "how it might behave in different markets.",
    "Be honest: is my strategy any good compared with the other options, once risk is counted?",
    "I want the pros and cons of my approach in plain words, and a clear keep-or-switch view.",
    "Compare the strategies on return per unit of risk and on their worst losses, then tell me what "
    "you would do in my place.",
    "What are the weak spots of my strategy, and is one of the alternatives clearly better?",
    "Give me a short written assessment of my strategy that I can keep for my records.",
    "Does my strategy suit someone in my position, or should I move to one of the others?",
    "Explain what the back-test numbers say about each strategy and whether I should change course.",
)
_SITUATIONS = (
    "I am {age} and invest about {amount} for a horizon of roughly {horizon} years.",
    "About me: {age} years old, {amount} invested, and I do not expect to need the money for {horizon} "
    "years.",
    "The money ({amount}) is for the long run - about {horizon} years - and I am {age}.",
)
_GOALS = (
    "What matters most to me is not losing more than {tolerance} in a bad year.",
    "I want to beat cash at {rf} by a clear margin after costs, without sleepless nights.",
    "I would rather give up some return than see my savings fall by more than {tolerance}.",
    "I check my account every week, and a fall of more than {tolerance} would make me sell.",
)
_SCOPES = (
    "Compare {own} with {others} on return, volatility, worst drawdown, trading and fees over the "
    "{years} years tested, and say how each fits someone aged {age} with a {horizon}-year horizon.",
    "Weigh {own} against {others}: risk and reward, behaviour in rising and falling markets, costs, and "
    "what the {years}-year back-tests can and cannot tell me at {age}, with {horizon} years to go.",
)
_COSTS = (
    "{name} trades about {trades} times a year and its funds cost about {fee} a year.",
    "Running {name} means roughly {trades} trades a year and fees of about {fee} a year.",
)


@task_instance("investment_strategy_evaluation")
def investment_strategy_evaluation(stream: RandomStream) -> TaskInstance:
    """Draw back-tests of the user's strategy and alternatives; rank them by Sharpe ratio."""
    styles = stream.sample(STYLES, stream.randint(2, 3))
    risk_free = stream.randint(5, 45)
    years = stream.randint(3, 15)
    tests = draw_back_tests(stream, styles, risk_free)
    own, best = tests[0], best_by_sharpe(tests, risk_free)
    lines = [stream.choice(_OWN).format(name=styles[0].name, rule=styles[0].rule)]
    lines += [
        stream.choice(_SUMMARIES).format(
            name=test.name,
            ret=tenths_percent(test.annual_return),
            vol=tenths_percent(test.volatility),
            mdd=tenths_percent(-test.max_drawdown),
        )
        for test in tests
    ]
    lines.append(stream.choice(_CONTEXT).format(years=years, rf=tenths_percent(risk_free)))
    costs = [Costs(stream.randint(2, 60), stream.randint(5, 90)) for _ in tests]
    lines += [
        stream.choice(_COSTS).format(name=test.name, trades=cost.trades, fee=cost.shown_fee)
        for test, cost in zip(tests, costs, strict=True)
    ]
    age, amount, horizon = stream.randint(24, 72), stream.randint(2, 150) * 5_000, stream.randint(3, 30)
    lines.append(stream.choice(_SITUATIONS).format(age=age, amount=f"${amount:,}", horizon=horizon))
    if len(tests) > 1:
        lines.insert(
            2,
            "Alternatives I am looking at: "
            + "; ".join(f"{style.name}, which {style.rule}" for style in styles[1:])
            + ".",
        )
    answer = f"keep {own.name}" if best is own else f"consider {best.name}"
    sharpe_items = tuple(f"Sharpe ratio of {test.shown_sharpe(risk_free)} for {test.name}" for test in tests)
    hints = hint_map(
        answer=(answer,),
        must_contain=(
            *sharpe_items,
            f"{best.name} has the best risk-adjusted return",
            f"maximum drawdown of {tenths_percent(-own.max_drawdown)}",
        ),
        at_least_contain=(
            f"the investment logic of {own.name}: it {styles[0].rule}",
            "at least two strengths and two weaknesses, each backed by a figure",
        ),
        should_contain=(
            *strengths_and_weaknesses(tests, costs),
            *(
                f"{test.name}: {tenths_percent(test.annual_return)} a year at "
                f"{tenths_percent(test.volatility)} volatility, worst drawdown "
                f"{tenths_percent(-test.max_drawdown)}, about {cost.trades} trades a year and "
                f"{cost.shown_fee} in fees"
                for test, cost in zip(tests, costs, strict=True)
            ),
            f"whether a drawdown of {tenths_percent(-own.max_drawdown)} suits someone aged {age} with "
            f"${amount:,} and a {horizon}-year horizon",
            "how the strategy fits different market conditions",
            f"the limits of a {years}-year back-test",
        ),
        encourage=(
            *(
                f"return per unit of drawdown of "
                f"{round_half_up(test.annual_return / test.max_drawdown, 2):.2f} for {test.name}"
                for test in tests
            ),
            *(f"how {style.name}, which {style.rule}, behaves in a falling market" for style in styles),
            "diversifying across strategies",
        ),
        forbid=(
            "a promise of future returns",
            "ignoring the drawdowns",
            f"judging the strategies on return alone, without the {tenths_percent(risk_free)} risk-free rate "
            "and volatility",
        ),
    )
    reference = (
        f"By Sharpe ratio ({'; '.join(sharpe_items)}), {best.name} is best, so the advice is to {answer}."
    )
    tolerance = round(own.max_drawdown * stream.uniform(0.5, 1.2))
    facts: dict[str, FactValue] = {
        "risk_free_tenths": risk_free,
        "years": years,
        "strategy_count": len(tests),
        "own_strategy": own.name,
        "best_strategy": best.name,
        "age": age,
        "amount": amount,
        "horizon_years": horizon,
        "loss_tolerance_tenths": tolerance,
    }
    for number, (test, cost) in enumerate(zip(tests, costs, strict=True), start=1):
        facts[f"strategy_{number}_name"] = test.name
        facts[f"strategy_{number}_return_tenths"] = test.annual_return
        facts[f"strategy_{number}_volatility_tenths"] = test.volatility
        facts[f"strategy_{number}_drawdown_tenths"] = test.max_drawdown
        facts[f"strategy_{number}_trades"] = cost.trades
        facts[f"strategy_{number}_fee_hundredths"] = cost.fee_hundredths
    details = (
        stream.choice(_GOALS).format(tolerance=tenths_percent(tolerance), rf=tenths_percent(risk_free)),
        stream.choice(_SCOPES).format(
            own=own.name,
            others=name_list([test.name for test in tests[1:]]),
            years=years,
            age=age,
            horizon=horizon,
        ),
    )
    needs, needs_variants = phrase_needs(stream, _NEEDS, details)
    return TaskInstance(
        "investment_strategy_evaluation",
        " ".join(line[:1].upper() + line[1:] for line in lines),
        needs,
        hints,
        facts,
        reference,
        needs_variants=needs_variants,
    )


@dataclass(frozen=True)
class Costs:
    """What running a strategy costs a year."""

    trades: int
    """Trades a year."""
    fee_hundredths: int
    """Fund fees in hundredths of a percent a year (45 means 0.45%)."""

    @property
    def shown_fee(self) -> str:
        """The fee as the text shows it (``0.45%``)."""
        return f"{self.fee_hundredths / 100:.2f}%"


_MEASURES: tuple[tuple[str, str, Callable[[BackTest, Costs], int]], ...] = (
    ("the highest annual return", "the lowest annual return", lambda test, cost: -test.annual_return),
    ("the lowest volatility", "the highest volatility", lambda test, cost: test.volatility),
    ("the shallowest worst drawdown", "the deepest worst drawdown", lambda test, cost: test.max_drawdown),
    ("the lowest fees", "the highest fees", lambda test, cost: cost.fee_hundredths),
)
"""(strength, weakness, key where lower is better) of each measure the strategies are compared on."""


def strengths_and_weaknesses(tests: tuple[BackTest, ...], costs: list[Costs]) -> tuple[str, ...]:
    """Each measure's unique best strategy as a strength and unique worst as a weakness, by the figures."""
    points: list[str] = []
    for strength, weakness, key in _MEASURES:
        values = [key(test, cost) for test, cost in zip(tests, costs, strict=True)]
        for wanted, word, phrase in (
            (min(values), "strength", strength),
            (max(values), "weakness", weakness),
        ):
            if values.count(wanted) == 1:
                points.append(
                    f"{word} of {tests[values.index(wanted)].name}: {phrase} of the strategies compared"
                )
    return tuple(points)
