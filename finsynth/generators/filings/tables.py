"""Financial statements rendered as text tables: a title line, a header line, then one row per line.

Cells are separated by ``" | "``; amounts use :func:`~finsynth.world.formatting.table_amount`
(negatives in parentheses, zero as a dash). Columns run from the latest fiscal year back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from finsynth.generators.filings.blocks import Block, Line, Paragraph
from finsynth.world.company import Company
from finsynth.world.formatting import fiscal_year_end, table_amount
from finsynth.world.industry_profiles import in_sentence
from finsynth.world.statements import Statements

CELL_SEPARATOR = " | "
INCOME_STATEMENT_TITLE = "Consolidated Statements of Operations"
BALANCE_SHEET_TITLE = "Consolidated Balance Sheets"
CASH_FLOW_TITLE = "Consolidated Statements of Cash Flows"

Row = tuple[str, str]  # (row label, statement key); the key is also the fact key before ".<year>"
TableRow = tuple[str, Sequence[str], tuple[str, ...]]  # (row label, cells, fact keys the row states)


@dataclass(frozen=True)
class BalanceSheetWords:
    """How the statements and notes name the balance-sheet lines whose words depend on classification.

    Attributes:
        prepaid: The line of prepaid expenses and other short-lived assets.
        other_prepaid: The last component of that line in the notes.
        other_assets: The line of other assets.
        other_liabilities: The line of other liabilities.

    """

    prepaid: str
    other_prepaid: str
    other_assets: str
    other_liabilities: str


CLASSIFIED_WORDS = BalanceSheetWords(
    "Prepaid expenses and other current assets",
    "Other current assets",
    "Other long-term assets",
    "Other long-term liabilities",
)
UNCLASSIFIED_WORDS = BalanceSheetWords(
    "Prepaid expenses and other receivables", "Other receivables", "Other assets", "Other liabilities"
)
"""A bank, insurer or REIT lists its balance sheet by liquidity, so no line is called current or long-term."""


def balance_sheet_words(statements: Statements) -> BalanceSheetWords:
    """The words for ``statements``' balance-sheet lines: classified or unclassified."""
    return CLASSIFIED_WORDS if statements.classified_balance_sheet else UNCLASSIFIED_WORDS


def table(title: str, header: Sequence[str], rows: Sequence[TableRow]) -> Paragraph:
    """Return a table paragraph.

    Args:
        title: The title line.
        header: Header cells, the first one naming the unit.
        rows: ``(label, cells, fact keys)`` per row.

    """
    lines = [Line(title), Line(CELL_SEPARATOR.join(header))]
    lines.extend(Line(CELL_SEPARATOR.join((label, *cells)), facts) for label, cells, facts in rows)
    return Paragraph(tuple(lines), kind="table")


def statement_rows(
    statements: Statements, rows: Sequence[Row], *, negate: frozenset[str] = frozenset()
) -> list[tuple[str, list[str], tuple[str, ...]]]:
    """Return table rows for statement keys over the fiscal years, latest first.

    Args:
        statements: The statements.
        rows: ``(label, key)`` pairs.
        negate: Keys shown with the opposite sign (expenses shown as deductions).

    """
    years = statements.years[::-1]
    rendered = []
    for label, key in rows:
        sign = -1 if key in negate else 1
        cells = [table_amount(sign * statements.values[year][key]) for year in years]
        rendered.append((label, cells, tuple(f"{key}.{year}" for year in years)))
    return rendered


