"""The generator protocol and the registry every family registers into.

A generator turns ``(record_id, seeds)`` into one record (a plain dict matching its
family's JSON Schema). Lookups accept a full id or an id prefix (``finchain/`` or
``finchain/investment_analysis``) and suggest close matches on a typo.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import numpy as np

from finsynth.errors import FinsynthError, UnknownGeneratorError
from finsynth.seeding import InstanceSeeds

Record = dict[str, Any]


@dataclass(frozen=True)
class GeneratorInfo:
    """What a generator is, for listing, cards and manifests.

    Attributes:
        id: Stable id, ``family/...``, e.g. ``finchain/investment_analysis/compound_interest/...``.
        family: The record family; its schema is ``<family>_record.schema.json``.
        title: A short human title.
        description: What the generator makes (for templates: the formula it implements).
        tags: Grouping facts, e.g. ``domain``, ``topic``, ``difficulty``.
        source_hash: sha256 of the generator's source, recorded in build manifests.

    """

    id: str
    family: str
    title: str
    description: str
    tags: Mapping[str, str] = field(default_factory=dict)
    source_hash: str = ""


@runtime_checkable
class Generator(Protocol):
    """Anything that makes records from seeds."""

    @property
    def info(self) -> GeneratorInfo:
        """Identity and description."""

    def record(self, record_id: str, seeds: InstanceSeeds) -> Record:
        """Return the record for ``seeds``; the same seeds always give the same record."""


@runtime_checkable
class BatchGenerator(Generator, Protocol):
    """A generator that can also make many records in one call (builds use it when offered)."""

    def records(
        self, record_ids: Sequence[str], names_seeds: np.ndarray, values_seeds: np.ndarray
    ) -> list[Record]:
        """Return exactly ``[record(id, InstanceSeeds(n, v)) for id, n, v in zip(...)]``."""


_REGISTRY: dict[str, Generator] = {}
_BUILTIN_PACKAGES = (
    "finsynth.generators.finchain.templates",
    "finsynth.generators.failsafe",
    "finsynth.generators.ucfe.generators",
)
_loaded = False


def register(generator: Generator) -> Generator:
    """Add a generator to the registry.

    Raises:
        FinsynthError: If another generator already uses the same id.

    """
    generator_id = generator.info.id
    existing = _REGISTRY.get(generator_id)
    if existing is not None and existing is not generator:
        raise FinsynthError(f"generator id {generator_id!r} is registered twice")
    _REGISTRY[generator_id] = generator
    return generator


def load_builtin_generators() -> None:
    """Import every built-in generator module once (in sorted order, so ids are stable)."""
    global _loaded
    if _loaded:
        return
    for package_name in _BUILTIN_PACKAGES:
        import_package(package_name)
    _loaded = True


def all_generators(family: str | None = None) -> list[Generator]:
    """Return every registered generator (of one family, if given), sorted by id."""
    load_builtin_generators()
    return [
        _REGISTRY[key] for key in sorted(_REGISTRY) if family is None or _REGISTRY[key].info.family == family
    ]


def get_generator(generator_id: str) -> Generator:
    """Return the generator with exactly this id.

    Raises:
        UnknownGeneratorError: With close matches, if no generator has this id.

    """
    load_builtin_generators()
    generator = _REGISTRY.get(generator_id)
    if generator is None:
        raise UnknownGeneratorError(_unknown_message(generator_id))
    return generator


def resolve(selectors: Iterable[str]) -> list[Generator]:
    """Return the generators named by ids or id prefixes, sorted by id, without repeats.

    A selector matches a generator whose id equals it or starts with it followed by ``/``
    (a trailing ``/`` in the selector is allowed).

    Raises:
        UnknownGeneratorError: If a selector matches nothing; the message suggests close ids.

    """
    load_builtin_generators()
    chosen: dict[str, Generator] = {}
    for selector in selectors:
        prefix = selector.rstrip("/")
        matches = [key for key in _REGISTRY if key == prefix or key.startswith(prefix + "/")]
        if not matches:
            raise UnknownGeneratorError(_unknown_message(selector))
        for key in matches:
            chosen[key] = _REGISTRY[key]
    return [chosen[key] for key in sorted(chosen)]


Expand = Callable[[Record, str], Record | None]
"""Turns one record and a kind (e.g. a test condition) into one row of another family."""


@dataclass(frozen=True)
class Expander:
    """How records of one family become rows of another, one row per kind.

    Attributes:
        family: The family of the rows made (fixes their schema).
        source_family: The family of the records expanded.
        kinds: The kinds allowed, in their canonical order.
        expand: The function; it must be pure (the same record and kind give the same row). It
            returns ``None`` to leave a row out (a perturbation that failed its checks every try).

    """

    family: str
    source_family: str
    kinds: tuple[str, ...]
    expand: Expand


_EXPANDERS: dict[tuple[str, str], Expander] = {}


def register_expander(expander: Expander) -> Expander:
    """Add an expander to the registry.

    Raises:
        FinsynthError: If another expander already maps the same families.

    """
    key = (expander.family, expander.source_family)
    existing = _EXPANDERS.get(key)
    if existing is not None and existing != expander:
        raise FinsynthError(f"an expander from {key[1]} to {key[0]} is registered twice")
    _EXPANDERS[key] = expander
    return expander


def get_expander(family: str, source_family: str) -> Expander:
    """Return the expander making ``family`` rows from ``source_family`` records.

    Raises:
        FinsynthError: If there is none, naming the expansions that exist.

    """
    load_builtin_generators()
    expander = _EXPANDERS.get((family, source_family))
    if expander is None:
        known = ", ".join(f"{source} -> {target}" for target, source in sorted(_EXPANDERS)) or "none"
        raise FinsynthError(f"no expansion makes {family} rows from {source_family} records (known: {known})")
    return expander


def _unknown_message(selector: str) -> str:
    candidates = set(_REGISTRY)
    for key in _REGISTRY:
        parts = key.split("/")
        candidates.update("/".join(parts[:depth]) for depth in range(1, len(parts)))
    close = difflib.get_close_matches(selector.rstrip("/"), sorted(candidates), n=3, cutoff=0.6)
    hint = (
        f"; did you mean {' or '.join(repr(c) for c in close)}?"
        if close
        else "; run `finsynth list` to see ids"
    )
    return f"no generator matches {selector!r}{hint}"


def import_package(package_name: str) -> None:
    """Import a module and, if it is a package, every module inside it in sorted order.

    This is how user plugins (``plugins:`` in a build config) register their generators.
    """
    package = importlib.import_module(package_name)
    if hasattr(package, "__path__"):
        for module in sorted(
            info.name for info in pkgutil.walk_packages(package.__path__, package_name + ".")
        ):
            importlib.import_module(module)
