"""Independent recomputation of every question kind's answer from a filing's facts.

Each oracle reads which facts the item used (``QAItem.fact_keys``), checks that they are the
facts its kind must use, recomputes the answer's numbers here with its own formulas and finds
them in the answer. The generator's formulas are not called.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from finsynth.generators.filings import Filing, QAItem

Oracle = Callable[[Filing, QAItem], None]
ORACLES: dict[str, Oracle] = {}


def oracle(kind: str) -> Callable[[Oracle], Oracle]:
    def register(check: Oracle) -> Oracle:
        ORACLES[kind] = check
        return check

    return register


def dollars(filing: Filing, amount: float) -> str:
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(round(amount)):,} {str(filing.facts['unit'])[:-1]}"


def pct(value: float) -> str:
    return f"{round(value, 1):.1f}%"


def value(filing: Filing, key: str) -> float:
    return float(filing.facts[key])


def keys_match(item: QAItem, *patterns: str) -> list[str]:
    """The item's fact keys, after checking each matches its pattern (``Y`` is a fiscal year)."""
    assert len(item.fact_keys) == len(patterns), (item.kind, item.fact_keys)
    for key, pattern in zip(item.fact_keys, patterns, strict=True):
        regex = re.escape(pattern).replace("Y", r"\d{4}").replace("N", r"\d+")
        assert re.fullmatch(regex, key), (item.kind, key, pattern)
    return list(item.fact_keys)


def year_of(key: str) -> int:
    return int(key.rsplit(".", 1)[1])


def in_answer(item: QAItem, *texts: str) -> None:
    for text in texts:
        assert text in item.answer, (item.kind, text, item.answer)


def cited_digits(filing: Filing, item: QAItem, key: str) -> None:
    """The fact's digits appear in a cited sentence (the evidence states the number)."""
    digits = f"{abs(int(value(filing, key))):,}"
    assert any(digits in citation for citation in item.citations), (item.kind, key, digits)


def _line_value(filing: Filing, item: QAItem) -> None:
    (key,) = item.fact_keys
    cited_digits(filing, item, key)
    in_answer(item, dollars(filing, abs(value(filing, key))), f"fiscal {year_of(key)}")


for _kind in ("income_statement_line", "balance_sheet_line", "cash_flow_line"):
    ORACLES[_kind] = _line_value


def _change(filing: Filing, item: QAItem) -> None:
    now_key, then_key = item.fact_keys
    assert now_key.rsplit(".", 1)[0] == then_key.rsplit(".", 1)[0] and year_of(now_key) > year_of(then_key)
    now, then = value(filing, now_key), value(filing, then_key)
    in_answer(item, dollars(filing, abs(now - then)), pct(abs(now - then) / then * 100))
    in_answer(item, dollars(filing, now), dollars(filing, then))


ORACLES["balance_sheet_change"] = ORACLES["expense_change"] = _change


@oracle("revenue_compound_growth")
def _compound_growth(filing: Filing, item: QAItem) -> None:
    last, first = keys_match(item, "revenue.Y", "revenue.Y")
    years = year_of(last) - year_of(first)
    rate = (value(filing, last) / value(filing, first)) ** (1 / years) * 100 - 100
    assert year_of(first) == filing.fiscal_years[0]
    in_answer(item, f"{rate:.1f}%")


@oracle("working_capital")
def _working_capital(filing: Filing, item: QAItem) -> None:
    assets, liabilities = keys_match(item, "total_current_assets.Y", "total_current_liabilities.Y")
    in_answer(item, dollars(filing, value(filing, assets) - value(filing, liabilities)))


def _times(numerator: float, denominator: float) -> str:
    return f"{numerator / denominator:.2f}"


@oracle("current_ratio")
def _current_ratio(filing: Filing, item: QAItem) -> None:
    assets, liabilities = keys_match(item, "total_current_assets.Y", "total_current_liabilities.Y")
    in_answer(item, _times(value(filing, assets), value(filing, liabilities)))


@oracle("quick_ratio")
def _quick_ratio(filing: Filing, item: QAItem) -> None:
    assets, stock, liabilities = keys_match(
        item, "total_current_assets.Y", "inventories.Y", "total_current_liabilities.Y"
    )
    in_answer(item, _times(value(filing, assets) - value(filing, stock), value(filing, liabilities)))


@oracle("debt_to_equity")
def _debt_to_equity(filing: Filing, item: QAItem) -> None:
    current, long_term, equity = keys_match(item, "current_debt.Y", "long_term_debt.Y", "total_equity.Y")
    in_answer(item, _times(value(filing, current) + value(filing, long_term), value(filing, equity)))


@oracle("liabilities_to_assets")
def _liabilities_to_assets(filing: Filing, item: QAItem) -> None:
    liabilities, assets = keys_match(item, "total_liabilities.Y", "total_assets.Y")
    in_answer(item, pct(value(filing, liabilities) / value(filing, assets) * 100))


@oracle("net_debt")
def _net_debt(filing: Filing, item: QAItem) -> None:
    current, long_term, cash = keys_match(item, "current_debt.Y", "long_term_debt.Y", "cash.Y")
    net = value(filing, current) + value(filing, long_term) - value(filing, cash)
    in_answer(item, ("net debt " if net >= 0 else "net cash ") + "of " + dollars(filing, abs(net)))


def _on_average(filing: Filing, item: QAItem, top: str, base: str) -> None:
    income, latest, prior = keys_match(item, f"{top}.Y", f"{base}.Y", f"{base}.Y")
    average = (value(filing, latest) + value(filing, prior)) / 2
    assert year_of(latest) == year_of(prior) + 1
    in_answer(item, pct(value(filing, income) / average * 100))


@oracle("return_on_equity")
def _return_on_equity(filing: Filing, item: QAItem) -> None:
    _on_average(filing, item, "net_income", "total_equity")


@oracle("return_on_assets")
def _return_on_assets(filing: Filing, item: QAItem) -> None:
    _on_average(filing, item, "net_income", "total_assets")


@oracle("asset_turnover")
def _asset_turnover(filing: Filing, item: QAItem) -> None:
    revenue, latest, prior = keys_match(item, "revenue.Y", "total_assets.Y", "total_assets.Y")
    in_answer(item, _times(value(filing, revenue), (value(filing, latest) + value(filing, prior)) / 2))


@oracle("receivable_days")
def _receivable_days(filing: Filing, item: QAItem) -> None:
    receivables, revenue = keys_match(item, "accounts_receivable.Y", "revenue.Y")
    in_answer(item, f"{value(filing, receivables) * 365 / value(filing, revenue):.1f} days")


@oracle("inventory_turnover")
def _inventory_turnover(filing: Filing, item: QAItem) -> None:
    cost, latest, prior = keys_match(item, "cost_of_revenue.Y", "inventories.Y", "inventories.Y")
    in_answer(item, _times(value(filing, cost), (value(filing, latest) + value(filing, prior)) / 2))


@oracle("cash_conversion")
def _cash_conversion(filing: Filing, item: QAItem) -> None:
    operating, income = keys_match(item, "operating_cash_flow.Y", "net_income.Y")
    in_answer(item, _times(value(filing, operating), value(filing, income)))


