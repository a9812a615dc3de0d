import itertools
import json
import os
import re
import statistics
import subprocess
import sys
from importlib import resources

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FinsynthError
from finsynth.perturbations import get_perturbation
from finsynth.perturbations.ocr import (
    _FIRST_WIDE_WHITESPACE,
    _LAST_WHITESPACE,
    DELETION_SHARE,
    SUBSTITUTION_SHARE,
    ocr_noise,
)
from finsynth.seeding import RandomStream, numpy_generator

_VOCABULARY = (
    "the company recorded revenue of million billion net income operating segment fiscal year "
    "increase decrease compared with prior period primarily due to higher lower costs expenses "
    "assets liabilities equity cash flows debt interest rate tax Inc. U.S. Board Directors "
    "$1,234.5 3.5% 2018 (12) 0.75 parks media networks studio consumer products, interactive."
)


def filing_like_text(characters: int, seed: int = 0) -> str:
    """Lines of 8-16 words from a finance vocabulary, with blank lines between paragraphs."""
    generator = numpy_generator(seed)
    lines: list[str] = []
    total = 0
    while total < characters:
        words = generator.choice(_VOCABULARY.split(), size=int(generator.integers(8, 17)))
        line = " ".join(words.tolist())
        if generator.random() < 0.2:
            line += "\n"
        lines.append(line)
        total += len(line) + 1
    return "\n".join(lines)


def edit_distance(left: str, right: str) -> int:
    """Levenshtein distance, one NumPy row at a time (the insertion chain via a running minimum)."""
    a = np.array([ord(c) for c in left], dtype=np.int64)
    b = np.array([ord(c) for c in right], dtype=np.int64)
    columns = np.arange(len(b) + 1)
    row = columns.copy()
    for i in range(1, len(a) + 1):
        best = np.empty_like(row)
        best[0] = i
        best[1:] = np.minimum(row[1:] + 1, row[:-1] + (b != a[i - 1]))
        row = np.minimum.accumulate(best - columns) + columns
    return int(row[-1])


def character_error_rate(original: str, corrupted: str) -> float:
    """Edit distance over length, line by line (keep_layout leaves every line break in place)."""
    before, after = original.split("\n"), corrupted.split("\n")
    assert len(before) == len(after)
    return sum(edit_distance(x, y) for x, y in zip(before, after, strict=True)) / len(original)


def test_edit_distance_helper() -> None:
    assert edit_distance("kitten", "sitting") == 3
    assert edit_distance("", "abc") == 3
    assert edit_distance("modern", "modem") == 2
    assert edit_distance("same", "same") == 0


def test_defaults_give_failsafeqa_character_error_rate() -> None:
    # Rates ~ Normal(0.1, 0.1) clipped to [0, 0.1] have mean 0.05 + 0.1·(0.3413 − 0.1570) ≈ 0.0684.
    text = filing_like_text(60_000)
    rates = [character_error_rate(text, ocr_noise(text, RandomStream(seed)).text) for seed in range(4)]
    assert 0.063 <= statistics.mean(rates) <= 0.072


@pytest.mark.parametrize("rate", [0.02, 0.1, 0.25])
def test_fixed_rate_is_measured_as_configured(rate: float) -> None:
    text = filing_like_text(30_000, seed=1)
    result = ocr_noise(text, RandomStream(3), mean=rate, std=0.0, cap=1.0)
    # Adjacent edits sometimes cost less together than apart, so allow a little shortfall.
    assert rate * 0.88 <= character_error_rate(text, result.text) <= rate * 1.06


def test_edit_kinds_follow_the_configured_shares() -> None:
    text = filing_like_text(100_000, seed=2)
    ops = ocr_noise(text, RandomStream(5), mean=0.1, std=0.0).ops
    totals = {
        kind: sum(int(op.details[kind]) for op in ops)
        for kind in ("substitutions", "deletions", "insertions")
    }
    edits = sum(totals.values())
    assert edits > 5_000
    # Substitutions cost up to two edits each, so they are drawn a little less often than their share.
    assert abs(totals["substitutions"] / edits - SUBSTITUTION_SHARE) < 0.03
    assert abs(totals["deletions"] / edits - DELETION_SHARE) < 0.02
    assert abs(totals["insertions"] / edits - (1 - SUBSTITUTION_SHARE - DELETION_SHARE)) < 0.02


