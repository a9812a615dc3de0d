import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.perturbations.sentences import Sentence, split_sentences

FILINGS = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "filings"

# Each pattern sits inside one sentence wherever it occurs in a filing.
NOT_SENTENCE_ENDS = [
    r"\bU\.S\. [a-z]\w*",
    r"\b(?:Inc|Corp|Co|Ltd)\.,? [a-z]\w*",
    r"\$\d+(?:\.\d+)? (?:million|billion)",
    r"\d+\.\d+%",
    r"\b(?:Mr|Ms|Mrs|Dr)\. [A-Z]\w+",
    r"\bNo\. \d+",
    r"\b(?:e\.g|i\.e)\.,? \w+",
    r"\bapprox\. \S+",
    r"\w+\.\.\. [a-z]\w*",
]


def check_covers(text: str, sentences: list[Sentence]) -> None:
    """Sentences are exact, ordered, stripped, and the gaps between them are whitespace."""
    position = 0
    for index, sentence in enumerate(sentences):
        assert sentence.index == index
        assert text[sentence.start : sentence.end] == sentence.text
        assert sentence.text and sentence.text == sentence.text.strip()
        assert text[position : sentence.start].strip() == ""
        position = sentence.end
    assert text[position:].strip() == ""


def inside_one_sentence(sentences: list[Sentence], start: int, end: int) -> bool:
    return any(sentence.start <= start and end <= sentence.end for sentence in sentences)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Acme Inc. reported revenue of $1.3 million in 2023. Net income rose 3.5% to $2.1 billion.", 2),
        ("Mr. Smith joined the U.S. Securities and Exchange Commission. He left in 2019.", 2),
        (
            "See Note No. 7. Costs were approx. $4.2 million, e.g. legal fees, i.e. advisory work.",
            2,
        ),
        ("Revenue grew... then fell. The Company is based in the U.S. It has 3.5 million shares.", 3),
        ("We sold the unit to Acme Corp. The sale closed on Jan. 5, 2020.", 2),
        ("Total was 12.5 vs. 11.3 in fiscal 2017. Walt Disney Co. is incorporated in Delaware.", 2),
        ("The rate was 4. 5 percent was the cap.", 1),
        ("The Company has\nannounced plans to add rooms. Work begins in 2019.", 2),
        ("Revenues come from:\n•\nfees charged to cable operators;\n•\nadvertising sales.", 3),
    ],
)
def test_finance_abbreviations_and_numbers(text: str, expected: int) -> None:
    sentences = split_sentences(text)
    check_covers(text, sentences)
    assert len(sentences) == expected, [sentence.text for sentence in sentences]


def test_offsets_are_exact_when_a_sentence_repeats() -> None:
    text = "Revenue rose.  Costs fell.\nRevenue rose. Costs fell."
    sentences = split_sentences(text)
    check_covers(text, sentences)
    assert [sentence.start for sentence in sentences] == [0, 15, 27, 41]


@pytest.mark.parametrize("text", ["", "   ", "\n\t\u3000"])
def test_blank_text_has_no_sentences(text: str) -> None:
    assert split_sentences(text) == []


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_is_covered_exactly(text: str) -> None:
    check_covers(text, split_sentences(text))


sentence_like = st.lists(
    st.sampled_from(
        ["Revenue", "rose", "3.5%", "$1.3", "million", "Inc.", "U.S.", "e.g.", "No.", "...", "?", "!"]
    ),
    min_size=1,
    max_size=40,
).map(" ".join)


@settings(max_examples=100, deadline=None)
@given(sentence_like)
def test_finance_like_text_is_covered_exactly(text: str) -> None:
    check_covers(text, split_sentences(text))


def filing_texts() -> list[tuple[str, str]]:
    if not FILINGS.is_dir():
        pytest.skip(f"real filings not found at {FILINGS} (shared test data is optional)")
    texts = []
    for name in ("edgar10k_disney_2018.json", "edgar10k_pericom_1998.json"):
        items = json.loads((FILINGS / name).read_text(encoding="utf-8"))
        texts += [(f"{name}:{key}", text) for key, text in items.items() if key.startswith("item_") and text]
    return texts


def test_real_filings_keep_tricky_sentences_whole() -> None:
    checked = 0
    for where, text in filing_texts():
        sentences = split_sentences(text)
        check_covers(text, sentences)
        for pattern in NOT_SENTENCE_ENDS:
            for match in re.finditer(pattern, text):
                assert inside_one_sentence(sentences, match.start(), match.end()), (where, match.group())
                checked += 1
    assert checked > 100