@oracle("capex_to_depreciation")
def _capex_to_depreciation(filing: Filing, item: QAItem) -> None:
    capex, depreciation = keys_match(item, "capital_expenditures.Y", "depreciation_and_amortization.Y")
    in_answer(item, _times(-value(filing, capex), value(filing, depreciation)))


@oracle("effective_tax_rate")
def _effective_tax_rate(filing: Filing, item: QAItem) -> None:
    tax, pretax = keys_match(item, "income_tax_expense.Y", "income_before_taxes.Y")
    in_answer(item, pct(value(filing, tax) / value(filing, pretax) * 100))


@oracle("interest_coverage")
def _interest_coverage(filing: Filing, item: QAItem) -> None:
    operating, interest = keys_match(item, "operating_income.Y", "interest_expense.Y")
    in_answer(item, _times(value(filing, operating), value(filing, interest)))


@oracle("payout_ratio")
def _payout_ratio(filing: Filing, item: QAItem) -> None:
    dividends, income = keys_match(item, "dividends_paid.Y", "net_income.Y")
    in_answer(item, pct(-value(filing, dividends) / value(filing, income) * 100))


@oracle("shareholder_returns")
def _shareholder_returns(filing: Filing, item: QAItem) -> None:
    dividends, buybacks = keys_match(item, "dividends_paid.Y", "share_repurchases.Y")
    in_answer(item, dollars(filing, -value(filing, dividends) - value(filing, buybacks)))


@oracle("cash_flow_bridge")
def _cash_flow_bridge(filing: Filing, item: QAItem) -> None:
    keys = keys_match(item, "operating_cash_flow.Y", "investing_cash_flow.Y", "financing_cash_flow.Y")
    total = sum(value(filing, key) for key in keys)
    in_answer(item, f"net change of {dollars(filing, total)}")


def _margin_shift(filing: Filing, item: QAItem, line: str) -> None:
    top, bottom, old_top, old_bottom = keys_match(item, f"{line}.Y", "revenue.Y", f"{line}.Y", "revenue.Y")
    now = round(value(filing, top) / value(filing, bottom) * 100, 1)
    then = round(value(filing, old_top) / value(filing, old_bottom) * 100, 1)
    in_answer(item, pct(now), pct(then), f"{abs(now - then):.1f} percentage points")


@oracle("gross_margin_change")
def _gross_margin_change(filing: Filing, item: QAItem) -> None:
    _margin_shift(filing, item, "gross_profit")


@oracle("operating_margin_change")
def _operating_margin_change(filing: Filing, item: QAItem) -> None:
    _margin_shift(filing, item, "operating_income")


@oracle("overhead_intensity")
def _overhead_intensity(filing: Filing, item: QAItem) -> None:
    expense, revenue = item.fact_keys
    assert re.fullmatch(
        r"(selling_general_and_administrative|general_and_administrative|sales_and_marketing)\.\d{4}", expense
    )
    assert revenue == f"revenue.{year_of(expense)}"
    in_answer(item, pct(value(filing, expense) / value(filing, revenue) * 100))


@oracle("earnings_per_share_change")
def _earnings_per_share_change(filing: Filing, item: QAItem) -> None:
    now, then = keys_match(item, "diluted_eps.Y", "diluted_eps.Y")
    change = (value(filing, now) - value(filing, then)) / value(filing, then) * 100
    in_answer(item, f"${value(filing, now):.2f}", pct(change))


@oracle("senior_notes")
def _senior_notes(filing: Filing, item: QAItem) -> None:
    rate, due, amount = item.fact_keys
    tranche = rate.split(".")[1]
    assert tranche in ("first_notes", "second_notes")
    assert (rate, due) == (f"debt.{tranche}.rate", f"debt.{tranche}.due")
    in_answer(
        item,
        f"{value(filing, rate):.2f}%",
        str(int(value(filing, due))),
        dollars(filing, value(filing, amount)),
    )
    cited_digits(filing, item, amount)


@oracle("debt_maturity_order")
def _debt_maturity_order(filing: Filing, item: QAItem) -> None:
    keys = keys_match(
        item,
        "debt.first_notes.due",
        "debt.second_notes.due",
        "debt.first_notes.Y",
        "debt.second_notes.Y",
        "debt.term_loan.Y",
    )
    total = sum(value(filing, key) for key in keys[2:])
    year = filing.fiscal_years[-1]
    assert total == value(filing, f"current_debt.{year}") + value(filing, f"long_term_debt.{year}")
    assert value(filing, keys[0]) < value(filing, keys[1])
    in_answer(item, pct(value(filing, keys[2]) / total * 100), dollars(filing, total))


@oracle("credit_facility")
def _credit_facility(filing: Filing, item: QAItem) -> None:
    size, matures, cash = keys_match(item, "credit_facility", "credit_facility.matures", "cash.Y")
    in_answer(
        item, dollars(filing, value(filing, size) + value(filing, cash)), str(int(value(filing, matures)))
    )


@oracle("debt_fair_value")
def _debt_fair_value(filing: Filing, item: QAItem) -> None:
    fair, current, long_term = keys_match(item, "debt_fair_value.Y", "current_debt.Y", "long_term_debt.Y")
    carrying = value(filing, current) + value(filing, long_term)
    in_answer(item, dollars(filing, abs(value(filing, fair) - carrying)), dollars(filing, carrying))


@oracle("lease_next_year")
def _lease_next_year(filing: Filing, item: QAItem) -> None:
    payment, total = keys_match(item, "lease.payment.Y", "lease.total")
    assert year_of(payment) == filing.fiscal_years[-1] + 1
    in_answer(item, pct(value(filing, payment) / value(filing, total) * 100))


@oracle("lease_five_years")
def _lease_five_years(filing: Filing, item: QAItem) -> None:
    keys = keys_match(item, *(["lease.payment.Y"] * 5))
    assert [year_of(key) for key in keys] == [filing.fiscal_years[-1] + step for step in range(1, 6)]
    total = sum(value(filing, key) for key in keys)
    assert total == value(filing, "lease.total") - value(filing, "lease.payment.thereafter")
    in_answer(item, dollars(filing, total))


@oracle("lease_discount")
def _lease_discount(filing: Filing, item: QAItem) -> None:
    total, interest, liability = keys_match(item, "lease.total", "lease.interest", "lease.liability")
    assert value(filing, total) - value(filing, interest) == value(filing, liability)
    in_answer(
        item,
        pct(value(filing, interest) / value(filing, total) * 100),
        dollars(filing, value(filing, liability)),
    )


@oracle("tax_rate_gap")
def _tax_rate_gap(filing: Filing, item: QAItem) -> None:
    tax, pretax, state = keys_match(item, "income_tax_expense.Y", "income_before_taxes.Y", "tax.state.Y")
    rate = round(value(filing, tax) / value(filing, pretax) * 100, 1)
    in_answer(item, f"{abs(rate - 21):.1f} percentage points", dollars(filing, value(filing, state)))


