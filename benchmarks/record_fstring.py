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
from typing import Any

import finsynth
from benchmarks.baseline_fstring import TOPIC, future_value
from finsynth.world.names import FIRST_NAMES, LAST_NAMES

GENERATOR_ID = TOPIC + "future_value_of_a_single_deposit"
DOMAIN, TOPIC_SLUG, _ = GENERATOR_ID.split("/")[1:]
DIFFICULTY = "basic"
NOTE = "Intermediate values are shown rounded; each step uses the unrounded values of earlier steps."
GROWTH_FORMULA = "(1 + annual_rate) ** years"
BALANCE_FORMULA = "principal * growth_factor"
TRACE_STEPS = (
    f'"steps":[{{"name":"growth_factor","formula":"{GROWTH_FORMULA}","round_to":6,'
    f'"rounded_before_use":false}},{{"name":"balance","formula":"{BALANCE_FORMULA}","round_to":2,'
    '"rounded_before_use":false}],"answer":{"kind":"numeric","step":"balance"}}'
)
METADATA_HEAD = (
    f'{{"answer_unit":"USD","difficulty":"{DIFFICULTY}","domain":"{DOMAIN}",'
    f'"generator_id":"{GENERATOR_ID}","seed_names":'
)
METADATA_TAIL = f',"topic":"{TOPIC_SLUG}"}}'


def future_value_record(
    record_id: str, saver: str, principal: float, percent: float, years: int, seeds: tuple[int, int]
) -> dict[str, Any]:
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
    target = f"${balance:,.2f}"
    growth_text = (
        f"Growth of one dollar: growth_factor = (1 + annual_rate)^years = (1 + {rate:.4f})^{years} "
        f"= {shown_growth:.6f}"
    )
    balance_text = (
        f"Balance after the holding period: balance = principal × growth_factor = {principal:.2f} × "
        f"{shown_growth:.6f} = {balance:.2f} ({target})"
    )
    names_seed, values_seed = seeds
    return {
        "id": record_id,
        "input": (
            f"{saver} deposits ${principal:,.2f} in a savings account that pays {percent:.2f}% a year, "
            f"compounded annually. With no withdrawals, what is the balance after {years} years? "
            "Round to the nearest cent."
        ),
        "target": target,
        "choices": [],
        "metadata": f'{METADATA_HEAD}{names_seed},"seed_values":{values_seed}{METADATA_TAIL}',
        "generator_id": GENERATOR_ID,
        "domain": DOMAIN,
        "topic": TOPIC_SLUG,
        "difficulty": DIFFICULTY,
        "solution": f"{NOTE}\nStep 1: {growth_text}\nStep 2: {balance_text}\nAnswer: {target}",
        "steps": [
            {
                "name": "growth_factor",
                "text": growth_text,
                "formula": GROWTH_FORMULA,
                "inputs": [
                    {"name": "annual_rate", "value": rate, "values": None},
                    {"name": "years", "value": float(years), "values": None},
                ],
                "value": shown_growth,
            },
            {
                "name": "balance",
                "text": balance_text,
                "formula": BALANCE_FORMULA,
                "inputs": [
                    {"name": "principal", "value": principal, "values": None},
                    {"name": "growth_factor", "value": growth, "values": None},
                ],
                "value": balance,
            },
        ],
        "answer_value": balance,
        "answer_label": None,
        "answer_unit": "USD",
        "answer_decimals": 2,
        "trace": (
            f'{{"version":2,"inputs":{{"principal":{principal:.2f},"annual_rate":{rate:.4f},'
            f'"years":{years}}},{TRACE_STEPS}'
        ),
        "seed_names": names_seed,
        "seed_values": values_seed,
    }


def draw_record(rng: random.Random, index: int) -> dict[str, Any]:
    """Draw the values of one record the way the f-string baseline draws, and write the record."""
    saver = f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"
    principal = 1_000 + 50 * rng.randrange(1_981)
    percent = round(0.5 + 0.05 * rng.randrange(231), 2)
    years = rng.randint(2, 40)
    seeds = (rng.getrandbits(63), rng.getrandbits(63))
    return future_value_record(
        f"{GENERATOR_ID}/sample/{index:06d}", saver, float(principal), percent, years, seeds
    )


def _rate(make: Any, count: int) -> float:
    rng = random.Random(1)
    start = time.process_time()
    for index in range(count):
        make(rng, index)
    return count / (time.process_time() - start)


def run(count: int = 40_000) -> list[dict[str, object]]:
    """Rows: the plain pairs, the f-string stand-in's complete records and finsynth's, same run."""
    list(finsynth.generate(GENERATOR_ID, n=200, seed=0, validate=False))
    pairs = _rate(lambda rng, _: future_value(rng), count)
    start = time.process_time()
    made = sum(1 for _ in finsynth.generate(GENERATOR_ID, n=count, seed=1, validate=False))
    generated = made / (time.process_time() - start)
    rows: list[dict[str, object]] = []
    for name, rate in (
        ("f-string baseline: question and solution pairs", pairs),
        ("f-string stand-in: the complete finsynth record (dict), no validation", _rate(draw_record, count)),
        ("finsynth.generate, validate=False", generated),
    ):
        rows.append({"problem": name, "per second (one core)": rate, "÷ baseline pairs": rate / pairs})
    rows.append(
        {
            "problem": "record bytes (JSON) per pair's bytes",
            "per second (one core)": "",
            "÷ baseline pairs": _size_ratio(),
        }
    )
    return rows


def _size_ratio() -> float:
    """How many times the bytes of a plain pair a complete record's JSON holds, on average."""
    rng = random.Random(2)
    pair_bytes = sum(len("".join(future_value(rng)).encode()) for _ in range(1_000))
    rng = random.Random(2)
    record_bytes = sum(len(json.dumps(draw_record(rng, index)).encode()) for index in range(1_000))
    return record_bytes / pair_bytes


if __name__ == "__main__":
    for row in run():
        print(row)
