from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FinsynthError
from finsynth.perturbations import common_typos, get_perturbation
from finsynth.perturbations.lexicons import confusable_words
from finsynth.perturbations.misspell import KINDS, MIX, QUERY_EDITS, misspell
from finsynth.perturbations.ops import Perturbed
from finsynth.perturbations.spans import apply_ops
from finsynth.seeding import RandomStream, derive_seed
from tests.perturbations.questions import finance_questions, tatqa_questions

EDIT_KINDS = set(KINDS)


def _stream(*parts: str | int) -> RandomStream:
    return RandomStream(derive_seed("test misspell", *parts))


def _measured_mix(questions: list[str], **options: object) -> tuple[Counter[str], int]:
    kinds: Counter[str] = Counter()
    fallbacks = 0
    for index, question in enumerate(questions):
        for op in misspell(question, _stream(index), **options).ops:
            kinds[op.kind] += 1
            fallbacks += "fallback_from" in op.details
    return kinds, fallbacks


def _assert_within_four_sigma(kinds: Counter[str], shares: dict[str, float], count: int) -> None:
    # Seeds are fixed, so this never flakes; a correct sampler lands outside 4 sigma about once
    # in 15,000 kinds, while swapping two shares (31.7 vs 25.5 %) is 6 sigma away at n = 2,000.
    for kind, share in shares.items():
        sigma = math.sqrt(share * (1 - share) / count)
        assert abs(kinds[kind] / count - share) <= 4 * sigma, (kind, kinds[kind] / count, share)


def test_is_registered_as_misspell() -> None:
    assert get_perturbation("misspell") is misspell


def test_default_mix_matches_failsafeqa_on_generated_questions() -> None:
    questions = finance_questions(2000)
    kinds, fallbacks = _measured_mix(questions)
    assert sum(kinds.values()) == len(questions)
    _assert_within_four_sigma(kinds, MIX, len(questions))
    assert fallbacks / len(questions) < 0.03


def test_default_mix_matches_failsafeqa_on_real_tatqa_questions() -> None:
    questions = tatqa_questions()
    if not questions:
        pytest.skip("TAT-QA dev set not found under ../shared/data")
    kinds, fallbacks = _measured_mix(questions)
    assert kinds["no_candidate"] == 0
    _assert_within_four_sigma(kinds, MIX, len(questions))
    assert fallbacks / len(questions) < 0.05


def test_selected_kinds_are_renormalised() -> None:
    questions = finance_questions(1500, seed=1)
    kinds, _ = _measured_mix(questions, kinds=("split", "typo"))
    assert set(kinds) == {"split", "typo"}
    total = MIX["split"] + MIX["typo"]
    _assert_within_four_sigma(kinds, {"split": MIX["split"] / total}, len(questions))


def test_each_kind_makes_the_change_it_names() -> None:
    typos = common_typos.typos_by_word()
    confusables = confusable_words()
    for index, question in enumerate(finance_questions(400, seed=2)):
        for op in misspell(question, _stream("kinds", index), edits=2).ops:
            before, after = op.before or "", op.after or ""
            if op.kind == "split":
                assert after.replace(" ", "", 1) == before and " " not in before and after.count(" ") == 1
            elif op.kind == "segment" and op.details["operation"] == "join":
                assert after == before.replace(" ", "") and before.count(" ") == 1
            elif op.kind == "segment":
                assert after.replace(" ", "") == before.replace(" ", "") and after != before
            elif op.kind == "real_word":
                assert after.lower() in confusables[before.lower()]
            else:
                assert op.kind == "typo" and after.lower() in typos[before.lower()]


def test_case_of_a_replaced_word_is_kept() -> None:
    ops = [
        misspell("Their PRINCIPAL was repaid", _stream(seed), kinds=("real_word",)).ops[0]
        for seed in range(60)
    ]
    replaced = {op.before: op.after or "" for op in ops}
    assert replaced["Their"][0].isupper() and replaced["PRINCIPAL"].isupper()


PROTECTED_QUESTION = (
    "Did AAPL report net income of $4.2 billion, up 12.5% year-over-year, on March 31, 2023, "
    "and what was the EBITDA margin in FY2023 for the company?"
)
PROTECTED_PIECES = [
    "AAPL",
    "$4.2 billion",
    "12.5%",
    "March 31, 2023",
    "FY2023",
]


def _spans_of(text: str, pieces: list[str]) -> list[tuple[int, int]]:
    return [(match.start(), match.end()) for piece in pieces for match in re.finditer(re.escape(piece), text)]


