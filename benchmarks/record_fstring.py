"""What the issue's speed target asks of complete records, measured on a plain f-string stand-in.

The f-string baseline (``benchmarks/baseline_fstring.py``) writes a question and a short solution
per problem. A finsynth record says much more: the solution with each step's text, every step's
formula, inputs and value, a JSON trace, the metadata JSON, the id and the seeds, in a dict with
nested lists and dicts. This module writes that whole record for two templates, "future value of a
single deposit" (basic) and "deposit plus annual contributions against a goal" (advanced), with
nothing but ``random.Random`` draws and f-strings, one record at a time as the original FinChain
templates work: no validation, no exact arithmetic at rounding ties, no generality.
``tests/test_record_fstring.py`` checks that it writes finsynth's records for the same drawn values,
so the stand-in cannot be faster by writing less.

Each row sets, against the plain pairs of the same problem in the same run: the stand-in's complete
records; the stand-in's values and texts alone (everything but the record's dicts); and finsynth's
own ``generate``. The stand-in shows what writing these records costs when done the plain way; the
middle column shows what the texts alone cost, which every output form (dicts or Arrow) pays.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, NamedTuple

import finsynth
from benchmarks.baseline_fstring import TOPIC, future_value, savings_goal
from finsynth.world.names import FIRST_NAMES, LAST_NAMES

GENERATOR_ID = TOPIC + "future_value_of_a_single_deposit"
"""The basic template the first stand-in writes."""
GOAL_GENERATOR_ID = TOPIC + "deposit_plus_annual_contributions_against_a_goal"
"""The advanced template the second stand-in writes."""
NOTE = (
    "Intermediate values are shown rounded (with more digits where a step needs them to be redone); "
    "each step uses the unrounded values of earlier steps."
)
Record = dict[str, Any]


FUTURE_VALUE_DIFFICULTY = ("intermediate", 4)
"""The basic template's measured difficulty (level, score)."""
GOAL_DIFFICULTY = ("advanced", 8)
"""The advanced template's measured difficulty (level, score)."""


def _metadata_parts(generator_id: str, difficulty: tuple[str, int]) -> tuple[str, str]:
    domain, topic = generator_id.split("/")[1:3]
    return (
        f'{{"answer_unit":"USD","difficulty":"{difficulty[0]}","difficulty_score":{difficulty[1]},'
        f'"domain":"{domain}","generator_id":"{generator_id}","seed_names":',
        f',"topic":"{topic}"}}',
    )


def _operands(
    redo: Callable[..., Decimal], decimals: int, shown: float, *operands: tuple[float, int]
) -> list[str]:
    """Earlier results as a step shows them: with more digits where the rounded ones would not redo it.

    The redo is exact (decimals, halves rounded up as finsynth rounds them): a sum of two shown
    amounts often ends in a half cent.
    """
    extra = 0
    target = Decimal(f"{shown:.{decimals}f}")
    while True:
        texts = [f"{round(value, digits + extra):.{digits + extra}f}" for value, digits in operands]
        redone = redo(*map(Decimal, texts)).quantize(Decimal(1).scaleb(-decimals), ROUND_HALF_UP)
        if redone == target or extra == 12:
            return texts
        extra += 1


def _trace_steps(steps: tuple[tuple[str, str, int], ...], answer: str) -> str:
    shown = ",".join(
        f'{{"name":"{name}","formula":"{formula}","round_to":{decimals},"rounded_before_use":false}}'
        for name, formula, decimals in steps
    )
    return f'"steps":[{shown}],"answer":{{"kind":"numeric","step":"{answer}"}}}}'


FUTURE_VALUE_STEPS = (
    ("growth_factor", "(1 + annual_rate) ** years", 6),
    ("balance", "principal * growth_factor", 2),
)
GOAL_STEPS = (
    ("growth_factor", "(1 + annual_rate) ** years", 6),
    ("deposit_value", "initial_deposit * growth_factor", 2),
    ("annuity_factor", "(growth_factor - 1) / annual_rate", 6),
    ("contributions_value", "yearly_contribution * annuity_factor", 2),
    ("balance", "deposit_value + contributions_value", 2),
    ("surplus", "balance - goal", 2),
)
FUTURE_VALUE_METADATA = _metadata_parts(GENERATOR_ID, FUTURE_VALUE_DIFFICULTY)
GOAL_METADATA = _metadata_parts(GOAL_GENERATOR_ID, GOAL_DIFFICULTY)
FUTURE_VALUE_TRACE = _trace_steps(FUTURE_VALUE_STEPS, "balance")
GOAL_TRACE = _trace_steps(GOAL_STEPS, "surplus")


