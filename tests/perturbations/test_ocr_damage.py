from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.perturbations.invariants import number_tokens
from finsynth.perturbations.ocr import ocr_noise
from finsynth.perturbations.ocr_damage import damage_rates, number_damage
from finsynth.seeding import RandomStream


def test_damage_is_counted_per_place_and_token_length() -> None:
    clean = "Revenue was $1,234 in 2023. Net income was 56 and 78.9%."
    noisy = "Revenue was $l,234 in 2023. Net income was 56 and 7B.9%."
    evidence = (clean.index("Net"), len(clean))
    damage = number_damage(clean, noisy, [evidence])
    assert damage is not None
    assert damage.evidence == {2: [0, 1], 5: [1, 1]}
    assert damage.rest == {6: [1, 1], 4: [0, 1]}
    assert damage.to_dict() == {"evidence": {"2": [0, 1], "5": [1, 1]}, "rest": {"4": [0, 1], "6": [1, 1]}}


def test_texts_whose_words_cannot_be_paired_are_not_measured() -> None:
    assert number_damage("a 12 b", "a 1 2 b", []) is None


def test_rates_compare_the_rest_at_the_evidences_lengths() -> None:
    evidence = {6: [3, 10]}
    rest = {4: [0, 100], 6: [30, 100]}
    inside, outside, matched = damage_rates(evidence, rest)
    assert (inside, outside, matched) == (0.3, 0.15, 0.3)
    assert all(math.isnan(rate) for rate in damage_rates({}, {}))


WORDS = st.sampled_from(["revenue", "$1,234.5", "2023", "rose", "12%", "(3,400)", "net", "7", "margin"])


@settings(max_examples=200, deadline=None)
@given(words=st.lists(WORDS, min_size=1, max_size=60), seed=st.integers(0, 2**63 - 1), cut=st.floats(0, 1))
def test_every_number_token_is_counted_once_and_damage_only_where_the_noise_changed_it(
    words: list[str], seed: int, cut: float
) -> None:
    clean = " ".join(words)
    noisy = ocr_noise(clean, RandomStream(seed), cap=0.5, mean=0.3).text
    split = int(cut * len(clean))
    damage = number_damage(clean, noisy, [(0, split)])
    assert damage is not None  # the layout is kept, so words pair up
    counts = [*damage.evidence.values(), *damage.rest.values()]
    assert sum(total for _, total in counts) == len(number_tokens(clean))
    assert all(0 <= damaged <= total for damaged, total in counts)
    if noisy == clean:
        assert sum(damaged for damaged, _ in counts) == 0
    assert number_damage(clean, clean, [(0, split)]) == type(damage)(
        {length: [0, total] for length, (_, total) in damage.evidence.items()},
        {length: [0, total] for length, (_, total) in damage.rest.items()},
    )
