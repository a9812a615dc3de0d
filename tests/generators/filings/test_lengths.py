"""Filing lengths drawn like FailSafeQA's contexts, and full-length filings (issue #29)."""

from __future__ import annotations

import statistics

import pytest

from finsynth.errors import ConfigError
from finsynth.generators.filings.document import make_filing, make_full_filing
from finsynth.generators.filings.lengths import LONG_FROM, draw_target, make_drawn_item
from finsynth.perturbations.tokens import count_tokens
from finsynth.seeding import derive_seed


def test_targets_are_drawn_like_failsafeqa_contexts() -> None:
    targets = [draw_target(derive_seed("lengths", index)) for index in range(4000)]
    assert statistics.median(targets) >= 20_000
    assert sum(target > LONG_FROM for target in targets) / len(targets) >= 0.9
    assert min(targets) >= 4000 and max(targets) <= 27_000
    assert min(targets) < LONG_FROM  # a few short ones remain, as in FailSafeQA


def test_a_range_on_one_side_of_16k_is_drawn_uniformly_inside_it() -> None:
    targets = [
        draw_target(derive_seed("short", index), min_tokens=4000, max_tokens=9000) for index in range(200)
    ]
    assert all(4000 <= target <= 9000 for target in targets)


@pytest.mark.parametrize(
    ("arguments", "path"),
    [({"short_share": 1.5}, "short_share"), ({"min_tokens": 9, "max_tokens": 5}, "min_tokens")],
)
def test_bad_bounds_are_refused(arguments: dict[str, float], path: str) -> None:
    with pytest.raises(ConfigError) as raised:
        draw_target(1, **arguments)  # type: ignore[arg-type]
    assert raised.value.path == path


def test_a_full_length_filing_keeps_every_block_of_the_drawn_one() -> None:
    seed = derive_seed("full", 3)
    full = make_full_filing(seed)
    drawn = make_filing(seed, target_tokens=27_000)
    assert full.company == drawn.company
    assert count_tokens(full.text) > count_tokens(drawn.text)
    kept = {sentence.text for sentence in full.sentences}
    assert all(sentence.text in kept for sentence in drawn.sentences)
    assert set(drawn.facts) <= set(full.facts)


def test_drawn_items_are_deterministic_and_full_length_is_an_option() -> None:
    seed = derive_seed("drawn", 5)
    filing, qa = make_drawn_item(seed)
    again, qa_again = make_drawn_item(seed)
    assert filing.text == again.text and qa == qa_again
    full, _ = make_drawn_item(seed, full_length=True)
    assert full.text == make_full_filing(seed).text
