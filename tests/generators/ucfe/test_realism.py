"""Synthetic UCFE items read like the real bench's: length, variety of users and needs, and grammar.

The real bench's median ``information`` lengths are stored below so this runs without the
bench; when the bench is present (``../shared/data/ucfe/UCFE_bench.json``), a test checks the
stored values against it.
"""

from __future__ import annotations

import json
import re
import statistics
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.generators.registry import get_generator
from finsynth.generators.ucfe.bench import BENCH_TASKS
from finsynth.generators.ucfe.instances import TASKS, TaskInstance, instance_generator
from finsynth.generators.ucfe.spec import task_spec
from finsynth.seeding import InstanceSeeder, RandomStream
from tests.generators.ucfe.instances.harness import draws

ROOT = Path(__file__).resolve().parents[3]
REAL_BENCH = ROOT / ".." / "shared" / "data" / "ucfe" / "UCFE_bench.json"

REAL_MEDIAN_LENGTHS: dict[str, float] = {
    "analyst_simulation": 1179.5,
    "stock_price_prediction": 593.0,
    "negative_information_detection": 683.0,
    "financial_indicator_calculation": 301.0,
    "financial_text_summarization": 625.5,
    "asset_valuation_reporting": 913.0,
    "company_evaluation_reporting": 3908.0,
    "corporate_operation_analysis": 3856.0,
    "credit_risk_evaluation": 75.0,
    "financial_knowledge_consulting": 0.0,
    "financial_regulation_consulting": 93.5,
    "industry_report_summarization": 2420.0,
    "insider_trading_detection": 3566.5,
    "investment_strategy_evaluation": 1055.5,
    "investment_strategy_optimization": 1081.5,
    "new_share_evaluation_reporting": 3115.0,
    "prospectus_risk_summarization": 3611.0,
}
"""Median characters of ``information`` per task in UCFE_bench.json (330 items; SHA-256
1c4809bf9061e71237bf83d3d056dd09c58be63006bdbdb91af0948397cff0ed), measured 2026-11-26."""

SHORT = 200
"""Below this real median, an item's information is short by nature; ours must stay under 1,000."""


@pytest.mark.skipif(not REAL_BENCH.exists(), reason=f"UCFE benchmark not found at {REAL_BENCH}")
def test_stored_medians_are_the_real_bench_medians() -> None:
    bench = json.loads(REAL_BENCH.read_text(encoding="utf-8"))
    measured = {
        BENCH_TASKS[key]: statistics.median(len(item["information"] or "") for item in items)
        for key, items in bench.items()
    }
    assert measured == REAL_MEDIAN_LENGTHS


@pytest.mark.parametrize("task", TASKS)
def test_information_length_is_close_to_the_real_bench(task: str) -> None:
    ours = statistics.median(len(instance.information) for instance in draws(task))
    real = REAL_MEDIAN_LENGTHS[task]
    if real < SHORT:
        assert ours <= 1_000, (task, ours)
    else:
        assert 0.6 * real <= ours <= 1.6 * real, (task, ours, real)


def _needs_pattern(instance: TaskInstance, needs: str | None = None) -> str:
    """The needs (the instance's own by default) with names and numbers masked: only the wording counts."""
    text = instance.needs if needs is None else needs
    for value in instance.facts.values():
        if isinstance(value, str) and len(value) > 3:
            text = text.replace(value, "<name>")
    return re.sub(r"[A-Z]{2,}\w*|\d+", "<x>", text)


@pytest.mark.parametrize("task", TASKS)
def test_at_least_ten_distinct_needs_in_their_own_wording(task: str) -> None:
    assert len({_needs_pattern(instance) for instance in draws(task)}) >= 10