def test_finance_terms_take_slips_but_never_a_real_word_swap() -> None:
    text = "How much loan principal was repaid, and what is the loan principal left?"
    swapped = set()
    for seed in range(300):
        for op in misspell(text, _stream("terms", seed), edits=3).ops:
            if op.kind == "real_word":
                swapped.add(op.before)
    assert "principal" not in swapped
    unprotected = [
        misspell(text, _stream("terms", seed), kinds=("real_word",), protect=False) for seed in range(20)
    ]
    assert any("principle" in result.text for result in unprotected)


def test_protected_words_are_never_touched() -> None:
    protected = _spans_of(PROTECTED_QUESTION, PROTECTED_PIECES)
    for seed in range(300):
        result = misspell(PROTECTED_QUESTION, _stream("protected", seed), edits=4)
        for op in result.ops:
            assert op.start is not None and op.end is not None
            assert all(op.end <= start or op.start >= end for start, end in protected), op


def test_protect_false_lets_protected_words_change() -> None:
    text = "AAPL GE March"
    assert misspell(text, _stream(0)).ops[0].kind == "no_candidate"
    assert all(misspell(text, _stream(seed), protect=False).changed for seed in range(20))


def test_text_without_candidates_comes_back_unchanged_with_a_reason() -> None:
    result = misspell("2023: $5.2 billion (12%)", _stream(0))
    assert result.text == "2023: $5.2 billion (12%)"
    assert len(result.ops) == 1 and result.ops[0].kind == "no_candidate"
    assert "no word" in str(result.ops[0].details["reason"])


def test_edits_makes_that_many_separate_misspellings() -> None:
    question = "Can you tell me how the principal of the loan changed between the two reporting periods?"
    for seed in range(50):
        result = misspell(question, _stream("edits", seed), edits=3)
        assert len(result.ops) == 3
        assert apply_ops(question, result.ops) == result.text


@pytest.mark.parametrize("text", ["", "   ", "\n\t "])
def test_empty_text_is_an_error(text: str) -> None:
    with pytest.raises(FinsynthError, match="empty"):
        misspell(text, _stream(0))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"kinds": ("split", "spelling")}, "kinds must be"),
        ({"kinds": ()}, "kinds must be"),
        ({"edits": 0}, "edits must be"),
        ({"protect": "yes"}, "protect must be"),
        ({"rate": 0.1}, "unknown option"),
    ],
)
def test_bad_options_are_errors(options: dict[str, object], message: str) -> None:
    with pytest.raises(FinsynthError, match=message):
        misspell("What was the revenue?", _stream(0), **options)