@oracle("tax_credits")
def _tax_credits(filing: Filing, item: QAItem) -> None:
    credits, statutory = keys_match(item, "tax.credits.Y", "tax.statutory.Y")
    year = year_of(statutory)
    assert abs(value(filing, statutory) - value(filing, f"income_before_taxes.{year}") * 0.21) <= 1
    in_answer(item, dollars(filing, value(filing, credits)), dollars(filing, value(filing, statutory)))


@oracle("foreign_income_share")
def _foreign_income_share(filing: Filing, item: QAItem) -> None:
    foreign, pretax = keys_match(item, "tax.foreign_pretax.Y", "income_before_taxes.Y")
    in_answer(item, pct(value(filing, foreign) / value(filing, pretax) * 100))


@oracle("deferred_tax")
def _deferred_tax(filing: Filing, item: QAItem) -> None:
    deferred, provision = keys_match(item, "tax.deferred.Y", "income_tax_expense.Y")
    in_answer(item, dollars(filing, value(filing, provision) - value(filing, deferred)))


@oracle("award_rollforward")
def _award_rollforward(filing: Filing, item: QAItem) -> None:
    opening, granted, vested, forfeited, closing = (
        value(filing, key)
        for key in keys_match(
            item, "rsu.opening", "rsu.granted", "rsu.vested", "rsu.forfeited", "rsu.closing"
        )
    )
    assert opening + granted - vested - forfeited == closing  # the roll-forward ties
    in_answer(item, f"leaving {int(closing):,} unvested")


@oracle("compensation_vesting")
def _compensation_vesting(filing: Filing, item: QAItem) -> None:
    years, expense, revenue = keys_match(item, "rsu.vesting_years", "stock_based_compensation.Y", "revenue.Y")
    in_answer(
        item,
        f"over {int(value(filing, years))} years",
        pct(value(filing, expense) / value(filing, revenue) * 100),
    )


@oracle("purchase_commitments")
def _purchase_commitments(filing: Filing, item: QAItem) -> None:
    first, total = keys_match(item, "purchase_obligation.Y", "purchase_obligations.total")
    years = [key for key in filing.facts if key.startswith("purchase_obligation.") and key[-1].isdigit()]
    assert sum(value(filing, key) for key in years) == value(filing, total)
    in_answer(item, pct(value(filing, first) / value(filing, total) * 100))


@oracle("restructuring_liability")
def _restructuring_liability(filing: Filing, item: QAItem) -> None:
    opening, charges, payments, closing = (
        value(filing, key)
        for key in keys_match(
            item,
            "restructuring.opening",
            "restructuring.charges",
            "restructuring.payments",
            "restructuring.closing",
        )
    )
    assert opening + charges - payments == closing
    in_answer(item, f"ended at {dollars(filing, closing)}")


@oracle("retirement_match")
def _retirement_match(filing: Filing, item: QAItem) -> None:
    match, cost, employees = keys_match(
        item, "retirement.match_percent", "retirement.contributions.Y", "employees"
    )
    scale = 1_000 if filing.facts["unit"] == "thousands" else 1_000_000
    in_answer(
        item,
        f"{int(value(filing, match))}%",
        f"${value(filing, cost) * scale / value(filing, employees):,.0f}",
    )


@oracle("segment_margin")
def _segment_margin(filing: Filing, item: QAItem) -> None:
    income, revenue = keys_match(item, "segment_income.N.Y", "segment.N.Y")
    assert income.split(".")[1] == revenue.split(".")[1]
    in_answer(item, str(filing.facts[f"segment.{income.split('.')[1]}.name"]))
    in_answer(item, pct(value(filing, income) / value(filing, revenue) * 100))


@oracle("segment_profit_share")
def _segment_profit_share(filing: Filing, item: QAItem) -> None:
    incomes = {key: value(filing, key) for key in item.fact_keys}
    assert all(re.fullmatch(r"segment_income\.\d+\.\d{4}", key) for key in incomes)
    best = max(incomes, key=lambda key: incomes[key])
    in_answer(item, str(filing.facts[f"segment.{best.split('.')[1]}.name"]))
    in_answer(item, pct(incomes[best] / sum(incomes.values()) * 100))


@oracle("corporate_costs")
def _corporate_costs(filing: Filing, item: QAItem) -> None:
    now, then = keys_match(item, "corporate_expense.Y", "corporate_expense.Y")
    a, b = abs(value(filing, now)), abs(value(filing, then))
    in_answer(item, dollars(filing, a), dollars(filing, b), pct((a - b) / b * 100))


@oracle("peak_quarter")
def _peak_quarter(filing: Filing, item: QAItem) -> None:
    *quarters, revenue = keys_match(item, *(["quarter.N.revenue.Y"] * 4), "revenue.Y")
    amounts = [value(filing, key) for key in quarters]
    assert sum(amounts) == value(filing, revenue)
    best = amounts.index(max(amounts))
    in_answer(
        item, ("first", "second", "third", "fourth")[best], pct(max(amounts) / value(filing, revenue) * 100)
    )


@oracle("region_share")
def _region_share(filing: Filing, item: QAItem) -> None:
    region, revenue = keys_match(item, "region.0.Y", "revenue.Y")
    in_answer(item, pct(value(filing, region) / value(filing, revenue) * 100))


@oracle("goodwill_change")
def _goodwill_change(filing: Filing, item: QAItem) -> None:
    now, then, spent = keys_match(item, "goodwill.Y", "goodwill.Y", "acquisitions.Y")
    in_answer(
        item,
        dollars(filing, value(filing, now) - value(filing, then)),
        dollars(filing, abs(value(filing, spent))),
    )


@oracle("rate_sensitivity")
def _rate_sensitivity(filing: Filing, item: QAItem) -> None:
    share, effect, interest = keys_match(
        item, "market_risk.variable_share", "market_risk.rate_effect", "interest_expense.Y"
    )
    in_answer(
        item, f"{int(value(filing, share))}%", pct(value(filing, effect) / value(filing, interest) * 100)
    )


@oracle("currency_sensitivity")
def _currency_sensitivity(filing: Filing, item: QAItem) -> None:
    share, effect, revenue = keys_match(
        item, "market_risk.foreign_share", "market_risk.currency_effect", "revenue.Y"
    )
    in_answer(
        item, f"{int(value(filing, share))}%", pct(value(filing, effect) / value(filing, revenue) * 100)
    )


@oracle("rate_risk_factor")
def _rate_risk_factor(filing: Filing, item: QAItem) -> None:
    risk, effect = keys_match(item, "risk.interest_rates", "market_risk.rate_effect")
    in_answer(item, str(filing.facts[risk]), dollars(filing, value(filing, effect)))
    assert {filing.sentences[i].item for i in item.citation_sentence_ids} == {"1A", "7A"}


@oracle("leverage_risk_factor")
def _leverage_risk_factor(filing: Filing, item: QAItem) -> None:
    risk, current, long_term = keys_match(item, "risk.indebtedness", "current_debt.Y", "long_term_debt.Y")
    in_answer(
        item, str(filing.facts[risk]), dollars(filing, value(filing, current) + value(filing, long_term))
    )
    assert "1A" in item.filing_items


