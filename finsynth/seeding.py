"""The only source of randomness in finsynth.

Every random draw comes from a stream whose seed is derived from named parts:
:func:`derive_seed` hashes a canonical, type-tagged encoding of the parts with BLAKE2b, so
it is identical across processes, ``PYTHONHASHSEED`` values, platforms and Python versions
(unlike ``hash()`` or the global ``random`` module). :class:`InstanceSeeder` gives instance
``index`` of a generator's split its seeds by mixing the index into such a key with
SplitMix64, so the seeds of a thousand instances come from one NumPy expression.

Both stream kinds are counter based, so any instance can be drawn alone, which is what
makes shards independent of each other and of the worker that builds them:

- :class:`RandomStream`: word ``k`` is taken from ``BLAKE2b(seed, block = k // 8)``;
- :class:`SplitMixStream`: word ``k`` is ``mix64(seed + (k + 1)·γ)``, SplitMix64's output,
  which :func:`splitmix_words` computes for a whole batch of streams at once (FinChain
  templates draw from these).
"""

from __future__ import annotations

import hashlib
import statistics
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

SeedPart = str | int | bytes

_WORDS_PER_BLOCK = 8
_EIGHT_WORDS = struct.Struct(">8Q")
_WORD_BYTES = 8
_TWO_TO_64 = 1 << 64
_STANDARD_NORMAL = statistics.NormalDist()

T = TypeVar("T")


def _encode_part(part: SeedPart) -> bytes:
    """Encode one part with a type tag and a length so that no two part lists collide."""
    if isinstance(part, bool) or not isinstance(part, (str, int, bytes)):
        raise TypeError(f"seed parts must be str, int or bytes, not {type(part).__name__}")
    if isinstance(part, str):
        body, tag = part.encode("utf-8"), b"s"
    elif isinstance(part, int):
        body, tag = str(part).encode("ascii"), b"i"
    else:
        body, tag = part, b"b"
    return tag + len(body).to_bytes(4, "big") + body


class SeedDeriver:
    """Derives seeds that share leading parts without rehashing them.

    ``SeedDeriver(a, b).derive(c, d) == derive_seed(a, b, c, d)``; the shared prefix is
    hashed once, which keeps per-instance seeding cheap on the generation hot path.
    """

    __slots__ = ("_prefix",)

    def __init__(self, *prefix: SeedPart) -> None:
        self._prefix = hashlib.blake2b(digest_size=_WORD_BYTES, person=b"finsynth-seed")
        for part in prefix:
            self._prefix.update(_encode_part(part))

    def derive(self, *parts: SeedPart) -> int:
        """Return the 63-bit seed of the prefix followed by ``parts``."""
        return self.derive_encoded(b"".join(_encode_part(part) for part in parts))

    def derive_encoded(self, encoded: bytes) -> int:
        """Like :meth:`derive`, for parts already encoded (the per-instance hot path)."""
        hasher = self._prefix.copy()
        hasher.update(encoded)
        return int.from_bytes(hasher.digest(), "big") >> 1


def derive_seed(*parts: SeedPart) -> int:
    """Derive a stable 64-bit seed from named parts.

    Args:
        *parts: Strings, integers or bytes, e.g. ``(20261121, "finchain", "test", 42, "values")``.

    Returns:
        An integer in ``[0, 2**63)`` (it fits a signed 64-bit column) that depends only on
        the parts and their order.

    """
    return SeedDeriver(*parts).derive()


def rejection_limit(span: int) -> int:
    """Largest multiple of ``span`` not above 2**64: words below it map uniformly onto ``span`` values."""
    return _TWO_TO_64 - (_TWO_TO_64 % span)


_GAMMA = 0x9E3779B97F4A7C15
_MIX_1 = 0xBF58476D1CE4E5B9
_MIX_2 = 0x94D049BB133111EB
_MASK_64 = _TWO_TO_64 - 1
_GAMMA_ARRAY = np.uint64(_GAMMA)
_MIX_1_ARRAY = np.uint64(_MIX_1)
_MIX_2_ARRAY = np.uint64(_MIX_2)
_ONE = np.uint64(1)


