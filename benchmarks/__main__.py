"""`make bench`: print every benchmark as a table with ratios to baselines measured in this run."""

from __future__ import annotations

import os
import platform
import sys

from rich.console import Console
from rich.table import Table

from benchmarks import (
    build,
    failsafe_build,
    generation,
    ocr_noise,
    perturb_queries,
    perturb_scaling,
    pipeline,
    reasoning_gym_stream,
    record_fstring,
    rewards,
    scoring,
    verify_bombs,
)
from finsynth.generators.registry import resolve

console = Console(width=160)


def table(title: str, rows: list[dict[str, object]]) -> None:
    output = Table(title=title)
    for column in rows[0]:
        output.add_column(
            column, justify="left" if column in ("problem", "engine", "text", "options") else "right"
        )
    for row in rows:
        output.add_row(
            *(
                f"{value:,.2f}"
                if isinstance(value, float)
                else f"{value:,}"
                if isinstance(value, int)
                else str(value)
                for value in row.values()
            )
        )
    console.print(output)


def main() -> None:
    console.print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    table("Generation on one core (baseline: plain f-string generator, same run)", generation.run())
    table(
        "Complete FinChain records through the Python API on one core "
        "(all 290 templates; baseline: f-string, same run)",
        pipeline.run(),
    )
    table(
        "Complete records of one template on one core: an f-string stand-in writing the same record "
        "(an upper bound for any Python generator) and finsynth (baseline: the same problem's plain pairs)",
        record_fstring.run(),
    )
    table(
        "The training stream with a reward per item on one core, CPU time (baseline: reasoning-gym "
        f"gsm_symbolic drawn and scored, same run; goal ≥ {reasoning_gym_stream.GOAL:g}×)",
        reasoning_gym_stream.run(),
    )
    table(
        "Reinforcement learning on one core, CPU time: FinChain rewards on 10,000 mixed completions, and "
        "the stream with a curriculum fed back "
        f"(baseline: the stream alone, same run; goal ≥ {rewards.CURRICULUM_GOAL:g}×)",
        rewards.run(),
    )
    table(
        "OCR noise on one core, 100k characters, CPU time "
        f"(baseline: per-character Python loop, same run; target ≥ {ocr_noise.TARGET:g}×)",
        ocr_noise.run(),
    )
    table(
        "Query perturbations on one core, CPU time "
        "(baseline: reverse one random word with str.replace, same run)",
        perturb_queries.run(),
    )
    scaling = perturb_scaling.run()
    table(
        "Every perturbation from 10k to 10M characters on one core, CPU time per character "
        f"(10M ÷ 10k: linear stays near 1, over {perturb_scaling.SUPER_LINEAR:g} fails)",
        scaling,
    )
    table(
        "verify refusing exact-number bombs on one core, CPU time "
        f"(baseline: replaying an honest trace, same run; target ≤ {verify_bombs.TARGET_SECONDS:g} s each)",
        verify_bombs.run(),
    )
    table("Scoring (budgets on 2 cores: ChainEval 10 s, Bradley-Terry 5 s)", scoring.run())
    table("FailSafe default config (220 items + 1,540 condition rows) built end to end", failsafe_build.run())
    templates = len(resolve([build.TEMPLATE_PREFIX]))
    records = int(os.environ.get("BENCH_RECORDS", "1000000"))
    rows = build.engines(records, templates)
    table(f"Full build (generate + validate + parquet) of {records:,} records", rows)
    table(
        f"Peak memory of the shard phase against build size ({build.FLATNESS_ENGINE})",
        build.flatness(build.flatness_sizes(), templates),
    )
    if flagged := perturb_scaling.super_linear(scaling):
        console.print(f"SUPER-LINEAR perturbations: {', '.join(flagged)}", style="bold red", markup=False)
        sys.exit(1)


if __name__ == "__main__":
    main()