@oracle("controls_conclusion")
def _controls_conclusion(filing: Filing, item: QAItem) -> None:
    *_, firm = keys_match(
        item,
        "controls.disclosure_conclusion",
        "controls.framework",
        "controls.internal_conclusion",
        "auditor",
    )
    in_answer(item, "were effective", "Treadway Commission", "was effective", str(filing.facts[firm]))
    assert item.filing_items[0] == "9A" or item.filing_items == ("8", "9A")
    assert any(str(filing.facts[firm]) in citation for citation in item.citations)


@oracle("auditor_tenure")
def _auditor_tenure(filing: Filing, item: QAItem) -> None:
    firm, since, matter = keys_match(item, "auditor", "auditor.since", "auditor.critical_matter")
    tenure = filing.fiscal_years[-1] - int(value(filing, since))
    in_answer(item, str(filing.facts[firm]), f"{tenure} years", str(filing.facts[matter]))
    assert any(str(filing.facts[firm]) in citation for citation in item.citations)


@oracle("legal_proceeding")
def _legal_proceeding(filing: Filing, item: QAItem) -> None:
    plaintiff, filed = keys_match(item, "legal.plaintiff", "legal.filed")
    in_answer(item, str(filing.facts[plaintiff]), f"fiscal {int(value(filing, filed))}")
    assert item.filing_items == ("3",)


@oracle("owned_floor_space")
def _owned_floor_space(filing: Filing, item: QAItem) -> None:
    rows = [line for line in item.citations if line.count(" | ") == 3]
    areas = [(line.split(" | ")[2], int(line.split(" | ")[3].replace(",", ""))) for line in rows]
    owned = sum(area for tenure, area in areas if tenure == "Owned")
    total = sum(area for _, area in areas)
    in_answer(item, f"{owned:,} of {total:,} square feet")


@oracle("total_return_comparison")
def _total_return_comparison(filing: Filing, item: QAItem) -> None:
    keys = keys_match(item, "total_return.company", "total_return.market", "total_return.peers")
    best = max(keys, key=lambda key: value(filing, key))
    in_answer(item, *(f"${int(value(filing, key))}" for key in keys))
    label = {
        "total_return.company": "stock",
        "total_return.market": "broad market",
        "total_return.peers": "peer",
    }
    assert label[best] in item.answer.rsplit("so ", 1)[1]


@oracle("holders_of_record")
def _holders_of_record(filing: Filing, item: QAItem) -> None:
    holders, shares = keys_match(item, "holders_of_record", "diluted_shares.Y")
    in_answer(item, f"{int(value(filing, holders)):,}", f"{int(value(filing, shares)):,}")


@oracle("debt_memo")
def _debt_memo(filing: Filing, item: QAItem) -> None:
    keys = keys_match(
        item,
        "debt.first_notes.rate",
        "debt.first_notes.due",
        "debt.second_notes.rate",
        "debt.second_notes.due",
        "current_debt.Y",
        "long_term_debt.Y",
        "credit_facility",
    )
    in_answer(item, dollars(filing, value(filing, keys[4]) + value(filing, keys[5])))
    in_answer(
        item,
        f"{value(filing, keys[0]):.2f}%",
        f"{value(filing, keys[2]):.2f}%",
        dollars(filing, value(filing, keys[6])),
    )


@oracle("tax_explainer")
def _tax_explainer(filing: Filing, item: QAItem) -> None:
    tax, pretax, state, credits = keys_match(
        item, "income_tax_expense.Y", "income_before_taxes.Y", "tax.state.Y", "tax.credits.Y"
    )
    in_answer(
        item, pct(value(filing, tax) / value(filing, pretax) * 100), dollars(filing, value(filing, state))
    )
    in_answer(item, dollars(filing, value(filing, credits)))


@oracle("capital_returns_post")
def _capital_returns_post(filing: Filing, item: QAItem) -> None:
    dividends, buybacks, eps = keys_match(item, "dividends_paid.Y", "share_repurchases.Y", "diluted_eps.Y")
    in_answer(
        item,
        dollars(filing, -value(filing, dividends) - value(filing, buybacks)),
        f"${value(filing, eps):.2f}",
    )


@oracle("market_risk_brief")
def _market_risk_brief(filing: Filing, item: QAItem) -> None:
    keys = keys_match(
        item,
        "market_risk.variable_share",
        "market_risk.rate_effect",
        "market_risk.foreign_share",
        "market_risk.currency_effect",
    )
    in_answer(item, dollars(filing, value(filing, keys[1])), dollars(filing, value(filing, keys[3])))
    assert item.filing_items == ("7A",)


@oracle("lease_summary")
def _lease_summary(filing: Filing, item: QAItem) -> None:
    payment, total, liability = keys_match(item, "lease.payment.Y", "lease.total", "lease.liability")
    in_answer(item, *(dollars(filing, value(filing, key)) for key in (payment, total, liability)))


@oracle("margin_commentary")
def _margin_commentary(filing: Filing, item: QAItem) -> None:
    gross, operating, revenue, old_gross, old_operating, old_revenue = keys_match(
        item,
        "gross_profit.Y",
        "operating_income.Y",
        "revenue.Y",
        "gross_profit.Y",
        "operating_income.Y",
        "revenue.Y",
    )
    for top, bottom in (
        (gross, revenue),
        (operating, revenue),
        (old_gross, old_revenue),
        (old_operating, old_revenue),
    ):
        in_answer(item, pct(value(filing, top) / value(filing, bottom) * 100))


def _risk_first(filing: Filing, item: QAItem, risk: str, *patterns: str) -> list[str]:
    """The risk factor comes first in the keys and in the answer; it is cited from Item 1A.

    An item that also asks for the year before carries the same lines a year earlier after its own
    keys; those are checked by the kind's oracle as an item of their own, and the question must ask.
    """
    if len(item.fact_keys) == 1 + 2 * len(patterns):
        latest, earlier = item.fact_keys[1 : 1 + len(patterns)], item.fact_keys[1 + len(patterns) :]
        for now, before in zip(latest, earlier, strict=True):
            assert before == f"{now.rsplit('.', 1)[0]}.{year_of(now) - 1}", (item.kind, now, before)
        assert f"fiscal {year_of(earlier[0])}" in item.question and "A year earlier" in item.answer
        ORACLES[item.kind](filing, replace(item, fact_keys=(item.fact_keys[0], *earlier)))
        item = replace(item, fact_keys=(item.fact_keys[0], *latest))
    keys = keys_match(item, risk, *patterns)
    in_answer(item, str(filing.facts[risk]))
    assert item.filing_items[0] == "1A" and len(item.filing_items) >= 2
    return keys[1:]


@oracle("goodwill_risk_exposure")
def _goodwill_risk(filing: Filing, item: QAItem) -> None:
    goodwill, assets = _risk_first(filing, item, "risk.goodwill_impairment", "goodwill.Y", "total_assets.Y")
    in_answer(
        item,
        dollars(filing, value(filing, goodwill)),
        pct(value(filing, goodwill) / value(filing, assets) * 100),
    )


@oracle("credit_risk_exposure")
def _credit_risk(filing: Filing, item: QAItem) -> None:
    receivables, revenue = _risk_first(
        filing, item, "risk.customer_credit", "accounts_receivable.Y", "revenue.Y"
    )
    in_answer(item, pct(value(filing, receivables) / value(filing, revenue) * 100))


