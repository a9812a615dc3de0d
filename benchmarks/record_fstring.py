"""What the issue's speed target asks of complete records, measured on a plain f-string stand-in.

The f-string baseline (``benchmarks/baseline_fstring.py``) writes a question and a short solution
per problem. A finsynth record says much more: the solution with each step's text, every step's
formula, inputs and value, a JSON trace, the metadata JSON, the id and the seeds, in a dict with
nested lists and dicts. This module writes that whole record for one template, "future value of a
single deposit", with nothing but ``random.Random`` draws and f-strings — the fastest way Python
offers to write these bytes, with no validation, no exact arithmetic at rounding ties and no
generality. ``tests/test_record_fstring.py`` checks that it writes exactly the record finsynth
writes for the same drawn values, so the stand-in cannot be faster by writing less.

Its rate, against the plain pairs of the same problem in the same run, is an upper bound on what
any Python generator of these records reaches on this problem: if it stays under the issue's
0.7× target, no finsynth change can meet that target with records of this content.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import finsynth
from benchmarks.baseline_fstring import TOPIC, future_value, savings_goal
from finsynth.world.names import FIRST_NAMES, LAST_NAMES

GENERATOR_ID = TOPIC + "future_value_of_a_single_deposit"
"""The basic template the first stand-in writes."""
GOAL_GENERATOR_ID = TOPIC + "deposit_plus_annual_contributions_against_a_goal"
"""The advanced template the second stand-in writes."""
NOTE = "Intermediate values are shown rounded; each step uses the unrounded values of earlier steps."
Record = dict[str, Any]


def _metadata_parts(generator_id: str, difficulty: str) -> tuple[str, str]:
    domain, topic = generator_id.split("/")[1:3]
    return (
        f'{{"answer_unit":"USD","difficulty":"{difficulty}","domain":"{domain}",'
        f'"generator_id":"{generator_id}","seed_names":',
        f',"topic":"{topic}"}}',
    )


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
FUTURE_VALUE_METADATA = _metadata_parts(GENERATOR_ID, "basic")
GOAL_METADATA = _metadata_parts(GOAL_GENERATOR_ID, "advanced")
FUTURE_VALUE_TRACE = _trace_steps(FUTURE_VALUE_STEPS, "balance")
GOAL_TRACE = _trace_steps(GOAL_STEPS, "surplus")


def _usd(amount: float) -> str:
    return f"-${-amount:,.2f}" if amount < 0 else f"${amount:,.2f}"


def _step(name: str, text: str, formula: str, inputs: list[tuple[str, float]], value: float) -> Record:
    return {
        "name": name,
        "text": text,
        "formula": formula,
        "inputs": [{"name": key, "value": item, "values": None} for key, item in inputs],
        "value": value,
    }


def _record(
    record_id: str,
    generator_id: str,
    difficulty: str,
    metadata: tuple[str, str],
    question: str,
    steps: list[Record],
    answer: float,
    trace: str,
    seeds: tuple[int, int],
) -> Record:
    target = _usd(answer)
    shown_steps = "".join(f"\nStep {number}: {item['text']}" for number, item in enumerate(steps, 1))
    names_seed, values_seed = seeds
    domain, topic = generator_id.split("/")[1:3]
    return {
        "id": record_id,
        "input": question,
        "target": target,
        "choices": [],
        "metadata": f'{metadata[0]}{names_seed},"seed_values":{values_seed}{metadata[1]}',
        "generator_id": generator_id,
        "domain": domain,
        "topic": topic,
        "difficulty": difficulty,
        "solution": f"{NOTE}{shown_steps}\nAnswer: {target}",
        "steps": steps,
        "answer_value": answer,
        "answer_label": None,
        "answer_unit": "USD",
        "answer_decimals": 2,
        "trace": trace,
        "seed_names": names_seed,
        "seed_values": values_seed,
    }


def future_value_record(
    record_id: str, saver: str, principal: float, percent: float, years: int, seeds: tuple[int, int]
) -> Record:
    """The complete finsynth record of the future-value problem for these values, by f-strings.

    Args:
        record_id: The record's id.
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
    steps = [
        _step(
            "growth_factor",
            f"Growth of one dollar: growth_factor = (1 + annual_rate)^years = (1 + {rate:.4f})^{years} "
            f"= {shown_growth:.6f}",
            "(1 + annual_rate) ** years",
            [("annual_rate", rate), ("years", float(years))],
            shown_growth,
        ),
        _step(
            "balance",
            f"Balance after the holding period: balance = principal × growth_factor = {principal:.2f} × "
            f"{shown_growth:.6f} = {balance:.2f} ({_usd(balance)})",
            "principal * growth_factor",
            [("principal", principal), ("growth_factor", growth)],
            balance,
        ),
    ]
    question = (
        f"{saver} deposits ${principal:,.2f} in a savings account that pays {percent:.2f}% a year, "
        f"compounded annually. With no withdrawals, what is the balance after {years} years? "
        "Round to the nearest cent."
    )
    trace = (
        f'{{"version":2,"inputs":{{"principal":{principal:.2f},"annual_rate":{rate:.4f},'
        f'"years":{years}}},{FUTURE_VALUE_TRACE}'
    )
    return _record(
        record_id, GENERATOR_ID, "basic", FUTURE_VALUE_METADATA, question, steps, balance, trace, seeds
    )