@pytest.fixture
def codespell_missing(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    def missing(package: str) -> object:
        raise ModuleNotFoundError(f"No module named {package!r}")

    common_typos.typos_by_word.cache_clear()
    monkeypatch.setattr(common_typos, "files", missing)
    yield
    monkeypatch.undo()
    common_typos.typos_by_word.cache_clear()


@pytest.mark.usefixtures("codespell_missing")
def test_missing_codespell_is_a_clear_error_only_for_typos() -> None:
    with pytest.raises(FinsynthError, match="pip install codespell"):
        misspell("What was the total amount?", _stream(0))
    assert misspell("What was the total amount?", _stream(0), kinds=("split", "segment")).changed


def _check_invariants(text: str, result: Perturbed) -> None:
    assert apply_ops(text, result.ops) == result.text
    spans = [(op.start, op.end) for op in result.ops if op.start is not None]
    assert spans == sorted(spans)  # type: ignore[type-var]
    if result.changed:
        assert result.text != text
        assert all(op.kind in EDIT_KINDS and text[op.start : op.end] == op.before for op in result.ops)
    else:
        assert result.text == text and [op.kind for op in result.ops] == ["no_candidate"]


@settings(max_examples=300, deadline=None)
@given(text=st.text(min_size=1, max_size=120).filter(str.strip), seed=st.integers(0, 2**63 - 1))
def test_any_unicode_text_keeps_everything_outside_the_ops(text: str, seed: int) -> None:
    result = misspell(text, RandomStream(seed), edits=2, protect=seed % 2 == 0)
    _check_invariants(text, result)
    assert misspell(text, RandomStream(seed), edits=2, protect=seed % 2 == 0) == result


@settings(max_examples=200, deadline=None)
@given(
    words=st.lists(
        st.sampled_from(["the", "Principal", "amount", "of", "a", "cat", "newspaper", "2023", "AAPL"])
    ),
    seed=st.integers(0, 2**63 - 1),
)
def test_word_salads_keep_everything_outside_the_ops(words: list[str], seed: int) -> None:
    text = " ".join(["What", *words])
    _check_invariants(text, misspell(text, RandomStream(seed), edits=3))


SCRIPT = """
import json, sys
from finsynth.perturbations import misspell
from finsynth.seeding import RandomStream
from tests.perturbations.questions import finance_questions
results = [misspell(q, RandomStream(i), edits=2) for i, q in enumerate(finance_questions(60))]
print(json.dumps([result.to_dict() for result in results]))
"""


@pytest.mark.slow
def test_same_seed_same_output_across_processes_and_hash_seeds() -> None:
    outputs = []
    for hash_seed in ("1", "4242"):
        environment = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run(
            [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=environment, check=True
        )
        outputs.append(json.loads(run.stdout))
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("count", [220, 1000, 2900])
def test_kinds_taken_in_turn_follow_the_mix_within_a_point(count: int) -> None:
    from finsynth.perturbations.misspell import kind_at

    kinds = Counter(kind_at(position) for position in range(count))
    assert all(abs(kinds[kind] / count - share) <= 0.01 for kind, share in MIX.items())


def _mix_taken_in_turn(questions: list[str]) -> Counter[str]:
    """The kinds made when each question's kind is taken in turn, as the FailSafe build takes them."""
    from finsynth.perturbations.misspell import kind_at

    made: Counter[str] = Counter()
    for index, question in enumerate(questions):
        made[misspell(question, _stream("in turn", index), first_kind=kind_at(index)).ops[0].kind] += 1
    return made


@pytest.mark.parametrize("source", ["generated", "TAT-QA"])
def test_kinds_made_in_turn_are_within_two_points_of_the_mix_on_real_and_generated_questions(
    source: str,
) -> None:
    questions = finance_questions(2000, seed=9) if source == "generated" else tatqa_questions()
    if not questions:
        pytest.skip("TAT-QA dev set not found under ../shared/data")
    made = _mix_taken_in_turn(questions)
    for kind, share in MIX.items():
        assert abs(made[kind] / len(questions) - share) <= 0.02, (source, kind, made[kind] / len(questions))


def test_first_kind_is_made_when_it_applies_and_falls_back_when_not() -> None:
    for seed in range(20):
        assert misspell("The amount was repaid", _stream(seed), first_kind="typo").ops[0].kind == "typo"
    fallback = misspell("Cat dogs ran", _stream(0), first_kind="real_word").ops[0]
    assert fallback.details.get("fallback_from") == "real_word"


def test_a_declared_distribution_of_edits_is_followed() -> None:
    questions = finance_questions(2000)
    made: Counter[int] = Counter()
    for index, question in enumerate(questions):
        result = misspell(question, _stream("distribution", index), edits=QUERY_EDITS)
        made[len([op for op in result.ops if op.start is not None])] += 1
    assert set(made) <= set(QUERY_EDITS)
    for count, share in QUERY_EDITS.items():
        sigma = math.sqrt(share * (1 - share) / len(questions))
        assert abs(made[count] / len(questions) - share) <= 4 * sigma, (count, made[count], share)


LEAD_INS = ["Per the 10-K, ", "Based on the annual report, ", "Going by the company's own disclosures, ", ""]
TRAILERS = [" Answer from the filing alone.", " Show how you arrive at it.", " Keep the answer short.", ""]


@settings(max_examples=300, deadline=None)
@given(
    lead=st.sampled_from(LEAD_INS),
    trailer=st.sampled_from(TRAILERS),
    index=st.integers(0, 499),
    seed=st.integers(0, 2**63 - 1),
)
def test_the_first_misspelling_falls_inside_the_core(lead: str, trailer: str, index: int, seed: int) -> None:
    core = finance_questions(500)[index]
    text = f"{lead}{core[:1].lower() if lead else core[:1]}{core[1:]}{trailer}"
    start, end = len(lead), len(text) - len(trailer)
    result = misspell(text, RandomStream(seed), edits=QUERY_EDITS, core=(start, end))
    _check_invariants(text, result)
    if result.changed:
        assert any(start <= op.start <= op.end <= end for op in result.ops if op.start is not None), text


NAMES = [
    "Mahoney Financial, Inc.",
    "Walls, Irwin and Henderson, Inc.",
    "Ferguson-Conway, Inc.",
    "Pearson, Inc.",
]


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(NAMES),
    template=st.sampled_from(
        [
            "How many full-time employees did {name} have at fiscal year end?",
            "{name} warns that future issuances could hurt shareholders. How did its share count move?",
            "What risk does {name} describe regarding product liability claims?",
            "Relate {name}'s impairment risk to the property and equipment on its balance sheet.",
        ]
    ),
    seed=st.integers(0, 2**63 - 1),
)
def test_misspellings_never_touch_a_proper_name(name: str, template: str, seed: int) -> None:
    text = template.format(name=name)
    result = misspell(text, RandomStream(seed), edits=3)
    start = text.index(name)
    end = start + len(name)
    assert all(op.end <= start or op.start >= end for op in result.ops if op.start is not None), result.ops
    assert name in result.text
