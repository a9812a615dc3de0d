"""UCFE task instances: seeded source information, user needs, and hints grounded in generated facts.

``instance_generator(task)(RandomStream(seed))`` returns a :class:`TaskInstance`; each task's
module (``instances/<slug>.py``) states how its hints derive from its facts.
"""

from finsynth.generators.ucfe.instances.base import (
    HINT_KEYS,
    MULTI_TURN_TASKS,
    TASKS,
    ZERO_SHOT_TASKS,
    FactValue,
    Hints,
    InstanceGenerator,
    TaskInstance,
    hint_map,
    instance_generator,
    task_instance,
)

__all__ = [
    "HINT_KEYS",
    "MULTI_TURN_TASKS",
    "TASKS",
    "ZERO_SHOT_TASKS",
    "FactValue",
    "Hints",
    "InstanceGenerator",
    "TaskInstance",
    "hint_map",
    "instance_generator",
    "task_instance",
]
