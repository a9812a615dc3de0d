"""A curriculum over FinChain's measured difficulty: a stream whose level follows the rewards fed back.

Every FinChain template has a measured difficulty score (``difficulty_score``: reasoning steps,
non-linear methods and decisions; see ``docs/finchain.md``). A :class:`Curriculum` cuts the
selected templates into **levels**, bands of consecutive scores, easiest first, and streams
records of the current level. Rewards fed back with :meth:`Curriculum.record` (or
:meth:`Curriculum.update`, or through :meth:`Curriculum.feedback`) move the level, as
reasoning-gym's curricula move an attribute's level:

- once ``window`` rewards have been recorded at the current level, their mean is compared
  with the thresholds: at least ``raise_above`` moves one level up (unless at ``max_level``),
  at most ``lower_below`` one level down (unless at ``min_level``); a move starts a new window;
- otherwise the window slides on (the oldest reward drops out).

Each level streams its templates as the training stream does (``finsynth.iterable_dataset``:
every template once per cycle, in a seeded order), with its own position kept when the level
changes. So the items depend only on the seed, the selection, the settings and the sequence of
rewards recorded before each item is drawn: the same on every machine.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from finsynth.chat import check_chat_family, prompt_messages, with_messages
from finsynth.errors import FinsynthError
from finsynth.generators.registry import SCORE_TAG, Criteria, Generator, Record
from finsynth.pipeline import selected_generators, stream_records
from finsynth.rewards.completions import RewardFunction

LEVEL_SIZE = 10
"""Fewest templates in a default level (a band of scores grows until it holds this many)."""


@dataclass(frozen=True)
class Level:
    """One level of a curriculum: a band of measured difficulty scores.

    Attributes:
        lowest: Lowest difficulty score of the level.
        highest: Highest difficulty score of the level.
        generator_ids: The selected templates whose score lies in the band, sorted.

    """

    lowest: int
    highest: int
    generator_ids: tuple[str, ...]


def _score(generator: Generator) -> int:
    score = generator.info.tags.get(SCORE_TAG)
    if score is None:
        raise FinsynthError(
            f"{generator.info.id} has no measured difficulty; a curriculum needs FinChain templates"
        )
    return int(score)


def default_bands(scores: Sequence[int], size: int = LEVEL_SIZE) -> list[tuple[int, int]]:
    """Bands of consecutive scores, easiest first, each holding at least ``size`` of ``scores``.

    A last band with fewer joins the one before it; fewer than ``size`` scores make one band.
    """
    distinct = sorted(set(scores))
    bands: list[tuple[int, int]] = []
    start, held = distinct[0], 0
    for score in distinct:
        held += scores.count(score)
        if held >= size:
            bands.append((start, score))
            start, held = score + 1, 0
    if held:
        bands[-1:] = [(bands[-1][0] if bands else distinct[0], distinct[-1])]
    return bands


class Curriculum(Iterator[Record]):
    """A deterministic, endless stream of FinChain records whose difficulty follows the rewards.

    Iterate it for records; feed each completion's reward back with :meth:`record` (or a batch
    with :meth:`update`). Selections narrow the templates as in :func:`finsynth.generate`.

    Args:
        ids_or_prefixes: Generator ids or prefixes (``finchain`` or ``finchain_robust``); ``None``
            for every FinChain template.
        seed: Root seed of the stream.
        domains: Keep only these domains.
        topics: Keep only these topics (slugs, or ``domain/topic``).
        exclude: Ids or id prefixes to leave out, or :class:`~finsynth.generators.registry.Criteria`.
        levels: The levels as ``(lowest, highest)`` difficulty-score bands, easiest first;
            by default bands of consecutive scores holding at least :data:`LEVEL_SIZE`
            templates each (:func:`default_bands`).
        start_level: The level the stream starts at.
        min_level: The lowest level it may move down to.
        max_level: The highest level it may move up to (default: the last).
        window: Rewards averaged before the level may move.
        raise_above: Move up when the window's mean reward is at least this.
        lower_below: Move down when the window's mean reward is at most this.
        messages: Add the ``messages`` column (the chat form, for supervised fine-tuning).
        prompt: Add a ``prompt`` column (system message and question, for TRL's GRPO).

    Raises:
        FinsynthError: If the selection has no measured difficulty, a level holds no template,
            or the settings are out of range.

    """

    def __init__(
        self,
        ids_or_prefixes: str | Sequence[str] | None = "finchain/",
        *,
        seed: int,
        domains: Sequence[str] = (),
        topics: Sequence[str] = (),
        exclude: Criteria | Sequence[str] = (),
        levels: Sequence[tuple[int, int]] | None = None,
        start_level: int = 0,
        min_level: int = 0,
        max_level: int | None = None,
        window: int = 64,
        raise_above: float = 0.7,
        lower_below: float = 0.3,
        messages: bool = False,
        prompt: bool = False,
    ) -> None:
        generators = selected_generators(ids_or_prefixes, domains=domains, topics=topics, exclude=exclude)
        family = generators[0].info.family
        check_chat_family(family)
        scored = [(generator.info.id, _score(generator)) for generator in generators]
        bands = list(levels) if levels is not None else default_bands([score for _, score in scored])
        self.levels = tuple(
            Level(low, high, tuple(sorted(name for name, score in scored if low <= score <= high)))
            for low, high in bands
        )
        self.min_level = min_level
        self.max_level = len(self.levels) - 1 if max_level is None else max_level
        self.window = window
        self.raise_above = raise_above
        self.lower_below = lower_below
        self._check(start_level)
        self.seed = seed
        self.messages = messages
        self.prompt = prompt
        self._level = start_level
        self._rewards: deque[float] = deque(maxlen=window)
        self._streams: dict[int, Iterator[Record]] = {}

    def _check(self, start_level: int) -> None:
        if not self.levels:
            raise FinsynthError("a curriculum needs at least one level")
        for number, level in enumerate(self.levels):
            if not level.generator_ids:
                raise FinsynthError(
                    f"curriculum level {number} (difficulty scores {level.lowest}-{level.highest}) "
                    "holds no selected template"
                )
        if not 0 <= self.min_level <= start_level <= self.max_level < len(self.levels):
            raise FinsynthError(
                f"curriculum levels must satisfy 0 <= min_level <= start_level <= max_level < "
                f"{len(self.levels)}; got min_level={self.min_level}, start_level={start_level}, "
                f"max_level={self.max_level}"
            )
        if self.window < 1:
            raise FinsynthError(f"curriculum window must be at least 1, got {self.window}")
        if not 0.0 <= self.lower_below < self.raise_above <= 1.0:
            raise FinsynthError(
                "curriculum thresholds must satisfy 0 <= lower_below < raise_above <= 1; "
                f"got lower_below={self.lower_below}, raise_above={self.raise_above}"
            )

    @property
    def level(self) -> int:
        """The current level (an index into :attr:`levels`)."""
        return self._level

    def set_level(self, level: int) -> None:
        """Move to ``level`` (within ``min_level`` and ``max_level``) and start a new window.

        Raises:
            FinsynthError: If the level is out of range.

        """
        if not self.min_level <= level <= self.max_level:
            raise FinsynthError(f"curriculum level must be {self.min_level} to {self.max_level}, got {level}")
        self._level = level
        self._rewards.clear()

    def increment_level(self) -> bool:
        """Move one level up; ``False`` (and no move) at ``max_level``."""
        if self._level >= self.max_level:
            return False
        self.set_level(self._level + 1)
        return True

    def decrement_level(self) -> bool:
        """Move one level down; ``False`` (and no move) at ``min_level``."""
        if self._level <= self.min_level:
            return False
        self.set_level(self._level - 1)
        return True

    def record(self, reward: float) -> None:
        """Record one completion's reward (0 to 1), and move the level when the window says so."""
        self._rewards.append(float(reward))
        if len(self._rewards) < self.window:
            return
        mean = sum(self._rewards) / self.window
        if mean >= self.raise_above:
            self.increment_level()
        elif mean <= self.lower_below:
            self.decrement_level()

    def update(self, rewards: Iterable[float]) -> None:
        """Record several rewards in order (as :meth:`record` does each)."""
        for reward in rewards:
            self.record(reward)

    def feedback(self, reward_function: RewardFunction) -> RewardFunction:
        """Return ``reward_function``, which also records every reward it gives into this curriculum.

        Pass the wrapped function to the trainer in place of the original, typically the
        correctness reward; it keeps the original's name.
        """

        def recording(prompts: Sequence[Any], completions: Sequence[Any], **columns: Any) -> list[float]:
            rewards = reward_function(prompts, completions, **columns)
            self.update(rewards)
            return rewards

        recording.__name__ = reward_function.__name__
        recording.__doc__ = reward_function.__doc__
        return recording

    def _stream(self, level: int) -> Iterator[Record]:
        stream = self._streams.get(level)
        if stream is None:
            stream = stream_records(self.levels[level].generator_ids, self.seed, [0], 1)
            self._streams[level] = stream
        return stream

    def __next__(self) -> Record:
        """The next record, of the current level."""
        record = next(self._stream(self._level))
        if self.messages:
            with_messages(record)
        if self.prompt:
            record["prompt"] = prompt_messages(record)
        return record

    def take(self, count: int) -> list[Record]:
        """The next ``count`` records (no rewards recorded between them)."""
        return list(itertools.islice(self, count))
