import os
import subprocess
import sys
from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from finsynth.seeding import (
    InstanceSeeder,
    RandomStream,
    SeedDeriver,
    SplitMixStream,
    derive_seed,
    mix64,
    splitmix_words,
)

parts = st.lists(
    st.one_of(st.text(max_size=20), st.integers(-(10**20), 10**20), st.binary(max_size=20)), max_size=6
)


@given(parts, parts)
def test_derive_seed_is_prefix_consistent_and_fits_int64(prefix, rest):
    seed = derive_seed(*prefix, *rest)
    assert SeedDeriver(*prefix).derive(*rest) == seed
    assert 0 <= seed < 2**63


def test_typed_parts_do_not_collide():
    assert derive_seed("1") != derive_seed(1)
    assert derive_seed("ab", "c") != derive_seed("a", "bc")
    assert derive_seed(b"x") != derive_seed("x")


def test_bool_and_float_parts_are_rejected():
    with pytest.raises(TypeError):
        derive_seed(True)
    with pytest.raises(TypeError):
        derive_seed(1.5)  # type: ignore[arg-type]


def test_seeds_are_the_same_in_processes_with_different_hash_seeds():
    code = (
        "from finsynth.seeding import derive_seed; "
        "print(derive_seed(20261121, 'finchain', 'test', 'x', 3, 'values'))"
    )
    outputs = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        outputs.add(
            subprocess.run(
                [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
            ).stdout
        )
    assert len(outputs) == 1
    assert outputs.pop().strip() == str(derive_seed(20261121, "finchain", "test", "x", 3, "values"))


@given(st.integers(0, 2**63 - 1), st.integers(-1000, 1000), st.integers(0, 10**12))
def test_randint_stays_in_range(seed, low, width):
    stream = RandomStream(seed)
    for _ in range(5):
        assert low <= stream.randint(low, low + width) <= low + width


@given(st.integers(0, 2**63 - 1))
def test_streams_replay_exactly(seed):
    first, second = RandomStream(seed), RandomStream(seed)
    assert [first.random() for _ in range(20)] == [second.random() for _ in range(20)]
    value = RandomStream(seed).random()
    assert 0.0 <= value < 1.0


def test_randint_is_uniform_enough():
    stream = RandomStream(derive_seed("uniformity"))
    counts = Counter(stream.randint(0, 9) for _ in range(20_000))
    # Chi-square with 9 degrees of freedom; 27.9 is the 0.999 quantile.
    chi_square = sum((count - 2_000) ** 2 / 2_000 for count in counts.values())
    assert len(counts) == 10 and chi_square < 27.9


def test_normal_draws_have_the_asked_moments():
    stream = RandomStream(derive_seed("normal"))
    draws = [stream.normal(0.1, 0.1) for _ in range(20_000)]
    mean = sum(draws) / len(draws)
    variance = sum((x - mean) ** 2 for x in draws) / len(draws)
    assert abs(mean - 0.1) < 0.005 and abs(variance**0.5 - 0.1) < 0.005


def test_sample_and_choice_use_every_option():
    stream = RandomStream(5)
    assert sorted(stream.sample(range(10), 10)) == list(range(10))
    assert {stream.choice("abc") for _ in range(200)} == {"a", "b", "c"}
    with pytest.raises(ValueError):
        stream.choice([])


def test_variations_change_only_their_stream():
    seeder = InstanceSeeder(1, "finchain", "test", "finchain/x")
    base = seeder.seeds(4)
    names = seeder.seeds(4, "names")
    values = seeder.seeds(4, "values")
    both = seeder.seeds(4, "both")
    assert names.values == base.values and names.names != base.names
    assert values.names == base.names and values.values != base.values
    assert both.names == names.names and both.values == values.values
    with pytest.raises(ValueError):
        seeder.seeds(4, "everything")


def test_instance_seeds_follow_the_documented_derivation():
    gamma, mask = 0x9E3779B97F4A7C15, (1 << 64) - 1
    seeds = InstanceSeeder(7, "finchain", "test", "finchain/x").seeds(12)
    names_key = derive_seed(7, "finchain", "test", "finchain/x", "names")
    values_key = derive_seed(7, "finchain", "test", "finchain/x", "values")
    assert seeds.names == mix64((names_key + 13 * gamma) & mask) >> 1
    assert seeds.values == mix64((values_key + 13 * gamma) & mask) >> 1
    varied = InstanceSeeder(7, "finchain", "test", "finchain/x").seeds(12, "both", attempt=2)
    varied_key = derive_seed(7, "finchain", "test", "finchain/x", "names", "variation", "redraw", 2)
    assert varied.names == mix64((varied_key + 13 * gamma) & mask) >> 1


def test_split_mix_stream_matches_the_published_splitmix64_sequence():
    # SplitMix64 seeded with 0 starts 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4 (Vigna's reference generator).
    stream = SplitMixStream(0)
    assert [stream.next_word(), stream.next_word()] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


@given(
    st.lists(st.integers(0, 2**63 - 1), min_size=1, max_size=20),
    st.integers(0, 40),
)
def test_batched_words_equal_the_scalar_streams(seeds, position):
    streams = [SplitMixStream(seed) for seed in seeds]
    for _ in range(position):
        for stream in streams:
            stream.next_word()
    expected = [stream.next_word() for stream in streams]
    counters = np.full(len(seeds), position, dtype=np.uint64)
    assert splitmix_words(np.array(seeds, dtype=np.uint64), counters).tolist() == expected


@given(
    st.lists(st.integers(0, 10**9), min_size=1, max_size=30),
    st.sampled_from([None, "names", "values", "both"]),
    st.integers(0, 3),
)
def test_seed_arrays_equal_seeds_one_by_one(indices, variation, attempt):
    seeder = InstanceSeeder(11, "finchain", "train", "finchain/y")
    names, values = seeder.seed_arrays(np.array(indices), variation, attempt)
    one_by_one = [seeder.seeds(index, variation, attempt) for index in indices]
    assert names.tolist() == [seeds.names for seeds in one_by_one]
    assert values.tolist() == [seeds.values for seeds in one_by_one]


def test_instance_seeds_of_one_split_are_distinct():
    seeder = InstanceSeeder(3, "finchain", "test", "finchain/z")
    names, values = seeder.seed_arrays(np.arange(100_000))
    assert len(set(names.tolist())) == len(set(values.tolist())) == 100_000


def test_numpy_generators_are_seeded_reproducibly():
    from finsynth.seeding import numpy_generator

    first = numpy_generator(derive_seed("ocr", 1)).random(5)
    assert (first == numpy_generator(derive_seed("ocr", 1)).random(5)).all()
    assert not (first == numpy_generator(derive_seed("ocr", 2)).random(5)).all()
