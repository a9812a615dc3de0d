"""One list of industries for every family: filings and UCFE companies share its words, rows and bands."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from dataclasses import dataclass, replace
from functools import cache
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

import finsynth
from finsynth.generators.filings import make_filing
from finsynth.generators.filings.document import make_full_filing
from finsynth.generators.filings.tables import INCOME_STATEMENT_TITLE
from finsynth.generators.ucfe.instances import TASKS, TaskInstance, instance_generator
from finsynth.generators.ucfe.instances.world.industry import OUTLOOKS, IndustryOutlook
from finsynth.generators.ucfe.instances.world.profiles import data_sheet
from finsynth.generators.ucfe.instances.world.statements import draw_listed_company
from finsynth.seeding import RandomStream, derive_seed
from finsynth.world import industries as world_industries
from finsynth.world.company import Company, make_company
from finsynth.world.cost_structure import draw_cost_structure
from finsynth.world.industries import INDUSTRIES, INDUSTRY_KEYS
from finsynth.world.industry_profiles import Industry, in_sentence
from finsynth.world.statements import MINIMUM_OPERATING_MARGIN, Statements
from finsynth.world.summary import StatementSummary
from tests.generators.filings.tables import read_table

LABELS = {industry.label for industry in INDUSTRIES}
LIST_NAME = re.compile(r"SECTOR|INDUSTR", re.IGNORECASE)
TYPE_NAME = re.compile(r"(Sector|Industry)$")


def _modules() -> list[ModuleType]:
    """Every module of the finsynth package, imported (``__main__`` modules would run a command)."""
    return [
        importlib.import_module(info.name)
        for info in pkgutil.walk_packages(finsynth.__path__, prefix="finsynth.")
        if not info.name.endswith(".__main__")
    ]


def second_declarations(module: ModuleType) -> list[str]:
    """Industry types and lists ``module`` declares besides the world's own."""
    found = []
    for name, value in vars(module).items():
        if inspect.isclass(value) and value.__module__ == module.__name__ and TYPE_NAME.search(name):
            if value is not Industry:
                found.append(f"{module.__name__}.{name}")
        elif (
            LIST_NAME.search(name)
            and isinstance(value, tuple)
            and value
            and value is not INDUSTRIES
            and value is not INDUSTRY_KEYS
        ):
            found.append(f"{module.__name__}.{name}")
    return found


def test_no_module_declares_a_second_list_or_type_of_industries() -> None:
    modules = _modules()
    assert world_industries in modules
    assert [found for module in modules for found in second_declarations(module)] == []


def test_a_second_sector_table_is_reported() -> None:
    module = ModuleType("finsynth.generators.somewhere")

    @dataclass(frozen=True)
    class Sector:
        name: str

    Sector.__module__ = module.__name__
    module.Sector = Sector  # type: ignore[attr-defined]
    module.SECTORS = (Sector("consumer electronics"),)  # type: ignore[attr-defined]
    module.INDUSTRIES = INDUSTRIES  # type: ignore[attr-defined]  # re-exporting the world's list is fine
    assert second_declarations(module) == [f"{module.__name__}.Sector", f"{module.__name__}.SECTORS"]


def test_every_industry_outlook_belongs_to_a_world_industry_and_uses_its_name() -> None:
    for outlook in OUTLOOKS:
        assert outlook.key in INDUSTRY_KEYS
        assert outlook.name == outlook.industry.label
    with pytest.raises(finsynth.errors.ConfigError, match="names no world industry"):
        IndustryOutlook("cloud_computing", "demand grows", (("a", "b"),), ("c",))


SECTOR_IN_TEXT = (
    "asset_valuation_reporting",
    "financial_text_summarization",
    "industry_report_summarization",
    "insider_trading_detection",
    "new_share_evaluation_reporting",
    "stock_price_prediction",
)
"""Tasks that name a company's sector or an industry in their text but keep no ``sector`` fact."""


@cache
def _ucfe_draws(task: str) -> tuple[TaskInstance, ...]:
    generate = instance_generator(task)
    seeds = (derive_seed("world-industries-test", task, index) for index in range(200))
    return tuple(generate(RandomStream(seed)) for seed in seeds)


def test_every_sector_a_ucfe_instance_states_is_a_world_industry() -> None:
    stated: set[str] = set()
    for task in TASKS:
        facts = [instance.facts for instance in _ucfe_draws(task)]
        sectors = {str(fact["sector"]) for fact in facts if "sector" in fact}
        assert sectors <= LABELS, (task, sorted(sectors - LABELS))
        stated |= sectors
    assert len(stated) >= len(INDUSTRIES) * 2 // 3, "UCFE companies come from across the world"


@pytest.mark.parametrize("task", SECTOR_IN_TEXT)
def test_every_sector_a_ucfe_text_names_is_a_world_industry(task: str) -> None:
    for instance in _ucfe_draws(task):
        assert any(label in instance.information for label in LABELS), instance.information[:300]