def mix64(value: int) -> int:
    """SplitMix64's finalizer: a bijection of 64-bit words that scatters every input bit."""
    value = ((value ^ (value >> 30)) * _MIX_1) & _MASK_64
    value = ((value ^ (value >> 27)) * _MIX_2) & _MASK_64
    return value ^ (value >> 31)


def mix64_array(values: NDArray[Any]) -> NDArray[Any]:
    """:func:`mix64` of every element of a ``uint64`` array (arithmetic wraps modulo 2**64)."""
    values = (values ^ (values >> np.uint64(30))) * _MIX_1_ARRAY
    values = (values ^ (values >> np.uint64(27))) * _MIX_2_ARRAY
    mixed: NDArray[Any] = values ^ (values >> np.uint64(31))
    return mixed


def splitmix_words(seeds: NDArray[Any], counters: NDArray[Any]) -> NDArray[Any]:
    """Word ``counters[i]`` of the :class:`SplitMixStream` seeded ``seeds[i]``, for every ``i``.

    Args:
        seeds: ``uint64`` stream seeds.
        counters: ``uint64`` word positions (0 for a stream's first word).

    Returns:
        The ``uint64`` words, equal to what the scalar streams return at those positions.

    """
    return mix64_array(seeds + (counters + _ONE) * _GAMMA_ARRAY)


class RandomStream:
    """A seeded, counter-based stream of random numbers.

    Args:
        seed: A 64-bit seed, normally from :func:`derive_seed`.

    """

    __slots__ = ("_block", "_key", "_words", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._key = (seed % _TWO_TO_64).to_bytes(_WORD_BYTES, "big")
        self._block = 0
        self._words: list[int] = []

    def next_word(self) -> int:
        """Return the next uniformly distributed 64-bit integer of the stream."""
        if not self._words:
            digest = hashlib.blake2b(
                self._block.to_bytes(_WORD_BYTES, "big"), digest_size=64, key=self._key
            ).digest()
            self._block += 1
            self._words = list(_EIGHT_WORDS.unpack(digest))
            self._words.reverse()  # pop() from the end yields words in digest order
        return self._words.pop()

    def random(self) -> float:
        """Return a float uniformly distributed in ``[0, 1)`` with 53 random bits."""
        return (self.next_word() >> 11) * (1.0 / (1 << 53))

    def uniform(self, low: float, high: float) -> float:
        """Return a float uniformly distributed in ``[low, high)``."""
        return low + (high - low) * self.random()

    def below(self, span: int, limit: int) -> int:
        """Return an integer uniform in ``[0, span)``; ``limit`` must be ``rejection_limit(span)``.

        The fast path for callers that draw from the same range many times.
        """
        while True:
            word = self.next_word()
            if word < limit:
                return word % span

    def randint(self, low: int, high: int) -> int:
        """Return an integer uniformly distributed in ``[low, high]`` (both ends included).

        Raises:
            ValueError: If ``high < low``.

        """
        if high < low:
            raise ValueError(f"empty integer range [{low}, {high}]")
        span = high - low + 1
        if span > _TWO_TO_64:
            raise ValueError(f"integer range [{low}, {high}] is wider than 2**64")
        return low + self.below(span, rejection_limit(span))

    def choice(self, options: Sequence[T]) -> T:
        """Return one element of a non-empty sequence, each equally likely."""
        if not options:
            raise ValueError("cannot choose from an empty sequence")
        return options[self.randint(0, len(options) - 1)]

    def sample(self, options: Sequence[T], count: int) -> list[T]:
        """Return ``count`` distinct elements of ``options`` in random order."""
        if not 0 <= count <= len(options):
            raise ValueError(f"cannot sample {count} of {len(options)} options")
        pool = list(options)
        for i in range(count):
            j = self.randint(i, len(pool) - 1)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:count]

    def normal(self, mean: float = 0.0, std: float = 1.0) -> float:
        """Return a normally distributed float (inverse-CDF method, platform independent)."""
        u = self.random()
        while u == 0.0:
            u = self.random()
        return mean + std * _STANDARD_NORMAL.inv_cdf(u)


