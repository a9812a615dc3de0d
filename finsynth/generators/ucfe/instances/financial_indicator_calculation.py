"""Financial Indicator Calculation (zero-shot): a FinChain problem asked as a UCFE calculation.

Data: a FinChain template drawn uniformly from the registry (family ``finchain``) and the
record it generates for two seeds taken from the stream. ``information`` is the record's
question; ``needs`` asks for the figure with its working. Rule: ``answer`` and
``reference_answer`` are the record's answer as displayed; ``must_contain`` is the answer
preceded by the values of up to the last three intermediate steps (every step before the
answer step) as a person writes them: the template's display, with any number of more than
two decimals rounded half up to two and trailing zeros dropped (``263.9998`` becomes ``264``,
``13.640777`` becomes ``13.64``); ``should_contain`` states that convention.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from functools import cache

from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import all_generators
from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.seeding import InstanceSeeds, RandomStream

KEY_STEPS = 3
"""Intermediate steps quoted in ``must_contain`` (the last ones before the answer)."""

_INSTRUCTIONS = (
    "Work out the figure asked for, showing each intermediate result.",
    "Calculate the requested indicator step by step and state the final value.",
    "Please compute the answer and show how you got there.",
    "What is the result? Give the working as well as the number.",
    "Solve this and explain each step briefly, so I can check it against my spreadsheet.",
    "I keep getting a different number. Walk me through the calculation and give the answer.",
    "Compute it for me, with the formula at each step and the final figure on its own line.",
    "Show the intermediate results and the final value, rounded as the question asks.",
    "Calculate this for a client note: the method first, then the figure.",
    "Give me the final answer and the key numbers along the way.",
)
_DECIMALS = re.compile(r"\d+\.\d{3,}")
INTERMEDIATE_ROUNDING = "intermediate values rounded to two decimals"


def as_written(shown: str) -> str:
    """An intermediate value as a person writes it: more than two decimals rounded to two, zeros dropped."""

    def rounded(match: re.Match[str]) -> str:
        value = Decimal(match.group()).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        return f"{value:f}".rstrip("0").rstrip(".")

    return _DECIMALS.sub(rounded, shown)


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
    written = [as_written(text) for text in shown]
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
        must_contain=(*written, answer),
        should_contain=("the formula used at each step", INTERMEDIATE_ROUNDING),
        forbid=("an answer with no working",),
    )
    needs, needs_variants = phrase_needs(stream, _INSTRUCTIONS)
    return TaskInstance(
        "financial_indicator_calculation",
        str(record["input"]),
        needs,
        hints,
        facts,
        answer,
        needs_variants=needs_variants,
    )
