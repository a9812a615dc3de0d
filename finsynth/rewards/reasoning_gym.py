"""FinChain as a reasoning-gym dataset: indexable entries with ``question``, ``answer``, ``metadata``.

reasoning-gym's datasets are sized, indexable sequences of ``{"question", "answer",
"metadata"}`` entries with a method ``score_answer(answer, entry)`` returning 0 to 1.
:func:`reasoning_gym_dataset` gives finsynth's FinChain templates that shape: entry ``i`` is
record ``i`` of the one-lane training stream (every selected template once per cycle, in a
seeded order), drawn alone from its own seeds. :func:`register_reasoning_gym` registers it
with reasoning-gym, so ``reasoning_gym.create_dataset("finsynth", ...)`` and a
``CompositeDataset`` mixing finance with other tasks need no glue.

Scoring is :func:`finsynth.score_answer`, through the FinChain correctness reward: a
reasoning-gym pipeline usually passes the answer it extracted (from ``<answer>`` tags), not the
whole reply, so an answer without an ``Answer:`` line is read as the answer line itself;
a whole reply with an ``Answer:`` line is read as it is.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from finsynth.errors import FinsynthError
from finsynth.pipeline import OneLaneStream, selected_generators
from finsynth.rewards.finchain import correctness
from finsynth.scoring.answers import answer_line_count

DATASET_NAME = "finsynth"
"""The name :func:`register_reasoning_gym` registers, and each entry's ``source_dataset``."""

_METADATA = (
    "id",
    "generator_id",
    "domain",
    "topic",
    "difficulty",
    "difficulty_score",
    "target",
    "choices",
    "answer_value",
    "answer_label",
    "answer_unit",
    "steps",
)


@dataclass
class FinanceConfig:
    """The configuration of a reasoning-gym FinChain dataset (a reasoning-gym config dataclass).

    Attributes:
        selection: Generator ids or id prefixes (``finchain`` or ``finchain_robust``).
        domains: Keep only these domains.
        topics: Keep only these topics.
        min_difficulty_score: Keep only templates whose measured difficulty score is at least this.
        max_difficulty_score: Keep only templates whose measured difficulty score is at most this.
        seed: Root seed (reasoning-gym passes one; 0 when none is given, never a random one).
        size: Entries in the dataset.

    """

    selection: str | Sequence[str] = "finchain/"
    domains: Sequence[str] = ()
    topics: Sequence[str] = ()
    min_difficulty_score: int | None = None
    max_difficulty_score: int | None = None
    seed: int | None = None
    size: int = 500

    def validate(self) -> None:
        """Raise if the size or seed is out of range.

        Raises:
            FinsynthError: Naming the bad value.

        """
        if isinstance(self.size, bool) or not isinstance(self.size, int) or self.size < 1:
            raise FinsynthError(f"size must be a positive int, got {self.size!r}")
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, int)):
            raise FinsynthError(f"seed must be an int, got {self.seed!r}")


class FinanceDataset:
    """FinChain records as a reasoning-gym dataset (see the module docstring).

    Args:
        config: What to draw, how many entries and from which seed.

    Raises:
        FinsynthError: If the selection names nothing, mixes families or is not FinChain.

    """

    def __init__(self, config: FinanceConfig) -> None:
        config.validate()
        self.config = config
        self.size = config.size
        self.seed = 0 if config.seed is None else config.seed
        selection = [config.selection] if isinstance(config.selection, str) else list(config.selection)
        generators = selected_generators(
            selection,
            domains=tuple(config.domains),
            topics=tuple(config.topics),
            min_difficulty_score=config.min_difficulty_score,
            max_difficulty_score=config.max_difficulty_score,
        )
        family = generators[0].info.family
        if family not in ("finchain", "finchain_robust"):
            raise FinsynthError(
                f"a reasoning-gym dataset needs FinChain templates with an answer; got {family}"
            )
        self._stream = OneLaneStream([generator.info.id for generator in generators], self.seed)

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (self[index] for index in range(self.size))

    def __getitem__(self, index: int) -> dict[str, Any]:
        """Entry ``index``: ``question`` (the problem), ``answer`` (the gold answer as text), ``metadata``.

        Raises:
            IndexError: Outside ``0 .. len - 1``.

        """
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size:
            raise IndexError(f"index {index!r} is outside 0..{self.size - 1}")
        record = self._stream[index]
        metadata = {key: record[key] for key in _METADATA}
        metadata.update(source_dataset=DATASET_NAME, source_index=index)
        return {"question": record["input"], "answer": record["target"], "metadata": metadata}

    def score_answer(self, answer: str | None, entry: Mapping[str, Any]) -> float:
        """1.0 when ``answer`` states the entry's answer (:func:`finsynth.score_answer`), else 0.0.

        An answer without an ``Answer:`` line is read as one (``"19.62%"`` as
        ``"Answer: 19.62%"``).
        """
        text = answer if isinstance(answer, str) else ""
        if text and answer_line_count(text) == 0:
            text = f"Answer: {text}"
        return correctness(text, entry["metadata"])


def reasoning_gym_dataset(
    selection: str | Sequence[str] = "finchain/", *, size: int = 500, seed: int = 0
) -> FinanceDataset:
    """Return FinChain records as a reasoning-gym dataset (see the module docstring).

    With reasoning-gym installed the dataset is a ``reasoning_gym.dataset.ProceduralDataset``
    too (:func:`register_reasoning_gym` is called), so it goes wherever reasoning-gym's own do.

    Args:
        selection: Generator ids or id prefixes.
        size: Entries in the dataset.
        seed: Root seed.

    """
    config = FinanceConfig(selection=selection, seed=seed, size=size)
    try:
        dataset_class = register_reasoning_gym()
    except ImportError:
        dataset_class = FinanceDataset
    return dataset_class(config)


_REGISTERED: dict[str, type[FinanceDataset]] = {}


def register_reasoning_gym(name: str = DATASET_NAME) -> type[FinanceDataset]:
    """Register finsynth with reasoning-gym as ``name`` (once; later calls return the same class).

    Afterwards ``reasoning_gym.create_dataset(name, selection=..., size=..., seed=...)`` and a
    ``CompositeDataset`` listing ``DatasetSpec(name, weight, {...})`` build FinChain datasets.

    Returns:
        The registered dataset class: a :class:`FinanceDataset` that is also a
        ``ProceduralDataset``.

    Raises:
        ImportError: If reasoning-gym is not installed.

    """
    if name in _REGISTERED:
        return _REGISTERED[name]
    from reasoning_gym.dataset import ProceduralDataset
    from reasoning_gym.factory import DATASETS, register_dataset

    class ReasoningGymFinanceDataset(FinanceDataset, ProceduralDataset):  # type: ignore[misc]
        """FinChain records as a registered reasoning-gym ``ProceduralDataset``."""

        def __init__(self, config: FinanceConfig) -> None:
            FinanceDataset.__init__(self, config)

        def __iter__(self) -> Iterator[dict[str, Any]]:
            return FinanceDataset.__iter__(self)

    if name in DATASETS:
        raise FinsynthError(
            f"reasoning-gym already has a dataset named {name!r}; register finsynth under another"
        )
    register_dataset(name, ReasoningGymFinanceDataset, FinanceConfig)
    _REGISTERED[name] = ReasoningGymFinanceDataset
    return ReasoningGymFinanceDataset
