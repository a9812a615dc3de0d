"""Income statements, balance sheets and cash-flow statements whose identities hold exactly.

Every amount is a whole number of the company's unit. The statements are built forward
from an opening balance sheet, so each identity holds by construction:

* gross profit = revenue − cost of revenue; operating income = gross profit − operating expenses;
  net income = income before taxes − income tax expense;
* ending cash = beginning cash + operating + investing + financing cash flows, and equals the
  balance-sheet cash;
* retained earnings grow by net income less dividends; treasury stock by repurchases;
  paid-in capital by stock-based compensation and stock issued;
* total assets = total liabilities + total equity.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from finsynth.seeding import RandomStream
from finsynth.world.company import Company
from finsynth.world.cost_structure import draw_cost_structure
from finsynth.world.industry_profiles import (
    GENERAL_BALANCE,
    BalanceModel,
    ExpenseLine,
    Industry,
    StatementLabels,
)

_DAYS_IN_YEAR = 365
MINIMUM_OPERATING_MARGIN = 0.06
"""The operating margin a company is planned to keep (with headroom, so yearly noise seldom goes lower)."""
GROSS_MARGIN_NOISE = 0.015
"""How far a year's gross margin strays either way from the company's drawn gross margin."""
EXPENSE_NOISE = 0.05
"""How far a year's operating-expense line strays, as a fraction of its drawn share of revenue."""
OPENING_DEBT_SHARE = (0.0, 0.45)
"""Range of opening debt as a fraction of revenue for a typical company (a filing's)."""
_MARGIN_HEADROOM = 0.04
_BASE_REVENUE = {"thousands": (60_000.0, 950_000.0), "millions": (400.0, 40_000.0)}
_SEGMENT_GROWTH_SPREAD = 0.07
_COMFORTABLE_CASH_SHARE = 0.3
_LOWEST_GROWTH, _HIGHEST_GROWTH = -0.2, 0.4
_DEFERRED_REVENUE_SHARE = (0.12, 0.3)
"""Range of year-end deferred revenue as a fraction of the year's revenue (annual plans billed ahead)."""
_BUILDING_DEPRECIATION_RATE = (1 / 40, 1 / 25)
"""Yearly depreciation rate of buildings (useful lives of 25 to 40 years), where an industry declares
``depreciation_share``."""
DEFERRED_REVENUE = "deferred_revenue"
"""The industry metric that gives the balance sheet a deferred-revenue line (see ``Industry.metrics``)."""


REGIONS = ("United States", "Europe", "Rest of world")
QUARTERLY_KEYS = ("revenue", "gross_profit", "operating_income", "net_income")


def has_foreign_revenue(statements: Statements) -> bool:
    """Whether the company earned revenue outside the United States in its latest fiscal year."""
    latest = statements.values[statements.years[-1]]
    return any(latest[f"region.{index}"] for index in range(1, len(REGIONS)))


def total_debt(values: Mapping[str, int]) -> int:
    """Total debt (current and long-term) in one year's ``values``; a line the year lacks counts as 0."""
    return values.get("current_debt", 0) + values.get("long_term_debt", 0)


def split_whole(total: int, weights: Sequence[float]) -> list[int]:
    """Split ``total`` into whole parts proportional to ``weights``; the last part takes the remainder."""
    parts = [round(total * weight / sum(weights)) for weight in weights[:-1]]
    return [*parts, total - sum(parts)]


