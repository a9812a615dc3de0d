"""One company and statements model, the world's: UCFE shows its figures, and only the ones it has.

A UCFE company is a world company (:mod:`finsynth.world.company`) and the figures a UCFE text
shows are its world statements (:mod:`finsynth.world.statements`) in $ millions rounded half up to
one decimal. No module outside ``finsynth/world`` declares a second company or statements type.
"""

from __future__ import annotations

import ast
import re
from decimal import ROUND_HALF_UP, Decimal
from functools import cache
from pathlib import Path

import pytest

import finsynth
from finsynth.generators.ucfe.instances import TASKS, TaskInstance, instance_generator
from finsynth.generators.ucfe.instances.world.statements import draw_listed_company
from finsynth.seeding import RandomStream, derive_seed
from finsynth.world.company import UNIT_DOLLARS, Company
from finsynth.world.industries import INDUSTRIES
from finsynth.world.industry_profiles import Industry
from finsynth.world.statements import Statements
from tests.generators.ucfe.instances.statement_ratios import sheet_figures

PACKAGE = Path(finsynth.__file__).parent
WORLD = PACKAGE / "world"
MODEL_NAME = re.compile(r"(Company|Statements)$")
STATEMENT_LINES = {"total_assets", "total_liabilities", "net_income", "cost_of_sales", "cost_of_revenue"}
"""A class with a ``revenue`` field and one of these is a statements model, whatever its name."""
STATEMENT_TASKS = ("company_evaluation_reporting", "corporate_operation_analysis")
"""The UCFE tasks that show a company's statements; each draws its company first."""


def second_models(source: str) -> list[str]:
    """Classes in ``source`` that declare a company or statements type: by name or by fields."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef):
            continue
        fields = {
            statement.target.id
            for statement in node.body
            if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
        }
        if MODEL_NAME.search(node.name) or ("revenue" in fields and fields & STATEMENT_LINES):
            found.append(node.name)
    return found


def test_no_module_outside_the_world_declares_a_company_or_statements_type() -> None:
    modules = [path for path in PACKAGE.rglob("*.py") if WORLD not in path.parents]
    assert len(modules) > 100
    found = {
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in modules
        for name in second_models(path.read_text(encoding="utf-8"))
    }
    assert found == set()
    assert second_models((WORLD / "company.py").read_text(encoding="utf-8")) == ["Company"]
    assert second_models((WORLD / "statements.py").read_text(encoding="utf-8")) == ["Statements"]


def test_a_second_model_is_reported_by_name_or_by_its_fields() -> None:
    source = """
@dataclass(frozen=True)
class Company:
    name: str

@dataclass(frozen=True)
class Financials:
    revenue: float
    total_assets: float

@dataclass(frozen=True)
class Forecast:
    revenue: float
    growth: float
