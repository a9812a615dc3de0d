"""How strong each perturbation of a config is, read back from its parquet files for the card.

A perturbation can pass every validator and still be too mild to test anything, or leave a tell
a model can learn. The card therefore reports, per kind, the figures a reviewer would check:

- ``misspelled``: misspellings per query (the distribution) and the share of queries with one
  inside the question itself, outside any framing lead-in or trailer;
- ``incomplete``: the share of the query's words a keyword query keeps (median, and the share of
  rows inside 30–50%);
- ``out_of_domain``: the share of rewrites that rephrase a finance term of the question itself,
  not only a framing word such as "fiscal";
- ``ocr``: the share of number tokens damaged inside the cited evidence and in the rest of the
  context, which must be close (a clean evidence passage would point at the answer), and the
  rest's share at the evidence's token lengths (evidence holds longer numbers, which any uniform
  noise damages more often).

``failsafe`` records hold every query variant side by side (``ops`` holds their edits); a
``finchain_robust`` row holds one variant with ``original_input`` and ``perturbation_ops``.
"""

from __future__ import annotations

import json
import statistics
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from finsynth.cards.statistics import SplitFiles
from finsynth.generators.failsafe.framing import question_core
from finsynth.perturbations.lexicons import framing_terms
from finsynth.perturbations.ocr_damage import damage_rates

WORDS_KEPT_RANGE = (0.3, 0.5)
"""The share of words a keyword query should keep (FailSafeQA's example keeps about 43%)."""

_FAILSAFE_COLUMNS = {
    "misspelled": "error_query",
    "incomplete": "incomplete_query",
    "out_of_domain": "out-of-domain_query",
}


@dataclass(frozen=True)
class StrengthFigure:
    """One figure of one perturbation kind.

    Attributes:
        kind: The perturbation kind (``misspelled``, ``incomplete``, ``out_of_domain``, ``ocr``).
        figure: What is measured, in words.
        value: The measured value, formatted for the card.

    """

    kind: str
    figure: str
    value: str


@dataclass
class _Tally:
    edits: Counter[int]
    edit_in_core: int
    misspelled: int
    kept_shares: list[float]
    concept: int
    rewritten: int
    damage: dict[str, dict[int, list[int]]]  # "evidence" / "rest" -> token length -> [damaged, total]

    def add_variant(self, kind: str, original: str, text: str, ops: Sequence[dict[str, Any]]) -> None:
        start, end = question_core(original)
        spans = [op for op in ops if op.get("start") is not None and op.get("end") is not None]
        if kind == "misspelled":
            self.misspelled += 1
            self.edits[len(spans)] += 1
            self.edit_in_core += any(start <= op["start"] and op["end"] <= end for op in spans)
        elif kind == "incomplete":
            self.kept_shares.append(len(text.split()) / max(1, len(original.split())))
        elif kind == "out_of_domain":
            self.rewritten += 1
            self.concept += any(
                op.get("kind") == "plain_language"
                and start <= op["start"]
                and op["end"] <= end
                and str(op.get("details", {}).get("term", "")) not in framing_terms()
                for op in spans
            )


def _batches(folder: Path, splits: Sequence[SplitFiles], columns: list[str]) -> Iterator[dict[str, Any]]:
    for split in splits:
        for name in split.files:
            parquet = pq.ParquetFile(folder / name)
            if not set(columns) <= set(parquet.schema_arrow.names):
                return
            for batch in parquet.iter_batches(columns=columns):
                yield from batch.to_pylist()


def perturbation_strength(folder: Path, splits: Sequence[SplitFiles]) -> list[StrengthFigure]:
    """Return the strength figures of a ``failsafe`` or ``finchain_robust`` config (empty for others).

    Args:
        folder: The dataset folder.
        splits: The config's splits and their files.

    """
    tally = _Tally(Counter(), 0, 0, [], 0, 0, {"evidence": {}, "rest": {}})
    failsafe_columns = ["query", *_FAILSAFE_COLUMNS.values(), "ops", "metadata"]
    for row in _batches(folder, splits, failsafe_columns):
        ops = json.loads(row["ops"])
        for kind, column in _FAILSAFE_COLUMNS.items():
            tally.add_variant(kind, row["query"], row[column], ops.get(column, []))
        damage = json.loads(row["metadata"]).get("ocr_number_damage") or {}
        for part, by_length in tally.damage.items():
            for length, (damaged, total) in damage.get(part, {}).items():
                counts = by_length.setdefault(int(length), [0, 0])
                counts[0] += damaged
                counts[1] += total
    robust_columns = ["perturbation", "input", "original_input", "perturbation_ops"]
    for row in _batches(folder, splits, robust_columns):
        ops = json.loads(row["perturbation_ops"] or "[]")
        tally.add_variant(row["perturbation"], row["original_input"], row["input"], ops)
    return _figures(tally)


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.1%} ({part:,} of {whole:,})" if whole else "n/a"


def _figures(tally: _Tally) -> list[StrengthFigure]:
    figures = []
    if tally.misspelled:
        counts = ", ".join(f"{edits}: {rows:,}" for edits, rows in sorted(tally.edits.items()))
        mean = sum(edits * rows for edits, rows in tally.edits.items()) / tally.misspelled
        figures += [
            StrengthFigure("misspelled", "misspellings per query (queries with each count)", counts),
            StrengthFigure("misspelled", "mean misspellings per query", f"{mean:.2f}"),
            StrengthFigure(
                "misspelled",
                "queries with a misspelling in the question itself",
                _share(tally.edit_in_core, tally.misspelled),
            ),
        ]
    if tally.kept_shares:
        low, high = WORDS_KEPT_RANGE
        inside = sum(low <= share <= high for share in tally.kept_shares)
        figures += [
            StrengthFigure(
                "incomplete", "median share of the words kept", f"{statistics.median(tally.kept_shares):.1%}"
            ),
            StrengthFigure(
                "incomplete",
                f"queries keeping {low:.0%}–{high:.0%} of the words",
                _share(inside, len(tally.kept_shares)),
            ),
        ]
    if tally.rewritten:
        figures.append(
            StrengthFigure(
                "out_of_domain",
                "rewrites rephrasing a finance term of the question itself",
                _share(tally.concept, tally.rewritten),
            )
        )
    evidence, rest = tally.damage["evidence"], tally.damage["rest"]
    if evidence or rest:
        evidence_rate, rest_rate, matched_rate = damage_rates(evidence, rest)
        evidence_tokens = sum(pair[1] for pair in evidence.values())
        rest_tokens = sum(pair[1] for pair in rest.values())
        figures += [
            StrengthFigure(
                "ocr",
                "number tokens damaged inside the cited evidence",
                f"{evidence_rate:.1%} of {evidence_tokens:,}",
            ),
            StrengthFigure(
                "ocr",
                "number tokens damaged in the rest of the context",
                f"{rest_rate:.1%} of {rest_tokens:,}",
            ),
            StrengthFigure(
                "ocr",
                "the rest's damage at the evidence's token lengths",
                f"{matched_rate:.1%}",
            ),
        ]
    return figures