def goal_record(
    record_id: str,
    saver: str,
    amounts: tuple[float, float, float],
    percent: float,
    years: int,
    seeds: tuple[int, int],
) -> Record:
    """The complete finsynth record of the deposit-plus-contributions problem, by f-strings.

    Args:
        record_id: The record's id.
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
    steps = [
        _step(
            "growth_factor",
            f"Growth of one dollar: growth_factor = (1 + annual_rate)^years = (1 + {rate:.4f})^{years} "
            f"= {shown[0]:.6f}",
            "(1 + annual_rate) ** years",
            [("annual_rate", rate), ("years", float(years))],
            shown[0],
        ),
        _step(
            "deposit_value",
            "Future value of the initial deposit: deposit_value = initial_deposit × growth_factor = "
            f"{deposit:.2f} × {shown[0]:.6f} = {shown[1]:.2f} ({_usd(shown[1])})",
            "initial_deposit * growth_factor",
            [("initial_deposit", deposit), ("growth_factor", growth)],
            shown[1],
        ),
        _step(
            "annuity_factor",
            "Future value of 1 dollar a year: annuity_factor = (growth_factor - 1) / annual_rate = "
            f"({shown[0]:.6f} - 1) / {rate:.4f} = {shown[2]:.6f}",
            "(growth_factor - 1) / annual_rate",
            [("growth_factor", growth), ("annual_rate", rate)],
            shown[2],
        ),
        _step(
            "contributions_value",
            "Future value of the contributions: contributions_value = yearly_contribution × "
            f"annuity_factor = {contribution:.2f} × {shown[2]:.6f} = {shown[3]:.2f} ({_usd(shown[3])})",
            "yearly_contribution * annuity_factor",
            [("yearly_contribution", contribution), ("annuity_factor", annuity)],
            shown[3],
        ),
        _step(
            "balance",
            "Total balance: balance = deposit_value + contributions_value = "
            f"{shown[1]:.2f} + {shown[3]:.2f} = {shown[4]:.2f} ({_usd(shown[4])})",
            "deposit_value + contributions_value",
            [("deposit_value", deposit_value), ("contributions_value", contributions)],
            shown[4],
        ),
        _step(
            "surplus",
            "Surplus over the goal: surplus = balance - goal = "
            f"{shown[4]:.2f} - {goal:.2f} = {shown[5]:.2f} ({_usd(shown[5])})",
            "balance - goal",
            [("balance", balance), ("goal", goal)],
            shown[5],
        ),
    ]
    question = (
        f"{saver} opens a retirement account with {_usd(deposit)} and adds {_usd(contribution)} at the end "
        f"of every year. The account earns {percent:.2f}% a year, compounded annually. After {years} years, "
        f"by how much does the balance exceed the goal of {_usd(goal)}? (A negative answer means a "
        "shortfall.) Round to the nearest cent."
    )
    trace = (
        f'{{"version":2,"inputs":{{"initial_deposit":{deposit:.2f},"yearly_contribution":{contribution:.2f},'
        f'"annual_rate":{rate:.4f},"years":{years},"goal":{goal:.2f}}},{GOAL_TRACE}'
    )
    return _record(
        record_id, GOAL_GENERATOR_ID, "advanced", GOAL_METADATA, question, steps, shown[5], trace, seeds
    )


def _saver_and_seeds(rng: random.Random) -> tuple[str, tuple[int, int]]:
    return f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}", (rng.getrandbits(63), rng.getrandbits(63))


def draw_future_value(rng: random.Random, index: int) -> Record:
    """Draw the values of one future-value record the way the f-string baseline draws; write it."""
    saver, seeds = _saver_and_seeds(rng)
    principal = 1_000 + 50 * rng.randrange(1_981)
    percent = round(0.5 + 0.05 * rng.randrange(231), 2)
    years = rng.randint(2, 40)
    return future_value_record(
        f"{GENERATOR_ID}/sample/{index:06d}", saver, float(principal), percent, years, seeds
    )


def draw_goal(rng: random.Random, index: int) -> Record:
    """Draw one deposit-plus-contributions record, redrawing until the balance is half to twice the goal."""
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
            break
    return goal_record(
        f"{GOAL_GENERATOR_ID}/sample/{index:06d}", saver, (deposit, contribution, goal), percent, years, seeds
    )


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


PROBLEMS: tuple[tuple[str, str, Draw, Draw], ...] = (
    ("future value (basic)", GENERATOR_ID, lambda rng, _: future_value(rng), draw_future_value),
    ("deposit plus contributions (advanced)", GOAL_GENERATOR_ID, lambda rng, _: savings_goal(rng), draw_goal),
)
"""Each problem: its name, the finsynth template, the baseline's pair and the stand-in's record."""


def run(count: int = 40_000) -> list[dict[str, object]]:
    """Per problem: plain pairs, the stand-in's complete records and finsynth's, all in this run."""
    rows: list[dict[str, object]] = []
    for problem, generator_id, pair, record in PROBLEMS:
        pairs = _rate(pair, count)
        stand_in = _rate(record, count)
        generated = _generate_rate(generator_id, count)
        rows.append(
            {
                "problem": problem,
                "baseline pairs/s": pairs,
                "stand-in records/s": stand_in,
                "finsynth.generate records/s (validate=False)": generated,
                "stand-in ÷ baseline": stand_in / pairs,
                "finsynth ÷ baseline": generated / pairs,
                "finsynth ÷ stand-in": generated / stand_in,
                "record bytes ÷ pair bytes": _bytes_per_pair(pair, record),
            }
        )
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
