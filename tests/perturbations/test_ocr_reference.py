"""OCR output is pinned: each case below gives the bytes recorded in ``ocr_reference_digests.json``.

The digests (in ``tests/data``) were written by the OCR channel as it stood before its speed-up, so a faster
channel must reproduce the old text and ops exactly for the same seed. The cases cover
filing-like prose of 40 to 100,000 characters (ASCII and not), every option, spans to keep, pairs the table
reads as one character (``rn``, ``cl``), words short enough to be deleted whole, whitespace
and digits of many scripts, characters outside the BMP and lone surrogates.

After a change that is meant to alter the output, rewrite the file with
``PYTHONPATH=. python -m tests.perturbations.test_ocr_reference`` and say so in the CHANGELOG.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from finsynth.perturbations.ocr import ocr_noise
from finsynth.seeding import RandomStream, derive_seed, numpy_generator

DIGESTS = Path(__file__).resolve().parents[1] / "data" / "ocr_reference_digests.json"

_PROSE = (
    "the company recorded revenue of $1,234.5 million, up 3.5% from 2018 (12) 0.75 modern burn clear "
    "clean children form firm m d a I is in on at net income operating segment fiscal year rn cl "
    "assets liabilities equity cash flows debt interest rate tax Inc. U.S. 16,788 $243,691 -360,000"
)
_WORDS = _PROSE.split()
_ASCII_SEPARATORS = (" ", " ", " ", " ", "  ", "\n", "\n\n", "\t", "\r\n")
_SEPARATORS = (" ", " ", " ", " ", "  ", "\n", "\n\n", "\t", "\u00a0", "\u2003", "\u3000", "\x85", "\r\n")
_CODE_RANGES = (
    (0x20, 0x7F),  # ASCII
    (0x09, 0x0E),  # ASCII whitespace controls
    (0x1C, 0x21),  # information separators (whitespace to str.isspace) and the space
    (0x80, 0x180),  # Latin-1 and Latin Extended-A, NEL and no-break space included
    (0x660, 0x66A),  # Arabic-Indic digits
    (0x966, 0x970),  # Devanagari digits
    (0x2000, 0x2030),  # general punctuation: spaces, dashes, line and paragraph separators
    (0x3000, 0x3010),  # ideographic space and CJK punctuation
    (0x4E00, 0x4E40),  # CJK ideographs
    (0xFF10, 0xFF1A),  # full-width digits
    (0xD800, 0xE000),  # lone surrogates
    (0x1D7CE, 0x1D800),  # mathematical digits
    (0x1F300, 0x1F340),  # emoji
    (0x1FBF0, 0x1FBFA),  # segmented digits, the last decimal digits of Unicode
)
_OPTIONS: dict[str, dict[str, Any]] = {
    "defaults": {},
    "protect_digits": {"protect_digits": True},
    "no_layout": {"keep_layout": False},
    "no_layout_protect_digits": {"keep_layout": False, "protect_digits": True},
    "heavy": {"mean": 0.5, "std": 0.3, "cap": 1.0},
    "every_character": {"mean": 1.0, "std": 0.0, "cap": 1.0},
    "every_character_no_layout": {"mean": 1.0, "std": 0.0, "cap": 1.0, "keep_layout": False},
    "heavy_protect_digits_blocks_7": {
        "mean": 0.4,
        "std": 0.2,
        "cap": 0.8,
        "protect_digits": True,
        "block_chars": 7,
    },
    "blocks_1": {"mean": 0.3, "std": 0.3, "cap": 1.0, "block_chars": 1},
    "blocks_50_cap_5": {"cap": 0.05, "block_chars": 50},
    "none": {"mean": 0.0, "std": 0.0},
}


def _prose(characters: int, seed: int, separators: tuple[str, ...] = _SEPARATORS) -> str:
    """Words of ``_WORDS`` joined by assorted whitespace, cut to ``characters``."""
    generator = numpy_generator(derive_seed("ocr reference prose", seed))
    count = max(1, characters // 5)
    words = generator.choice(len(_WORDS), size=count)
    gaps = generator.choice(len(separators), size=count, p=_separator_weights(separators))
    return "".join(_WORDS[word] + separators[gap] for word, gap in zip(words, gaps, strict=True))[:characters]


def _separator_weights(separators: tuple[str, ...]) -> list[float]:
    weights = [12.0 if separator == " " else 1.0 for separator in separators]
    return [weight / sum(weights) for weight in weights]


def _code_points(characters: int, seed: int) -> str:
    """Characters drawn from ``_CODE_RANGES`` (lone surrogates included)."""
    generator = numpy_generator(derive_seed("ocr reference code point run", seed))
    picks = generator.integers(0, len(_CODE_RANGES), size=characters).tolist()
    return "".join(
        chr(int(generator.integers(_CODE_RANGES[pick][0], _CODE_RANGES[pick][1]))) for pick in picks
    )


def _mixed(characters: int, seed: int) -> str:
    """Prose with a run of arbitrary code points in every few words."""
    prose = _prose(characters, seed).split(" ")
    generator = numpy_generator(derive_seed("ocr reference mixed", seed))
    for index in range(0, len(prose), 4):
        prose[index] = _code_points(int(generator.integers(1, 6)), seed * 1_000 + index)
    return " ".join(prose)


def _spans(text: str, seed: int) -> list[tuple[int, int]]:
    """A few spans to keep, overlapping ones and empty ones included."""
    generator = numpy_generator(derive_seed("ocr reference spans", seed))
    spans = []
    for _ in range(int(generator.integers(1, 8))):
        start = int(generator.integers(0, len(text) + 1))
        spans.append((start, min(len(text), start + int(generator.integers(0, 40)))))
    return spans


def _texts() -> Iterator[tuple[str, str]]:
    for characters in (40, 120, 400, 1_500, 6_000):
        for seed in range(3):
            yield f"prose-{characters}-{seed}", _prose(characters, seed)
            yield f"ascii-prose-{characters}-{seed}", _prose(characters, seed, _ASCII_SEPARATORS)
            yield f"mixed-{characters}-{seed}", _mixed(characters, seed)
            yield f"code-points-{characters}-{seed}", _code_points(characters, seed)
    for seed in range(2):
        yield f"prose-100000-{seed}", _prose(100_000, seed)
    yield "ascii-prose-100000-0", _prose(100_000, 0, _ASCII_SEPARATORS)
    yield "one-word", "modern"
    yield "one-character", "m"
    yield "pairs", "rn cl rnrn clcl mrn dcl rn\ncl"
    yield "spaced", "  a  I\n\nd  m \t"


def cases() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every pinned case: its name, its text and the options of the call (the seed included)."""
    for text_name, text in _texts():
        large = len(text) > 10_000
        for option_name, options in _OPTIONS.items():
            for seed in range(1 if large else 2):
                yield f"{text_name}/{option_name}/{seed}", text, {"seed": seed, **options}
            if not large or option_name in ("defaults", "protect_digits"):
                spans = _spans(text, len(text))
                yield f"{text_name}/{option_name}/spans", text, {"seed": 7, "keep_spans": spans, **options}


