"""OCR noise throughput on a 10-K-sized text: finsynth's vectorized channel vs a per-character loop."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from finsynth.perturbations.ocr import DELETION_SHARE, SUBSTITUTION_SHARE, ocr_noise
from finsynth.seeding import RandomStream

CHARACTERS = 100_000
REPEATS = 20
FILING = (
    Path(__file__).resolve().parents[1]
    / ".."
    / "shared"
    / "data"
    / "filings"
    / "edgar10k_disney_2018_items.txt"
)
_PARAGRAPH = (
    "Revenues for fiscal {year} increased {change}%, or ${amount} million, to ${total} million, driven by "
    "higher attendance at our domestic parks and growth in advertising revenue. Operating income of the "
    "segment was ${income} million compared with ${prior} million in the prior year, primarily due to "
    "lower programming costs, partially offset by higher marketing expenses.\n\n"
)


def filing_text(characters: int = CHARACTERS) -> tuple[str, str]:
    """Return a 10-K text and where it came from: the shared Disney filing, else a generated one."""
    if FILING.is_file():
        return FILING.read_text(encoding="utf-8")[:characters], "Disney 10-K 2018"
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


def _rate(function: Callable[[int], object], characters: int, repeats: int) -> float:
    function(-1)  # warm up: tables are compiled once per process
    start = time.perf_counter()
    for seed in range(repeats):
        function(seed)
    return characters * repeats / (time.perf_counter() - start)


def run(characters: int = CHARACTERS, repeats: int = REPEATS) -> list[dict[str, object]]:
    """Return one row per option set: characters per second of the loop and of finsynth, and their ratio."""
    text, source = filing_text(characters)
    loop = PerCharacterChannel()
    loop_rate = _rate(lambda seed: loop(text, random.Random(seed)), len(text), max(1, repeats // 4))
    rows: list[dict[str, object]] = []
    for label, options in (
        ("defaults", {}),
        ("protect_digits", {"protect_digits": True}),
        ("keep_layout=False", {"keep_layout": False}),
    ):
        rate = _rate(
            lambda seed, options=options: ocr_noise(text, RandomStream(seed), **options), len(text), repeats
        )
        rows.append(
            {
                "text": f"{source}, {len(text):,} characters",
                "options": label,
                "per-character loop chars/s": loop_rate,
                "finsynth ocr chars/s": rate,
                "finsynth ÷ loop": rate / loop_rate,
            }
        )
    return rows