@oracle("supply_risk_exposure")
def _supply_risk(filing: Filing, item: QAItem) -> None:
    stock, current = _risk_first(filing, item, "risk.supply_chain", "inventories.Y", "total_current_assets.Y")
    in_answer(item, pct(value(filing, stock) / value(filing, current) * 100))


@oracle("currency_risk_exposure")
def _currency_risk(filing: Filing, item: QAItem) -> None:
    share, effect = _risk_first(
        filing, item, "risk.currency", "market_risk.foreign_share", "market_risk.currency_effect"
    )
    in_answer(item, f"{int(value(filing, share))}%", dollars(filing, value(filing, effect)))


@oracle("tax_risk_exposure")
def _tax_risk(filing: Filing, item: QAItem) -> None:
    tax, pretax = _risk_first(
        filing, item, "risk.tax_changes", "income_tax_expense.Y", "income_before_taxes.Y"
    )
    in_answer(item, pct(value(filing, tax) / value(filing, pretax) * 100))


@oracle("capital_return_risk_exposure")
def _capital_return_risk(filing: Filing, item: QAItem) -> None:
    dividends, buybacks = _risk_first(
        filing, item, "risk.capital_returns", "dividends_paid.Y", "share_repurchases.Y"
    )
    in_answer(item, dollars(filing, -value(filing, dividends) - value(filing, buybacks)))


@oracle("international_risk_exposure")
def _international_risk(filing: Filing, item: QAItem) -> None:
    revenue, europe, rest = _risk_first(
        filing, item, "risk.international_operations", "revenue.Y", "region.1.Y", "region.2.Y"
    )
    abroad = value(filing, revenue) - value(filing, revenue.replace("revenue", "region.0"))
    assert abroad == value(filing, europe) + value(filing, rest)
    in_answer(item, dollars(filing, abroad), pct(abroad / value(filing, revenue) * 100))


@oracle("asset_impairment_risk_exposure")
def _asset_impairment_risk(filing: Filing, item: QAItem) -> None:
    fixed, assets = _risk_first(
        filing, item, "risk.impairment_of_assets", "property_and_equipment.Y", "total_assets.Y"
    )
    in_answer(item, pct(value(filing, fixed) / value(filing, assets) * 100))


@oracle("dilution_risk_exposure")
def _dilution_risk(filing: Filing, item: QAItem) -> None:
    now, then, _compensation = _risk_first(
        filing,
        item,
        "risk.share_dilution",
        "diluted_shares.Y",
        "diluted_shares.Y",
        "stock_based_compensation.Y",
    )
    change = abs(value(filing, now) - value(filing, then)) / value(filing, then) * 100
    in_answer(item, pct(change), f"{int(value(filing, now)):,}")


@oracle("acquisition_risk_exposure")
def _acquisition_risk(filing: Filing, item: QAItem) -> None:
    spent, goodwill = _risk_first(filing, item, "risk.acquisitions", "acquisitions.Y", "goodwill.Y")
    in_answer(item, dollars(filing, -value(filing, spent)), dollars(filing, value(filing, goodwill)))


@oracle("leadership_risk_exposure")
def _leadership_risk(filing: Filing, item: QAItem) -> None:
    (chief,) = _risk_first(filing, item, "risk.key_personnel", "chief_executive")
    in_answer(item, str(filing.facts[chief]))


def _rows(filing: Filing, prefix: str, field: str) -> list[int]:
    return sorted(
        int(key.split(".")[1]) for key in filing.facts if re.fullmatch(rf"{prefix}\.\d+\.{field}", key)
    )


@oracle("top_executive_pay")
def _top_executive_pay(filing: Filing, item: QAItem) -> None:
    totals = {i: value(filing, f"pay.{i}.total") for i in _rows(filing, "pay", "total")}
    for i in totals:  # the total is the sum of its parts
        parts = sum(value(filing, f"pay.{i}.{part}") for part in ("salary", "bonus", "stock"))
        assert parts == totals[i]
    best = max(totals, key=lambda i: totals[i])
    in_answer(item, str(filing.facts[f"pay.{best}.name"]), f"${int(totals[best]):,}")
    assert item.filing_items == ("10-14",)


@oracle("pay_mix")
def _pay_mix(filing: Filing, item: QAItem) -> None:
    name, salary, stock, total = keys_match(item, "pay.N.name", "pay.N.salary", "pay.N.stock", "pay.N.total")
    in_answer(item, str(filing.facts[name]), f"${int(value(filing, salary)):,}")
    in_answer(item, pct(value(filing, stock) / value(filing, total) * 100))


@oracle("largest_holders")
def _largest_holders(filing: Filing, item: QAItem) -> None:
    stakes = {i: value(filing, f"holder.{i}.percent") for i in _rows(filing, "holder", "percent")}
    best = max(stakes, key=lambda i: stakes[i])
    in_answer(item, str(filing.facts[f"holder.{best}.name"]), f"{sum(stakes.values()):.1f}%")


@oracle("audit_fees")
def _audit_fees(filing: Filing, item: QAItem) -> None:
    if item.fact_keys[-1].startswith("revenue."):  # the audit's cost per $1,000 of revenue
        audit, revenue = keys_match(item, "fees.audit", "revenue.Y")
        assert year_of(revenue) == filing.fiscal_years[-1]
        in_answer(item, f"${value(filing, audit) / value(filing, revenue) * 1000:.2f} per $1,000")
        return
    audit, total = keys_match(item, "fees.audit", "fees.total")
    parts = sum(value(filing, f"fees.{part}") for part in ("audit", "audit_related", "tax", "other"))
    assert parts == value(filing, total)
    in_answer(item, pct(value(filing, audit) / value(filing, total) * 100))


@oracle("board_size")
def _board_size(filing: Filing, item: QAItem) -> None:
    if "board.chair" in item.fact_keys:  # the board's makeup: independent directors and the chair
        directors, independent, chair = keys_match(item, "directors", "directors.independent", "board.chair")
        count, free = int(value(filing, directors)), int(value(filing, independent))
        assert 0 < free < count
        in_answer(item, f"{free} of the {count} directors", pct(free / count * 100), str(filing.facts[chair]))
        return
    directors, chief = keys_match(item, "directors", "chief_executive")
    assert int(value(filing, directors)) >= 5
    in_answer(item, f"{int(value(filing, directors))} directors", str(filing.facts[chief]))


@oracle("cybersecurity_leadership")
def _cybersecurity_leadership(filing: Filing, item: QAItem) -> None:
    years, risk = keys_match(item, "cybersecurity.officer_years", "risk.cybersecurity")
    in_answer(item, f"more than {int(value(filing, years))} years", str(filing.facts[risk]))
    assert item.filing_items == ("1A", "1C")


@oracle("leased_footprint")
def _leased_footprint(filing: Filing, item: QAItem) -> None:
    *tenures, liability = item.fact_keys
    assert liability == "lease.liability" and all(
        re.fullmatch(r"property\.\d+\.tenure", key) for key in tenures
    )
    rows = [line for line in item.citations if line.count(" | ") == 3]
    leased = sum(1 for line in rows if line.split(" | ")[2] == "Leased")
    in_answer(
        item, f"{leased} of its {len(rows)} principal properties", dollars(filing, value(filing, liability))
    )