@dataclass(frozen=True)
class Statements:
    """The financial statements of a company over its fiscal years.

    Attributes:
        years: Fiscal years, oldest first.
        expenses: Operating-expense lines, in income-statement order.
        revenue_lines: Parts of revenue (by key) shown above the revenue total; empty for one row.
        labels: How the income statement names its fixed rows.
        has_inventory: Whether the company holds inventory (lines are omitted otherwise).
        has_deferred_revenue: Whether the company bills ahead of revenue and shows deferred revenue
            (its industry carries the ``deferred_revenue`` metric; lines are omitted otherwise).
        values: ``values[year][key]`` is a whole amount of the unit (shares in units of the same
            scale); cash-flow amounts are signed cash effects (outflows negative) and treasury
            stock is negative. Keys are listed in
            :data:`~finsynth.world.industry_profiles.INCOME_KEYS`, :data:`BALANCE_KEYS`,
            :data:`CASH_FLOW_KEYS`, plus ``segment.<i>`` for segment revenue,
            ``segment_income.<i>`` for segment operating income and ``corporate_expense`` for the
            unallocated costs (negative) that bring segment income to consolidated operating income,
            the revenue lines' keys (they add up to ``revenue``),
            ``region.<r>`` for revenue by region (see :data:`REGIONS`) and ``quarter.<q>.<key>`` for
            the quarters (1–4) of each key in :data:`QUARTERLY_KEYS` and ``quarter.<q>.segment.<i>``.
        diluted_eps: Net income per diluted share in dollars, rounded to cents.
        opening_cash: Cash at the start of the first fiscal year.
        balance: The industry's balance-sheet model: what its relabeled lines are called and which
            balance changes are investing or financing cash flows.
        classified_balance_sheet: Whether the balance sheet splits current from noncurrent items
            (see :attr:`~finsynth.world.industry_profiles.Industry.classified_balance_sheet`); an
            unclassified one has no ``total_current_assets`` or ``total_current_liabilities`` values.

    """

    years: tuple[int, ...]
    expenses: tuple[ExpenseLine, ...]
    revenue_lines: tuple[ExpenseLine, ...]
    labels: StatementLabels
    has_inventory: bool
    values: Mapping[int, Mapping[str, int]]
    diluted_eps: Mapping[int, float]
    opening_cash: int
    has_deferred_revenue: bool = False
    classified_balance_sheet: bool = True
    balance: BalanceModel = GENERAL_BALANCE


BALANCE_KEYS = (
    "cash",
    "accounts_receivable",
    "inventories",
    "prepaid_and_other",
    "total_current_assets",
    "property_and_equipment",
    "goodwill",
    "intangible_assets",
    "other_assets",
    "total_assets",
    "accounts_payable",
    "accrued_liabilities",
    "deferred_revenue",
    "current_debt",
    "total_current_liabilities",
    "long_term_debt",
    "other_liabilities",
    "total_liabilities",
    "paid_in_capital",
    "retained_earnings",
    "treasury_stock",
    "total_equity",
    "total_liabilities_and_equity",
)
CASH_FLOW_KEYS = (
    "depreciation_and_amortization",
    "stock_based_compensation",
    "change_receivables",
    "change_inventories",
    "change_prepaid",
    "change_payables",
    "change_accrued",
    "change_deferred_revenue",
    "change_other",
    "operating_cash_flow",
    "capital_expenditures",
    "acquisitions",
    "investing_cash_flow",
    "debt_issued",
    "debt_repaid",
    "stock_issued",
    "share_repurchases",
    "dividends_paid",
    "financing_cash_flow",
    "net_change_in_cash",
    "beginning_cash",
    "ending_cash",
)


CURRENT_SUBTOTALS = ("total_current_assets", "total_current_liabilities")
"""The balance-sheet subtotals only a classified balance sheet has."""
_CURRENT_LIABILITY_ITEMS = ("accounts_payable", "accrued_liabilities", "deferred_revenue", "current_debt")
_LIABILITY_ITEMS = (*_CURRENT_LIABILITY_ITEMS, "long_term_debt", "other_liabilities")


@dataclass(frozen=True)
class _Policy:
    """Company-level ratios drawn once and kept across years."""

    gross_margin: float
    expense_shares: tuple[float, ...]
    receivable_days: float
    inventory_days: float
    payable_days: float
    prepaid_share: float
    accrued_share: float
    capex_share: float
    depreciation_rate: float
    compensation_share: float
    tax_rate: float
    interest_rate: float
    dividend_payout: float
    buyback_share: float
    repayment_share: float
    minimum_cash_share: float
    deferred_revenue_share: float = 0.0
    property_share: float = 0.0
    size_rate: float = 0.0
    asset_shares: tuple[tuple[str, float], ...] = ()
    liability_shares: tuple[tuple[str, float], ...] = ()
    equity_share: float = 0.0
    balance_ratios: tuple[tuple[str, float], ...] = ()
    comfortable_cash_share: float = _COMFORTABLE_CASH_SHARE
    investing_changes: tuple[str, ...] = ()
    financing_changes: tuple[str, ...] = ()


