"""Accounting identities, checked on numbers parsed back from the rendered filing text."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.generators.filings import Filing, make_filing
from finsynth.world.industries import INDUSTRIES
from finsynth.world.industry_profiles import Industry
from tests.generators.filings.seeds import industry_seeds
from tests.generators.filings.tables import Table, header_years, read_table

SEEDS = st.integers(min_value=0, max_value=2**40)
FULL_LENGTH = 27_000  # long enough to keep nearly every optional note


def _statement(filing: Filing, title: str) -> tuple[Table, list[int]]:
    """A statement's rows, the lines an industry relabels (a bank's "Deposits") under their general labels."""
    table = read_table(filing, title)
    assert table is not None, f"{title} missing"
    model = _industry(filing).balance
    general = {label: key for key, label in (*model.labels, *model.cash_flow_labels)}
    if general:
        defaults = dict(GENERAL_LABELS)
        table = {defaults.get(general.get(label, ""), label): cells for label, cells in table.items()}
    return table, header_years(filing, title)


GENERAL_LABELS = (
    ("cash", "Cash and cash equivalents"),
    ("accounts_receivable", "Accounts receivable, net"),
    ("inventories", "Inventories"),
    ("prepaid_and_other", "Prepaid expenses and other receivables"),
    ("property_and_equipment", "Property and equipment, net"),
    ("accounts_payable", "Accounts payable"),
    ("accrued_liabilities", "Accrued liabilities"),
    ("current_debt", "Current portion of long-term debt"),
    ("long_term_debt", "Long-term debt, net of current portion"),
    ("other_liabilities", "Other long-term liabilities"),
    ("change_receivables", "Change in accounts receivable"),
    ("change_prepaid", "Change in prepaid expenses and other receivables"),
    ("change_payables", "Change in accounts payable"),
    ("change_accrued", "Change in accrued liabilities"),
    ("capital_expenditures", "Purchases of property and equipment"),
)
"""The general labels of the lines an industry's balance model may rename (see ``BalanceModel.labels``)."""


def _industry(filing: Filing) -> Industry:
    return next(industry for industry in INDUSTRIES if industry.label == filing.facts["industry"])


def _rows_between(table: Table, first: str, last: str) -> list[str]:
    labels = list(table)
    return labels[labels.index(first) + 1 : labels.index(last)]


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_income_statement_adds_up(seed: int) -> None:
    filing = make_filing(seed, target_tokens=5000)
    income, years = _statement(filing, "Consolidated Statements of Operations")
    names = _industry(filing).statement_labels
    assert years == sorted(filing.fiscal_years, reverse=True)
    revenue_lines = list(income)[: list(income).index(names.revenue)]
    expense_rows = _rows_between(income, names.gross_profit, names.total_operating_expenses)
    for column in range(len(years)):
        row = {label: cells[column] for label, cells in income.items()}
        if revenue_lines:
            assert row[names.revenue] == sum(row[label] for label in revenue_lines)
        assert row[names.gross_profit] == row[names.revenue] - row[names.cost_of_revenue]
        assert row[names.total_operating_expenses] == sum(row[label] for label in expense_rows)
        assert row[names.operating_income] == row[names.gross_profit] - row[names.total_operating_expenses]
        # Interest expense is shown as a deduction (in parentheses).
        assert row["Income before income taxes"] == (
            row[names.operating_income] + row["Interest expense"] + row["Other income (expense), net"]
        )
        assert row["Net income"] == row["Income before income taxes"] - row["Provision for income taxes"]
        eps = row["Net income"] / row["Weighted-average diluted shares"]
        assert math.isclose(row["Diluted net income per share"], eps, abs_tol=0.005 + 1e-9)


def _check_classified(bs: dict[str, float], current_assets: list[str], long_term: list[str]) -> None:
    assert bs["Total current assets"] == sum(bs.get(label, 0.0) for label in current_assets)
    assert bs["Total assets"] == bs["Total current assets"] + sum(bs[label] for label in long_term)
    assert bs["Total current liabilities"] == (
        bs["Accounts payable"]
        + bs["Accrued liabilities"]
        + bs.get("Deferred revenue", 0.0)
        + bs["Current portion of long-term debt"]
    )
    assert bs["Total liabilities"] == (
        bs["Total current liabilities"]
        + bs["Long-term debt, net of current portion"]
        + bs["Other long-term liabilities"]
    )


