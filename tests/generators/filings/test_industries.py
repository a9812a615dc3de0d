"""Industries are data files: shipped in the package, checked on load, with their own line items and bands."""

from __future__ import annotations

import copy
import os
import re
import subprocess
import sys
from importlib import resources
from typing import Any

import pytest
import yaml

from finsynth.errors import ConfigError
from finsynth.generators.filings import make_filing
from finsynth.generators.filings.mdna_prose import MDNA_PROSE
from finsynth.generators.filings.tables import INCOME_STATEMENT_TITLE
from finsynth.seeding import RandomStream, derive_seed
from finsynth.world.company import UNIT_DOLLARS, employee_count, make_company
from finsynth.world.industries import (
    INDUSTRIES,
    INDUSTRIES_FOLDER,
    INDUSTRY_KEYS,
    PACKAGE,
    parse_industry,
)
from finsynth.world.industry_profiles import INCOME_KEYS, Industry
from finsynth.world.statements import BALANCE_KEYS, CASH_FLOW_KEYS, make_statements
from tests.generators.filings.tables import read_table

SOURCE = "bank.yaml"
DAYS_IN_YEAR = 365


def shipped_document(key: str) -> dict[str, Any]:
    folder = resources.files(PACKAGE).joinpath(INDUSTRIES_FOLDER)
    document: dict[str, Any] = yaml.safe_load(folder.joinpath(f"{key}.yaml").read_text(encoding="utf-8"))
    return document


def test_at_least_thirty_industries_ship_as_package_resources() -> None:
    folder = resources.files(PACKAGE).joinpath(INDUSTRIES_FOLDER)
    files = sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".yaml"))
    assert len(INDUSTRIES) >= 30
    assert files == sorted(f"{key}.yaml" for key in INDUSTRY_KEYS)
    assert [industry.key for industry in INDUSTRIES] == list(INDUSTRY_KEYS)
    assert len({industry.label for industry in INDUSTRIES}) == len(INDUSTRIES)
    for key in INDUSTRY_KEYS:
        assert parse_industry(shipped_document(key), SOURCE, key) in INDUSTRIES


def test_industries_load_the_same_in_processes_with_different_hash_seeds() -> None:
    script = (
        "import hashlib; from finsynth.world.industries import INDUSTRIES; "
        "print(hashlib.sha256(repr(INDUSTRIES).encode()).hexdigest())"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in ("1", "2")
    }
    assert len(outputs) == 1


def broken(change: str) -> dict[str, Any]:
    document = copy.deepcopy(shipped_document("regional_banking"))
    if change == "missing headline":
        del document["risks"][2]["headline"]
    elif change == "duplicate topic":
        document["risks"][1]["topic"] = document["risks"][0]["topic"]
    elif change == "backwards range":
        document["expenses"][1]["share"] = [0.2, 0.1]
    elif change == "fixed row key":
        document["expenses"][0]["key"] = "net_income"
    elif change == "unknown label":
        document["statement_labels"]["ebitda"] = "EBITDA"
    elif change == "other key":
        document["key"] = "thrifts"
    elif change == "no bands":
        del document["bands"]
    elif change == "unknown measure":
        document["metrics"] = ["loan_loss_allowance", "net_interest_margin"]
    return document


@pytest.mark.parametrize(
    ("change", "message", "path"),
    [
        ("missing headline", "'headline'", "$.risks[2]"),
        ("duplicate topic", "appears twice", "$.risks[1].topic"),
        ("backwards range", "runs backwards", "$.expenses[1].share"),
        ("fixed row key", "names a fixed row", "$.expenses[0].key"),
        ("unknown label", "unknown key 'ebitda'", "$.statement_labels.ebitda"),
        ("other key", "differs from the file's", "$.key"),
        ("no bands", "'bands'", "$"),
        ("unknown measure", "net_interest_margin", "$.metrics[1]"),
    ],
)
def test_a_broken_industry_is_refused_naming_the_file_and_entry(change: str, message: str, path: str) -> None:
    with pytest.raises(ConfigError) as error:
        parse_industry(broken(change), SOURCE, "regional_banking")
    assert error.value.source == SOURCE
    assert error.value.path == path
    assert message in error.value.message
    assert str(error.value).startswith(f"{SOURCE}: {path}")


@pytest.mark.parametrize("industry", INDUSTRIES, ids=lambda industry: industry.key)
def test_line_keys_are_new_statement_keys_and_every_expense_line_has_drivers(industry: Industry) -> None:
    statement_keys = {*INCOME_KEYS, *BALANCE_KEYS, *CASH_FLOW_KEYS}
    for line in (*industry.revenue_lines, *industry.expenses):
        assert line.key not in statement_keys
    for line in industry.expenses:
        assert line.drivers or line.key in MDNA_PROSE.expense_reasons
        assert not line.subject.lower().endswith(("expense expense", "costs expense", "expenses expense"))


