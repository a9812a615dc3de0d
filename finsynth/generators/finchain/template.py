"""The ``@template`` decorator and the generator that turns a template into records."""

from __future__ import annotations

import hashlib
import inspect
import json
from collections.abc import Callable, Sequence
from typing import Any

import pyarrow as pa
from numpy.typing import NDArray

from finsynth.collector import collector_paused
from finsynth.errors import FinsynthError
from finsynth.generators.finchain.bands import Band, parse_bands
from finsynth.generators.finchain.batch import BatchDrawer
from finsynth.generators.finchain.columns import record_dicts, record_table
from finsynth.generators.finchain.difficulty import LEVELS, Difficulty, measure
from finsynth.generators.finchain.drawn import DrawnColumns
from finsynth.generators.finchain.dsl import Template
from finsynth.generators.finchain.engine import CompiledTemplate, Instance
from finsynth.generators.finchain.formula import Formula
from finsynth.generators.finchain.relations import Relation, parse_relations
from finsynth.generators.finchain.taxonomy import find_topic
from finsynth.generators.function_source import function_source
from finsynth.generators.registry import GeneratorInfo, Record, register
from finsynth.seeding import InstanceSeeds

DIFFICULTIES = LEVELS
"""Difficulty labels (see :mod:`~finsynth.generators.finchain.difficulty` for the rubric)."""

_FIXED_TAGS = ("domain", "topic", "difficulty")
"""Tags every record of a template repeats as a column."""

_TEMPLATES_PACKAGE = "finsynth.generators.finchain.templates."

TemplateFactory = Callable[[], Template]


class FinChainGenerator:
    """A registered FinChain template: draws instances and assembles records.

    Args:
        info: Identity, description and tags (domain, topic, difficulty).
        compiled: The checked template.
        bands: The real-world ranges its key derived quantities keep (its docstring's ``Bands:``).
        relations: The real-world relations its givens satisfy together (its docstring's ``Relations:``).
        difficulty: Its measured difficulty (measured from ``compiled`` when not given).

    """

    def __init__(
        self,
        info: GeneratorInfo,
        compiled: CompiledTemplate,
        bands: tuple[Band, ...] = (),
        relations: tuple[Relation, ...] = (),
        difficulty: Difficulty | None = None,
    ) -> None:
        self._info = info
        self.compiled = compiled
        self.bands = bands
        self.relations = relations
        self.difficulty = difficulty or measure(compiled)
        quantity = compiled.answer_quantity
        unit = None if quantity is None else quantity.unit.value
        # Metadata is sorted-key JSON; only the seeds vary, so the rest is rendered once.
        fixed = {
            "answer_unit": unit,
            "difficulty": info.tags["difficulty"],
            "difficulty_score": self.difficulty.score,
            "domain": info.tags["domain"],
            "generator_id": info.id,
            "seed_names": 0,
            "seed_values": 0,
            "topic": info.tags["topic"],
        }
        head, tail = json.dumps(fixed, sort_keys=True, separators=(",", ":")).split(
            '"seed_names":0,"seed_values":0'
        )
        self._metadata_head = head + '"seed_names":'
        self._metadata_tail = tail
        self._fixed_columns: dict[str, str | int] = {
            "generator_id": info.id,
            **{tag: info.tags[tag] for tag in _FIXED_TAGS},
            "difficulty_score": self.difficulty.score,
        }
        self._batch: BatchDrawer | None = None

    @property
    def info(self) -> GeneratorInfo:
        """Identity and description."""
        return self._info

    def instance(self, seeds: InstanceSeeds) -> Instance:
        """Draw the instance for ``seeds``."""
        return self.compiled.instance(seeds.names, seeds.values)

    def instances(
        self, names_seeds: Sequence[int] | NDArray[Any], values_seeds: Sequence[int] | NDArray[Any]
    ) -> list[Instance]:
        """Draw many instances at once: exactly ``[compiled.instance(n, v) for n, v in zip(...)]``, faster.

        The batch drawer is built on the first call and kept (it learns how often draws are
        accepted, which sizes its redraw rounds but never changes what is drawn).

        Args:
            names_seeds: Seeds of the name streams.
            values_seeds: Seeds of the value streams, as many.

        """
        return self._drawer().instances(names_seeds, values_seeds)

    def measure(
        self, formulas: Sequence[Formula], values_seeds: Sequence[int] | NDArray[Any]
    ) -> list[NDArray[Any]]:
        """Each formula's value (over givens and steps) in the instances of ``values_seeds``, one column each.

        The instances are drawn as :meth:`instances` draws them, without their texts (see
        :meth:`BatchDrawer.measure <finsynth.generators.finchain.batch.BatchDrawer.measure>`).
        """
        return self._drawer().measure(formulas, values_seeds)

    def _drawer(self) -> BatchDrawer:
        if self._batch is None:
            self._batch = BatchDrawer(self.compiled)
        return self._batch

    def record(self, record_id: str, seeds: InstanceSeeds) -> Record:
        """Return the FinChain record for ``seeds`` (see ``finchain_record.schema.json``)."""
        drawn = DrawnColumns.of_instance(self.instance(seeds))
        return self._record_dicts([record_id], drawn, [seeds.names], [seeds.values])[0]

    def records(
        self, record_ids: Sequence[str], names_seeds: NDArray[Any], values_seeds: NDArray[Any]
    ) -> list[Record]:
        """Return the records of many seed pairs at once, exactly as :meth:`record` returns them one by one.

        Args:
            record_ids: One id per record.
            names_seeds: Seeds of the name streams (``uint64``), one per record.
            values_seeds: Seeds of the value streams, one per record.

        """
        # Records are acyclic: the cyclic collector would only rescan them as they are built.
        with collector_paused():
            drawn = self._drawer().columns(names_seeds, values_seeds)
            return self._record_dicts(record_ids, drawn, names_seeds.tolist(), values_seeds.tolist())

    def _record_dicts(
        self, record_ids: Sequence[str], drawn: DrawnColumns, names_seeds: list[int], values_seeds: list[int]
    ) -> list[Record]:
        fixed, metadata = self._fixed_columns, (self._metadata_head, self._metadata_tail)
        return record_dicts(record_ids, drawn, names_seeds, values_seeds, fixed, metadata)

    def table(
        self, record_ids: Sequence[str], names_seeds: NDArray[Any], values_seeds: NDArray[Any]
    ) -> pa.Table:
        """Return the records of many seed pairs as one Arrow table, without a dict per record.

        Row ``i`` equals what :meth:`records` returns at ``i`` (the columns of
        ``finchain_record.schema.json``, in its order).
        """
        return record_table(
            record_ids,
            self._drawer().columns(names_seeds, values_seeds),
            names_seeds.tolist(),
            values_seeds.tolist(),
            self._fixed_columns,
            (self._metadata_head, self._metadata_tail),
        )