def _dividend_payout(industry: Industry, stream: RandomStream) -> float:
    """Dividends as a share of net income: in the band of an industry that must distribute, else at times."""
    pays = stream.random() < 0.55
    if industry.dividend_payout is not None:
        return stream.uniform(*industry.dividend_payout)
    return stream.uniform(0.15, 0.4) if pays else 0.0


def _draw_policy(company: Company, stream: RandomStream) -> _Policy:
    industry = company.industry
    # Planned with 4 points of headroom, so yearly noise keeps an operating margin of at least ~6%.
    costs = draw_cost_structure(stream, industry, MINIMUM_OPERATING_MARGIN + _MARGIN_HEADROOM)
    low_days, high_days = industry.inventory_days
    policy = _Policy(
        gross_margin=costs.gross_margin,
        expense_shares=costs.expense_shares,
        receivable_days=stream.uniform(*industry.receivable_days),
        inventory_days=stream.uniform(low_days, high_days) if high_days else 0.0,
        payable_days=stream.uniform(25, 60),
        prepaid_share=stream.uniform(0.01, 0.04),
        accrued_share=stream.uniform(0.04, 0.09),
        capex_share=stream.uniform(*industry.capex_share),
        depreciation_rate=stream.uniform(0.08, 0.16),
        compensation_share=stream.uniform(0.005, 0.04),
        tax_rate=stream.uniform(0.17, 0.26),
        interest_rate=stream.uniform(0.03, 0.07),
        dividend_payout=_dividend_payout(industry, stream),
        buyback_share=stream.uniform(0.1, 0.45) if stream.random() < 0.5 else 0.0,
        repayment_share=stream.uniform(0.04, 0.15),
        minimum_cash_share=stream.uniform(0.04, 0.08),
    )
    if DEFERRED_REVENUE in industry.metrics:  # drawn last, so other industries' draws stay as they were
        policy = replace(policy, deferred_revenue_share=stream.uniform(*_DEFERRED_REVENUE_SHARE))
    if industry.depreciation_share is not None:  # drawn last as well
        # Buildings depreciate slowly, so depreciation of a given share of revenue needs property worth
        # many years of revenue: share / rate of it.
        rate = stream.uniform(*_BUILDING_DEPRECIATION_RATE)
        share = stream.uniform(*industry.depreciation_share)
        policy = replace(policy, depreciation_rate=rate, property_share=share / rate)
    return _draw_balance_model(policy, industry, stream)


def _draw_balance_model(policy: _Policy, industry: Industry, stream: RandomStream) -> _Policy:
    """Draw the shares of an industry with its own balance-sheet model (drawn last, so others keep theirs)."""
    model = industry.balance
    if model.tax_rate is not None:
        policy = replace(policy, tax_rate=stream.uniform(*model.tax_rate))
    if model.interest_rate is not None:
        policy = replace(policy, interest_rate=stream.uniform(*model.interest_rate))
    if model.size is None and not model.liabilities:
        return policy
    return replace(
        policy,
        size_rate=stream.uniform(*model.size.rate) if model.size is not None else 0.0,
        asset_shares=tuple((key, stream.uniform(*bounds)) for key, bounds in model.assets),
        liability_shares=tuple((key, stream.uniform(*bounds)) for key, bounds in model.liabilities),
        equity_share=stream.uniform(*model.equity) if model.equity is not None else 0.0,
        investing_changes=model.investing_changes,
        financing_changes=model.financing_changes,
    )


def _segment_revenue(company: Company, stream: RandomStream, base: float) -> list[list[int]]:
    """Return segment revenue per year (the opening year first), growing at drawn rates."""
    weights = [stream.uniform(0.5, 2.0) for _ in company.segments]
    current = [base * weight / sum(weights) for weight in weights]
    rows = [[round(value) for value in current]]
    for _ in company.fiscal_years:
        current = [
            value
            * (
                1
                + min(
                    _HIGHEST_GROWTH,
                    max(_LOWEST_GROWTH, stream.normal(company.industry.growth, _SEGMENT_GROWTH_SPREAD)),
                )
            )
            for value in current
        ]
        rows.append([max(1, round(value)) for value in current])
    return rows


