"""Each record family is declared once (finsynth.families); every other list of it must agree."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from finsynth.errors import FinsynthError
from finsynth.families import (
    FAILSAFE_CONDITIONS,
    FAILSAFE_GROUNDING_CONDITIONS,
    FAMILIES,
    QUERY_FAILURES,
    families_where,
    record_family,
)


def schema(name: str) -> dict[str, object]:
    text = resources.files("finsynth.schemas").joinpath(name).read_text(encoding="utf-8")
    loaded: dict[str, object] = json.loads(text)
    return loaded


def test_every_family_has_its_record_schema_and_every_schema_a_family() -> None:
    shipped = {
        entry.name.removesuffix("_record.schema.json")
        for entry in resources.files("finsynth.schemas").iterdir()
        if entry.name.endswith("_record.schema.json")
    }
    assert shipped == set(FAMILIES)


@pytest.mark.parametrize("family", [f for f in FAMILIES.values() if f.kind_column], ids=lambda f: f.name)
def test_the_schema_enum_of_a_kind_column_is_the_declared_kinds(family) -> None:
    properties = schema(family.schema_name)["properties"]
    assert properties[family.kind_column]["enum"] == list(family.kinds)


def test_build_configs_accept_exactly_the_families_builds_make() -> None:
    enum = schema("build_config.schema.json")["properties"]["configs"]["items"]["properties"]["family"][
        "enum"
    ]
    assert set(enum) == set(FAMILIES) - {"ucfe_dialogue"}  # dialogues come from `ucfe simulate`


def test_generators_and_scorers_use_the_declared_conditions_and_kinds() -> None:
    from finsynth.generators.failsafe.conditions import CONDITIONS
    from finsynth.generators.failsafe.finchain_robust import PERTURBATION_OF_KIND
    from finsynth.scoring import failsafe

    assert tuple(condition.name for condition in CONDITIONS) == FAILSAFE_CONDITIONS
    unanswerable = tuple(condition.name for condition in CONDITIONS if not condition.answerable)
    assert unanswerable == FAILSAFE_GROUNDING_CONDITIONS == failsafe.GROUNDING_CONDITIONS
    assert failsafe.CONDITIONS == FAILSAFE_CONDITIONS
    assert tuple(PERTURBATION_OF_KIND) == QUERY_FAILURES


def test_the_cli_and_harness_read_the_declarations() -> None:
    from finsynth.builder.verify import TRACED_FAMILIES
    from finsynth.harness.files import INSPECT_FAMILIES, LM_EVAL_FAMILIES

    assert TRACED_FAMILIES == ("finchain", "finchain_robust")
    assert INSPECT_FAMILIES == ("finchain", "finchain_robust", "failsafe_condition", "ucfe")
    assert LM_EVAL_FAMILIES == families_where(lm_eval=True) == ("finchain", "finchain_robust")


def test_an_unknown_family_is_named_with_the_known_ones() -> None:
    with pytest.raises(FinsynthError, match="unknown record family 'finchian'; known: finchain, "):
        record_family("finchian")
