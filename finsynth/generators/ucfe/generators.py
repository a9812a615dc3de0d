"""The 17 synthetic UCFE generators (``ucfe/<task>``): generated instances as UCFE records.

Each generator draws a :class:`~finsynth.generators.ucfe.instances.TaskInstance` from the
instance's value seed and turns it into a record with the task's spec, so the prompts are
ours, the information is generated, and every hint is derived from the generated facts
(which the record's metadata keeps, for checking a judge's "must contain" verdicts).
"""

from __future__ import annotations

import re

from finsynth.generators.registry import GeneratorInfo, Record, register
from finsynth.generators.source_hash import package_source_hash
from finsynth.generators.ucfe.hints import EvaluationHints
from finsynth.generators.ucfe.instances import TASKS, TaskInstance, instance_generator
from finsynth.generators.ucfe.record import make_record
from finsynth.generators.ucfe.spec import TaskSpec, task_spec
from finsynth.seeding import InstanceSeeds, RandomStream, derive_seed


class UcfeTaskGenerator:
    """Makes synthetic records of one UCFE task.

    Args:
        spec: The task's spec.
        source_hash: Hash of the code and resources the records depend on.

    """

    def __init__(self, spec: TaskSpec, source_hash: str) -> None:
        self.spec = spec
        self._instance = instance_generator(spec.slug)
        self._info = GeneratorInfo(
            id=f"ucfe/{spec.slug}",
            family="ucfe",
            title=spec.name,
            description=f"Synthetic {spec.name} items ({spec.setting.replace('_', '-')}) for "
            f"{', '.join(group.replace('_', ' ') for group in spec.user_groups)}.",
            tags={"task": spec.slug, "setting": spec.setting, "category": spec.category},
            source_hash=source_hash,
        )

    @property
    def info(self) -> GeneratorInfo:
        """Identity and description."""
        return self._info

    def record(self, record_id: str, seeds: InstanceSeeds) -> Record:
        """Return the record drawn from ``seeds.values`` (see ``ucfe_record.schema.json``)."""
        instance = self._instance(RandomStream(seeds.values))
        user, needs = self._user_and_needs(record_id, seeds, instance)
        hints = EvaluationHints.from_dict({name: list(entries) for name, entries in instance.hints.items()})
        return make_record(
            self.spec,
            record_id=record_id,
            information=instance.information,
            needs=needs,
            hints=hints,
            source="synthetic",
            seed=seeds.values,
            role_prompt=self.spec.user_prompts[user] if self.spec.user_prompts else None,
            extra_metadata={
                "generator_id": self._info.id,
                "reference_answer": instance.reference_answer,
                "facts": dict(instance.facts),
                "user": user,
            },
        )

    def _user_and_needs(
        self, record_id: str, seeds: InstanceSeeds, instance: TaskInstance
    ) -> tuple[int, str]:
        """The simulated user (index into ``spec.user_prompts``) and the wording of the needs.

        A build names records ``<generator>/<split>/<position>``; items rotate through the task's
        personas and its wordings of the needs by that position, so any ten consecutive items of a
        task have ten different personas and wordings. The tone, and everything for a record id
        without a position, comes from a stream of its own, so adding users never changes instances.
        """
        stream = RandomStream(derive_seed("ucfe-user", seeds.values))
        prompts = len(self.spec.user_prompts)
        tones = max(1, prompts // self.spec.personas) if prompts else 1
        position = _POSITION.search(record_id)
        if position is None:
            user = stream.randint(0, prompts - 1) if prompts else 0
            return user, instance.needs
        index = int(position.group(1))
        tone = stream.randint(0, tones - 1)
        user = (index % self.spec.personas) * tones + tone if prompts else 0
        needs = (
            instance.needs_variants[index % len(instance.needs_variants)]
            if instance.needs_variants
            else instance.needs
        )
        return user, needs


_POSITION = re.compile(r"/(\d+)$")


def _register_all() -> None:
    source_hash = package_source_hash("finsynth.generators.ucfe", "finsynth.world")
    for slug in TASKS:
        register(UcfeTaskGenerator(task_spec(slug), source_hash))


_register_all()