def template(
    *, difficulty: str, domain: str | None = None, topic: str | None = None
) -> Callable[[TemplateFactory], FinChainGenerator]:
    """Register a FinChain template factory.

    The factory's module gives the domain and topic (``templates/<domain>/<topic>.py``),
    its name the template's name, and its docstring the standard formula it implements and,
    in a ``Bands:`` section, the plausible ranges of its key derived quantities
    (see :mod:`~finsynth.generators.finchain.bands`), and in a ``Relations:`` section, the
    real-world relations its givens satisfy together (see :mod:`~finsynth.generators.finchain.relations`).
    Templates outside the package pass ``domain`` and ``topic`` explicitly.

    Args:
        difficulty: The template's label in the original FinChain layout (``basic``,
            ``intermediate`` or ``advanced``: two, two and one per topic), kept as the tag
            ``layout_difficulty``. Records carry the *measured* difficulty
            (:mod:`~finsynth.generators.finchain.difficulty`), whatever this says.
        domain: Taxonomy domain slug, when not implied by the module.
        topic: Taxonomy topic slug, when not implied by the module.

    Returns:
        A decorator that compiles the template, registers it, and returns its generator.

    Raises:
        FinsynthError: If the difficulty, domain or topic is unknown, the docstring is
            missing, or the template is malformed.

    """
    if difficulty not in DIFFICULTIES:
        raise FinsynthError(f"difficulty must be one of {DIFFICULTIES}, not {difficulty!r}")

    def register_template(factory: TemplateFactory) -> FinChainGenerator:
        module = factory.__module__
        domain_slug, topic_slug = domain, topic
        if domain_slug is None or topic_slug is None:
            if not module.startswith(_TEMPLATES_PACKAGE):
                raise FinsynthError(
                    f"{module}.{factory.__name__}: pass domain= and topic= outside the templates package"
                )
            domain_slug, topic_slug = module[len(_TEMPLATES_PACKAGE) :].split(".")[:2]
        try:
            domain_info, topic_info = find_topic(domain_slug, topic_slug)
        except KeyError as error:
            raise FinsynthError(f"{module}.{factory.__name__}: {error.args[0]}") from None
        doc = inspect.getdoc(factory)
        if not doc:
            raise FinsynthError(
                f"{module}.{factory.__name__}: a template needs a docstring naming its formula"
            )
        generator_id = f"finchain/{domain_slug}/{topic_slug}/{factory.__name__}"
        source = function_source(factory).encode("utf-8")
        compiled = CompiledTemplate(factory(), generator_id)
        measured = measure(compiled)
        info = GeneratorInfo(
            id=generator_id,
            family="finchain",
            title=factory.__name__.replace("_", " ").capitalize(),
            description=doc,
            tags={
                # The card's heat map crosses the first tag with the last: domain × measured level.
                "domain": domain_slug,
                "topic": topic_slug,
                "layout_difficulty": difficulty,
                "difficulty_score": str(measured.score),
                "difficulty": measured.level,
                "domain_title": domain_info.title,
                "topic_title": topic_info.title,
            },
            source_hash=hashlib.sha256(source).hexdigest(),
        )
        step_names = [item.name for item in compiled.template.steps]
        bands = parse_bands(doc, [*compiled.given_names, *step_names], f"template {generator_id}")
        relations = parse_relations(doc, [*compiled.given_names, *step_names], f"template {generator_id}")
        generator = FinChainGenerator(info, compiled, bands, relations, measured)
        register(generator)
        return generator

    return register_template
