"""Query perturbations on one core: queries per second on FinChain questions vs a one-word baseline.

The baseline is the simplest misspeller one could write: pick a random word with
``random.Random`` and ``str.replace`` it by its reverse. finsynth's rates include seeding a
``RandomStream`` per query (as a build does), protecting terms, and recording the ops.
Rates are per CPU second of this process (``time.process_time``), so other work on a shared
machine does not count against either side.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from finsynth.perturbations import incomplete, misspell, out_of_domain
from finsynth.pipeline import generate
from finsynth.seeding import RandomStream, SeedDeriver

COUNT = 20_000
QUESTIONS_PER_TEMPLATE = 4


def finchain_questions(per_template: int = QUESTIONS_PER_TEMPLATE) -> list[str]:
    """Return a fixed list of generated questions: ``per_template`` from every FinChain template."""
    records = generate("finchain/", n=per_template, seed=20261122, config="bench", validate=False)
    return [record["input"] for record in records]


def _rate(perturb: Callable[[str, int], object], questions: list[str], count: int) -> float:
    start = time.process_time()
    for index in range(count):
        perturb(questions[index % len(questions)], index)
    return count / (time.process_time() - start)


def _baseline(rng: random.Random) -> Callable[[str, int], object]:
    def reverse_one_word(text: str, index: int) -> str:
        word = rng.choice(text.split())
        return text.replace(word, word[::-1], 1)

    return reverse_one_word


def _finsynth(perturb: Callable[..., object], **options: object) -> Callable[[str, int], object]:
    seeds = SeedDeriver("bench", "perturb queries")

    def run(text: str, index: int) -> object:
        return perturb(text, RandomStream(seeds.derive(index)), **options)

    return run


def run(count: int = COUNT) -> list[dict[str, object]]:
    """Return one row per perturbation: per-core queries/s of the baseline and of finsynth."""
    questions = finchain_questions()
    mean_length = sum(map(len, questions)) / len(questions)
    cases: list[tuple[str, Callable[[str, int], object], int]] = [
        ("misspell (default mix, 1 edit)", _finsynth(misspell), count),
        ("misspell (3 edits)", _finsynth(misspell, edits=3), count),
        ("out_of_domain (lexicon)", _finsynth(out_of_domain), count),
        ("incomplete (rules)", _finsynth(incomplete, method="rules"), count),
        ("incomplete (spaCy)", _finsynth(incomplete), max(count // 40, 1)),
    ]
    for _, perturb, _ in cases:  # warm the caches (codespell table, lexicons, spaCy) outside the timing
        perturb(questions[0], 0)
    baseline_rate = _rate(_baseline(random.Random(1)), questions, count)
    rows: list[dict[str, object]] = []
    for name, perturb, runs in cases:
        rate = _rate(perturb, questions, runs)
        rows.append(
            {
                "problem": name,
                "questions": len(questions),
                "mean chars": round(mean_length),
                "baseline queries/s": baseline_rate,
                "finsynth queries/s": rate,
                "finsynth ÷ baseline": rate / baseline_rate,
            }
        )
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