"""
    assert second_models(source) == ["Company", "Financials"]


def _millions(company: Company, amount: int) -> float:
    """``amount`` of the company's unit in $ millions, halves away from zero (computed here, not imported)."""
    value = Decimal(amount) * UNIT_DOLLARS[company.unit] / 1_000_000
    return float(value.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def expected_figures(company: Company, statements: Statements) -> dict[str, float]:
    """What the data sheet must show: the latest two years of the world statements, rounded."""
    latest = statements.values[statements.years[-1]]
    prior = statements.values[statements.years[-2]]
    keys = {
        "revenue": "revenue",
        "cost_of_sales": "cost_of_revenue",
        "operating_expenses": "total_operating_expenses",
        "interest_expense": "interest_expense",
        "other_income": "other_income",
        "tax": "income_tax_expense",
        "total_assets": "total_assets",
        "total_liabilities": "total_liabilities",
        "operating_cash_flow": "operating_cash_flow",
        "shares": "diluted_shares",
    }
    if company.industry.classified_balance_sheet:
        keys |= {"current_assets": "total_current_assets", "current_liabilities": "total_current_liabilities"}
    figures = {name: _millions(company, latest[key]) for name, key in keys.items()}
    figures["revenue_prior"] = _millions(company, prior["revenue"])
    figures["total_debt"] = _millions(company, latest["current_debt"] + latest["long_term_debt"])
    return figures


@cache
def _instances_by_industry(task: str) -> dict[str, tuple[int, TaskInstance]]:
    """The first test seed (and its instance) of ``task`` for each world industry."""
    generate = instance_generator(task)
    found: dict[str, tuple[int, TaskInstance]] = {}
    for index in range(6000):
        seed = derive_seed("world-company-model-test", task, index)
        instance = generate(RandomStream(seed))
        found.setdefault(str(instance.facts["sector"]), (seed, instance))
        if len(found) == len(INDUSTRIES):
            break
    return found


@pytest.mark.parametrize("task", STATEMENT_TASKS)
@pytest.mark.parametrize("industry", INDUSTRIES, ids=lambda industry: industry.key)
def test_a_ucfe_companys_shown_figures_are_its_world_statements_rounded(
    task: str, industry: Industry
) -> None:
    seed, instance = _instances_by_industry(task)[industry.label]
    # The task draws its company first, so the same seed replays the world company and statements.
    company, statements, _ = draw_listed_company(RandomStream(seed))
    assert company.industry == industry
    assert company.short_name == instance.facts["company"]
    shown = sheet_figures(instance)
    expected = expected_figures(company, statements)
    assert {name: shown[name] for name in expected} == expected
    assert ("current_assets" in shown) is industry.classified_balance_sheet
    latest = statements.values[statements.years[-1]]
    for number, line in enumerate(industry.revenue_lines[:-1], start=1):
        assert instance.facts[f"revenue_part_{number}"] == _millions(company, latest[line.key])


CURRENT_WORDS = re.compile(
    r"current ratio|current assets|current liabilities|working capital|quick ratio", re.I
)
UNCLASSIFIED = tuple(industry for industry in INDUSTRIES if not industry.classified_balance_sheet)


def _texts(instance: TaskInstance) -> list[str]:
    """What states the company's figures: the information, the reference and every hint but ``forbid``.

    A ``forbid`` hint may name a current measure to tell the judge it does not apply (``a current
    ratio, which a bank's balance sheet does not have``); it must then state no figure of it.
    """
    hints = [hint for key, values in instance.hints.items() if key != "forbid" for hint in values]
    return [instance.information, instance.reference_answer, *hints]


def _forbidden_figures(instance: TaskInstance) -> list[str]:
    """``forbid`` hints that name a current measure and state a figure with it."""
    return [
        hint
        for hint in instance.hints.get("forbid", ())
        if CURRENT_WORDS.search(hint) and re.search(r"\d", hint)
    ]


def test_banks_insurers_and_reits_have_unclassified_balance_sheets() -> None:
    assert {industry.key for industry in UNCLASSIFIED} == {
        "regional_banking",
        "property_casualty_insurance",
        "office_industrial_reit",
    }


@pytest.mark.parametrize("task", TASKS)
def test_no_ucfe_text_or_hint_about_a_bank_insurer_or_reit_states_a_current_figure(task: str) -> None:
    generate = instance_generator(task)
    about = 0
    for index in range(300):
        instance = generate(RandomStream(derive_seed("world-company-model-test", "current", task, index)))
        sector = instance.facts.get("sector")
        labels = {industry.label for industry in UNCLASSIFIED}
        if sector in labels or (sector is None and any(label in instance.information for label in labels)):
            about += 1
            for text in _texts(instance):
                assert not CURRENT_WORDS.search(text), (task, text)
            assert not _forbidden_figures(instance), (task, _forbidden_figures(instance))
    if task in STATEMENT_TASKS:
        assert about >= 10, "the statement tasks draw banks, insurers and REITs"
