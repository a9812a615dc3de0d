"""The generator protocol and the registry every family registers into.

A generator turns ``(record_id, seeds)`` into one record (a plain dict matching its
family's JSON Schema). Lookups accept a full id or an id prefix (``finchain/`` or
``finchain/investment_analysis``) and suggest close matches on a typo; :class:`Criteria`
narrow a selection by domain, topic and difficulty, or exclude part of it.

Besides the built-in generators, every package that declares an entry point in the group
:data:`ENTRY_POINT_GROUP` (``finsynth.generators``) is imported on first use, so its
generators register and every command, build and API call sees them.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.metadata
import pkgutil
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import pyarrow as pa
from numpy.typing import NDArray

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
        row_tags: Grouping facts whose value each record gives in its ``metadata`` (e.g. a FailSafe
            item's ``question_kind``); the dataset card counts them like ``tags``.

    """

    id: str
    family: str
    title: str
    description: str
    tags: Mapping[str, str] = field(default_factory=dict)
    source_hash: str = ""
    row_tags: tuple[str, ...] = ()


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
        self, record_ids: Sequence[str], names_seeds: NDArray[Any], values_seeds: NDArray[Any]
    ) -> list[Record]:
        """Return exactly ``[record(id, InstanceSeeds(n, v)) for id, n, v in zip(...)]``."""


@runtime_checkable
class TableGenerator(BatchGenerator, Protocol):
    """A batch generator that can also put many records straight into an Arrow table (builds prefer it)."""

    def table(
        self, record_ids: Sequence[str], names_seeds: NDArray[Any], values_seeds: NDArray[Any]
    ) -> pa.Table:
        """Return exactly ``pa.Table.from_pylist(records(...))`` in the family's Arrow schema."""


_REGISTRY: dict[str, Generator] = {}
_BUILTIN_PACKAGES = (
    "finsynth.generators.finchain.templates",
    "finsynth.generators.failsafe",
    "finsynth.generators.ucfe.generators",
)
ENTRY_POINT_GROUP = "finsynth.generators"
"""Entry point group of plugin packages: each entry names a module (or package) to import."""
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
    """Import every built-in generator module, then every plugin entry point, once.

    Both are imported in sorted order, so the registry is the same in every process.

    Raises:
        FinsynthError: If a plugin's entry point cannot be imported (naming the entry point).

    """
    global _loaded
    if _loaded:
        return
    for package_name in _BUILTIN_PACKAGES:
        import_package(package_name)
    _loaded = True
    try:
        load_entry_point_plugins()
    except FinsynthError:
        _loaded = False  # the next lookup tries again and fails the same way, never silently
        raise


def load_entry_point_plugins() -> list[str]:
    """Import the module of every entry point in :data:`ENTRY_POINT_GROUP`, sorted by name.

    Returns:
        The modules imported, in import order.

    Raises:
        FinsynthError: If a plugin cannot be imported, naming the entry point and its package.

    """
    entry_points = sorted(
        importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda point: (point.name, point.value)
    )
    modules = []
    for point in entry_points:
        module = point.value.split(":", 1)[0].strip()
        package = point.dist.name if point.dist is not None else "an unknown package"
        try:
            import_package(module)
        except Exception as error:  # a broken plugin must name itself, whatever it raised
            raise FinsynthError(
                f"cannot load plugin {point.name!r} ({module}) of {package} "
                f"from entry point group {ENTRY_POINT_GROUP!r}: {error}"
            ) from error
        modules.append(module)
    return modules


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
        matches = [key for key in _REGISTRY if _id_matches(key, selector)]
        if not matches:
            raise UnknownGeneratorError(_unknown_message(selector))
        for key in matches:
            chosen[key] = _REGISTRY[key]
    return [chosen[key] for key in sorted(chosen)]


TAG_KEYS = {
    "domains": "domain",
    "topics": "topic",
    "difficulties": "difficulty",
    "layout_difficulties": "layout_difficulty",
}
"""Criteria fields and the generator tags they compare."""

SCORE_TAG = "difficulty_score"
"""The tag holding a generator's measured difficulty score (a whole number, as text)."""