def test_one_op_per_changed_block_with_rates_in_range() -> None:
    text = filing_like_text(20_000, seed=3)
    ops = ocr_noise(text, RandomStream(8)).ops
    assert all(op.kind == "ocr_block" for op in ops)
    spans = [(op.start, op.end) for op in ops]
    assert spans == sorted(spans)
    for (_, end), (start, _) in itertools.pairwise(spans):
        assert end is not None and start is not None and end <= start
    for op in ops:
        assert 0.0 <= float(op.details["rate"]) <= 0.10
        assert op.start is not None and op.end is not None and 0 <= op.start < op.end <= len(text)
        assert (
            int(op.details["substitutions"]) + int(op.details["deletions"]) + int(op.details["insertions"])
            > 0
        )
    assert 10 < len(ops) < 80  # ~20,000 / 500-character blocks, less the blocks that drew rate 0


def test_text_outside_the_blocks_of_the_ops_is_untouched() -> None:
    text = filing_like_text(30_000, seed=6)
    result = ocr_noise(text, RandomStream(12), block_chars=200)
    spans = [(op.start, op.end) for op in result.ops]
    untouched = 0
    offset = 0
    for before, after in zip(text.split("\n"), result.text.split("\n"), strict=True):
        line = (offset, offset + len(before))
        offset += len(before) + 1
        if all(
            end is not None and start is not None and (end <= line[0] or line[1] <= start)
            for start, end in spans
        ):
            assert after == before
            untouched += 1
    assert untouched > 10


def test_confusions_include_one_to_many_and_many_to_one() -> None:
    text = " ".join(["modern", "clerk", "vvow", "1010", "OOO"] * 400)
    corrupted = ocr_noise(text, RandomStream(4), mean=0.3, std=0.0, cap=1.0).text
    assert "rnodern" in corrupted  # m → rn
    assert "modem" in corrupted  # rn → m
    assert "moclern" in corrupted  # d → cl
    assert "dlerk" in corrupted or "derk" in corrupted  # cl → d
    assert "wow" in corrupted  # vv → w
    assert re.search(r"[lI]0[lI]0|1O1O|101O|1O10", corrupted)


@pytest.mark.parametrize("options", [{"cap": 0.0}, {"mean": 0.0, "std": 0.0}, {"mean": -1.0, "std": 0.0}])
def test_rate_zero_leaves_the_text_unchanged(options: dict[str, float]) -> None:
    text = filing_like_text(5_000)
    result = ocr_noise(text, RandomStream(1), **options)
    assert result.text == text
    assert not result.changed
    assert [op.kind for op in result.ops] == ["no_candidate"]


@pytest.mark.parametrize("text", ["", " ", "\n\t \u3000"])
def test_blank_context_is_an_error(text: str) -> None:
    with pytest.raises(FinsynthError, match="empty or only whitespace"):
        ocr_noise(text, RandomStream(1))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"cap": 1.5}, "cap"),
        ({"std": -0.1}, "std"),
        ({"mean": float("nan")}, "mean"),
        ({"block_chars": 0}, "block_chars"),
    ],
)
def test_options_out_of_range_are_errors(options: dict[str, float], message: str) -> None:
    with pytest.raises(FinsynthError, match=message):
        ocr_noise("Revenue rose.", RandomStream(1), **options)


def test_registered_as_ocr() -> None:
    assert get_perturbation("ocr") is ocr_noise


def test_every_unicode_whitespace_character_keeps_its_place() -> None:
    spaces = [chr(code) for code in range(0x110000) if chr(code).isspace()]
    text = "".join(f"word{index}{space}" for index, space in enumerate(spaces * 20))
    corrupted = ocr_noise(text, RandomStream(2), mean=0.5, std=0.0, cap=1.0).text
    assert corrupted != text
    assert re.split(r"(\s)", corrupted)[1::2] == re.split(r"(\s)", text)[1::2]


@pytest.mark.parametrize("rate", [1e-12, 1e-18, 1e-300, 5e-324])
def test_a_tiny_rate_leaves_the_text_as_it_is_and_never_fails(rate: float) -> None:
    text = filing_like_text(2_000)
    assert ocr_noise(text, RandomStream(1), mean=rate, std=0.0, cap=1.0).text == text


def test_whitespace_lies_where_the_channel_looks_for_it() -> None:
    spaces = [code for code in range(0x110000) if chr(code).isspace()]
    assert all(code <= 0x20 or _FIRST_WIDE_WHITESPACE <= code <= _LAST_WHITESPACE for code in spaces)
    assert _FIRST_WIDE_WHITESPACE in spaces and _LAST_WHITESPACE in spaces