def _usd(amount: float) -> str:
    return f"-${-amount:,.2f}" if amount < 0 else f"${amount:,.2f}"


class Parts(NamedTuple):
    """Everything a record says, as values and texts, before any dict is built."""

    question: str
    step_texts: list[str]
    step_values: list[float]
    step_inputs: list[list[tuple[str, float]]]
    answer: float
    target: str
    solution: str
    trace: str
    metadata: str


def _solution(step_texts: list[str], target: str) -> str:
    shown_steps = "".join(f"\nStep {number}: {text}" for number, text in enumerate(step_texts, 1))
    return f"{NOTE}{shown_steps}\nAnswer: {target}"


def _record(
    record_id: str,
    generator_id: str,
    difficulty: tuple[str, int],
    plan: tuple[tuple[str, str, int], ...],
    parts: Parts,
    seeds: tuple[int, int],
) -> Record:
    domain, topic = generator_id.split("/")[1:3]
    return {
        "id": record_id,
        "input": parts.question,
        "target": parts.target,
        "choices": [],
        "metadata": parts.metadata,
        "generator_id": generator_id,
        "domain": domain,
        "topic": topic,
        "difficulty": difficulty[0],
        "difficulty_score": difficulty[1],
        "solution": parts.solution,
        "steps": [
            {
                "name": name,
                "text": text,
                "formula": formula,
                "inputs": [{"name": key, "value": item, "values": None} for key, item in inputs],
                "value": value,
            }
            for (name, formula, _), text, inputs, value in zip(
                plan, parts.step_texts, parts.step_inputs, parts.step_values, strict=True
            )
        ],
        "answer_value": parts.answer,
        "answer_label": None,
        "answer_unit": "USD",
        "answer_decimals": 2,
        "trace": parts.trace,
        "seed_names": seeds[0],
        "seed_values": seeds[1],
    }


def future_value_parts(
    saver: str, principal: float, percent: float, years: int, seeds: tuple[int, int]
) -> Parts:
    """The values and texts of the future-value problem for these values, by f-strings.

    Args:
        saver: The saver's name.
        principal: The deposit in dollars (whole multiples of 50).
        percent: The annual rate in percent (two decimals).
        years: The holding period.
        seeds: The names seed and the values seed the record reports.

    """
    rate = round(percent / 100, 4)
    growth = (1 + rate) ** years
    shown_growth = round(growth, 6)
    balance = round(principal * growth, 2)
    target = _usd(balance)
    (growth_text,) = _operands(lambda factor: Decimal(repr(principal)) * factor, 2, balance, (growth, 6))
    texts = [
        f"Growth of one dollar: growth_factor = (1 + annual_rate)^years = (1 + {rate:.4f})^{years} "
        f"= {shown_growth:.6f}",
        f"Balance after the holding period: balance = principal × growth_factor = {principal:.2f} × "
        f"{growth_text} = {balance:.2f} ({target})",
    ]
    return Parts(
        question=(
            f"{saver} deposits ${principal:,.2f} in a savings account that pays {percent:.2f}% a year, "
            f"compounded annually. With no withdrawals, what is the balance after {years} years? "
            "Round to the nearest cent."
        ),
        step_texts=texts,
        step_values=[shown_growth, balance],
        step_inputs=[
            [("annual_rate", rate), ("years", float(years))],
            [("principal", principal), ("growth_factor", growth)],
        ],
        answer=balance,
        target=target,
        solution=_solution(texts, target),
        trace=(
            f'{{"version":2,"inputs":{{"principal":{principal:.2f},"annual_rate":{rate:.4f},'
            f'"years":{years}}},{FUTURE_VALUE_TRACE}'
        ),
        metadata=f'{FUTURE_VALUE_METADATA[0]}{seeds[0]},"seed_values":{seeds[1]}{FUTURE_VALUE_METADATA[1]}',
    )


def future_value_record(
    record_id: str, saver: str, principal: float, percent: float, years: int, seeds: tuple[int, int]
) -> Record:
    """The complete finsynth record of the future-value problem (see :func:`future_value_parts`)."""
    parts = future_value_parts(saver, principal, percent, years, seeds)
    return _record(record_id, GENERATOR_ID, FUTURE_VALUE_DIFFICULTY, FUTURE_VALUE_STEPS, parts, seeds)