@dataclass(frozen=True)
class Criteria:
    """Which generators a selection keeps (``only``) or drops (``exclude``).

    A topic is given by its slug (``compound_interest``) or as ``domain/topic``.

    Attributes:
        ids: Generator ids or id prefixes.
        domains: Domain slugs, e.g. ``corporate_finance``.
        topics: Topic slugs, or ``domain/topic``.
        difficulties: ``basic``, ``intermediate`` or ``advanced``: the measured level.
        layout_difficulties: The same labels as placed in the original FinChain layout (two
            basic, two intermediate and one advanced per topic).
        min_difficulty_score: Keep generators whose measured difficulty score is at least this.
        max_difficulty_score: Keep generators whose measured difficulty score is at most this.

    A generator without a difficulty score matches neither score bound.
    """

    ids: tuple[str, ...] = ()
    domains: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()
    difficulties: tuple[str, ...] = ()
    layout_difficulties: tuple[str, ...] = ()
    min_difficulty_score: int | None = None
    max_difficulty_score: int | None = None

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> Criteria:
        """Return criteria from a mapping such as a config's ``select`` (unknown keys are ignored)."""
        return cls(
            **{key: tuple(values.get(key, ())) for key in ("ids", *TAG_KEYS)},
            min_difficulty_score=values.get("min_difficulty_score"),
            max_difficulty_score=values.get("max_difficulty_score"),
        )

    def __bool__(self) -> bool:
        scored = self.min_difficulty_score is not None or self.max_difficulty_score is not None
        return bool(self.ids or any(getattr(self, key) for key in TAG_KEYS)) or scored

    def _tests(self, info: GeneratorInfo) -> list[bool]:
        """One result per criterion given: whether the generator matches any of its values."""
        tests = []
        if self.ids:
            tests.append(any(_id_matches(info.id, selector) for selector in self.ids))
        for field_name, tag in TAG_KEYS.items():
            wanted: tuple[str, ...] = getattr(self, field_name)
            if wanted:
                value = info.tags.get(tag)
                if tag == "topic":
                    names = {value, f"{info.tags.get('domain')}/{value}"}
                    tests.append(value is not None and any(topic in names for topic in wanted))
                else:
                    tests.append(value is not None and value in wanted)
        if self.min_difficulty_score is not None or self.max_difficulty_score is not None:
            score = info.tags.get(SCORE_TAG)
            low = self.min_difficulty_score
            high = self.max_difficulty_score
            tests.append(
                score is not None
                and (low is None or int(score) >= low)
                and (high is None or int(score) <= high)
            )
        return tests

    def match_all(self, info: GeneratorInfo) -> bool:
        """Whether the generator matches every criterion given (true when none is given)."""
        return all(self._tests(info))

    def match_any(self, info: GeneratorInfo) -> bool:
        """Whether the generator matches at least one criterion given (false when none is given)."""
        return any(self._tests(info))

    def check_known(self, generators: Sequence[Generator], what: str) -> None:
        """Raise if a value names no domain, topic, difficulty or id among ``generators``.

        Raises:
            FinsynthError: Naming the unknown value and the closest known ones.

        """
        for selector in self.ids:
            if not any(_id_matches(g.info.id, selector) for g in generators):
                raise UnknownGeneratorError(f"{what}: {_unknown_message(selector)}")
        for field_name, tag in TAG_KEYS.items():
            known = {g.info.tags[tag] for g in generators if tag in g.info.tags}
            if tag == "topic":
                known |= {
                    f"{g.info.tags['domain']}/{g.info.tags['topic']}"
                    for g in generators
                    if "topic" in g.info.tags and "domain" in g.info.tags
                }
            for value in getattr(self, field_name):
                if value not in known:
                    close = difflib.get_close_matches(value, sorted(known), n=3, cutoff=0.6)
                    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
                    allowed = f"; known: {', '.join(sorted(known))}" if not close and len(known) <= 12 else ""
                    raise FinsynthError(
                        f"{what} names {tag} {value!r}, which none of the {len(generators)} generators "
                        f"it applies to has{hint}{allowed}"
                    )


def _id_matches(generator_id: str, selector: str) -> bool:
    prefix = selector.rstrip("/")
    return generator_id == prefix or generator_id.startswith(prefix + "/")


def select(
    selectors: Iterable[str] | None = None, *, only: Criteria | None = None, exclude: Criteria | None = None
) -> list[Generator]:
    """Return the generators named by ``selectors`` that match ``only`` and not ``exclude``.

    Args:
        selectors: Generator ids or id prefixes (every generator when ``None``).
        only: Keep generators matching every criterion given (any value within one criterion).
        exclude: Then drop generators matching any value of any criterion given.

    Returns:
        The generators, sorted by id.

    Raises:
        UnknownGeneratorError: If a selector or an excluded id matches nothing.
        FinsynthError: If a domain, topic or difficulty names nothing, or nothing is left.

    """
    chosen = all_generators() if selectors is None else resolve(selectors)
    only = only or Criteria()
    exclude = exclude or Criteria()
    only.check_known(chosen, "the selection")
    exclude.check_known(chosen, "the exclusion")
    kept = [g for g in chosen if only.match_all(g.info) and not exclude.match_any(g.info)]
    if not kept:
        raise FinsynthError("the selection matches no generator; loosen the criteria or the exclusions")
    return kept


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