class SplitMixStream(RandomStream):
    """A :class:`RandomStream` whose words are SplitMix64's: word ``k`` is ``mix64(seed + (k + 1)·γ)``.

    Every word is a pure function of the seed and its position, so a batch of streams can be
    advanced together with :func:`splitmix_words` and gives exactly the words the scalar streams
    give. FinChain templates draw from these streams, which is what lets them draw a thousand
    instances at once with NumPy.

    Args:
        seed: A 64-bit seed.

    """

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._state = seed % _TWO_TO_64

    def next_word(self) -> int:
        """Return the next word of the stream."""
        self._state = (self._state + _GAMMA) & _MASK_64
        return mix64(self._state)


@dataclass(frozen=True)
class InstanceSeeds:
    """The two seeds of one instance.

    Attributes:
        names: Seed of the name stream (people, companies).
        values: Seed of the value stream (every number).

    """

    names: int
    values: int


_NAMES = _encode_part("names")
_VALUES = _encode_part("values")
_NAMES_VARIED = _NAMES + _encode_part("variation")
_VALUES_VARIED = _VALUES + _encode_part("variation")


class InstanceSeeder:
    """Seeds of the instances of one generator in one split of one config.

    Each stream (``"names"``, ``"values"``) of the split has a key, ``derive_seed(root_seed,
    config, split, generator_id, stream)``; instance ``index`` gets ``mix64(key + (index + 1)·γ)``
    (SplitMix64 over the index, halved to 63 bits). A variation redraws one or both streams by
    adding ``"variation"`` to the key's parts, leaving the other unchanged; a redraw adds
    ``("redraw", attempt)``. Seeds of a whole range of indices come at once from
    :meth:`seed_arrays`, equal to the ones :meth:`seeds` gives one by one.
    """

    __slots__ = ("_deriver", "_keys")

    def __init__(self, root_seed: int, config: str, split: str, generator_id: str) -> None:
        self._deriver = SeedDeriver(root_seed, config, split, generator_id)
        self._keys: dict[tuple[str | None, int], tuple[int, int]] = {}

    def _stream_keys(self, variation: str | None, attempt: int) -> tuple[int, int]:
        """Return the keys of the names and values streams for a variation and redraw."""
        keys = self._keys.get((variation, attempt))
        if keys is None:
            if variation not in (None, "names", "values", "both"):
                raise ValueError(f"variation must be names, values or both, not {variation!r}")
            redraw = _encode_part("redraw") + _encode_part(attempt) if attempt else b""
            names = _NAMES_VARIED if variation in ("names", "both") else _NAMES
            values = _VALUES_VARIED if variation in ("values", "both") else _VALUES
            keys = (
                self._deriver.derive_encoded(names + redraw),
                self._deriver.derive_encoded(values + redraw),
            )
            self._keys[(variation, attempt)] = keys
        return keys

    def seeds(self, index: int, variation: str | None = None, attempt: int = 0) -> InstanceSeeds:
        """Return the seeds of instance ``index``, redrawn as ``variation`` says if given.

        Args:
            index: Position of the instance within its generator's share of the split.
            variation: ``None``, ``"names"``, ``"values"`` or ``"both"``.
            attempt: Redraw number; a build redraws an instance whose question already appears
                in an earlier split (attempt 1, 2, ...), adding ``("redraw", attempt)`` to the parts.

        Raises:
            ValueError: If ``variation`` is not one of the four allowed values.

        """
        names_key, values_key = self._stream_keys(variation, attempt)
        step = (index + 1) * _GAMMA
        return InstanceSeeds(
            mix64((names_key + step) & _MASK_64) >> 1, mix64((values_key + step) & _MASK_64) >> 1
        )

    def seed_arrays(
        self, indices: NDArray[Any], variation: str | None = None, attempt: int = 0
    ) -> tuple[NDArray[Any], NDArray[Any]]:
        """Return the names and values seeds (``uint64`` arrays) of many instances at once.

        Element ``i`` equals ``seeds(indices[i], variation, attempt)``.
        """
        names_key, values_key = self._stream_keys(variation, attempt)
        steps = (indices.astype(np.uint64) + _ONE) * _GAMMA_ARRAY
        return (
            mix64_array(steps + np.uint64(names_key)) >> _ONE,
            mix64_array(steps + np.uint64(values_key)) >> _ONE,
        )


def numpy_generator(seed: int) -> np.random.Generator:
    """Return a NumPy generator (PCG64, platform independent) for vectorized draws."""
    return np.random.Generator(np.random.PCG64(seed % _TWO_TO_64))
