"""The 17 synthetic UCFE generators (``ucfe/<task>``): generated instances as UCFE records.

Each generator draws a :class:`~finsynth.generators.ucfe.instances.TaskInstance` from the
instance's value seed and turns it into a record with the task's spec, so the prompts are
ours, the information is generated, and every hint is derived from the generated facts
(which the record's metadata keeps, for checking a judge's "must contain" verdicts).
"""

from __future__ import annotations

from finsynth.generators.registry import GeneratorInfo, Record, register
from finsynth.generators.source_hash import package_source_hash
from finsynth.generators.ucfe.hints import EvaluationHints
from finsynth.generators.ucfe.instances import TASKS, instance_generator
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
        # The user comes from its own stream, so adding users to the spec never changes the instances.
        users = len(self.spec.user_prompts)
        user = RandomStream(derive_seed("ucfe-user", seeds.values)).randint(0, users - 1) if users else 0
        hints = EvaluationHints.from_dict({name: list(entries) for name, entries in instance.hints.items()})
        return make_record(
            self.spec,
            record_id=record_id,
            information=instance.information,
            needs=instance.needs,
            hints=hints,
            source="synthetic",
            seed=seeds.values,
            role_prompt=self.spec.user_prompts[user] if users else None,
            extra_metadata={
                "generator_id": self._info.id,
                "reference_answer": instance.reference_answer,
                "facts": dict(instance.facts),
                "user": user,
            },
        )


def _register_all() -> None:
    source_hash = package_source_hash("finsynth.generators.ucfe")
    for slug in TASKS:
        register(UcfeTaskGenerator(task_spec(slug), source_hash))


_register_all()
