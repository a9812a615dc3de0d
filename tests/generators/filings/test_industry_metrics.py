"""Industry measures (FFO, underwriting ratios, rate base, deferred revenue, loan allowance) tie out.

The rendered tables are read back from the filing's text and checked with exact arithmetic
(integers, and fractions for ratios) against the statements rendered in the same filing; the
measure blocks are also rebuilt for many companies of each industry and checked against the
statements they were drawn from.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from importlib import resources

import pytest

from finsynth.generators.filings import Filing, make_filing
from finsynth.generators.filings.industry_metrics import (
    INDUSTRY_METRICS,
    PREMIUMS_KEY,
    RECOGNIZED_FROM_DEFERRED_KEY,
)
from finsynth.seeding import RandomStream, derive_seed
from finsynth.world.company import make_company
from finsynth.world.industries import INDUSTRIES
from finsynth.world.statements import DEFERRED_REVENUE, make_statements
from tests.generators.filings.seeds import industry_seeds
from tests.generators.filings.tables import header, read_table

Columns = dict[int, dict[str, float]]
CARRIERS = {
    name: [industry for industry in INDUSTRIES if name in industry.metrics] for name in INDUSTRY_METRICS
}
FEE_RANGE = (25.0, 65.0)
"""Effective fee rates of public traditional asset managers, in basis points of average AUM (their 10-Ks)."""
RENDERED_SEEDS = 25
BUILT_SEEDS = 120


def columns(filing: Filing, title: str) -> Columns:
    """A rendered table as ``{fiscal year: {row label: amount}}`` (the year read from each header cell)."""
    table = read_table(filing, title)
    assert table is not None, title
    years = [int(re.findall(r"\d{4}", cell)[0]) for cell in header(filing, title)[1:]]
    return {
        year: {label: cells[position] for label, cells in table.items()}
        for position, year in enumerate(years)
    }


def within_half_a_place(stated: float, exact: Fraction, decimals: int) -> bool:
    return abs(Fraction(str(stated)) - exact) <= Fraction(1, 2 * 10**decimals)


def test_the_schema_lists_every_measure_and_each_is_carried_by_an_industry() -> None:
    schema = json.loads(resources.files("finsynth.schemas").joinpath("industry.schema.json").read_text())
    assert sorted(schema["properties"]["metrics"]["items"]["enum"]) == sorted(INDUSTRY_METRICS)
    assert all(CARRIERS.values()), CARRIERS
    assert DEFERRED_REVENUE in INDUSTRY_METRICS
    reits = [industry.key for industry in INDUSTRIES if "real estate investment trust" in industry.label]
    assert reits and {industry.key for industry in CARRIERS["funds_from_operations"]} >= set(reits)
    # The lines a measure divides by or recognizes through must exist in every carrier's statements.
    for name, key in (
        ("underwriting_ratios", PREMIUMS_KEY),
        ("deferred_revenue", RECOGNIZED_FROM_DEFERRED_KEY),
    ):
        for industry in CARRIERS[name]:
            assert key in [line.key for line in industry.revenue_lines], (industry.key, key)


def _check_ffo(filing: Filing) -> None:
    ffo = columns(filing, "Reconciliation of net income to funds from operations")
    income = columns(filing, "Consolidated Statements of Operations")
    cash = columns(filing, "Consolidated Statements of Cash Flows")
    for year, rows in ffo.items():
        assert rows["Net income"] == income[year]["Net income"]
        # A REIT must distribute most of its income, so it pays a dividend whenever it earns one.
        assert rows["Net income"] <= 0 or cash[year]["Dividends paid"] <= -0.85 * rows["Net income"]
        assert rows["Weighted-average diluted shares"] == income[year]["Weighted-average diluted shares"]
        assert rows["Funds from operations (FFO)"] == (
            rows["Net income"]
            + rows["Depreciation and amortization of real estate"]
            + rows["Impairment of real estate"]
            + rows["Gains on sales of real estate"]
        )
        assert (
            0
            < rows["Depreciation and amortization of real estate"]
            <= cash[year]["Depreciation and amortization"]
        )
        assert (
            0
            <= -rows["Gains on sales of real estate"]
            <= max(0.0, income[year]["Other income (expense), net"])
        )
        assert 0 <= rows["Impairment of real estate"] <= income[year]["Property operating expenses"]
        exact = Fraction(
            int(rows["Funds from operations (FFO)"]), int(rows["Weighted-average diluted shares"])
        )
        assert within_half_a_place(rows["FFO per diluted share"], exact, 2)


def _check_underwriting(filing: Filing) -> None:
    ratios = columns(filing, "Underwriting ratios")
    income = columns(filing, "Consolidated Statements of Operations")
    for year, rows in ratios.items():
        premiums = rows["Net premiums earned"]
        losses, costs = (
            rows["Losses and loss adjustment expenses"],
            rows["Total underwriting and other costs"],
        )
        assert premiums == income[year]["Net premiums earned"]
        assert losses == income[year]["Losses and loss adjustment expenses"]
        assert costs == income[year]["Total underwriting and other costs"]
        assert rows["Underwriting income (loss)"] == premiums - losses - costs
        for label, part in (
            ("Loss and loss adjustment expense ratio", losses),
            ("Expense ratio", costs),
            ("Combined ratio", losses + costs),
        ):
            assert within_half_a_place(rows[label], Fraction(int(part), int(premiums)) * 100, 1), (
                label,
                year,
            )


def _check_rate_base(filing: Filing) -> None:
    base = columns(filing, "Rate base")
    balance = columns(filing, "Consolidated Balance Sheets")
    for year, rows in base.items():
        plant = rows["Utility plant, net of accumulated depreciation"]
        assert plant == balance[year]["Utility plant, net of accumulated depreciation"]
        assert rows["Rate base"] == (
            plant + rows["Less accumulated deferred income taxes"] + rows["Plus working capital and other"]
        )
        assert 0.8 * plant < rows["Rate base"] < plant
    allowed = float(re.findall(r"allowed return on equity of (\d+\.\d\d)%", filing.text)[0])
    assert 9.0 <= allowed <= 11.0


def _check_deferred_revenue(filing: Filing) -> None:
    note = columns(filing, "Deferred revenue")
    balance = columns(filing, "Consolidated Balance Sheets")
    cash = columns(filing, "Consolidated Statements of Cash Flows")
    income = columns(filing, "Consolidated Statements of Operations")
    for year, rows in note.items():
        assert rows["Balance at end of year"] == balance[year]["Deferred revenue"]
        if year - 1 in balance:
            assert rows["Balance at beginning of year"] == balance[year - 1]["Deferred revenue"]
        assert (
            rows["Balance at end of year"] - rows["Balance at beginning of year"]
            == (cash[year]["Change in deferred revenue"])
        )
        assert (
            rows["Balance at beginning of year"] + rows["Billings"] + rows["Subscription revenue recognized"]
            == (rows["Balance at end of year"])
        )
        assert -rows["Subscription revenue recognized"] == income[year]["Subscription revenue"]


def _check_loan_allowance(filing: Filing) -> None:
    allowance = columns(filing, "Allowance for credit losses on loans")
    income = columns(filing, "Consolidated Statements of Operations")
    for year, rows in allowance.items():
        assert rows["Provision for credit losses"] == income[year]["Provision for credit losses"]
        assert (
            rows["Balance at beginning of year"]
            + rows["Provision for credit losses"]
            + rows["Net charge-offs"]
            == (rows["Balance at end of year"])
        )
        assert rows["Net charge-offs"] <= 0 < rows["Balance at end of year"]
        if year - 1 in allowance:
            assert rows["Balance at beginning of year"] == allowance[year - 1]["Balance at end of year"]


def _check_bank_ratios(filing: Filing) -> None:
    ratios = columns(filing, "Net interest margin, efficiency and capital ratios")
    income = columns(filing, "Consolidated Statements of Operations")
    balance = columns(filing, "Consolidated Balance Sheets")
    earning = (
        "Cash and due from banks",
        "Loans, net of allowance for credit losses",
        "Investment securities",
    )
    for year, rows in ratios.items():
        average = Fraction(
            sum(int(balance[when][label]) for when in (year, year - 1) for label in earning), 2
        )
        assert abs(rows["Average earning assets"] - average) <= Fraction(1, 2)
        nim = Fraction(int(income[year]["Net interest income"]), int(rows["Average earning assets"])) * 100
        assert within_half_a_place(rows["Net interest margin"], nim, 2)
        efficiency = Fraction(
            int(income[year]["Total noninterest expense"]), int(income[year]["Total net revenue"])
        )
        assert within_half_a_place(rows["Efficiency ratio"], efficiency * 100, 1)
        capital = balance[year]["Total stockholders' equity"] - balance[year]["Goodwill"]
        assert rows["Common equity Tier 1 capital"] == capital - balance[year]["Intangible assets, net"]
        cet1 = Fraction(int(rows["Common equity Tier 1 capital"]), int(rows["Risk-weighted assets"])) * 100
        assert within_half_a_place(rows["Common equity Tier 1 capital ratio"], cet1, 1)
        assert rows["Common equity Tier 1 capital ratio"] > 6.5 and rows["Tier 1 leverage ratio"] > 5.0


def _check_assets_under_management(filing: Filing) -> None:
    aum = columns(filing, "Assets under management")
    for year, rows in aum.items():
        assert rows["Assets under management, end of year"] == (
            rows["Assets under management, beginning of year"]
            + rows["Net client flows"]
            + rows["Market appreciation (depreciation)"]
        )
        average = Fraction(
            int(
                rows["Assets under management, beginning of year"]
                + rows["Assets under management, end of year"]
            ),
            2,
        )
        assert abs(rows["Average assets under management"] - average) <= Fraction(1, 2)
        rate = (
            Fraction(int(rows["Investment advisory fees"]), int(rows["Average assets under management"]))
            * 10_000
        )
        assert abs(rate - Fraction(str(rows["Effective fee rate (basis points)"]))) < Fraction(1, 10)
        if year - 1 in aum:
            assert (
                rows["Assets under management, beginning of year"]
                == aum[year - 1]["Assets under management, end of year"]
            )


CHECKS = {
    "funds_from_operations": _check_ffo,
    "underwriting_ratios": _check_underwriting,
    "rate_base": _check_rate_base,
    "deferred_revenue": _check_deferred_revenue,
    "loan_loss_allowance": _check_loan_allowance,
    "bank_ratios": _check_bank_ratios,
    "assets_under_management": _check_assets_under_management,
}


def test_every_measure_has_a_tie_check() -> None:
    assert set(CHECKS) == set(TITLES) == set(INDUSTRY_METRICS)


@pytest.mark.parametrize(
    ("name", "industry"),
    [(name, industry.key) for name, carriers in CARRIERS.items() for industry in carriers],
)
def test_rendered_measure_tables_tie_to_the_rendered_statements(name: str, industry: str) -> None:
    for seed in industry_seeds(industry, RENDERED_SEEDS):
        CHECKS[name](make_filing(seed, target_tokens=27000))


TITLES = {
    "funds_from_operations": "Reconciliation of net income to funds from operations",
    "underwriting_ratios": "Underwriting ratios",
    "rate_base": "Rate base",
    "deferred_revenue": "Deferred revenue",
    "loan_loss_allowance": "Allowance for credit losses on loans",
    "bank_ratios": "Net interest margin, efficiency and capital ratios",
    "assets_under_management": "Assets under management",
}


@pytest.mark.parametrize(
    ("name", "industry"),
    [(name, industry.key) for name, carriers in CARRIERS.items() for industry in carriers],
)
def test_a_measure_is_kept_wherever_the_filing_has_room_for_it(name: str, industry: str) -> None:
    # Preferred blocks are offered first: 7,000 tokens leave room beyond any filing's required content.
    for seed in industry_seeds(industry, 8, start=500):
        assert read_table(make_filing(seed, target_tokens=7000), TITLES[name]) is not None, seed


def test_measures_are_left_out_of_other_industries() -> None:
    titles = [TITLES[name] for name in ("funds_from_operations", "underwriting_ratios", "rate_base")]
    for seed in range(12):
        filing = make_filing(seed, target_tokens=27000)
        carried = next(
            industry for industry in INDUSTRIES if industry.label == filing.facts["industry"]
        ).metrics
        assert ("Deferred revenue" in filing.text.split("\n")) == (DEFERRED_REVENUE in carried)
        if not carried:
            assert all(read_table(filing, title) is None for title in titles)


@pytest.mark.parametrize(
    "industry", [industry.key for carriers in CARRIERS.values() for industry in carriers]
)
def test_measure_facts_tie_to_the_statements_of_many_companies(industry: str) -> None:
    for seed in industry_seeds(industry, BUILT_SEEDS):
        company = make_company(RandomStream(derive_seed(seed, "filings", "company")))
        statements = make_statements(company, RandomStream(derive_seed(seed, "filings", "statements")))
        for name in company.industry.metrics:
            facts = INDUSTRY_METRICS[name].build(company, statements, RandomStream(seed)).facts
            for year in statements.years:
                values = statements.values[year]
                if name == "funds_from_operations":
                    assert facts[f"ffo.{year}"] == (
                        values["net_income"]
                        + facts[f"ffo.depreciation.{year}"]
                        + facts[f"ffo.impairment.{year}"]
                        - facts[f"ffo.gains.{year}"]
                    )
                elif name == "underwriting_ratios":
                    premiums = values[PREMIUMS_KEY]
                    exact = Fraction(values["cost_of_revenue"] + values["total_operating_expenses"], premiums)
                    assert within_half_a_place(float(facts[f"combined_ratio.{year}"]), exact * 100, 1)
                elif name == "deferred_revenue" and f"deferred_revenue.billings.{year}" in facts:
                    assert facts[f"deferred_revenue.billings.{year}"] == (
                        values[RECOGNIZED_FROM_DEFERRED_KEY] + values["change_deferred_revenue"]
                    )
                    assert values["deferred_revenue"] > 0
                elif name == "bank_ratios" and f"net_interest_margin.{year}" in facts:
                    assert 2.5 <= float(facts[f"net_interest_margin.{year}"]) <= 4.5
                    assert float(facts[f"cet1_ratio.{year}"]) > 6.5
                elif name == "assets_under_management":
                    assert FEE_RANGE[0] <= float(facts[f"fee_rate_bps.{year}"]) <= FEE_RANGE[1]
                    assert int(facts[f"aum.{year}"]) > 0
                elif name == "loan_loss_allowance" and f"loan_allowance.closing.{year}" in facts:
                    # Allowance over loans 0.8%-2.2% (FDIC Quarterly Banking Profile: 1.2%-1.8% since 2020).
                    share = float(facts[f"loan_allowance.closing.{year}"]) / values["accounts_receivable"]
                    assert 0.008 <= share <= 0.022, share
                    assert facts[f"loan_allowance.closing.{year}"] == (
                        facts[f"loan_allowance.opening.{year}"]
                        + values["cost_of_revenue"]
                        - facts[f"loan_allowance.charge_offs.{year}"]
                    )
                    assert facts[f"loan_allowance.closing.{year}"] > 0
                elif name == "rate_base" and f"rate_base.{year}" in facts:
                    assert facts[f"rate_base.{year}"] == (
                        values["property_and_equipment"]
                        - facts[f"rate_base.deferred_taxes.{year}"]
                        + facts[f"rate_base.working_capital.{year}"]
                    )