# --- writing requests on Part I and Part III -------------------------------------------------------------


def _spelled(count: int) -> str:
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    return words[count] if count < len(words) else f"{count:,}"


@oracle("company_profile")
def _company_profile(filing: Filing, item: QAItem) -> None:
    segments = [str(filing.facts[f"segment.{i}.name"]) for i in _rows(filing, "segment", "name")]
    keys_match(item, "headquarters", "founded", "employees", *(["segment.N.name"] * len(segments)))
    in_answer(item, str(filing.facts["headquarters"]), f"founded in {int(value(filing, 'founded'))}")
    in_answer(item, f"{int(value(filing, 'employees')):,} people", f"{_spelled(len(segments))} segments")
    in_answer(item, *segments)
    assert set(item.filing_items) <= {"cover", "1"} and "1" in item.filing_items


@oracle("property_summary")
def _property_summary(filing: Filing, item: QAItem) -> None:
    rows = _rows(filing, "property", "square_feet")
    keys_match(item, *(["property.N.location", "property.N.tenure", "property.N.square_feet"] * len(rows)))
    areas = {i: int(value(filing, f"property.{i}.square_feet")) for i in rows}
    owned = sum(area for i, area in areas.items() if filing.facts[f"property.{i}.tenure"] == "Owned")
    total = sum(areas.values())
    in_answer(item, f"{total:,} square feet in all", f"{owned:,} square feet ({pct(owned / total * 100)})")
    biggest = max(areas.values())
    in_answer(item, f"{biggest:,} square feet")
    in_answer(item, *(str(filing.facts[f"property.{i}.location"]) for i in rows if areas[i] == biggest))
    assert item.filing_items == ("2",)


@oracle("executive_pay_briefing")
def _executive_pay_briefing(filing: Filing, item: QAItem) -> None:
    rows = _rows(filing, "pay", "total")
    keys_match(
        item, *(["pay.N.name", "pay.N.salary", "pay.N.bonus", "pay.N.stock", "pay.N.total"] * len(rows))
    )
    totals = {
        i: int(
            value(filing, f"pay.{i}.salary")
            + value(filing, f"pay.{i}.bonus")
            + value(filing, f"pay.{i}.stock")
        )
        for i in rows
    }
    stock = sum(value(filing, f"pay.{i}.stock") for i in rows)
    best = max(totals, key=lambda i: totals[i])
    in_answer(item, f"${sum(totals.values()):,} in total", pct(stock / sum(totals.values()) * 100))
    in_answer(item, f"{filing.facts[f'pay.{best}.name']}, with ${totals[best]:,}")
    assert item.filing_items == ("10-14",)


@oracle("governance_snapshot")
def _governance_snapshot(filing: Filing, item: QAItem) -> None:
    holders = _rows(filing, "holder", "percent")
    board = ["directors.independent", "board.chair"] if "board.chair" in filing.facts else []
    keys_match(
        item,
        "directors",
        "chief_executive",
        *board,
        *(["holder.N.name", "holder.N.percent"] * len(holders)),
        "fees.audit",
        "fees.total",
    )
    if board:  # the board's makeup: its independent directors and its chair
        in_answer(item, f"{int(value(filing, board[0]))} of them independent", str(filing.facts[board[1]]))
    stakes = {i: value(filing, f"holder.{i}.percent") for i in holders}
    top = max(stakes, key=lambda i: stakes[i])
    fees = {part: value(filing, f"fees.{part}") for part in ("audit", "audit_related", "tax", "other")}
    in_answer(item, f"{int(value(filing, 'directors'))} directors", str(filing.facts["chief_executive"]))
    in_answer(item, f"{filing.facts[f'holder.{top}.name']} with {stakes[top]:.1f}%")
    in_answer(item, pct(fees["audit"] / sum(fees.values()) * 100), dollars(filing, sum(fees.values())))


# Industry measures (REIT FFO, insurers' ratios, utilities' rate base, deferred revenue, bank allowance).


def exact(filing: Filing, key: str) -> Fraction:
    """The fact as an exact number (a stated decimal such as 9.47 is read as 947/100)."""
    return Fraction(str(filing.facts[key]))


def cents(amount: Fraction) -> str:
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(float(amount)):.2f}"


def within_rounding(stated: float, exact_value: Fraction, decimals: int) -> None:
    """A figure stated to ``decimals`` places is the exact value rounded (within half a last place)."""
    assert abs(Fraction(str(stated)) - exact_value) <= Fraction(1, 2 * 10**decimals), (stated, exact_value)


@oracle("funds_from_operations")
def _funds_from_operations(filing: Filing, item: QAItem) -> None:
    ffo, income, depreciation, impairment, gains, shares, per_share = keys_match(
        item,
        "ffo.Y",
        "net_income.Y",
        "ffo.depreciation.Y",
        "ffo.impairment.Y",
        "ffo.gains.Y",
        "diluted_shares.Y",
        "ffo_per_share.Y",
    )
    total = (
        value(filing, income) + value(filing, depreciation) + value(filing, impairment) - value(filing, gains)
    )
    assert total == value(filing, ffo)
    within_rounding(value(filing, per_share), exact(filing, ffo) / exact(filing, shares), 2)
    in_answer(item, dollars(filing, total), dollars(filing, value(filing, income)))
    in_answer(item, dollars(filing, value(filing, depreciation)), cents(exact(filing, per_share)))
    for key in (impairment, gains):
        assert (dollars(filing, value(filing, key)) in item.answer) == (value(filing, key) != 0), key
    cited_digits(filing, item, ffo)


@oracle("ffo_versus_earnings")
def _ffo_versus_earnings(filing: Filing, item: QAItem) -> None:
    ffo, eps = keys_match(item, "ffo_per_share.Y", "diluted_eps.Y")
    in_answer(item, cents(exact(filing, ffo)), cents(exact(filing, eps)))
    in_answer(item, f"difference of {cents(exact(filing, ffo) - exact(filing, eps))}")
    assert {"7", "8"} <= set(item.filing_items)


@oracle("ffo_payout")
def _ffo_payout(filing: Filing, item: QAItem) -> None:
    dividends, ffo = keys_match(item, "dividends_paid.Y", "ffo.Y")
    assert year_of(dividends) == year_of(ffo)
    paid = -value(filing, dividends)
    in_answer(item, dollars(filing, paid), dollars(filing, value(filing, ffo)))
    _ratio_in_answer(item, paid, value(filing, ffo))
    assert {"7", "8"} <= set(item.filing_items)


def _ratio_in_answer(item: QAItem, part: float, whole: float) -> None:
    """The answer states part/whole in percent to one decimal, correctly rounded."""
    exact_value = Fraction(int(part)) / Fraction(int(whole)) * 100
    stated = [float(text) for text in re.findall(r"(\d+\.\d)%", item.answer)]
    assert any(abs(Fraction(str(figure)) - exact_value) <= Fraction(1, 20) for figure in stated), (
        item.answer,
        float(exact_value),
    )


