"""How much the FailSafe filings and their questions vary, measured on the default build (issue #29).

Measures, all over the default build's 220 ``failsafe`` items (seed 20261121, each item's first draw,
as :func:`tests.generators.filings.breadth.default_sample` draws them):

- **shared sentences**: over the first 30 filings, the mean share of a filing's prose sentences (the
  company's name masked) found in at least one of the other 29;
- **common sentences**: for each of the 220 filings, the share of its sentences found in at least 5% of
  all filings (the largest share is reported);
- **distinct questions**: the share of distinct question cores once the lead-in and trailer are
  stripped and the company's and segments' names and every number are masked;
- **kinds drawn**: how many of the registered question kinds the build draws, how often the most
  drawn kind comes, and the *effective number of kinds* (the exponential of the Shannon entropy of
  the kinds' shares: how many equally drawn kinds the build's draws amount to);
- **lengths**: median filing length in cl100k tokens and the share above 16k; and the median of the
  first 30 seeds' full-length filings (:func:`~finsynth.generators.filings.document.make_full_filing`,
  the ``failsafe/synthetic_full`` generator).

The same sentence rule measured on real 10-Ks (``../shared/data/filings``, optional) gives the
reference figure: :func:`real_shared_sentences`. Run ``python -m benchmarks.filings_variety``.
"""

from __future__ import annotations

import json
import math
import re
import statistics
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from finsynth.generators.filings import Filing, QAItem
from finsynth.generators.filings.question_framing import QUESTION_FRAMING
from finsynth.perturbations.tokens import count_tokens_batch