def digest(text: str, options: dict[str, Any]) -> str:
    """First 16 hex digits of SHA-256 over the noisy text and its ops."""
    call = dict(options)
    noisy = ocr_noise(text, RandomStream(derive_seed("ocr reference", call.pop("seed"))), **call)
    payload = json.dumps({"text": noisy.text, "ops": noisy.ops_json()}, ensure_ascii=True)
    return hashlib.sha256(payload.encode("ascii")).hexdigest()[:16]


def test_cases_cover_what_they_claim() -> None:
    texts = dict(_texts())
    every = "".join(texts.values())
    assert any(0xD800 <= ord(character) < 0xE000 for character in every)
    assert any(ord(character) > 0xFFFF for character in every)
    assert {"\u00a0", "\u3000", "\x85", "\x1c", "\u0663", "\U0001fbf5"} <= set(every)
    assert "rn" in texts["prose-6000-0"] and "cl" in texts["prose-6000-0"]
    assert texts["ascii-prose-6000-0"].isascii() and texts["ascii-prose-100000-0"].isascii()
    assert not texts["prose-6000-0"].isascii()
    assert len(texts["prose-100000-0"]) == 100_000


def test_output_matches_the_recorded_digests() -> None:
    recorded: dict[str, str] = json.loads(DIGESTS.read_text(encoding="utf-8"))["digests"]
    computed = {name: digest(text, options) for name, text, options in cases()}
    assert computed.keys() == recorded.keys()
    changed = [name for name in computed if computed[name] != recorded[name]]
    assert not changed, f"{len(changed)} of {len(computed)} cases changed, e.g. {changed[:5]}"


def _write() -> None:
    digests = {name: digest(text, options) for name, text, options in cases()}
    about = (
        "SHA-256 (first 16 hex digits) of the OCR channel's text and ops for each case of "
        "tests/perturbations/test_ocr_reference.py."
    )
    DIGESTS.write_text(json.dumps({"about": about, "digests": digests}, indent=0) + "\n", encoding="utf-8")
    sys.stdout.write(f"wrote {len(digests)} digests to {DIGESTS}\n")


if __name__ == "__main__":
    _write()