@oracle("combined_ratio")
def _combined_ratio(filing: Filing, item: QAItem) -> None:
    premiums, losses, costs, combined = keys_match(
        item, "net_premiums_earned.Y", "cost_of_revenue.Y", "total_operating_expenses.Y", "combined_ratio.Y"
    )
    earned, lost, spent = value(filing, premiums), value(filing, losses), value(filing, costs)
    for part in (lost, spent, lost + spent):
        _ratio_in_answer(item, part, earned)
    within_rounding(value(filing, combined), Fraction(int(lost + spent), int(earned)) * 100, 1)
    in_answer(item, dollars(filing, abs(earned - lost - spent)))
    in_answer(item, "underwriting profit" if earned > lost + spent else "underwriting loss")


@oracle("combined_ratio_change")
def _combined_ratio_change(filing: Filing, item: QAItem) -> None:
    now, then, loss_now, loss_then = keys_match(
        item, "combined_ratio.Y", "combined_ratio.Y", "loss_ratio.Y", "loss_ratio.Y"
    )
    for key in (now, then):  # the stated ratios are the income statement's, recomputed here
        year = year_of(key)
        premiums = Fraction(int(value(filing, f"net_premiums_earned.{year}")))
        losses = int(value(filing, f"cost_of_revenue.{year}"))
        costs = int(value(filing, f"total_operating_expenses.{year}"))
        within_rounding(value(filing, key), (losses + costs) / premiums * 100, 1)
        within_rounding(value(filing, f"loss_ratio.{year}"), losses / premiums * 100, 1)
    change = exact(filing, now) - exact(filing, then)
    loss_change = exact(filing, loss_now) - exact(filing, loss_then)
    in_answer(item, f"{abs(float(change)):.1f} points", f"{abs(float(loss_change)):.1f} points")
    in_answer(item, "worsened" if change > 0 else "improved" if change < 0 else "held")


@oracle("allowed_equity_return")
def _allowed_equity_return(filing: Filing, item: QAItem) -> None:
    base, ratio, allowed = keys_match(
        item, "rate_base.Y", "rate_case.equity_ratio", "rate_case.return_on_equity"
    )
    equity = exact(filing, base) * exact(filing, ratio) / 100
    earnings = equity * exact(filing, allowed) / 100
    in_answer(item, dollars(filing, math.floor(equity + Fraction(1, 2))))
    in_answer(item, dollars(filing, math.floor(earnings + Fraction(1, 2))))
    in_answer(item, f"{float(exact(filing, allowed)):.2f}%", f"{float(exact(filing, ratio)):.1f}%")


@oracle("subscription_billings")
def _subscription_billings(filing: Filing, item: QAItem) -> None:
    revenue, closing, opening, billings = keys_match(
        item,
        "subscription_revenue.Y",
        "deferred_revenue.Y",
        "deferred_revenue.Y",
        "deferred_revenue.billings.Y",
    )
    assert year_of(closing) == year_of(revenue) == year_of(opening) + 1
    change = value(filing, closing) - value(filing, opening)
    assert value(filing, revenue) + change == value(filing, billings)
    in_answer(item, dollars(filing, value(filing, billings)), dollars(filing, abs(change)))
    in_answer(item, dollars(filing, value(filing, revenue)))


@oracle("loan_allowance_build")
def _loan_allowance_build(filing: Filing, item: QAItem) -> None:
    opening, provision, charge_offs, closing = keys_match(
        item,
        "loan_allowance.opening.Y",
        "cost_of_revenue.Y",
        "loan_allowance.charge_offs.Y",
        "loan_allowance.closing.Y",
    )
    build = value(filing, provision) - value(filing, charge_offs)
    assert value(filing, opening) + build == value(filing, closing)
    in_answer(item, dollars(filing, value(filing, opening)), dollars(filing, value(filing, closing)))
    if build:
        in_answer(item, dollars(filing, abs(build)), "built" if build > 0 else "released")
    cited_digits(filing, item, provision)


@oracle("bank_margin_and_capital")
def _bank_margin_and_capital(filing: Filing, item: QAItem) -> None:
    margin, efficiency, cet1 = keys_match(item, "net_interest_margin.Y", "efficiency_ratio.Y", "cet1_ratio.Y")
    year = year_of(margin)
    expenses, revenue = value(filing, f"total_operating_expenses.{year}"), value(filing, f"revenue.{year}")
    within_rounding(value(filing, efficiency), Fraction(int(expenses), int(revenue)) * 100, 1)
    capital = Fraction(
        int(value(filing, f"cet1_capital.{year}")), int(value(filing, f"risk_weighted_assets.{year}"))
    )
    within_rounding(value(filing, cet1), capital * 100, 1)
    cushion = exact(filing, cet1) - Fraction(13, 2)
    in_answer(
        item, f"{value(filing, margin):.2f}%", pct(value(filing, efficiency)), f"{float(cushion):.1f} points"
    )


@oracle("reserve_development")
def _reserve_development(filing: Filing, item: QAItem) -> None:
    development, share, accident, loss = keys_match(
        item,
        "reserve_development.Y",
        "reserve_development_share.Y",
        "accident_year_loss_ratio.Y",
        "loss_ratio.Y",
    )
    year = year_of(development)
    opening = (
        value(filing, f"accounts_payable.{year - 1}")
        if f"accounts_payable.{year - 1}" in filing.facts
        else None
    )
    if opening is not None:
        within_rounding(
            value(filing, share), Fraction(abs(int(value(filing, development))), int(opening)) * 100, 1
        )
    losses = int(value(filing, f"cost_of_revenue.{year}")) - int(value(filing, development))
    within_rounding(
        value(filing, accident), Fraction(losses, int(value(filing, f"net_premiums_earned.{year}"))) * 100, 1
    )
    in_answer(
        item,
        dollars(filing, abs(value(filing, development))),
        pct(value(filing, accident)),
        pct(value(filing, loss)),
    )
    assert ("unfavorable" in item.answer) == (value(filing, development) > 0)


@oracle("assets_under_management")
def _assets_under_management(filing: Filing, item: QAItem) -> None:
    begin, flows, market, end, rate = keys_match(
        item, "aum.begin.Y", "aum.flows.Y", "aum.market.Y", "aum.Y", "fee_rate_bps.Y"
    )
    assert value(filing, end) == value(filing, begin) + value(filing, flows) + value(filing, market)
    year = year_of(end)
    average = Fraction(int(value(filing, begin) + value(filing, end)), 2)
    fees = int(value(filing, f"investment_advisory_fees.{year}"))
    assert abs(Fraction(fees) / average * 10_000 - exact(filing, rate)) < Fraction(1, 5)
    in_answer(item, dollars(filing, value(filing, begin)), dollars(filing, value(filing, end)))
    in_answer(item, dollars(filing, abs(value(filing, flows))), dollars(filing, abs(value(filing, market))))


