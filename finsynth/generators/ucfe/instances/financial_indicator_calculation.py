"""Financial Indicator Calculation (zero-shot): a FinChain problem asked as a UCFE calculation.

Data: a FinChain template drawn uniformly from the registry (family ``finchain``) and the
record it generates for two seeds taken from the stream. ``information`` is the record's
question; ``needs`` asks for the figure with its working. Rule: ``answer`` and
``reference_answer`` are the record's answer as displayed; ``must_contain`` is the answer
preceded by the displayed values of up to the last three intermediate steps (every step
before the answer step), each formatted at the precision the template shows it.
"""

from __future__ import annotations

from functools import cache

from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import all_generators
from finsynth.generators.ucfe.instances.base import FactValue, TaskInstance, hint_map, task_instance
from finsynth.seeding import InstanceSeeds, RandomStream

KEY_STEPS = 3
"""Intermediate steps quoted in ``must_contain`` (the last ones before the answer)."""

_INSTRUCTIONS = (
    "Work out the figure asked for, showing each intermediate result.",
    "Calculate the requested indicator step by step and state the final value.",
    "Please compute the answer and show how you got there.",
    "What is the result? Give the working as well as the number.",
)


@cache
def _templates() -> tuple[FinChainGenerator, ...]:
    return tuple(
        generator for generator in all_generators("finchain") if isinstance(generator, FinChainGenerator)
    )


def _seed(stream: RandomStream) -> int:
    return stream.next_word() >> 1  # 63 bits, like derive_seed


@task_instance("financial_indicator_calculation")
def financial_indicator_calculation(stream: RandomStream) -> TaskInstance:
    """Draw a FinChain template and seeds; quote its answer and key intermediate values."""
    generator = stream.choice(_templates())
    seeds = InstanceSeeds(_seed(stream), _seed(stream))
    record = generator.record(generator.info.id, seeds)
    steps = record["steps"]
    shown = [generator.compiled.quantities[step["name"]].for_question(step["value"]) for step in steps[:-1]][
        -KEY_STEPS:
    ]
    answer = str(record["target"])
    facts: dict[str, FactValue] = {
        "generator_id": generator.info.id,
        "seed_names": seeds.names,
        "seed_values": seeds.values,
        "answer": answer,
        "key_step_count": len(shown),
    }
    for number, (step, text) in enumerate(zip(steps[:-1][-KEY_STEPS:], shown, strict=True), start=1):
        facts[f"key_step_{number}_name"] = step["name"]
        facts[f"key_step_{number}_value"] = step["value"]
        facts[f"key_step_{number}_shown"] = text
    hints = hint_map(
        answer=(answer,),
        must_contain=(*shown, answer),
        should_contain=("the formula used at each step",),
        forbid=("an answer with no working",),
    )
    return TaskInstance(
        "financial_indicator_calculation",
        str(record["input"]),
        stream.choice(_INSTRUCTIONS),
        hints,
        facts,
        answer,
    )