def _with_subtotals(row: dict[str, int]) -> dict[str, int]:
    """Add the balance-sheet subtotals to a row of balance-sheet items."""
    row["total_current_assets"] = (
        row["cash"] + row["accounts_receivable"] + row["inventories"] + row["prepaid_and_other"]
    )
    row["total_assets"] = (
        row["total_current_assets"]
        + row["property_and_equipment"]
        + row["goodwill"]
        + row["intangible_assets"]
        + row["other_assets"]
    )
    row["total_current_liabilities"] = sum(row[key] for key in _CURRENT_LIABILITY_ITEMS)
    row["total_liabilities"] = sum(row[key] for key in _LIABILITY_ITEMS)
    row["total_equity"] = row["paid_in_capital"] + row["retained_earnings"] + row["treasury_stock"]
    row["total_liabilities_and_equity"] = row["total_liabilities"] + row["total_equity"]
    return row


def _opening_balance(
    policy: _Policy,
    stream: RandomStream,
    revenue: int,
    debt_share: tuple[float, float],
    model: BalanceModel,
    size_line: float,
) -> dict[str, int]:
    cost = round(revenue * (1 - policy.gross_margin))
    debt = round(revenue * stream.uniform(*debt_share))
    current_debt = round(debt * stream.uniform(0.04, 0.1))
    row = {
        "cash": round(revenue * stream.uniform(0.08, 0.25)),
        "accounts_receivable": round(revenue * policy.receivable_days / _DAYS_IN_YEAR),
        "inventories": round(cost * policy.inventory_days / _DAYS_IN_YEAR),
        "prepaid_and_other": round(revenue * policy.prepaid_share),
        "property_and_equipment": round(revenue * (policy.property_share or stream.uniform(0.15, 0.7))),
        "goodwill": round(revenue * stream.uniform(0.05, 0.45)),
        "intangible_assets": round(revenue * stream.uniform(0.02, 0.15)),
        "other_assets": round(revenue * stream.uniform(0.02, 0.06)),
        "accounts_payable": round(cost * policy.payable_days / _DAYS_IN_YEAR),
        "accrued_liabilities": round(revenue * policy.accrued_share),
        "deferred_revenue": round(revenue * policy.deferred_revenue_share),
        "current_debt": current_debt,
        "long_term_debt": debt - current_debt,
        "other_liabilities": round(revenue * stream.uniform(0.02, 0.06)),
    }
    if policy.asset_shares or policy.liability_shares:
        _shape_opening(row, policy, stream, model, size_line)
    assets = sum(row[key] for key in row if key not in _LIABILITY_ITEMS)
    liabilities = sum(row[key] for key in _LIABILITY_ITEMS)
    equity = assets - liabilities
    row["paid_in_capital"] = round(equity * stream.uniform(0.2, 0.5))
    row["treasury_stock"] = -round(equity * stream.uniform(0.0, 0.1))
    row["retained_earnings"] = equity - row["paid_in_capital"] - row["treasury_stock"]
    return _with_subtotals(row)


def _shape_opening(
    row: dict[str, int], policy: _Policy, stream: RandomStream, model: BalanceModel, size_line: float
) -> None:
    """Size and shape an opening balance sheet by the industry's balance model (see ``BalanceModel``).

    ``size_line`` is the opening amount of the revenue line the model sizes the balance sheet from.
    """
    shares = dict(policy.asset_shares)
    if model.size is not None:
        sized = size_line / policy.size_rate
        total = sized if model.size.item == "total_assets" else sized / shares[model.size.item]
        row.update({key: round(total * share) for key, share in shares.items()})
    assets = sum(row[key] for key in row if key not in _LIABILITY_ITEMS)
    for key, share in policy.liability_shares:
        if key == "debt":
            debt = round(assets * share)
            row["current_debt"] = round(debt * stream.uniform(0.04, 0.1))
            row["long_term_debt"] = debt - row["current_debt"]
        else:
            row[key] = round(assets * share)
    if model.plug is not None:
        others = sum(row[key] for key in _LIABILITY_ITEMS if key != model.plug)
        row[model.plug] = round(assets * (1 - policy.equity_share)) - others


def _modelled_keys(policy: _Policy, model: BalanceModel) -> list[str]:
    """The balance items a balance model keeps in proportion to revenue year after year."""
    keys = [key for key, _ in policy.asset_shares if key != "cash"]
    keys += [key for key, _ in policy.liability_shares if key != "debt"]
    if model.plug is not None:
        keys.append(model.plug)
    return keys


