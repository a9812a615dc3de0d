"""OCR noise throughput on a 10-K-sized text: finsynth's vectorized channel vs a per-character loop.

Both run in this process, in turns, and each keeps its best of several rounds of CPU time
(``time.process_time``), so other work on a shared machine weighs on neither side more than the
other. The target is finsynth at least ``TARGET`` times the loop with every option set; run
``python -m benchmarks.ocr_noise`` for this table alone (exit status 1 when a row misses it).
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from finsynth.perturbations.ocr import DELETION_SHARE, SUBSTITUTION_SHARE, ocr_noise
from finsynth.seeding import RandomStream

CHARACTERS = 100_000
REPEATS = 20
ROUNDS = 3
TARGET = 8.0
"""finsynth's characters per second over the loop's, measured in the same run."""
TARGET_COLUMN = f"≥ {TARGET:g}× the loop"
FILING = Path("shared") / "data" / "filings" / "edgar10k_disney_2018_items.txt"
"""The real 10-K, looked for beside the checkout and beside each folder above it."""
_PARAGRAPH = (
    "Revenues for fiscal {year} increased {change}%, or ${amount} million, to ${total} million, driven by "
    "higher attendance at our domestic parks and growth in advertising revenue. Operating income of the "
    "segment was ${income} million compared with ${prior} million in the prior year, primarily due to "
    "lower programming costs, partially offset by higher marketing expenses.\n\n"
)


def filing_text(characters: int = CHARACTERS) -> tuple[str, str]:
    """Return a 10-K text and where it came from: the shared Disney filing, else a generated one."""
    for folder in Path(__file__).resolve().parents[1:]:
        if (folder / FILING).is_file():
            return (folder / FILING).read_text(encoding="utf-8")[:characters], "Disney 10-K 2018"
    numbers = random.Random(1)
    paragraphs: list[str] = []
    while sum(map(len, paragraphs)) < characters:
        paragraphs.append(
            _PARAGRAPH.format(
                year=numbers.randint(2000, 2024),
                change=numbers.randint(1, 30),
                amount=f"{numbers.uniform(10, 900):,.1f}",
                total=f"{numbers.uniform(1000, 9000):,.1f}",
                income=f"{numbers.uniform(100, 900):,.1f}",
                prior=f"{numbers.uniform(100, 900):,.1f}",
            )
        )
    return "".join(paragraphs)[:characters], "generated 10-K-like text"


class PerCharacterChannel:
    """The same channel as finsynth's ``ocr`` written plainly: one Python step per character."""

    def __init__(self) -> None:
        path = resources.files("finsynth.perturbations") / "resources" / "ocr_confusions.json"
        table = json.loads(path.read_text(encoding="utf-8"))
        self.confusions: dict[str, list[tuple[str, int]]] = {}
        for source, target, weight in table["substitutions"]:
            if not any(character.isspace() for character in source + target):
                self.confusions.setdefault(source, []).append((target, weight))
        marks = [(mark, weight) for mark, weight in table["insertions"] if not mark.isspace()]
        self.marks = [mark for mark, _ in marks]
        self.mark_weights = [weight for _, weight in marks]

    def __call__(self, text: str, rng: random.Random, block_chars: int = 500) -> str:
        output: list[str] = []
        rate = 0.0
        position = 0
        while position < len(text):
            if position % block_chars == 0:
                rate = min(max(rng.gauss(0.1, 0.1), 0.0), 0.1)
            character = text[position]
            if character.isspace() or rng.random() >= rate:
                output.append(character)
                position += 1
                continue
            kind = rng.random()
            options = self.confusions.get(text[position : position + 2], []) + self.confusions.get(
                character, []
            )
            if kind < SUBSTITUTION_SHARE and options:
                target = rng.choices([target for target, _ in options], [weight for _, weight in options])[0]
                output.append(target)
                position += 2 if text[position : position + 2] in self.confusions else 1
            elif kind < SUBSTITUTION_SHARE + DELETION_SHARE or not options:
                position += 1
            else:
                output.append(character + rng.choices(self.marks, self.mark_weights)[0])
                position += 1
        return "".join(output)


def _best_rates(
    functions: dict[str, Callable[[int], object]], characters: int, repeats: dict[str, int], rounds: int
) -> dict[str, float]:
    """Characters per CPU second of each function: the best of ``rounds`` rounds, taken in turns."""
    for function in functions.values():
        function(-1)  # warm up: tables are compiled once per process
    best = dict.fromkeys(functions, 0.0)
    for _ in range(rounds):
        for name, function in functions.items():
            start = time.process_time()
            for seed in range(repeats[name]):
                function(seed)
            best[name] = max(best[name], characters * repeats[name] / (time.process_time() - start))
    return best


def run(
    characters: int = CHARACTERS, repeats: int = REPEATS, rounds: int = ROUNDS
) -> list[dict[str, object]]:
    """Return one row per option set: characters per second of the loop and of finsynth, and their ratio."""
    text, source = filing_text(characters)
    loop = PerCharacterChannel()
    options = {
        "defaults": {},
        "protect_digits": {"protect_digits": True},
        "keep_layout=False": {"keep_layout": False},
    }
    functions: dict[str, Callable[[int], object]] = {"loop": lambda seed: loop(text, random.Random(seed))}
    for label, chosen in options.items():
        functions[label] = lambda seed, chosen=chosen: ocr_noise(text, RandomStream(seed), **chosen)
    counts = {name: max(1, repeats // 4) if name == "loop" else repeats for name in functions}
    rates = _best_rates(functions, len(text), counts, rounds)
    return [
        {
            "text": f"{source}, {len(text):,} characters",
            "options": label,
            "per-character loop chars/s": rates["loop"],
            "finsynth ocr chars/s": rates[label],
            "finsynth ÷ loop": rates[label] / rates["loop"],
            TARGET_COLUMN: "met" if rates[label] >= TARGET * rates["loop"] else "MISSED",
        }
        for label in options
    ]


def main() -> int:
    """Print the table; return 1 when a row misses the target."""
    from benchmarks.__main__ import table  # the package's table printer (it imports this module)

    rows = run()
    table(f"OCR noise on one core (target: ≥ {TARGET:g}× the per-character loop, same run)", rows)
    return 0 if all(row[TARGET_COLUMN] == "met" for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