@oracle("net_interest_income_sensitivity")
def _net_interest_income_sensitivity(filing: Filing, item: QAItem) -> None:
    up, up_share, down, position = keys_match(
        item,
        "nii_sensitivity.up_100",
        "nii_sensitivity.up_100.percent",
        "nii_sensitivity.down_100",
        "nii_sensitivity.position",
    )
    income = int(value(filing, f"net_interest_income.{max(int(y) for y in filing.fiscal_years)}"))
    within_rounding(value(filing, up_share), Fraction(int(value(filing, up)), income) * 100, 1)
    assert (value(filing, up) > 0) == (filing.facts[position] == "asset-sensitive")
    assert (value(filing, up) > 0) != (value(filing, down) > 0)
    in_answer(item, dollars(filing, value(filing, up)), str(filing.facts[position]))


def _segment_risk_keys(filing: Filing, item: QAItem, *patterns: str) -> tuple[str, list[str]]:
    """A segment's own risk first (cited from Item 1A, stated in the answer), then that segment's facts."""
    risk = item.fact_keys[0]
    match = re.fullmatch(r"risk\.[a-z_]+_(\d+)", risk)
    assert match, (item.kind, risk)
    segment = match.group(1)
    keys = keys_match(item, risk, *(pattern.replace("S", segment) for pattern in patterns))
    in_answer(item, str(filing.facts[risk]), str(filing.facts[f"segment.{segment}.name"]))
    assert str(filing.facts[f"{risk}.label"]) in item.question
    assert item.filing_items[0] == "1A" and set(filing.fact_sentences[risk]) <= set(
        item.citation_sentence_ids
    )
    return risk, keys[1:]


@oracle("segment_risk_trend")
def _segment_risk_trend(filing: Filing, item: QAItem) -> None:
    _, (now_key, then_key) = _segment_risk_keys(filing, item, "segment.S.Y", "segment.S.Y")
    assert year_of(now_key) == year_of(then_key) + 1
    now, then = value(filing, now_key), value(filing, then_key)
    word = "grew" if now > then else "declined"
    in_answer(item, word, pct(abs(now - then) / then * 100), dollars(filing, now), dollars(filing, then))


@oracle("segment_risk_margin")
def _segment_risk_margin(filing: Filing, item: QAItem) -> None:
    _, (income, revenue) = _segment_risk_keys(filing, item, "segment_income.S.Y", "segment.S.Y")
    assert year_of(income) == year_of(revenue)
    in_answer(
        item,
        dollars(filing, value(filing, income)),
        pct(value(filing, income) / value(filing, revenue) * 100),
    )


@oracle("holder_gap")
def _holder_gap(filing: Filing, item: QAItem) -> None:
    first_name, first, second_name, second = keys_match(
        item, "holder.N.name", "holder.N.percent", "holder.N.name", "holder.N.percent"
    )
    stakes = sorted(
        (value(filing, f"holder.{i}.percent") for i in _rows(filing, "holder", "percent")), reverse=True
    )
    assert (value(filing, first), value(filing, second)) == (stakes[0], stakes[1])
    top, runner = Fraction(str(filing.facts[first])), Fraction(str(filing.facts[second]))
    in_answer(item, str(filing.facts[first_name]), str(filing.facts[second_name]))
    in_answer(item, f"{float(top - runner):.1f} percentage points", f"{float(top / runner):.2f} times")
    assert item.filing_items == ("10-14",)


@oracle("pay_spread")
def _pay_spread(filing: Filing, item: QAItem) -> None:
    high_name, high, low_name, low = keys_match(
        item, "pay.N.name", "pay.N.total", "pay.N.name", "pay.N.total"
    )
    totals = [value(filing, f"pay.{i}.total") for i in _rows(filing, "pay", "total")]
    assert (value(filing, high), value(filing, low)) == (max(totals), min(totals))
    top, bottom = int(value(filing, high)), int(value(filing, low))
    in_answer(item, str(filing.facts[high_name]), str(filing.facts[low_name]), f"${top - bottom:,}")
    in_answer(item, f"{top / bottom:.2f} times")


@oracle("non_audit_fees")
def _non_audit_fees(filing: Filing, item: QAItem) -> None:
    related, tax, other, total = keys_match(
        item, "fees.audit_related", "fees.tax", "fees.other", "fees.total"
    )
    non_audit = value(filing, related) + value(filing, tax) + value(filing, other)
    assert non_audit + value(filing, "fees.audit") == value(filing, total)
    in_answer(item, dollars(filing, non_audit), pct(non_audit / value(filing, total) * 100))


@oracle("cash_pay")
def _cash_pay(filing: Filing, item: QAItem) -> None:
    name, salary, bonus, total = keys_match(item, "pay.N.name", "pay.N.salary", "pay.N.bonus", "pay.N.total")
    assert len({key.split(".")[1] for key in item.fact_keys}) == 1  # one executive's row
    cash = int(value(filing, salary) + value(filing, bonus))
    in_answer(item, str(filing.facts[name]), f"${cash:,}", pct(cash / value(filing, total) * 100))


@oracle("credit_rating_risk_exposure")
def _credit_rating_risk(filing: Filing, item: QAItem) -> None:
    interest, current, long_term = _risk_first(
        filing, item, "risk.credit_ratings", "interest_expense.Y", "current_debt.Y", "long_term_debt.Y"
    )
    debt = value(filing, current) + value(filing, long_term)
    in_answer(item, dollars(filing, debt), pct(value(filing, interest) / debt * 100))


@oracle("refinancing_risk_exposure")
def _refinancing_risk(filing: Filing, item: QAItem) -> None:
    cash, due = _risk_first(filing, item, "risk.capital_markets", "cash.Y", "current_debt.Y")
    in_answer(
        item, dollars(filing, value(filing, due)), f"{value(filing, cash) / value(filing, due):.1f} times"
    )


@oracle("demand_risk_exposure")
def _demand_risk(filing: Filing, item: QAItem) -> None:
    now, then = _risk_first(filing, item, "risk.economic_conditions", "revenue.Y", "revenue.Y")
    assert year_of(now) == year_of(then) + 1
    change = value(filing, now) - value(filing, then)
    in_answer(item, "rose" if change > 0 else "fell", pct(abs(change) / value(filing, then) * 100))


@oracle("pricing_risk_exposure")
def _pricing_risk(filing: Filing, item: QAItem) -> None:
    gross, revenue = _risk_first(filing, item, "risk.competition", "gross_profit.Y", "revenue.Y")
    in_answer(
        item, dollars(filing, value(filing, gross)), pct(value(filing, gross) / value(filing, revenue) * 100)
    )


@oracle("capacity_risk_exposure")
def _capacity_risk(filing: Filing, item: QAItem) -> None:
    capex, depreciation = _risk_first(
        filing, item, "risk.capacity_planning", "capital_expenditures.Y", "depreciation_and_amortization.Y"
    )
    spent = -value(filing, capex)
    in_answer(item, dollars(filing, spent), f"{spent / value(filing, depreciation):.1f} times")


@oracle("revenue_per_employee")
def _revenue_per_employee(filing: Filing, item: QAItem) -> None:
    employees, revenue = keys_match(item, "employees", "revenue.Y")
    scale = 1_000 if filing.facts["unit"] == "thousands" else 1_000_000
    per_head = Fraction(int(value(filing, revenue)) * scale, int(value(filing, employees)))
    in_answer(item, f"${round(per_head):,} per employee", f"{int(value(filing, employees)):,}")
    assert "8" in item.filing_items  # revenue read from the statements