def goal_parts(
    saver: str, amounts: tuple[float, float, float], percent: float, years: int, seeds: tuple[int, int]
) -> Parts:
    """The values and texts of the deposit-plus-contributions problem, by f-strings.

    Args:
        saver: The saver's name.
        amounts: The initial deposit, the yearly contribution and the goal, in dollars.
        percent: The annual rate in percent (two decimals).
        years: The saving period.
        seeds: The names seed and the values seed the record reports.

    """
    deposit, contribution, goal = amounts
    rate = round(percent / 100, 4)
    growth = (1 + rate) ** years
    deposit_value = deposit * growth
    annuity = (growth - 1) / rate
    contributions = contribution * annuity
    balance = deposit_value + contributions
    surplus = balance - goal
    shown = [round(growth, 6), round(deposit_value, 2), round(annuity, 6), round(contributions, 2)]
    shown += [round(balance, 2), round(surplus, 2)]
    target = _usd(shown[5])
    exact = {name: Decimal(repr(value)) for name, value in (("deposit", deposit), ("rate", rate))}
    exact |= {name: Decimal(repr(value)) for name, value in (("contribution", contribution), ("goal", goal))}
    (growth_for_deposit,) = _operands(lambda factor: exact["deposit"] * factor, 2, shown[1], (growth, 6))
    (growth_for_annuity,) = _operands(lambda factor: (factor - 1) / exact["rate"], 6, shown[2], (growth, 6))
    (annuity_text,) = _operands(lambda factor: exact["contribution"] * factor, 2, shown[3], (annuity, 6))
    deposit_text, contributions_text = _operands(
        lambda first, second: first + second, 2, shown[4], (deposit_value, 2), (contributions, 2)
    )
    (balance_text,) = _operands(lambda total: total - exact["goal"], 2, shown[5], (balance, 2))
    texts = [
        f"Growth of one dollar: growth_factor = (1 + annual_rate)^years = (1 + {rate:.4f})^{years} "
        f"= {shown[0]:.6f}",
        "Future value of the initial deposit: deposit_value = initial_deposit × growth_factor = "
        f"{deposit:.2f} × {growth_for_deposit} = {shown[1]:.2f} ({_usd(shown[1])})",
        "Future value of 1 dollar a year: annuity_factor = (growth_factor - 1) / annual_rate = "
        f"({growth_for_annuity} - 1) / {rate:.4f} = {shown[2]:.6f}",
        "Future value of the contributions: contributions_value = yearly_contribution × "
        f"annuity_factor = {contribution:.2f} × {annuity_text} = {shown[3]:.2f} ({_usd(shown[3])})",
        "Total balance: balance = deposit_value + contributions_value = "
        f"{deposit_text} + {contributions_text} = {shown[4]:.2f} ({_usd(shown[4])})",
        "Surplus over the goal: surplus = balance - goal = "
        f"{balance_text} - {goal:.2f} = {shown[5]:.2f} ({target})",
    ]
    return Parts(
        question=(
            f"{saver} opens a retirement account with {_usd(deposit)} and adds {_usd(contribution)} at the "
            f"end of every year. The account earns {percent:.2f}% a year, compounded annually. After {years} "
            f"years, by how much does the balance exceed the goal of {_usd(goal)}? (A negative answer means "
            "a shortfall.) Round to the nearest cent."
        ),
        step_texts=texts,
        step_values=shown,
        step_inputs=[
            [("annual_rate", rate), ("years", float(years))],
            [("initial_deposit", deposit), ("growth_factor", growth)],
            [("growth_factor", growth), ("annual_rate", rate)],
            [("yearly_contribution", contribution), ("annuity_factor", annuity)],
            [("deposit_value", deposit_value), ("contributions_value", contributions)],
            [("balance", balance), ("goal", goal)],
        ],
        answer=shown[5],
        target=target,
        solution=_solution(texts, target),
        trace=(
            f'{{"version":2,"inputs":{{"initial_deposit":{deposit:.2f},'
            f'"yearly_contribution":{contribution:.2f},"annual_rate":{rate:.4f},"years":{years},'
            f'"goal":{goal:.2f}}},{GOAL_TRACE}'
        ),
        metadata=f'{GOAL_METADATA[0]}{seeds[0]},"seed_values":{seeds[1]}{GOAL_METADATA[1]}',
    )


def goal_record(
    record_id: str,
    saver: str,
    amounts: tuple[float, float, float],
    percent: float,
    years: int,
    seeds: tuple[int, int],
) -> Record:
    """The complete finsynth record of the deposit-plus-contributions problem (see :func:`goal_parts`)."""
    parts = goal_parts(saver, amounts, percent, years, seeds)
    return _record(record_id, GOAL_GENERATOR_ID, GOAL_DIFFICULTY, GOAL_STEPS, parts, seeds)


def _saver_and_seeds(rng: random.Random) -> tuple[str, tuple[int, int]]:
    return f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}", (rng.getrandbits(63), rng.getrandbits(63))


