"""UCFE task specs: the shipped file is complete, and broken spec files are reported clearly."""

from __future__ import annotations

import copy
from importlib import resources

import pytest
import yaml

from finsynth.errors import ConfigError, FinsynthError
from finsynth.generators.ucfe.hints import HINT_FIELDS
from finsynth.generators.ucfe.spec import TASKS_FILE, USER_GROUPS, parse_task_specs, task_spec, task_specs

ZERO_SHOT = {
    "stock_price_prediction",
    "negative_information_detection",
    "financial_indicator_calculation",
    "financial_text_summarization",
}
MULTI_TURN = {
    "analyst_simulation",
    "asset_valuation_reporting",
    "company_evaluation_reporting",
    "corporate_operation_analysis",
    "credit_risk_evaluation",
    "financial_knowledge_consulting",
    "financial_regulation_consulting",
    "industry_report_summarization",
    "insider_trading_detection",
    "investment_strategy_evaluation",
    "investment_strategy_optimization",
    "new_share_evaluation_reporting",
    "prospectus_risk_summarization",
}


def shipped_document():
    text = resources.files("finsynth.generators.ucfe").joinpath(TASKS_FILE).read_text(encoding="utf-8")
    return yaml.safe_load(text)


def test_seventeen_tasks_four_zero_shot_thirteen_multi_turn():
    specs = task_specs()
    assert {slug for slug, spec in specs.items() if spec.setting == "zero_shot"} == ZERO_SHOT
    assert {slug for slug, spec in specs.items() if spec.setting == "multi_turn"} == MULTI_TURN
    assert {group for spec in specs.values() for group in spec.user_groups} == set(USER_GROUPS)


@pytest.mark.parametrize("slug", sorted(ZERO_SHOT | MULTI_TURN))
def test_each_spec_has_the_prompts_its_setting_needs(slug):
    spec = task_spec(slug)
    assert set(spec.required_hints) <= set(HINT_FIELDS) and spec.judge_criteria
    for placeholder in ("{needs}", "{evaluation_hints}", "{dialogue1}", "{dialogue2}"):
        assert placeholder in spec.judge_prompt
    assert all(criterion in spec.judge_prompt for criterion in spec.judge_criteria)
    if spec.is_multi_turn:
        assert "{information}" in spec.user_prompt and "{needs}" in spec.user_prompt
        assert "{persona}" not in spec.user_prompt and "{information}" not in spec.assistant_prompt
        assert 1 <= spec.min_rounds <= spec.max_rounds
    else:
        assert spec.user_prompt == "" and spec.min_rounds == spec.max_rounds == 1
        assert "{information}" in spec.assistant_prompt and "{needs}" in spec.assistant_prompt
    if spec.answer_labels:
        assert "answer" in spec.required_hints


def test_unknown_slug_lists_the_known_ones():
    with pytest.raises(FinsynthError, match=r"unknown UCFE task 'credit'.*credit_risk_evaluation"):
        task_spec("credit")


def broken(change):
    document = copy.deepcopy(shipped_document())
    change(document)
    return document


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (lambda d: d["tasks"][2].update(setting="few_shot"), r"\$\.tasks\[2\]\.setting", "few_shot"),
        (lambda d: d["tasks"][0].pop("persona"), r"\$\.tasks\[0\]", "persona"),
        (lambda d: d["tasks"][0].update(colour="red"), r"\$\.tasks\[0\]\.colour", "unknown key 'colour'"),
        (
            lambda d: d["tasks"][0]["hints"].update(required=["bonus"]),
            r"\$\.tasks\[0\]\.hints\.required\[0\]",
            "bonus",
        ),
        (lambda d: d.update(user_prompt_frame="no placeholders"), r"\$\.user_prompt_frame", "persona"),
        (lambda d: d["tasks"][-1].update(assistant_prompt="Summarise."), r"\$\.tasks\[16\]", "information"),
        (
            lambda d: d["tasks"][1].update(slug=d["tasks"][0]["slug"]),
            r"\$\.tasks\[1\]\.slug",
            "appears twice",
        ),
        (lambda d: d["tasks"][0].update(rounds={"min": 4, "max": 2}), r"\$\.tasks\[0\]\.rounds", "larger"),
    ],
)
def test_a_broken_spec_file_names_the_file_and_the_field(change, path, message):
    with pytest.raises(ConfigError, match=rf"^specs\.yaml: {path}.*{message}") as raised:
        parse_task_specs(broken(change), "specs.yaml")
    assert raised.value.source == "specs.yaml"