@pytest.mark.parametrize("task", TASKS)
def test_ten_items_of_a_build_have_ten_users_and_ten_wordings_of_the_needs(task: str) -> None:
    """As the default build names them (10 items for Analyst Simulation, 20 for the others)."""
    spec = task_spec(task)
    if spec.is_multi_turn:
        personas = {prompt.split(". You are talking")[0] for prompt in spec.user_prompts}
        assert len(personas) == spec.personas >= 10
    generator = get_generator(f"ucfe/{task}")
    for root in range(3):
        seeder = InstanceSeeder(root, "default", "test", generator.info.id)
        for start in (0, 10, 37):
            records = [
                generator.record(f"ucfe/{task}/test/{index:06d}", seeder.seeds(index))
                for index in range(start, start + 10)
            ]
            needs = {
                _needs_pattern(instance_generator(task)(RandomStream(record["seed"])), record["needs"])
                for record in records
            }
            assert len(needs) == 10, (task, root, start, needs)
            if spec.is_multi_turn:
                assert len({record["role_prompt"] for record in records}) == 10


_ARTICLE_BEFORE_VOWEL = re.compile(r"\b[Aa] (?!one\b|uni|use|euro|Euro|US\b)[aeiouAEIOU]\w*")
_ARTICLE_BEFORE_CONSONANT = re.compile(r"\b[Aa]n (?!hour|honest|heir)[b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z]\w*")
_ONE_WITH_PLURAL = re.compile(
    r"(?<![\d.,$])(?<!Level )(?<!Tier )(?<!Rule )(?<!Class )(?<!Scope )"  # "Level 1 assets" is a name
    r"\b1 (?!million|billion|percent)(?:[a-z]+ )?([a-z]+s)\b"
)
_NOT_PLURALS = frozenset(
    ("its", "his", "this", "was", "is", "has", "as", "us", "does", "less", "across", "plus", "news")
)


def grammar_problems(text: str) -> list[str]:
    """Article, number-agreement and spacing slips in ``text``."""
    problems = [f"article: {found.group()!r}" for found in _ARTICLE_BEFORE_VOWEL.finditer(text)]
    problems += [f"article: {found.group()!r}" for found in _ARTICLE_BEFORE_CONSONANT.finditer(text)]
    problems += [
        f"plural after 1: {found.group()!r}"
        for found in _ONE_WITH_PLURAL.finditer(text)
        if found.group(1) not in _NOT_PLURALS and not found.group(1).endswith(("ss", "us", "is"))
    ]
    problems += [f"spacing: {found.group()!r}" for found in re.finditer(r"  +\S| ,|\.\.(?!\.)", text)]
    return problems


def test_grammar_checker_finds_the_slips_it_names() -> None:
    assert grammar_problems("It is a intelligent firm.") == ["article: 'a intelligent'"]
    assert grammar_problems("It is an big firm.") == ["article: 'an big'"]
    assert grammar_problems("It made 1 late payments.") == ["plural after 1: '1 late payments'"]
    assert grammar_problems("It made 1 payments.") == ["plural after 1: '1 payments'"]
    assert not grammar_problems("An industrial firm made 1 late payment, 1 of its 3 sales and a unit sale.")


@settings(max_examples=300, deadline=None)
@given(task=st.sampled_from(TASKS), seed=st.integers(min_value=0, max_value=2**63 - 1))
def test_generated_text_is_grammatical(task: str, seed: int) -> None:
    instance = instance_generator(task)(RandomStream(seed))
    for text in (instance.information, instance.needs, instance.reference_answer):
        assert not grammar_problems(text), (task, seed, grammar_problems(text), text)


QUOTING_TASKS = (
    "analyst_simulation",
    "industry_report_summarization",
    "financial_text_summarization",
    "prospectus_risk_summarization",
    "negative_information_detection",
    "financial_knowledge_consulting",
)
"""Tasks whose hints only quote figures the user holds; the other tasks' tests recompute their derived
figures from the information (see ``tests/generators/ucfe/instances``)."""

_FIGURE = re.compile(r"\$?\d[\d,]*(?:\.\d+)?(?:%| million| billion|x)?")


@pytest.mark.parametrize("task", QUOTING_TASKS)
def test_every_figure_a_hint_quotes_is_in_the_information(task: str) -> None:
    for instance in draws(task)[:300]:
        for kind in ("answer", "must_contain", "should_contain", "at_least_contain"):
            for hint in instance.hints[kind]:
                for figure in _FIGURE.findall(hint):
                    if figure.strip("$,.").isdigit() and len(figure.strip("$,.")) <= 1:
                        continue  # counts such as "at least two" written as digits are not quoted figures
                    assert figure in instance.information, (task, kind, hint, figure)
