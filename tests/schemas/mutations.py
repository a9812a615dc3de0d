"""Valid FinChain records and one-change mutations of them, for the checks compiled from schemas."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

from finsynth.chat import with_messages
from finsynth.generators.registry import resolve
from finsynth.seeding import InstanceSeeds

TEMPLATES = resolve(["finchain/"])
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.integers(min_value=2**63),
    st.floats(),
    st.text(max_size=3),
    st.lists(st.one_of(st.integers(-2, 2), st.floats(-2, 2), st.text(max_size=2), st.none()), max_size=3),
    st.dictionaries(
        st.sampled_from(["name", "value", "values", "role", "content", "x"]), st.integers(), max_size=3
    ),
    # Values right beside what is allowed: other labels, empty text, just below a minimum.
    st.sampled_from(["", "expert", "names", "tool", -1, 0, 1.5, -0.5]),
)


def valid_record(template: int, seed: int, messages: bool) -> dict[str, Any]:
    """The record of one template and seed, with the chat column or without."""
    generator = TEMPLATES[template]
    record = generator.record(f"{generator.info.id}/test/{seed:06d}", InstanceSeeds(seed, seed + 1))
    return with_messages(record) if messages else record


def mutation_places(record: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Where a mutation can go: every key of the record, of its first step, input and message.

    Also the first item of a list (choices, steps, the first series input's numbers).
    """
    places: list[tuple[Any, ...]] = [(key,) for key in record]
    places += [("steps", 0, key) for key in record["steps"][0]]
    if record["steps"][0]["inputs"]:
        places += [("steps", 0, "inputs", 0, key) for key in record["steps"][0]["inputs"][0]]
    if "messages" in record:
        places += [("messages", 2, key) for key in record["messages"][2]] + [("messages", 0)]
    series = [
        ("steps", step, "inputs", position, "values", 0)
        for step, item in enumerate(record["steps"])
        for position, given in enumerate(item["inputs"])
        if given["values"]
    ]
    places += [("choices", 0), ("steps", 0), *series[:1]]
    return places


RECORDS = st.builds(valid_record, st.integers(0, len(TEMPLATES) - 1), st.integers(0, 2**40), st.booleans())


def mutated(
    record: dict[str, Any], place: tuple[Any, ...], mutation: str, value: Any
) -> dict[str, Any] | None:
    """A copy of the record with one change at ``place``; ``None`` where the place does not exist."""
    changed = copy.deepcopy(record)
    *path, last = place
    parent: Any = changed
    for step in path:
        parent = parent[step]
    if isinstance(parent, list):
        if last >= len(parent):
            return None
        if mutation == "missing":
            del parent[last]
        elif mutation == "extra":  # one item too many, itself valid
            parent.append(copy.deepcopy(parent[last]))
        else:
            parent[last] = value
    elif mutation == "missing":
        del parent[last]
    elif mutation == "extra":
        parent["unexpected"] = value
    else:
        parent[last] = value
    return changed
