"""Time ``Formula.substituted`` against the frozen tree-walking renderer on the real template steps.

Run with ``.venv/bin/python -m tests.generators.finchain.rendering_benchmark``. Both renderers get
the same steps and envs (every FinChain step without a fixed pattern, 200 draws per template); each
is timed several times, interleaved, and the fastest round counts, so other load on the machine
disturbs the ratio as little as possible.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from finsynth.generators.finchain.formula import Formula, NumberFormatter, Value
from tests.generators.finchain.test_formula_rendering import reference_substituted, substitution_cases

ROUNDS = 7

Case = tuple[Formula, dict[str, Value], NumberFormatter]


def _seconds(render: Callable[[Formula, dict[str, Value], NumberFormatter], str], cases: list[Case]) -> float:
    start = time.perf_counter()
    for formula, env, format_number in cases:
        render(formula, env, format_number)
    return time.perf_counter() - start


def _formatting_seconds(cases: list[Case]) -> float:
    """Time of the formatter calls alone that the reference renderer makes: what no renderer can avoid."""
    calls: list[tuple[NumberFormatter, str, float]] = []
    for formula, env, format_number in cases:

        def record(name: str, value: float, show: NumberFormatter = format_number) -> str:
            calls.append((show, name, value))
            return show(name, value)

        reference_substituted(formula, env, record)
    start = time.perf_counter()
    for show, name, value in calls:
        show(name, value)
    return time.perf_counter() - start


def _compiled(formula: Formula, env: dict[str, Value], format_number: NumberFormatter) -> str:
    return formula.substituted(env, format_number)


def main() -> None:
    cases = substitution_cases()
    best = {"reference": float("inf"), "compiled": float("inf")}
    for _ in range(ROUNDS):
        best["reference"] = min(best["reference"], _seconds(reference_substituted, cases))
        best["compiled"] = min(best["compiled"], _seconds(_compiled, cases))
    formatting = min(_formatting_seconds(cases) for _ in range(3))
    steps = len({id(formula) for formula, _, _ in cases})
    print(f"{len(cases):,} renders of {steps} distinct step formulas, best of {ROUNDS} rounds")
    for name, seconds in best.items():
        print(f"{name:>10}: {seconds * 1e6 / len(cases):6.2f} µs per render")
    print(
        f"{'formatting':>10}: {formatting * 1e6 / len(cases):6.2f} µs per render (the reference's formatting)"
    )
    print(f"speed-up: {best['reference'] / best['compiled']:.2f}×")


if __name__ == "__main__":
    main()