def income_statement(company: Company, statements: Statements) -> Block:
    """Return the consolidated statements of operations."""
    labels = statements.labels
    rows: list[Row] = [(line.label, line.key) for line in statements.revenue_lines]
    rows.extend(
        [
            (labels.revenue, "revenue"),
            (labels.cost_of_revenue, "cost_of_revenue"),
            (labels.gross_profit, "gross_profit"),
        ]
    )
    rows.extend((line.label, line.key) for line in statements.expenses)
    rows.extend(
        [
            (labels.total_operating_expenses, "total_operating_expenses"),
            (labels.operating_income, "operating_income"),
            ("Interest expense", "interest_expense"),
            ("Other income (expense), net", "other_income"),
            ("Income before income taxes", "income_before_taxes"),
            ("Provision for income taxes", "income_tax_expense"),
            ("Net income", "net_income"),
        ]
    )
    years = statements.years[::-1]
    body = statement_rows(statements, rows, negate=frozenset({"interest_expense"}))
    body.append(
        (
            "Diluted net income per share",
            [f"{statements.diluted_eps[year]:.2f}" for year in years],
            tuple(f"diluted_eps.{year}" for year in years),
        )
    )
    body.extend(statement_rows(statements, [("Weighted-average diluted shares", "diluted_shares")]))
    header = (f"(in {company.unit}, except per-share amounts)", *(f"Fiscal {year}" for year in years))
    return Block((table(INCOME_STATEMENT_TITLE, header, body),))


def balance_sheet(company: Company, statements: Statements) -> Block:
    """Return the consolidated balance sheets at each fiscal year end.

    A classified balance sheet subtotals its current assets and current liabilities; an unclassified
    one (a bank's, an insurer's or a REIT's) lists the same lines by liquidity with no subtotal.
    """
    words = balance_sheet_words(statements)
    classified = statements.classified_balance_sheet
    rows: list[Row] = [
        ("Cash and cash equivalents", "cash"),
        ("Accounts receivable, net", "accounts_receivable"),
    ]
    if statements.has_inventory:
        rows.append(("Inventories", "inventories"))
    rows.append((words.prepaid, "prepaid_and_other"))
    if classified:
        rows.append(("Total current assets", "total_current_assets"))
    rows.extend(
        [
            ("Property and equipment, net", "property_and_equipment"),
            ("Goodwill", "goodwill"),
            ("Intangible assets, net", "intangible_assets"),
            (words.other_assets, "other_assets"),
            ("Total assets", "total_assets"),
            ("Accounts payable", "accounts_payable"),
            ("Accrued liabilities", "accrued_liabilities"),
        ]
    )
    if statements.has_deferred_revenue:
        rows.append(("Deferred revenue", "deferred_revenue"))
    rows.append(("Current portion of long-term debt", "current_debt"))
    if classified:
        rows.append(("Total current liabilities", "total_current_liabilities"))
    rows.extend(
        [
            ("Long-term debt, net of current portion", "long_term_debt"),
            (words.other_liabilities, "other_liabilities"),
            ("Total liabilities", "total_liabilities"),
            ("Common stock and additional paid-in capital", "paid_in_capital"),
            ("Retained earnings", "retained_earnings"),
            ("Treasury stock, at cost", "treasury_stock"),
            ("Total stockholders' equity", "total_equity"),
            ("Total liabilities and stockholders' equity", "total_liabilities_and_equity"),
        ]
    )
    rows = [(statements.balance.label(key, label), key) for label, key in rows]
    month = company.fiscal_year_end_month
    header = (f"(in {company.unit})", *(fiscal_year_end(year, month) for year in statements.years[::-1]))
    return Block((table(BALANCE_SHEET_TITLE, header, statement_rows(statements, rows)),))