SHARED_SAMPLE = 30
"""Filings compared with one another for the shared-sentence share (the issue's 30)."""
COMMON_SHARE = 0.05
"""A sentence is common when at least this share of all filings hold it."""
REAL_FILINGS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "filings"
"""Real 10-Ks (optional data; the project never needs it)."""
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+(?=[A-Z0-9\"“(])")
_PROSE_LINE = re.compile(r"[.?!][\"”)]?$")
_NUMBER = re.compile(r"\$?\(?\d[\d,]*(?:\.\d+)?\)?%?")


def split_sentences(text: str, company: str) -> list[str]:
    """Prose sentences of ``text`` with ``company`` masked: lines ending in a full stop, split after ``.?!``.

    Headings and table rows (lines without a closing full stop) are left out.
    """
    found = []
    for line in text.replace(company, "<company>").split("\n"):
        line = line.strip()
        if _PROSE_LINE.search(line):
            found.extend(part for part in _SENTENCE_END.split(line) if part)
    return found


def shared_shares(documents: Sequence[Sequence[str]]) -> list[float]:
    """For each document's sentences, the share found in at least one other document."""
    holders = Counter(sentence for found in documents for sentence in set(found))
    # A sentence a document repeats is still its own unless another document holds it too.
    return [sum(holders[s] >= 2 for s in found) / len(found) if found else 0.0 for found in documents]


def common_shares(documents: Sequence[Sequence[str]], share: float = COMMON_SHARE) -> list[float]:
    """For each document, the share of its sentences held by at least ``share`` of all documents."""
    holders = Counter(sentence for found in documents for sentence in set(found))
    floor = share * len(documents)
    return [sum(holders[s] >= floor for s in found) / len(found) if found else 0.0 for found in documents]


def filing_sentences(filings: Sequence[Filing]) -> list[list[str]]:
    """Each filing's prose sentences, its company's name masked."""
    return [split_sentences(filing.text, filing.company) for filing in filings]


def question_core(item: QAItem, filing: Filing) -> str:
    """The question without lead-in and trailer, names and numbers masked."""
    question = item.question
    for lead_in in sorted(filter(None, QUESTION_FRAMING.lead_ins), key=len, reverse=True):
        if question.startswith(lead_in):
            question = question[len(lead_in) :]
            break
    for trailer in sorted(
        filter(None, (*QUESTION_FRAMING.follow_ups, *QUESTION_FRAMING.writing_notes)), key=len, reverse=True
    ):
        if question.endswith(trailer):
            question = question[: -len(trailer)]
            break
    names = [filing.company]
    names += [str(value) for key, value in filing.facts.items() if key.endswith(".name")]
    for name in sorted(set(names), key=len, reverse=True):
        question = re.sub(re.escape(name), "<name>", question, flags=re.IGNORECASE)
    question = _NUMBER.sub("<n>", question)
    return question[:1].lower() + question[1:]


def distinct_question_share(items: Sequence[tuple[Filing, QAItem]]) -> float:
    """The share of distinct question cores among ``items``."""
    cores = [question_core(qa, filing) for filing, qa in items]
    return len(set(cores)) / len(cores)


def effective_kinds(kinds: Sequence[str]) -> float:
    """How many equally drawn kinds ``kinds`` amount to: ``exp`` of the Shannon entropy of their shares.

    Equals the number of distinct kinds when each is drawn equally often; one dominant kind pulls it
    towards 1.
    """
    counts = Counter(kinds).values()
    total = sum(counts)
    return math.exp(-sum(count / total * math.log(count / total) for count in counts))


def real_documents() -> list[tuple[str, list[str]]]:
    """The real 10-Ks' prose sentences by company, their names masked (empty without the data)."""
    documents = []
    for path in sorted(REAL_FILINGS.glob("edgar10k_*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        text = "\n".join(str(value) for key, value in record.items() if key.startswith("item_"))
        company = str(record["company"])
        text = text.replace(company.upper(), company)
        short = re.sub(r",? (Inc|Corp|Co|Corporation)\.?$", "", company, flags=re.IGNORECASE)
        text = text.replace(short.upper(), short).replace(short, company)
        documents.append((company, split_sentences(text, company)))
    return documents


def real_shared_sentences() -> dict[str, float]:
    """The shared-sentence share of each real 10-K against the others (reference for the synthetic ones)."""
    documents = real_documents()
    return dict(
        zip([name for name, _ in documents], shared_shares([found for _, found in documents]), strict=True)
    )


def lengths(filings: Sequence[Filing]) -> list[int]:
    """Each filing's length in cl100k_base tokens."""
    return count_tokens_batch([filing.text for filing in filings])


def run() -> list[dict[str, object]]:
    """Every measure over the default build's sample, with the issue's targets."""
    from finsynth.generators.filings.document import make_full_filing
    from finsynth.generators.filings.questions import QUESTION_KINDS
    from finsynth.seeding import InstanceSeeder
    from tests.generators.filings.breadth import BUILD_SEED, default_sample

    sample = default_sample()
    filings = [item.filing for item in sample]
    documents = filing_sentences(filings)
    shared = statistics.mean(shared_shares(documents[:SHARED_SAMPLE]))
    common = common_shares(documents)
    tokens = lengths(filings)
    drawn = Counter(item.qa.kind for item in sample)
    kinds = set(drawn)
    real = real_shared_sentences()
    seeder = InstanceSeeder(BUILD_SEED, "failsafe", "test", "failsafe/synthetic")
    full = lengths([make_full_filing(seeder.seeds(index).values) for index in range(SHARED_SAMPLE)])
    rows: list[dict[str, object]] = [
        {"measure": "shared sentences, mean over 30 filings", "value": shared, "target": "<= 0.05"},
        {"measure": "common sentences, largest share in a filing", "value": max(common), "target": "<= 0.10"},
        {"measure": "common sentences, median share", "value": statistics.median(common), "target": ""},
        {
            "measure": "distinct question cores",
            "value": distinct_question_share([(item.filing, item.qa) for item in sample]),
            "target": ">= 0.85",
        },
        {"measure": "kinds drawn", "value": f"{len(kinds)} of {len(QUESTION_KINDS)}", "target": ""},
        {"measure": "most drawn kind, items", "value": max(drawn.values()), "target": "<= 12"},
        {
            "measure": "effective number of kinds",
            "value": effective_kinds(list(drawn.elements())),
            "target": ">= 70",
        },
        {"measure": "median tokens", "value": statistics.median(tokens), "target": ">= 20000"},
        {
            "measure": "share above 16k tokens",
            "value": sum(t > 16_000 for t in tokens) / len(tokens),
            "target": ">= 0.85",
        },
        {
            "measure": "median tokens, full length (30 filings)",
            "value": statistics.median(full),
            "target": "~40000",
        },
    ]
    rows += [
        {"measure": f"real 10-K shared sentences: {name}", "value": share, "target": ""}
        for name, share in real.items()
    ]
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