def _future_value_values(rng: random.Random) -> tuple[str, float, float, int, tuple[int, int]]:
    """Draw the saver, principal, rate, years and seeds the way the f-string baseline draws."""
    saver, seeds = _saver_and_seeds(rng)
    principal = float(1_000 + 50 * rng.randrange(1_981))
    percent = round(0.5 + 0.05 * rng.randrange(231), 2)
    return saver, principal, percent, rng.randint(2, 40), seeds


def draw_future_value(rng: random.Random, index: int) -> Record:
    """Draw one future-value record."""
    return future_value_record(f"{GENERATOR_ID}/sample/{index:06d}", *_future_value_values(rng))


def draw_future_value_parts(rng: random.Random, index: int) -> Parts:
    """Draw one future-value record's values and texts, without building its dicts."""
    return future_value_parts(*_future_value_values(rng))


def _goal_values(
    rng: random.Random,
) -> tuple[str, tuple[float, float, float], float, int, tuple[int, int]]:
    """Draw until the balance is half to twice the goal, as the template's constraint asks."""
    saver, seeds = _saver_and_seeds(rng)
    while True:
        deposit = float(1_000 + 100 * rng.randrange(991))
        contribution = float(500 + 50 * rng.randrange(491))
        percent = round(1 + 0.05 * rng.randrange(181), 2)
        years = rng.randint(5, 40)
        goal = float(50_000 + 1_000 * rng.randrange(1_951))
        rate = round(percent / 100, 4)
        growth = (1 + rate) ** years
        if 0.5 * goal <= deposit * growth + contribution * (growth - 1) / rate <= 2 * goal:
            return saver, (deposit, contribution, goal), percent, years, seeds


def draw_goal(rng: random.Random, index: int) -> Record:
    """Draw one deposit-plus-contributions record."""
    return goal_record(f"{GOAL_GENERATOR_ID}/sample/{index:06d}", *_goal_values(rng))


def draw_goal_parts(rng: random.Random, index: int) -> Parts:
    """Draw one deposit-plus-contributions record's values and texts, without building its dicts."""
    return goal_parts(*_goal_values(rng))


Draw = Callable[[random.Random, int], Any]


def _rate(make: Draw, count: int) -> float:
    rng = random.Random(1)
    start = time.process_time()
    for index in range(count):
        make(rng, index)
    return count / (time.process_time() - start)


def _generate_rate(generator_id: str, count: int) -> float:
    list(finsynth.generate(generator_id, n=200, seed=0, validate=False))
    start = time.process_time()
    made = sum(1 for _ in finsynth.generate(generator_id, n=count, seed=1, validate=False))
    return made / (time.process_time() - start)


def _bytes_per_pair(pair: Draw, record: Draw) -> float:
    """How many times the UTF-8 bytes of a plain pair a complete record's JSON holds, on average."""
    rng = random.Random(2)
    pair_bytes = sum(len("".join(pair(rng, 0)).encode()) for _ in range(1_000))
    rng = random.Random(2)
    record_bytes = sum(len(json.dumps(record(rng, index)).encode()) for index in range(1_000))
    return record_bytes / pair_bytes


PROBLEMS: tuple[tuple[str, str, Draw, Draw, Draw], ...] = (
    (
        "future value (basic)",
        GENERATOR_ID,
        lambda rng, _: future_value(rng),
        draw_future_value,
        draw_future_value_parts,
    ),
    (
        "deposit plus contributions (advanced)",
        GOAL_GENERATOR_ID,
        lambda rng, _: savings_goal(rng),
        draw_goal,
        draw_goal_parts,
    ),
)
"""Each problem: its name, the finsynth template, the baseline's pair, the stand-in's record and the
stand-in's values and texts without the record's dicts."""


def run(count: int = 40_000) -> list[dict[str, object]]:
    """Per problem: plain pairs, the stand-in's complete records and finsynth's, all in this run."""
    rows: list[dict[str, object]] = []
    for problem, generator_id, pair, record, parts in PROBLEMS:
        pairs = _rate(pair, count)
        stand_in = _rate(record, count)
        texts_only = _rate(parts, count)
        generated = _generate_rate(generator_id, count)
        rows.append(
            {
                "problem": problem,
                "baseline pairs/s": pairs,
                "stand-in records/s": stand_in,
                "finsynth.generate records/s (validate=False)": generated,
                "stand-in ÷ baseline": stand_in / pairs,
                "stand-in without dicts ÷ baseline": texts_only / pairs,
                "finsynth ÷ baseline": generated / pairs,
                "finsynth ÷ stand-in": generated / stand_in,
                "record bytes ÷ pair bytes": _bytes_per_pair(pair, record),
            }
        )
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
