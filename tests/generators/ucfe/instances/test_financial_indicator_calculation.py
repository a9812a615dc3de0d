"""Financial Indicator Calculation: hints are the FinChain record's answer and intermediate values."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

from finsynth.generators.finchain.trace import check_record
from finsynth.generators.registry import get_generator
from finsynth.seeding import InstanceSeeds
from tests.generators.ucfe.instances.harness import draws


def _as_a_person_writes(shown: str) -> str:
    """Numbers with more than two decimals rounded half up to two, trailing zeros dropped."""

    def rounded(match: re.Match[str]) -> str:
        value = Decimal(match.group()).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        return f"{value:f}".rstrip("0").rstrip(".")

    return re.sub(r"\d+\.\d{3,}", rounded, shown)


def test_required_values_have_at_most_two_decimals() -> None:
    for instance in draws("financial_indicator_calculation"):
        for value in instance.hints["must_contain"][:-1]:
            assert not re.search(r"\d\.\d{3}", value), value
        assert "intermediate values rounded to two decimals" in instance.hints["should_contain"]


def test_hints_are_the_replayable_record_answer_and_steps() -> None:
    templates = set()
    for instance in draws("financial_indicator_calculation"):
        facts = instance.facts
        generator = get_generator(str(facts["generator_id"]))
        record = generator.record("check", InstanceSeeds(int(facts["seed_names"]), int(facts["seed_values"])))
        assert check_record(record) == []
        assert record["input"] == instance.information
        assert (
            instance.hints["answer"] == (record["target"],) and instance.reference_answer == record["target"]
        )
        assert instance.hints["must_contain"][-1] == record["target"]
        intermediate = record["steps"][:-1][-3:]
        assert int(facts["key_step_count"]) == len(intermediate) == len(instance.hints["must_contain"]) - 1
        for number, step in enumerate(intermediate, start=1):
            assert facts[f"key_step_{number}_name"] == step["name"]
            assert facts[f"key_step_{number}_value"] == step["value"]
            # The quoted value is the one the worked solution shows for that step.
            shown = facts[f"key_step_{number}_shown"]
            assert step["text"].endswith((f"({shown})", f"= {shown}")), (shown, step["text"])
            assert instance.hints["must_contain"][number - 1] == _as_a_person_writes(str(shown))
        templates.add(facts["generator_id"])
    assert len(templates) >= 200
