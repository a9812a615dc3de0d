"""``verify`` on exact-number bombs: CPU time to refuse each, against replaying an honest trace.

Each bomb is a FinChain trace whose first step lies exactly half-way (``0.125`` to 2 places), so the
replay leaves floats for exact numbers, followed by a step or a rule built to make exact arithmetic
run without end. The replay must refuse every one by a work bound (bits of an exact number, or units
of work), not by a parse limit; ``tests/builder/test_verify_hostile.py`` checks that. This table
reports what the refusal costs: CPU seconds (``time.process_time``, best of ``ROUNDS``) and the
multiple of an honest trace's replay in the same run. The target is every bomb refused within
``TARGET_SECONDS`` of CPU on an idle core.
"""

from __future__ import annotations

import json
import time
from typing import Any

from finsynth.generators.finchain.trace import replay_record
from finsynth.pipeline import generate

ROUNDS = 3
TARGET_SECONDS = 1.0


def trace_of(step: str | None = None, rule: str | None = None) -> str:
    """A trace whose first step is exactly half-way (0.125 to 2 places): the chain goes exact."""
    steps: list[dict[str, Any]] = [{"name": "h", "formula": "a", "round_to": 2, "rounded_before_use": False}]
    if step is not None:
        steps.append({"name": "b", "formula": step, "round_to": 2, "rounded_before_use": False})
    answer: dict[str, Any] = (
        {"kind": "categorical", "rules": [{"when": rule, "label": "yes"}], "otherwise": "no"}
        if rule is not None
        else {"kind": "numeric", "step": steps[-1]["name"]}
    )
    return json.dumps({"version": 2, "inputs": {"a": 0.125}, "steps": steps, "answer": answer})


def squaring_chain(steps: int) -> str:
    """After the half-way step, each step squares the last: the value shrinks towards 0 (no float
    overflows) while its exact numerator and denominator double in size every step."""
    chain = [
        {"name": "h", "formula": "a", "round_to": 2, "rounded_before_use": False},
        {"name": "s0", "formula": "h + 1 / 3", "round_to": 2, "rounded_before_use": False},
    ]
    chain += [
        {"name": f"s{i}", "formula": f"s{i - 1} * s{i - 1}", "round_to": 2, "rounded_before_use": False}
        for i in range(1, steps - 1)
    ]
    return json.dumps(
        {"version": 2, "inputs": {"a": 0.125}, "steps": chain, "answer": {"kind": "numeric", "step": "s0"}}
    )


def balanced_product(factors: list[str]) -> str:
    """``factors`` multiplied as a balanced tree (within the formula depth limit)."""
    if len(factors) == 1:
        return factors[0]
    middle = len(factors) // 2
    return f"({balanced_product(factors[:middle])}) * ({balanced_product(factors[middle:])})"


FACTORIAL = balanced_product([f"a*1e300*1e300+{k}" for k in range(1, 46)])
DEEP = "(" * 38 + "a" + " ** 2)" * 38
BOMBS: dict[str, str] = {
    "the issue's tower of powers in a rule": trace_of(rule="((10 ** 1000) ** 1000) ** 1000 > 0"),
    "tower of powers in a step": trace_of(step="((10 ** 1000) ** 1000) ** 1000"),
    "giant exponent of a long fraction": trace_of(step="(1.0000001 ** 1000) ** 1000"),
    "fractional giant exponent": trace_of(step="(10 ** 300) ** 999.5"),
    "factorial-like product": trace_of(step=FACTORIAL),
    "squaring chain over 200 steps": squaring_chain(200),
    "deep nesting of powers": trace_of(step=DEEP),
    "giant literals multiplied": trace_of(step=balanced_product(["1e300"] * 128)),
    "nested loops in an exact rule": trace_of(
        rule="sum(sum(sum(1 for k in range(10000)) for j in range(10000)) for i in range(10000)) > 0"
    ),
    "sum of a long harmonic series in a rule": trace_of(rule="sum(1 / (k + 1) for k in range(10000)) > 0"),
}
"""Crafted traces, by what each tries."""


def _best_cpu(record: dict[str, Any]) -> float:
    spent = []
    for _ in range(ROUNDS):
        started = time.process_time()
        replay_record(record)
        spent.append(time.process_time() - started)
    return min(spent)


def run() -> list[dict[str, object]]:
    """One row per bomb: CPU seconds to refuse it and the multiple of an honest replay."""
    honest = next(
        iter(generate("finchain/investment_analysis/compound_interest", n=1, seed=3, config="bench"))
    )
    baseline = max(_best_cpu(honest), 1e-6)
    rows: list[dict[str, object]] = []
    for case, trace in BOMBS.items():
        spent = _best_cpu({**honest, "trace": trace})
        rows.append(
            {
                "problem": case,
                "CPU s": spent,
                "× honest replay": spent / baseline,
                f"≤ {TARGET_SECONDS:g} s": "yes" if spent <= TARGET_SECONDS else "NO",
            }
        )
    return rows