@pytest.mark.parametrize(
    "text",
    [
        "plain ASCII modern form",
        "BMP text: façade – 12½ € modern",
        "outside the BMP: 𝟙𝟚 modern 🌍 form",
        "a lone surrogate \ud800 then \udc00 modern form",
    ],
)
def test_every_kind_of_text_comes_back_whole(text: str) -> None:
    """ASCII, BMP and wider texts take different array widths; none loses or merges a character."""
    noisy = ocr_noise(text * 20, RandomStream(4), mean=0.3, std=0.0, cap=1.0).text
    assert noisy != text * 20
    assert {character for character in text if not character.isascii()} <= set(noisy)
    assert all(character.isascii() for character in set(noisy) - set(text))


def test_protected_numbers_survive_heavy_noise() -> None:
    text = filing_like_text(20_000, seed=4)
    corrupted = ocr_noise(text, RandomStream(6), mean=0.5, std=0.0, cap=1.0, protect_digits=True).text
    assert re.findall(r"\d", corrupted) == re.findall(r"\d", text)
    for number in re.findall(r"\d+(?:[.,]\d+)*", text):
        assert number in corrupted
    assert corrupted.count("\n") == text.count("\n")


def test_digits_of_every_script_are_protected() -> None:
    digits = [chr(code) for code in range(0x110000) if chr(code).isdecimal()]
    text = " ".join(f"a{digit}b" for digit in digits * 3)
    corrupted = ocr_noise(text, RandomStream(9), mean=0.6, std=0.0, cap=1.0, protect_digits=True).text
    assert corrupted != text
    assert re.findall(r"\d", corrupted) == re.findall(r"\d", text)


def test_without_keep_layout_whitespace_can_change() -> None:
    text = filing_like_text(20_000, seed=5)
    corrupted = ocr_noise(text, RandomStream(7), keep_layout=False, mean=0.2, std=0.0, cap=1.0).text
    assert re.split(r"(\s+)", corrupted)[1::2] != re.split(r"(\s+)", text)[1::2]


def test_same_output_in_another_process_with_another_hash_seed() -> None:
    script = (
        "from finsynth.perturbations.ocr import ocr_noise\n"
        "from finsynth.seeding import RandomStream\n"
        "import sys\n"
        "sys.stdout.write(ocr_noise(sys.stdin.read(), RandomStream(11)).text)\n"
    )
    text = filing_like_text(3_000) + " façade – 12½ € \u200b"
    outputs = [
        subprocess.run(
            [sys.executable, "-c", script],
            input=text.encode(),
            capture_output=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONIOENCODING": "utf-8"},
            check=True,
        ).stdout.decode()
        for hash_seed in ("1", "2")
    ]
    assert outputs[0] == outputs[1] == ocr_noise(text, RandomStream(11)).text


def test_confusion_table_covers_letters_and_digits() -> None:
    path = resources.files("finsynth.perturbations") / "resources" / "ocr_confusions.json"
    table = json.loads(path.read_text(encoding="utf-8"))
    sources = {source for source, _, _ in table["substitutions"]}
    for character in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,.$":
        assert character in sources, character
    for source, target, weight in table["substitutions"]:
        assert 1 <= len(source) <= 2 and len(target) <= 2 and source != target and weight > 0
    assert all(weight > 0 and len(mark) == 1 for mark, weight in table["insertions"])


non_blank = st.text(min_size=1, max_size=300).filter(lambda text: bool(text.strip()))
rates = st.floats(min_value=0.0, max_value=1.0)


@settings(max_examples=150, deadline=None)
@given(non_blank, st.integers(0, 2**63 - 1), rates, st.booleans(), st.integers(1, 50))
def test_arbitrary_text_is_deterministic_and_keeps_layout(
    text: str, seed: int, rate: float, protect_digits: bool, block_chars: int
) -> None:
    options = {
        "mean": rate,
        "std": 0.05,
        "cap": 1.0,
        "protect_digits": protect_digits,
        "block_chars": block_chars,
    }
    first = ocr_noise(text, RandomStream(seed), **options)
    second = ocr_noise(text, RandomStream(seed), **options)
    assert first == second
    assert re.split(r"(\s+)", first.text)[1::2] == re.split(r"(\s+)", text)[1::2]
    assert len(first.text.split()) == len(text.split())
    if protect_digits:
        assert re.findall(r"\d", first.text) == re.findall(r"\d", text)


@settings(max_examples=100, deadline=None)
@given(non_blank, st.integers(0, 2**63 - 1), rates)
def test_arbitrary_text_without_layout_never_crashes(text: str, seed: int, rate: float) -> None:
    result = ocr_noise(
        text, RandomStream(seed), mean=rate, std=0.1, cap=1.0, keep_layout=False, block_chars=7
    )
    assert isinstance(result.text, str)
    assert all(
        op.start is not None and op.end is not None and op.end <= len(text)
        for op in result.ops
        if op.kind == "ocr_block"
    )