@given(st.integers(min_value=0, max_value=2**63 - 1))
def test_a_ucfe_company_is_a_world_company(seed: int) -> None:
    company, statements, _ = draw_listed_company(RandomStream(seed))
    assert isinstance(company, Company) and isinstance(statements, Statements)
    assert company.industry in INDUSTRIES
    assert set(company.segment_names) <= {segment.name for segment in company.industry.segments}
    assert 3 <= len(company.segments) <= 4
    assert statements.years == company.fiscal_years


@given(
    st.sampled_from(INDUSTRIES),
    st.integers(min_value=0, max_value=2**63 - 1),
    st.sampled_from([0.0, MINIMUM_OPERATING_MARGIN, 0.1]),
)
def test_a_drawn_cost_structure_stays_in_its_industry_bands(
    industry: Industry, seed: int, minimum: float
) -> None:
    costs = draw_cost_structure(RandomStream(seed), industry, minimum)
    low, high = industry.gross_margin
    assert low <= costs.gross_margin <= high
    assert len(costs.expense_shares) == len(industry.expenses)
    for share, line in zip(costs.expense_shares, industry.expenses, strict=True):
        assert 0 < share <= line.high
    assert costs.operating_margin >= minimum - 1e-12
    lines = zip(costs.expense_shares, industry.expenses, strict=True)
    in_bands = all(share >= line.low for share, line in lines)
    assert in_bands or abs(costs.operating_margin - minimum) < 1e-9, "only a squeezed company's lines shrink"


def _filing_seed(industry: Industry) -> int:
    return next(
        seed
        for seed in range(5000)
        if make_company(RandomStream(derive_seed(seed, "filings", "company"))).industry == industry
    )


def _ucfe_company(industry: Industry) -> tuple[Company, StatementSummary]:
    for seed in range(5000):
        company, _, summary = draw_listed_company(RandomStream(derive_seed("world-industries-test", seed)))
        if company.industry == industry:
            return company, summary
    raise AssertionError(f"no UCFE company in {industry.key} within 5,000 seeds")


@pytest.mark.parametrize("industry", INDUSTRIES, ids=lambda industry: industry.key)
def test_a_ucfe_company_and_a_filing_company_of_one_industry_share_its_words_and_rows(
    industry: Industry,
) -> None:
    filing = make_filing(_filing_seed(industry), target_tokens=6000)
    income = read_table(filing, INCOME_STATEMENT_TITLE)
    assert income is not None
    company, summary = _ucfe_company(industry)
    sheet = data_sheet(RandomStream(derive_seed("world-industries-test", industry.key)), company, summary)

    assert filing.facts["industry"] == company.industry.label
    labels = industry.statement_labels
    for row in (labels.revenue, labels.cost_of_revenue):
        assert row in income, (row, sorted(income))
        assert f"{in_sentence(row)} $" in sheet, (row, sheet)
    if labels.cost_of_revenue != "Cost of sales":
        assert "cost of sales" not in sheet.lower()
    parts = []
    for line in industry.revenue_lines:
        assert line.label in income, (line.label, sorted(income))
        found = re.search(rf"\b{re.escape(in_sentence(line.label))} \$([\d,]+\.\d) million", sheet)
        assert found, (line.label, sheet)
        parts.append(round(float(found[1].replace(",", "")) * 10))
    assert not parts or sum(parts) == round(summary.revenue * 10), "the revenue lines add up to revenue"
    assert ", made up of " in sheet if industry.revenue_lines else ", made up of " not in sheet
    filing_company = make_company(RandomStream(derive_seed(_filing_seed(industry), "filings", "company")))
    segment_names = {segment.name for segment in industry.segments}
    assert set(company.segment_names) <= segment_names
    assert {segment.name for segment in filing_company.segments} <= segment_names
    # The customers' words are the industry's: stated where the full filing names its customers (a
    # 6,000-token filing may keep no block that does).
    assert industry.customers in make_full_filing(_filing_seed(industry)).text


@pytest.mark.parametrize("industry", INDUSTRIES, ids=lambda industry: industry.key)
def test_a_ucfe_text_speaks_of_a_world_industrys_customers_in_the_third_person(industry: Industry) -> None:
    company = replace(
        make_company(RandomStream(derive_seed("world-industries-test", "customers"))), industry=industry
    )
    assert not re.search(r"\b(our|we|us)\b", company.customers, re.IGNORECASE), company.customers
    assert company.customers.replace("its", "our") == industry.customers.replace("its", "our")


@pytest.mark.parametrize("task", ["company_evaluation_reporting", "corporate_operation_analysis"])
def test_a_ucfe_company_speaks_of_a_gross_margin_only_where_its_industrys_filings_do(task: str) -> None:
    spoken = set()
    for instance in _ucfe_draws(task):
        industry = next(industry for industry in INDUSTRIES if industry.label == instance.facts["sector"])
        renamed = industry.statement_labels.gross_profit != "Gross profit"
        hints = " ".join(" ".join(values) for values in instance.hints.values()).lower()
        assert ("gross margin" in hints) is not renamed, (industry.key, hints)
        assert ("Gross margin was" in instance.information) is not renamed
        spoken.add(renamed)
    assert spoken == {True, False}