def _income(
    policy: _Policy, stream: RandomStream, revenue: int, debt: int, expense_keys: tuple[str, ...]
) -> dict[str, int]:
    row = {"revenue": revenue}
    margin = policy.gross_margin + stream.uniform(-GROSS_MARGIN_NOISE, GROSS_MARGIN_NOISE)
    row["cost_of_revenue"] = round(revenue * (1 - margin))
    row["gross_profit"] = revenue - row["cost_of_revenue"]
    for key, share in zip(expense_keys, policy.expense_shares, strict=True):
        row[key] = round(revenue * share * stream.uniform(1 - EXPENSE_NOISE, 1 + EXPENSE_NOISE))
    row["total_operating_expenses"] = sum(row[key] for key in expense_keys)
    row["operating_income"] = row["gross_profit"] - row["total_operating_expenses"]
    row["interest_expense"] = round(debt * policy.interest_rate)
    row["other_income"] = round(revenue * stream.uniform(-0.004, 0.006))
    row["income_before_taxes"] = row["operating_income"] - row["interest_expense"] + row["other_income"]
    row["income_tax_expense"] = round(row["income_before_taxes"] * policy.tax_rate)
    row["net_income"] = row["income_before_taxes"] - row["income_tax_expense"]
    return row


def _segment_income(
    income: Mapping[str, int], segment_revenue: list[int], margin_factors: list[float], stream: RandomStream
) -> dict[str, int]:
    """Split operating income into segment income and (negative) unallocated corporate expense."""
    margin = income["operating_income"] / income["revenue"]
    row = {
        f"segment_income.{index}": round(revenue * margin * factor * stream.uniform(0.95, 1.05))
        for index, (revenue, factor) in enumerate(zip(segment_revenue, margin_factors, strict=True))
    }
    row["corporate_expense"] = income["operating_income"] - sum(row.values())
    return row