def _seed_of(industry: Industry) -> int:
    """The first filing seed whose company is in ``industry``."""
    return next(
        seed
        for seed in range(5000)
        if make_company(RandomStream(derive_seed(seed, "filings", "company"))).industry == industry
    )


@pytest.mark.parametrize("industry", INDUSTRIES, ids=lambda industry: industry.key)
def test_each_industry_uses_its_own_vocabulary_in_its_filings(industry: Industry) -> None:
    filing = make_filing(_seed_of(industry), target_tokens=6000)
    income = read_table(filing, INCOME_STATEMENT_TITLE)
    assert income is not None
    labels = industry.statement_labels
    wanted = [line.label for line in (*industry.revenue_lines, *industry.expenses)]
    wanted += [labels.revenue, labels.cost_of_revenue, labels.gross_profit, labels.total_operating_expenses]
    assert set(wanted) <= set(income)
    # Item 1 or the MD&A overview says what the company does, in a sentence of its own facts
    # ("We sell ...; fiscal 2024 revenue was ...", "Based in Tampa, Florida, we sell ...").
    assert re.search(rf"\b[Ww]e {re.escape(industry.description)}[.;,]", filing.text), industry.description
    assert filing.facts["industry"] == industry.label


def test_a_bank_reads_like_a_bank() -> None:
    bank = next(industry for industry in INDUSTRIES if industry.key == "regional_banking")
    filing = make_filing(_seed_of(bank), target_tokens=6000)
    income = read_table(filing, INCOME_STATEMENT_TITLE)
    assert income is not None
    for row in ("Net interest income", "Noninterest income", "Provision for credit losses"):
        assert row in income
    assert "Total noninterest expense" in income
    assert "Gross profit" not in income and "Cost of revenue" not in income
    assert "Gross margin" not in filing.text


def _draws(count: int) -> list[tuple[Industry, Any, Any]]:
    drawn = []
    for seed in range(count):
        company = make_company(RandomStream(derive_seed(seed, "filings", "company")))
        statements = make_statements(company, RandomStream(derive_seed(seed, "filings", "statements")))
        drawn.append((company.industry, company, statements))
    return drawn


def test_every_drawn_company_keeps_its_side_facts_inside_its_industry_bands() -> None:
    """Bands are the declared ranges widened by the statements' documented yearly wiggle:
    gross margin +-1.5 points, receivable and inventory days +-5%, capital spending +-15%."""
    drawn = _draws(3000)
    assert {industry.key for industry, _, _ in drawn} == set(INDUSTRY_KEYS)
    for industry, company, statements in drawn:
        latest = statements.values[statements.years[-1]]
        dollars = latest["revenue"] * UNIT_DOLLARS[company.unit]
        low, high = industry.bands.revenue_per_employee
        assert low <= dollars / employee_count(company, latest["revenue"]) <= high, industry.key
        for year in statements.years:
            values = statements.values[year]
            revenue, cost = values["revenue"], values["cost_of_revenue"]
            margin = values["gross_profit"] / revenue
            assert industry.gross_margin[0] - 0.016 <= margin <= industry.gross_margin[1] + 0.016, (
                industry.key
            )
            receivable_days = values["accounts_receivable"] / revenue * DAYS_IN_YEAR
            days_low, days_high = industry.receivable_days
            # A bank's loans are sized by its balance model (tests/world/test_industry_ratios.py).
            if "accounts_receivable" not in dict(industry.balance.assets):
                assert days_low * 0.95 - 1 <= receivable_days <= days_high * 1.05 + 1, industry.key
            inventory_low, inventory_high = industry.inventory_days
            inventory_days = values["inventories"] / cost * DAYS_IN_YEAR
            assert inventory_low * 0.95 - 1 <= inventory_days <= inventory_high * 1.05 + 1, industry.key
            capex = -values["capital_expenditures"] / revenue
            assert industry.capex_share[0] * 0.85 - 0.001 <= capex <= industry.capex_share[1] * 1.15 + 0.001
            assert values["operating_income"] > 0, industry.key


def test_the_stated_head_count_is_the_banded_one() -> None:
    for seed in range(12):
        company = make_company(RandomStream(derive_seed(seed, "filings", "company")))
        statements = make_statements(company, RandomStream(derive_seed(seed, "filings", "statements")))
        filing = make_filing(seed, target_tokens=5000)
        latest = statements.values[statements.years[-1]]["revenue"]
        assert filing.facts["employees"] == employee_count(company, latest)
        assert f"{employee_count(company, latest):,} full-time employees" in filing.text