def cash_flow_statement(company: Company, statements: Statements) -> Block:
    """Return the consolidated statements of cash flows.

    Changes in balances an industry treats as investing or financing (a bank's loans and deposits)
    are listed in those sections; the section totals include them.
    """
    model = statements.balance
    changes: list[Row] = [("Change in accounts receivable", "change_receivables")]
    if statements.has_inventory:
        changes.append(("Change in inventories", "change_inventories"))
    changes.extend(
        [
            (f"Change in {in_sentence(balance_sheet_words(statements).prepaid)}", "change_prepaid"),
            ("Change in accounts payable", "change_payables"),
            ("Change in accrued liabilities", "change_accrued"),
        ]
    )
    if statements.has_deferred_revenue:
        changes.append(("Change in deferred revenue", "change_deferred_revenue"))
    changes.append(("Change in other assets and liabilities, net", "change_other"))
    moved = (*model.investing_changes, *model.financing_changes)
    rows: list[Row] = [
        ("Net income", "net_income"),
        ("Depreciation and amortization", "depreciation_and_amortization"),
        ("Stock-based compensation", "stock_based_compensation"),
        *(row for row in changes if row[1] not in moved),
        ("Net cash provided by operating activities", "operating_cash_flow"),
        ("Purchases of property and equipment", "capital_expenditures"),
        ("Acquisitions, net of cash acquired", "acquisitions"),
        *(row for row in changes if row[1] in model.investing_changes),
        ("Net cash used in investing activities", "investing_cash_flow"),
        *(row for row in changes if row[1] in model.financing_changes),
        ("Proceeds from issuance of long-term debt", "debt_issued"),
        ("Repayments of long-term debt", "debt_repaid"),
        ("Proceeds from stock issued under employee plans", "stock_issued"),
        ("Repurchases of common stock", "share_repurchases"),
        ("Dividends paid", "dividends_paid"),
        ("Net cash provided by (used in) financing activities", "financing_cash_flow"),
        ("Net increase (decrease) in cash and cash equivalents", "net_change_in_cash"),
        ("Cash and cash equivalents at beginning of year", "beginning_cash"),
        ("Cash and cash equivalents at end of year", "ending_cash"),
    ]
    rows = [(model.cash_flow_label(key, label), key) for label, key in rows]
    header = (f"(in {company.unit})", *(f"Fiscal {year}" for year in statements.years[::-1]))
    return Block((table(CASH_FLOW_TITLE, header, statement_rows(statements, rows)),))


EQUITY_STATEMENT_TITLE = "Consolidated Statements of Stockholders' Equity"
_EQUITY_COLUMNS = ("paid_in_capital", "retained_earnings", "treasury_stock", "total_equity")
_EQUITY_FLOWS = (
    ("Net income", {"retained_earnings": "net_income"}),
    ("Stock-based compensation", {"paid_in_capital": "stock_based_compensation"}),
    ("Stock issued under employee plans", {"paid_in_capital": "stock_issued"}),
    ("Repurchases of common stock", {"treasury_stock": "share_repurchases"}),
    ("Dividends", {"retained_earnings": "dividends_paid"}),
)


def equity_statement(company: Company, statements: Statements) -> Block:
    """Return the statements of stockholders' equity: each year's balances rolled forward by its flows."""
    header = (
        f"(in {company.unit})",
        "Paid-in capital",
        "Retained earnings",
        "Treasury stock",
        "Total equity",
    )
    rows: list[tuple[str, list[str], tuple[str, ...]]] = []
    for year in statements.years:
        values = statements.values[year]
        flows = [
            [values[mapping[column]] if column in mapping else 0 for column in _EQUITY_COLUMNS[:3]]
            for _, mapping in _EQUITY_FLOWS
        ]
        ending = [values[column] for column in _EQUITY_COLUMNS[:3]]
        opening = [end - sum(flow[position] for flow in flows) for position, end in enumerate(ending)]
        rows.append((f"Balance at beginning of fiscal {year}", _equity_cells(opening), ()))
        for (label, _), flow in zip(_EQUITY_FLOWS, flows, strict=True):
            rows.append((f"{label}, fiscal {year}", _equity_cells(flow), ()))
        facts = tuple(f"{column}.{year}" for column in _EQUITY_COLUMNS)
        rows.append((f"Balance at end of fiscal {year}", _equity_cells(ending), facts))
    return Block((table(EQUITY_STATEMENT_TITLE, header, rows),))


def _equity_cells(amounts: Sequence[int]) -> list[str]:
    return [table_amount(amount) for amount in (*amounts, sum(amounts))]