def make_statements(
    company: Company, stream: RandomStream, *, opening_debt_share: tuple[float, float] = OPENING_DEBT_SHARE
) -> Statements:
    """Draw the statements of ``company`` from ``stream``; every identity holds exactly.

    Args:
        company: The company.
        stream: The stream every amount is drawn from.
        opening_debt_share: Range of the debt at the start of the first year as a fraction of that
            year's revenue (the same number of draws whatever the range, so a caller that wants more
            leveraged companies changes their debt and what follows from it, nothing else).
    """
    policy = _draw_policy(company, stream)
    model = company.industry.balance
    expense_keys = tuple(line.key for line in company.industry.expenses)
    low, high = _BASE_REVENUE[company.unit]
    base = math.exp(stream.uniform(math.log(low), math.log(high)))
    segments = _segment_revenue(company, stream, base)
    revenue_lines = company.industry.revenue_lines
    opening_revenue = sum(segments[0])
    size_line = 0.0
    if model.size is not None:  # the size follows a revenue line, so its weight is drawn first here
        line_weights = [stream.uniform(line.low, line.high) for line in revenue_lines]
        position = [line.key for line in revenue_lines].index(model.size.line)
        size_line = opening_revenue * line_weights[position] / sum(line_weights)
    previous = _opening_balance(policy, stream, opening_revenue, opening_debt_share, model, size_line)
    if policy.asset_shares or policy.liability_shares:
        # Loans, deposits or reserves keep their size relative to revenue; cash is managed around its
        # opening share of revenue instead of a general one.
        cash_share = previous["cash"] / opening_revenue
        policy = replace(
            policy,
            balance_ratios=tuple(
                (key, previous[key] / opening_revenue) for key in _modelled_keys(policy, model)
            ),
            minimum_cash_share=cash_share * 0.8,
            comfortable_cash_share=max(_COMFORTABLE_CASH_SHARE, cash_share * 1.5),
        )
    opening_cash = previous["cash"]
    shares = round(opening_revenue * stream.uniform(0.02, 0.2)) + 1
    values: dict[int, dict[str, int]] = {}
    eps: dict[int, float] = {}
    segment_margins = [stream.uniform(1.05, 1.6) for _ in company.segments]
    if model.size is None:
        line_weights = [stream.uniform(line.low, line.high) for line in revenue_lines]
    region_weights = [stream.uniform(3.0, 9.0), stream.uniform(1.0, 2.0), stream.uniform(0.5, 1.5)]
    if company.industry.domestic:  # drawn all the same, so the draws after them stay as they were
        region_weights = [1.0, 0.0, 0.0]
    seasonality = [stream.uniform(0.85, 1.15) for _ in range(4)]
    for year, segment_row in zip(company.fiscal_years, segments[1:], strict=True):
        revenue = sum(segment_row)
        debt_before = previous["current_debt"] + previous["long_term_debt"]
        row = _income(policy, stream, revenue, debt_before, expense_keys)
        row.update({f"segment.{index}": amount for index, amount in enumerate(segment_row)})
        if revenue_lines:
            parts = split_whole(revenue, [weight * stream.uniform(0.95, 1.05) for weight in line_weights])
            row.update({line.key: part for line, part in zip(revenue_lines, parts, strict=True)})
        row.update(_segment_income(row, segment_row, segment_margins, stream))
        weights = [weight * stream.uniform(0.95, 1.05) for weight in region_weights]
        row.update({f"region.{r}": part for r, part in enumerate(split_whole(revenue, weights))})
        quarter_weights = [weight * stream.uniform(0.97, 1.03) for weight in seasonality]
        # Quarterly revenue is the sum of the segments' quarters, so both quarterly tables add up.
        for index, amount in enumerate(segment_row):
            parts = split_whole(amount, [weight * stream.uniform(0.98, 1.02) for weight in quarter_weights])
            row.update({f"quarter.{q}.segment.{index}": part for q, part in enumerate(parts, start=1)})
        for q in range(1, 5):
            row[f"quarter.{q}.revenue"] = sum(
                row[f"quarter.{q}.segment.{i}"] for i in range(len(segment_row))
            )
        for key in QUARTERLY_KEYS[1:]:
            parts = split_whole(row[key], quarter_weights)
            row.update({f"quarter.{q}.{key}": part for q, part in enumerate(parts, start=1)})
        shares = round(shares * stream.uniform(0.97, 1.02))
        row["diluted_shares"] = shares
        eps[year] = round(row["net_income"] / shares, 2)
        row.update(_balance_and_cash_flow(policy, stream, previous, row))
        values[year] = row
        previous = row
    classified = company.industry.classified_balance_sheet
    if not classified:  # the subtotals helped build the rows; an unclassified balance sheet has none
        values = {
            year: {key: amount for key, amount in row.items() if key not in CURRENT_SUBTOTALS}
            for year, row in values.items()
        }
    return Statements(
        years=company.fiscal_years,
        expenses=company.industry.expenses,
        revenue_lines=revenue_lines,
        labels=company.industry.statement_labels,
        has_inventory=policy.inventory_days > 0,
        values=values,
        diluted_eps=eps,
        opening_cash=opening_cash,
        has_deferred_revenue=policy.deferred_revenue_share > 0,
        classified_balance_sheet=classified,
        balance=model,
    )