@settings(max_examples=12, deadline=None)
@given(seed=SEEDS)
def test_balance_sheet_balances_and_cash_flow_reaches_balance_sheet_cash(seed: int) -> None:
    filing = make_filing(seed, target_tokens=5000)
    balance, balance_years = _statement(filing, "Consolidated Balance Sheets")
    cash_flow, flow_years = _statement(filing, "Consolidated Statements of Cash Flows")
    income, _ = _statement(filing, "Consolidated Statements of Operations")
    assert balance_years == flow_years
    current_assets = ["Cash and cash equivalents", "Accounts receivable, net", "Inventories"]
    current_assets.append("Prepaid expenses and other current assets")
    long_term = [
        "Property and equipment, net",
        "Goodwill",
        "Intangible assets, net",
        "Other long-term assets",
    ]
    operating = list(cash_flow)[: list(cash_flow).index("Net cash provided by operating activities")]
    classified = "Total current assets" in balance
    asset_rows = list(balance)[: list(balance).index("Total assets")]
    liability_rows = _rows_between(balance, "Total assets", "Total liabilities")
    for column in range(len(balance_years)):
        bs = {label: cells[column] for label, cells in balance.items()}
        cf = {label: cells[column] for label, cells in cash_flow.items()}
        if not classified:  # a bank, insurer or REIT lists its lines by liquidity, without subtotals
            assert bs["Total assets"] == sum(bs[label] for label in asset_rows)
            assert bs["Total liabilities"] == sum(bs[label] for label in liability_rows)
        else:
            _check_classified(bs, current_assets, long_term)
        assert bs["Total stockholders' equity"] == (
            bs["Common stock and additional paid-in capital"]
            + bs["Retained earnings"]
            + bs["Treasury stock, at cost"]
        )
        assert bs["Total assets"] == bs["Total liabilities and stockholders' equity"]
        assert bs["Total assets"] == bs["Total liabilities"] + bs["Total stockholders' equity"]

        assert cf["Net income"] == income["Net income"][column]
        assert cf["Net cash provided by operating activities"] == sum(cf[label] for label in operating)
        # A bank lists its change in loans and securities under investing and in deposits under financing.
        investing = _rows_between(
            cash_flow, "Net cash provided by operating activities", "Net cash used in investing activities"
        )
        assert {"Purchases of property and equipment", "Acquisitions, net of cash acquired"} <= set(investing)
        assert cf["Net cash used in investing activities"] == sum(cf[label] for label in investing)
        financing = _rows_between(
            cash_flow,
            "Net cash used in investing activities",
            "Net cash provided by (used in) financing activities",
        )
        assert {"Proceeds from issuance of long-term debt", "Dividends paid"} <= set(financing)
        assert cf["Net cash provided by (used in) financing activities"] == sum(
            cf[label] for label in financing
        )
        assert cf["Net increase (decrease) in cash and cash equivalents"] == (
            cf["Net cash provided by operating activities"]
            + cf["Net cash used in investing activities"]
            + cf["Net cash provided by (used in) financing activities"]
        )
        assert cf["Cash and cash equivalents at end of year"] == (
            cf["Cash and cash equivalents at beginning of year"]
            + cf["Net increase (decrease) in cash and cash equivalents"]
        )
        assert cf["Cash and cash equivalents at end of year"] == bs["Cash and cash equivalents"]

    # Columns run from the latest year back: column + 1 is the year before.
    for column in range(len(balance_years) - 1):
        now = {label: cells[column] for label, cells in balance.items()}
        before = {label: cells[column + 1] for label, cells in balance.items()}
        cf = {label: cells[column] for label, cells in cash_flow.items()}
        assert cf["Cash and cash equivalents at beginning of year"] == before["Cash and cash equivalents"]
        assert (
            now["Retained earnings"] - before["Retained earnings"] == cf["Net income"] + cf["Dividends paid"]
        )
        assert (
            now["Treasury stock, at cost"] - before["Treasury stock, at cost"]
            == cf["Repurchases of common stock"]
        )
        assert now["Common stock and additional paid-in capital"] - before[
            "Common stock and additional paid-in capital"
        ] == (cf["Stock-based compensation"] + cf["Proceeds from stock issued under employee plans"])


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS)
def test_equity_statement_and_notes_agree_with_the_statements(seed: int) -> None:
    filing = make_filing(seed, target_tokens=FULL_LENGTH)
    income, years = _statement(filing, "Consolidated Statements of Operations")
    names = _industry(filing).statement_labels
    balance, _ = _statement(filing, "Consolidated Balance Sheets")
    equity = read_table(filing, "Consolidated Statements of Stockholders' Equity")
    if equity is not None:
        for column, year in enumerate(years):
            opening = equity[f"Balance at beginning of fiscal {year}"]
            flows = [cells for label, cells in equity.items() if label.endswith(f", fiscal {year}")]
            closing = equity[f"Balance at end of fiscal {year}"]
            for position in range(4):
                assert closing[position] == opening[position] + sum(flow[position] for flow in flows)
            assert closing[3] == balance["Total stockholders' equity"][column]
            assert closing[1] == balance["Retained earnings"][column]
    segments = read_table(filing, "Revenue by segment")
    if segments is not None:
        for column in range(len(years)):
            parts = [cells[column] for label, cells in segments.items() if label != "Total revenue"]
            assert sum(parts) == segments["Total revenue"][column] == income[names.revenue][column]
    segment_income = read_table(filing, "Segment operating income")
    if segment_income is not None:
        for column in range(len(years)):
            parts = [cells[column] for label, cells in segment_income.items() if label != "Operating income"]
            assert (
                sum(parts)
                == segment_income["Operating income"][column]
                == income[names.operating_income][column]
            )
    for column, year in enumerate(years):
        quarters = read_table(filing, f"Quarterly results for fiscal {year} (unaudited)")
        if quarters is not None:
            for label, statement_label in (
                ("Revenue", names.revenue),
                (names.gross_profit, names.gross_profit),
                ("Operating income", names.operating_income),
                ("Net income", "Net income"),
            ):
                assert sum(quarters[label]) == income[statement_label][column]
        by_segment = read_table(filing, f"Quarterly revenue by segment for fiscal {year} (unaudited)")
        if by_segment is not None:
            for quarter in range(4):
                parts = [cells[quarter] for label, cells in by_segment.items() if label != "Total revenue"]
                assert sum(parts) == by_segment["Total revenue"][quarter]
            assert sum(by_segment["Total revenue"]) == income[names.revenue][column]


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_facts_are_the_rendered_amounts(seed: int) -> None:
    filing = make_filing(seed, target_tokens=5000)
    income, years = _statement(filing, "Consolidated Statements of Operations")
    names = _industry(filing).statement_labels
    balance, _ = _statement(filing, "Consolidated Balance Sheets")
    for column, year in enumerate(years):
        assert filing.facts[f"revenue.{year}"] == income[names.revenue][column]
        assert filing.facts[f"net_income.{year}"] == income["Net income"][column]
        assert filing.facts[f"diluted_eps.{year}"] == income["Diluted net income per share"][column]
        assert filing.facts[f"total_assets.{year}"] == balance["Total assets"][column]
        assert filing.facts[f"cash.{year}"] == balance["Cash and cash equivalents"][column]


MODELLED = ("regional_banking", "property_casualty_insurance", "office_industrial_reit", "electric_utility")
"""Industries with their own balance-sheet model (loans and deposits, reserves, real estate, plant)."""


@pytest.mark.parametrize("key", MODELLED)
def test_industry_balance_models_tie_out_in_the_rendered_statements(key: str) -> None:
    for seed in industry_seeds(key, 2):
        test_balance_sheet_balances_and_cash_flow_reaches_balance_sheet_cash.hypothesis.inner_test(seed)  # type: ignore[attr-defined]
        test_facts_are_the_rendered_amounts.hypothesis.inner_test(seed)  # type: ignore[attr-defined]
