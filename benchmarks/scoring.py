"""Scoring speed: ChainEval over a FinChain test split, and ratings over 20,000 games.

Budgets (from the scoring issue, on 2 cores): ChainEval over 2,900 predictions (290 templates
× 10) within 10 s with the default embedder, model loading included; Bradley–Terry with 100
bootstrap rounds over 20,000 games within 5 s. Predictions are the gold solutions with seeded
damage (results scaled off, steps dropped, answers changed), so alignment does real work.
"""

from __future__ import annotations

import math
import time
from typing import Any

from finsynth.pipeline import generate
from finsynth.scoring.chaineval import evaluate_chains
from finsynth.scoring.embeddings import load_embedder
from finsynth.scoring.numbers import extract_numbers
from finsynth.scoring.ratings import Game, Winner, bootstrap_ratings, elo_ratings
from finsynth.seeding import RandomStream, derive_seed, numpy_generator

CHAINEVAL_BUDGET_S = 10.0
BRADLEY_TERRY_BUDGET_S = 5.0
GAMES = 20_000
ROUNDS = 100
MODELS = 12


def _row(problem: str, seconds: float, items: int, budget: float | None) -> dict[str, object]:
    verdict = "—" if budget is None else "yes" if seconds <= budget else "NO"
    return {
        "problem": problem,
        "seconds": seconds,
        "items/s": items / seconds,
        "budget s": "—" if budget is None else budget,
        "within budget": verdict,
    }


def _scaled_last_result(line: str, factor: float) -> str:
    numbers = [number for number in extract_numbers(line) if not number.restates_previous]
    if not numbers:
        return line
    last = numbers[-1]
    return f"{line[: last.start]}{last.value * factor:.4f}{line[last.end :]}"


def damaged_solution(record: dict[str, Any]) -> str:
    """The gold solution with seeded damage: about a fifth of lines off by 10–50%, a tenth dropped."""
    stream = RandomStream(derive_seed("bench-scoring", record["id"]))
    lines = []
    for line in record["solution"].splitlines():
        draw = stream.random()
        if draw < 0.1 and not line.startswith("Answer"):
            continue
        lines.append(_scaled_last_result(line, stream.uniform(1.1, 1.5)) if draw < 0.3 else line)
    return "\n".join(lines)


def chaineval() -> dict[str, object]:
    records = list(generate("finchain/", n=10, seed=1, config="finchain", split="test"))
    outputs = {record["id"]: damaged_solution(record) for record in records}
    load_embedder.cache_clear()
    start = time.perf_counter()
    result = evaluate_chains(records, outputs, embedder=load_embedder("wordllama"))
    seconds = time.perf_counter() - start
    scores = f"accuracy {result.overall.answer_accuracy:.1%}, step F1 {result.overall.step_f1:.1%}"
    return _row(
        f"ChainEval, {len(records):,} predictions, model load included ({scores})",
        seconds,
        len(records),
        CHAINEVAL_BUDGET_S,
    )


def simulated_games(count: int = GAMES, models: int = MODELS, seed: int = 1) -> list[Game]:
    """Games between ``models`` models of spread strengths, three games per item."""
    generator = numpy_generator(seed)
    strengths = [-1.5 + 3 * index / (models - 1) for index in range(models)]
    games = []
    for index in range(count):
        a, b = (int(side) for side in generator.choice(models, size=2, replace=False))
        p_a = 1 / (1 + math.exp(strengths[b] - strengths[a]))
        draw = generator.random()
        winner: Winner = "tie" if abs(draw - p_a) < 0.05 else "model_a" if draw < p_a else "model_b"
        games.append(Game(f"model{a:02d}", f"model{b:02d}", winner, item=f"item{index // 3}"))
    return games


def ratings() -> list[dict[str, object]]:
    games = simulated_games()
    rows: list[dict[str, object]] = []
    start = time.perf_counter()
    bootstrap_ratings(games, method="bt", rounds=ROUNDS, seed=1)
    seconds = time.perf_counter() - start
    rows.append(
        _row(
            f"Bradley–Terry + {ROUNDS} bootstrap rounds, {len(games):,} games",
            seconds,
            len(games),
            BRADLEY_TERRY_BUDGET_S,
        )
    )
    start = time.perf_counter()
    elo_ratings(games)
    seconds = time.perf_counter() - start
    rows.append(
        {"problem": f"online Elo, {len(games):,} games", "seconds": seconds, "items/s": len(games) / seconds}
    )
    return rows


def run() -> list[dict[str, object]]:
    """Return one row per measurement; rows with a budget say whether they met it."""
    return [chaineval(), *ratings()]


if __name__ == "__main__":
    for row in run():
        print(row)