def _balance_and_cash_flow(
    policy: _Policy, stream: RandomStream, previous: Mapping[str, int], income: Mapping[str, int]
) -> dict[str, int]:
    revenue, cost, net_income = income["revenue"], income["cost_of_revenue"], income["net_income"]
    receivable_days = policy.receivable_days * stream.uniform(0.95, 1.05)
    row: dict[str, int] = {
        "accounts_receivable": round(revenue * receivable_days / _DAYS_IN_YEAR),
        "inventories": round(cost * policy.inventory_days / _DAYS_IN_YEAR * stream.uniform(0.95, 1.05)),
        "prepaid_and_other": round(revenue * policy.prepaid_share * stream.uniform(0.9, 1.1)),
        "accounts_payable": round(cost * policy.payable_days / _DAYS_IN_YEAR * stream.uniform(0.95, 1.05)),
        "accrued_liabilities": round(revenue * policy.accrued_share * stream.uniform(0.95, 1.05)),
        "other_assets": previous["other_assets"] + round(revenue * stream.uniform(-0.004, 0.006)),
        "other_liabilities": previous["other_liabilities"] + round(revenue * stream.uniform(-0.004, 0.006)),
        "deferred_revenue": round(revenue * policy.deferred_revenue_share * stream.uniform(0.93, 1.07))
        if policy.deferred_revenue_share
        else 0,
    }
    for key, ratio in policy.balance_ratios:
        row[key] = round(revenue * ratio * stream.uniform(0.99, 1.01))
    capex = round(revenue * policy.capex_share * stream.uniform(0.85, 1.15))
    depreciation = round(previous["property_and_equipment"] * policy.depreciation_rate)
    amortization = round(previous["intangible_assets"] * stream.uniform(0.08, 0.15))
    acquisition = round(revenue * stream.uniform(0.02, 0.1)) if stream.random() < 0.3 else 0
    compensation = round(revenue * policy.compensation_share)
    row["property_and_equipment"] = previous["property_and_equipment"] + capex - depreciation
    row["intangible_assets"] = previous["intangible_assets"] - amortization
    row["goodwill"] = previous["goodwill"] + acquisition

    cash: dict[str, int] = {
        "depreciation_and_amortization": depreciation + amortization,
        "stock_based_compensation": compensation,
        "change_receivables": previous["accounts_receivable"] - row["accounts_receivable"],
        "change_inventories": previous["inventories"] - row["inventories"],
        "change_prepaid": previous["prepaid_and_other"] - row["prepaid_and_other"],
        "change_payables": row["accounts_payable"] - previous["accounts_payable"],
        "change_accrued": row["accrued_liabilities"] - previous["accrued_liabilities"],
        "change_deferred_revenue": row["deferred_revenue"] - previous["deferred_revenue"],
        "change_other": (previous["other_assets"] - row["other_assets"])
        + (row["other_liabilities"] - previous["other_liabilities"]),
    }
    moved = (*policy.investing_changes, *policy.financing_changes)
    cash["operating_cash_flow"] = net_income + sum(amount for key, amount in cash.items() if key not in moved)
    cash["capital_expenditures"] = -capex
    cash["acquisitions"] = -acquisition
    cash["investing_cash_flow"] = -capex - acquisition + sum(cash[key] for key in policy.investing_changes)
    financing_changes = sum(cash[key] for key in policy.financing_changes)

    debt_before = previous["current_debt"] + previous["long_term_debt"]
    cash["debt_repaid"] = -min(debt_before, round(debt_before * policy.repayment_share))
    cash["stock_issued"] = round(revenue * stream.uniform(0.0, 0.006))
    cash["share_repurchases"] = -max(0, round(net_income * policy.buyback_share))
    cash["dividends_paid"] = -max(0, round(net_income * policy.dividend_payout))
    before_borrowing = (
        previous["cash"]
        + cash["operating_cash_flow"]
        + cash["investing_cash_flow"]
        + cash["debt_repaid"]
        + cash["stock_issued"]
        + cash["share_repurchases"]
        + cash["dividends_paid"]
        + financing_changes
    )
    # Return part of any cash piling up beyond a comfortable balance through extra repurchases.
    comfortable = round(revenue * policy.comfortable_cash_share)
    if before_borrowing > comfortable:
        extra = round((before_borrowing - comfortable) * stream.uniform(0.3, 0.7))
        cash["share_repurchases"] -= extra
        before_borrowing -= extra
    minimum_cash = round(revenue * policy.minimum_cash_share)
    # Borrow what keeps cash at its minimum; otherwise borrow now and then to fund growth.
    shortfall = minimum_cash - before_borrowing
    opportunistic = round(revenue * stream.uniform(0.02, 0.12)) if stream.random() < 0.2 else 0
    cash["debt_issued"] = max(shortfall, 0) + opportunistic
    cash["financing_cash_flow"] = (
        cash["debt_issued"]
        + cash["debt_repaid"]
        + cash["stock_issued"]
        + cash["share_repurchases"]
        + cash["dividends_paid"]
        + financing_changes
    )
    cash["net_change_in_cash"] = (
        cash["operating_cash_flow"] + cash["investing_cash_flow"] + cash["financing_cash_flow"]
    )
    cash["beginning_cash"] = previous["cash"]
    cash["ending_cash"] = previous["cash"] + cash["net_change_in_cash"]

    debt = debt_before + cash["debt_issued"] + cash["debt_repaid"]
    row["cash"] = cash["ending_cash"]
    row["current_debt"] = min(debt, round(debt * stream.uniform(0.04, 0.1)))
    row["long_term_debt"] = debt - row["current_debt"]
    row["paid_in_capital"] = previous["paid_in_capital"] + compensation + cash["stock_issued"]
    row["retained_earnings"] = previous["retained_earnings"] + net_income + cash["dividends_paid"]
    row["treasury_stock"] = previous["treasury_stock"] + cash["share_repurchases"]
    row.update(cash)
    return _with_subtotals(row)
