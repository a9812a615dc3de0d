"""Notes to the consolidated financial statements; every table sums exactly to the statements."""

from __future__ import annotations

from collections.abc import Sequence

from finsynth.generators.filings.accounting_policies import MORE_POLICIES, POLICIES, Policy
from finsynth.generators.filings.blocks import Block, Candidate, Line, heading, prose
from finsynth.generators.filings.industry_metrics import metric_candidates
from finsynth.generators.filings.policy_figures import policy_figures, policy_sentences, policy_values
from finsynth.generators.filings.revenue_recognition import RECOGNITION_TIMING
from finsynth.generators.filings.tables import TableRow, balance_sheet_words, statement_rows, table
from finsynth.seeding import RandomStream
from finsynth.world.company import Company
from finsynth.world.formatting import (
    count_word,
    fiscal_year_end,
    money,
    name_list,
    per_share,
    percent_figure,
    share_of,
    table_amount,
    unit_word,
)
from finsynth.world.statements import QUARTERLY_KEYS, REGIONS, Statements, has_foreign_revenue, split_whole

_FEDERAL_RATE = 0.21
_DEBT_TRANCHES = ("first_notes", "second_notes", "term_loan")
"""The debt note's borrowings, in table order (fact keys ``debt.<tranche>.<year>``)."""
_TAX_ROWS = ("statutory", "state", "credits", "other")
"""The tax reconciliation's rows before the provision (fact keys ``tax.<row>.<year>``)."""


def _latest_two(statements: Statements) -> tuple[int, int]:
    return statements.years[-1], statements.years[-2]


def _year_end(company: Company, year: int) -> str:
    return fiscal_year_end(year, company.fiscal_year_end_month)


def _result(amount: int, unit: str, gain: str, loss: str) -> str:
    """``gain of $X`` for a positive amount, ``loss of $X`` for a negative one (e.g. income or a loss)."""
    return f"{gain} of {money(amount, unit)}" if amount >= 0 else f"{loss} of {money(-amount, unit)}"


def _header(company: Company, years: Sequence[int]) -> tuple[str, ...]:
    return (f"(in {company.unit})", *(f"Fiscal {year}" for year in years))


def _revenue_note(company: Company, statements: Statements) -> Block:
    years = statements.years[::-1]
    rows = [(segment.name, f"segment.{index}") for index, segment in enumerate(company.segments)]
    rows.append(("Total revenue", "revenue"))
    region_rows = [(region, f"region.{index}") for index, region in enumerate(REGIONS)]
    year, prior = _latest_two(statements)
    values, unit = statements.values[year], company.unit
    shares = [values[f"segment.{index}"] for index in range(len(company.segments))]
    largest = max(range(len(shares)), key=lambda index: shares[index])
    foreign = has_foreign_revenue(statements)
    where = " and by the location of the customer" if foreign else ""
    billed = (
        f"contract liabilities of {money(values['deferred_revenue'], unit)} at {_year_end(company, year)} "
        "are amounts billed in advance of performance"
        if statements.has_deferred_revenue and values.get("deferred_revenue", 0) > 0
        else "amounts billed in advance of performance, part of the "
        f"{money(values['accrued_liabilities'], unit)}"
        f" of {statements.balance.label('accrued_liabilities', 'accrued liabilities').lower()} at "
        f"{_year_end(company, year)}, are contract liabilities"
    )
    return Block(
        (
            prose(
                f"We disaggregate the {money(values['revenue'], unit)} of fiscal {year} revenue by "
                "reportable "
                f"segment{where}; the {company.segments[largest].name} segment was the largest, with "
                f"{percent_figure(share_of(shares[largest], values['revenue']))} of the total.",
                f"Revenue, {money(statements.values[prior]['revenue'], unit)} in fiscal {prior}, is "
                "recognized "
                "net of sales taxes, discounts and expected returns.",
            ),
            table("Revenue by segment", _header(company, years), statement_rows(statements, rows)),
            table(
                "Revenue by geographic area", _header(company, years), statement_rows(statements, region_rows)
            )
            if has_foreign_revenue(statements)
            else prose(
                f"All of the {money(values['revenue'], unit)} of fiscal {year} revenue came from customers "
                "in "
                "the United States."
            ),
            prose(
                f"{billed[0].upper()}{billed[1:]}, recognized as revenue as we satisfy the related "
                "obligations, "
                f"generally within fiscal {year + 1}."
            ),
        ),
        title="Revenue",
    )


def _property_note(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year, prior = _latest_two(statements)
    model = statements.balance
    default = (
        "Land",
        "Buildings and improvements",
        "Machinery and equipment",
        "Computer hardware and software",
    )
    labels = dict(model.details).get("property_and_equipment", default)
    net_label = model.label("property_and_equipment", "Property and equipment, net")
    relabeled = net_label != "Property and equipment, net"
    weights = [stream.uniform(0.3, 1.5) for _ in labels]
    columns = []
    for when in (year, prior):
        net = statements.values[when]["property_and_equipment"]
        accumulated = round(net * stream.uniform(0.5, 1.1))
        columns.append((*split_whole(net + accumulated, weights), net + accumulated, -accumulated, net))
    row_labels = (
        *labels,
        "Total, at cost" if relabeled else "Property and equipment, gross",
        "Less accumulated depreciation",
        net_label,
    )
    rows = [
        (label, [table_amount(column[position]) for column in columns], ())
        for position, label in enumerate(row_labels)
    ]
    title = net_label.split(",")[0] if relabeled else "Property and equipment"
    return Block(
        (table(title, _header(company, (year, prior)), rows),),
        title="Real Estate" if title.startswith("Real estate") else title.title().replace(" And ", " and "),
    )


def _goodwill_note(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year, prior = _latest_two(statements)
    values, earlier = statements.values[year], statements.values[prior]
    acquired = values["goodwill"] - earlier["goodwill"]
    unit = company.unit
    lines: list[Line | str] = [
        Line(
            f"Goodwill was {money(values['goodwill'], unit)} at the end of fiscal {year} and "
            f"{money(earlier['goodwill'], unit)} at the end of fiscal {prior}.",
            (f"goodwill.{year}", f"goodwill.{prior}"),
        ),
        (
            f"The increase of {money(acquired, unit)} resulted from a business we acquired during fiscal "
            f"{year}."
            if acquired
            else f"We completed no acquisitions in fiscal {year}, so goodwill stayed at "
            f"{money(values['goodwill'], unit)}."
        ),
        Line(
            "Intangible assets, net of accumulated amortization, were "
            f"{money(values['intangible_assets'], unit)} at the end of fiscal {year}; they consist mainly of "
            "customer relationships, developed technology and trade names, amortized over "
            f"{stream.randint(5, 8)} to {stream.randint(10, 15)} years.",
            (f"intangible_assets.{year}",),
        ),
    ]
    return Block((prose(*lines),), title="Goodwill and Intangible Assets")


def _debt_note(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year, prior = _latest_two(statements)
    unit = company.unit
    first_rate, second_rate = stream.uniform(2.5, 4.5), stream.uniform(4.5, 6.9)
    first_due, second_due = year + stream.randint(3, 6), year + stream.randint(7, 12)
    labels = (
        f"{first_rate:.2f}% senior notes due {first_due}",
        f"{second_rate:.2f}% senior notes due {second_due}",
        "Term loan",
        "Total debt",
        "Less current portion",
        "Long-term debt, net of current portion",
    )
    weights = [stream.uniform(0.5, 1.5) for _ in range(3)]
    columns = []
    for when in (year, prior):
        values = statements.values[when]
        total = values["current_debt"] + values["long_term_debt"]
        columns.append(
            (*split_whole(total, weights), total, -values["current_debt"], values["long_term_debt"])
        )
    row_facts: tuple[tuple[str, ...], ...] = (
        (
            "debt.first_notes.rate",
            "debt.first_notes.due",
            f"debt.first_notes.{year}",
            f"debt.first_notes.{prior}",
        ),
        (
            "debt.second_notes.rate",
            "debt.second_notes.due",
            f"debt.second_notes.{year}",
            f"debt.second_notes.{prior}",
        ),
        (f"debt.term_loan.{year}", f"debt.term_loan.{prior}"),
        (),
        (f"current_debt.{year}", f"current_debt.{prior}"),
        (f"long_term_debt.{year}", f"long_term_debt.{prior}"),
    )
    rows = [
        (label, [table_amount(column[position]) for column in columns], row_facts[position])
        for position, label in enumerate(labels)
    ]
    facts: dict[str, float | str] = {
        "debt.first_notes.rate": round(first_rate, 2),
        "debt.first_notes.due": first_due,
        "debt.second_notes.rate": round(second_rate, 2),
        "debt.second_notes.due": second_due,
    }
    for column, when in zip(columns, (year, prior), strict=True):
        facts.update({f"debt.{tranche}.{when}": column[i] for i, tranche in enumerate(_DEBT_TRANCHES)})
    facility = round(statements.values[year]["revenue"] * stream.uniform(0.05, 0.2)) + 1
    facility_matures = year + stream.randint(2, 5)
    facts.update({"credit_facility": facility, "credit_facility.matures": facility_matures})
    return Block(
        (
            table("Debt", _header(company, (year, prior)), rows),
            prose(
                Line(
                    f"We also have a revolving credit facility of {money(facility, unit)} that matures in "
                    f"{facility_matures}; no amounts were drawn on it at year end.",
                    ("credit_facility", "credit_facility.matures"),
                ),
                "Our debt agreements require us to keep a maximum ratio of debt to earnings before interest, "
                f"taxes, depreciation and amortization; with total debt of {money(columns[0][3], unit)} at "
                f"{_year_end(company, year)}, we were in compliance.",
            ),
        ),
        facts=facts,
        title="Debt",
    )


def _tax_note(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year, prior = _latest_two(statements)
    columns = []
    for when in (year, prior):
        values = statements.values[when]
        statutory = round(values["income_before_taxes"] * _FEDERAL_RATE)
        state = round(values["income_before_taxes"] * stream.uniform(0.01, 0.04))
        credits = -round(values["income_before_taxes"] * stream.uniform(0.0, 0.02))
        other = values["income_tax_expense"] - statutory - state - credits
        columns.append((statutory, state, credits, other, values["income_tax_expense"]))
    labels = (
        "Tax at the federal statutory rate of 21%",
        "State income taxes, net of federal benefit",
        "Tax credits",
        "Other, net",
        "Provision for income taxes",
    )
    keys = [*(f"tax.{row}" for row in _TAX_ROWS), "income_tax_expense"]
    rows = [
        (
            label,
            [table_amount(column[position]) for column in columns],
            (f"{keys[position]}.{year}", f"{keys[position]}.{prior}"),
        )
        for position, label in enumerate(labels)
    ]
    facts: dict[str, float | str] = {
        f"tax.{row}.{when}": column[position]
        for column, when in zip(columns, (year, prior), strict=True)
        for position, row in enumerate(_TAX_ROWS)
    }
    values = statements.values[year]
    rate = percent_figure(share_of(values["income_tax_expense"], values["income_before_taxes"]))
    pretax = _result(values["income_before_taxes"], company.unit, "pretax income", "a pretax loss")
    return Block(
        (
            prose(
                "The following table reconciles income taxes at the federal statutory rate on fiscal "
                f"{year}'s "
                f"{pretax} with our provision for income taxes."
            ),
            table("Income tax reconciliation", _header(company, (year, prior)), rows),
            prose(
                f"Our effective tax rate was {rate} in fiscal {year}, a provision of "
                f"{money(values['income_tax_expense'], company.unit)} on {pretax}.",
                f"Tax years from fiscal {year - 3} onward remain open to examination by the Internal Revenue "
                f"Service and by the taxing authorities of {company.state}, where we have our headquarters; "
                f"state income taxes, net of federal benefit, came to "
                f"{_result(columns[0][1], company.unit, 'a charge', 'a benefit')} in fiscal {year}.",
            ),
        ),
        facts=facts,
        title="Income Taxes",
    )


def _compensation_note(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year = statements.years[-1]
    unit = company.unit
    values = statements.values[year]
    expense = values["stock_based_compensation"]
    vesting = stream.randint(3, 4)
    shares = f"{values['diluted_shares']:,} {unit_word(company.unit)}"
    return Block(
        (
            prose(
                "We grant restricted stock units and performance share units to employees and directors "
                f"under our equity incentive plan; unvested awards are part of the {shares} of "
                "weighted-average "
                f"diluted shares for fiscal {year} when their effect is dilutive.",
                Line(
                    f"Restricted stock units generally vest in equal installments over {vesting} years, and "
                    "their cost is recognized over that period; all stock-based compensation came to "
                    f"{percent_figure(share_of(expense, values['revenue']))} of fiscal {year} revenue.",
                    ("rsu.vesting_years",),
                ),
                "Performance share units vest based on growth in revenue from the "
                f"{money(values['revenue'], unit)} of fiscal {year} and on total shareholder return over the "
                f"three years to fiscal {year + 3}.",
                Line(
                    f"Stock-based compensation expense was {money(expense, unit)} in fiscal {year}.",
                    (f"stock_based_compensation.{year}",),
                ),
            ),
        ),
        facts={"rsu.vesting_years": vesting},
        title="Stock-Based Compensation",
    )


def _earnings_note(company: Company, statements: Statements) -> Block:
    years = statements.years[::-1]
    rows = statement_rows(
        statements, [("Net income", "net_income"), ("Weighted-average diluted shares", "diluted_shares")]
    )
    rows.append(
        (
            "Diluted net income per share",
            [f"{statements.diluted_eps[year]:.2f}" for year in years],
            tuple(f"diluted_eps.{year}" for year in years),
        )
    )
    earned = _result(statements.values[years[0]]["net_income"], company.unit, "net income", "a net loss")
    return Block(
        (
            prose(
                f"Diluted net income per share, {per_share(statements.diluted_eps[years[0]])} for fiscal "
                f"{years[0]} on {earned}, "
                "is net income divided by the weighted-average number of shares outstanding, including the "
                "dilutive effect of unvested equity awards."
            ),
            table(
                "Net income per share",
                (f"(in {company.unit}, except per-share amounts)", *(f"Fiscal {year}" for year in years)),
                rows,
            ),
        ),
        title="Net Income per Share",
    )


def _quarterly_note(company: Company, statements: Statements, year: int) -> Block:
    values = statements.values[year]
    labels = ("Revenue", statements.labels.gross_profit, "Operating income", "Net income")
    rows = [
        (
            label,
            [table_amount(values[f"quarter.{quarter}.{key}"]) for quarter in range(1, 5)],
            tuple(f"quarter.{quarter}.{key}.{year}" for quarter in range(1, 5)),
        )
        for label, key in zip(labels, QUARTERLY_KEYS, strict=True)
    ]
    return Block(
        (
            prose(
                f"The following table shows unaudited results for each quarter of fiscal {year}; the "
                f"quarters add up to the full-year revenue of {money(values['revenue'], company.unit)} and "
                f"{_result(values['net_income'], company.unit, 'net income', 'a net loss')}."
            ),
            table(
                f"Quarterly results for fiscal {year} (unaudited)",
                _quarter_header(company),
                rows,
            ),
        ),
        title=f"Quarterly Financial Data for Fiscal {year}",
    )


def _quarter_header(company: Company) -> tuple[str, ...]:
    """Header of a quarterly table: the unit, then the four fiscal quarters."""
    return (f"(in {company.unit})", "First quarter", "Second quarter", "Third quarter", "Fourth quarter")


def _accrued_note(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year, prior = _latest_two(statements)
    default = (
        "Compensation and benefits",
        "Taxes other than income taxes",
        "Customer rebates and credits",
        "Other",
    )
    labels = dict(statements.balance.details).get("accrued_liabilities", default)
    name = statements.balance.label("accrued_liabilities", "Accrued liabilities")
    weights = [stream.uniform(0.5, 2.0) for _ in labels]
    columns = [
        (*split_whole(statements.values[when]["accrued_liabilities"], weights),) for when in (year, prior)
    ]
    columns = [(*column, sum(column)) for column in columns]
    rows = [
        (label, [table_amount(column[position]) for column in columns], ())
        for position, label in enumerate((*labels, name))
    ]
    return Block(
        (table(name, _header(company, (year, prior)), rows),), title=name.title().replace(" And ", " and ")
    )


def _retirement_note(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year = statements.years[-1]
    match = stream.randint(3, 6)
    cost = max(1, round(statements.values[year]["revenue"] * stream.uniform(0.002, 0.008)))
    return Block(
        (
            prose(
                Line(
                    f"We sponsor a defined-contribution savings plan for U.S. employees and match {match}% "
                    "of eligible pay that employees contribute; our matching contributions were "
                    f"{money(cost, company.unit)} in fiscal {year}.",
                    ("retirement.match_percent", f"retirement.contributions.{year}"),
                ),
            ),
        ),
        facts={"retirement.match_percent": match, f"retirement.contributions.{year}": cost},
        title="Retirement Plans",
    )


def _contingencies_note(company: Company, statements: Statements) -> Block:
    year = statements.years[-1]
    values, unit, end = statements.values[year], company.unit, _year_end(company, year)
    accrued = statements.balance.label("accrued_liabilities", "Accrued liabilities").lower()
    capex = abs(values["capital_expenditures"])
    return Block(
        (
            prose(
                "We are party to lawsuits, claims and regulatory inquiries that arise in the ordinary "
                "course of business, and we record a liability, within the "
                f"{money(values['accrued_liabilities'], unit)}"
                f" of {accrued} at {end}, when a loss is probable and can be reasonably estimated.",
                "Although the outcome of these matters cannot be predicted with certainty, we do not expect "
                "them to have a material adverse effect on our financial position, with total equity of "
                f"{money(values['total_equity'], unit)} at {end}.",
                "We have purchase commitments with suppliers, including for capital projects like those "
                "behind "
                f"the {money(capex, unit)} of capital expenditures in fiscal {year}, that are not recorded "
                "on the "
                "balance sheet."
                if capex
                else "We have purchase commitments with suppliers that are not recorded on the balance sheet "
                f"at {end}, when total liabilities were {money(values['total_liabilities'], unit)}.",
            ),
        ),
        title="Commitments and Contingencies",
    )


def _segment_note(company: Company, statements: Statements) -> Block:
    years = statements.years[::-1]
    rows = [(segment.name, f"segment_income.{index}") for index, segment in enumerate(company.segments)]
    rows.extend(
        [("Corporate and unallocated costs", "corporate_expense"), ("Operating income", "operating_income")]
    )
    return Block(
        (
            prose(
                f"We manage the business in {count_word(len(company.segments))} reportable segments, "
                f"{name_list([segment.name for segment in company.segments])}, which our chief executive "
                f"officer, {company.officers[0].name}, as chief operating decision maker, reviews to "
                "allocate "
                "resources.",
                "Segment operating income excludes corporate costs such as executive management, legal and "
                "finance functions that are not allocated to the segments, which came to "
                f"{money(abs(statements.values[years[0]]['corporate_expense']), company.unit)} in fiscal "
                f"{years[0]}.",
            ),
            table("Segment operating income", _header(company, years), statement_rows(statements, rows)),
        ),
        title="Segment Information",
    )


def _intangibles_note(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year, prior = _latest_two(statements)
    labels = ("Customer relationships", "Developed technology", "Trade names")
    weights = [stream.uniform(0.5, 2.0) for _ in labels]
    columns = []
    for when in (year, prior):
        net = statements.values[when]["intangible_assets"]
        amortized = round(net * stream.uniform(0.4, 1.2))
        columns.append((*split_whole(net + amortized, weights), net + amortized, -amortized, net))
    row_labels = (*labels, "Gross carrying amount", "Less accumulated amortization", "Intangible assets, net")
    rows = [
        (label, [table_amount(column[position]) for column in columns], ())
        for position, label in enumerate(row_labels)
    ]
    return Block(
        (table("Intangible assets", _header(company, (year, prior)), rows),),
        title="Intangible Assets",
    )


def _leases_note(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year = statements.years[-1]
    revenue = statements.values[year]["revenue"]
    payments = [max(1, round(revenue * stream.uniform(0.004, 0.012) * (0.85**step))) for step in range(6)]
    total = sum(payments)
    interest = round(total * stream.uniform(0.08, 0.18))
    labels = [str(year + step) for step in range(1, 6)] + ["Thereafter", "Total lease payments"]
    keys = [f"lease.payment.{year + step}" for step in range(1, 6)] + [
        "lease.payment.thereafter",
        "lease.total",
    ]
    cells = [*payments, total]
    rows = [
        (label, [table_amount(cell)], (key,)) for label, cell, key in zip(labels, cells, keys, strict=True)
    ]
    rows.append(("Less imputed interest", [table_amount(-interest)], ("lease.interest",)))
    rows.append(
        ("Present value of lease liabilities", [table_amount(total - interest)], ("lease.liability",))
    )
    cost = max(1, round(payments[0] * stream.uniform(0.9, 1.1)))
    facts: dict[str, float | str] = dict(zip(keys, cells, strict=True))
    facts.update(
        {"lease.interest": interest, "lease.liability": total - interest, f"lease.cost.{year}": cost}
    )
    return Block(
        (
            prose(
                f"Our operating leases, with payments of {money(payments[0], company.unit)} due in fiscal "
                f"{year + 1}, have remaining terms of one to fifteen years, some with options to extend.",
                Line(
                    f"Operating lease cost was {money(cost, company.unit)} in fiscal {year}.",
                    (f"lease.cost.{year}",),
                ),
            ),
            table("Maturities of operating lease liabilities", (f"(in {company.unit})", "Amount"), rows),
        ),
        facts=facts,
        title="Leases",
    )


def _supplemental_cash_note(company: Company, statements: Statements) -> Block:
    years = statements.years[::-1]
    rows = statement_rows(
        statements,
        [
            ("Cash paid for interest", "interest_expense"),
            ("Cash paid for income taxes", "income_tax_expense"),
        ],
    )
    return Block(
        (
            prose(
                "Interest and income taxes were paid in the year in which the related expense was "
                f"recognized, so cash paid for interest in fiscal {years[0]} equals its interest expense of "
                f"{money(statements.values[years[0]]['interest_expense'], company.unit)}.",
            ),
            table("Supplemental cash flow information", _header(company, years), rows),
        ),
        title="Supplemental Cash Flow Information",
    )


def _fair_value_note(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year = statements.years[-1]
    values = statements.values[year]
    debt = values["current_debt"] + values["long_term_debt"]
    fair = round(debt * stream.uniform(0.9, 1.05))
    return Block(
        (
            prose(
                "We measure money market funds at fair value using quoted prices in active markets (Level "
                f"1); they are part of the {money(values['cash'], company.unit)} of cash and cash "
                f"equivalents at the end of fiscal {year}.",
                "Foreign currency forward contracts, which hedge part of the "
                f"{money(values['revenue'] - values['region.0'], company.unit)} of revenue we earned "
                "outside the "
                f"United States in fiscal {year}, are measured using observable exchange rates (Level 2)."
                if has_foreign_revenue(statements)
                else f"We held no derivative instruments at {_year_end(company, year)}, as all "
                f"{money(values['revenue'], company.unit)} of fiscal {year} revenue was billed in U.S. "
                "dollars.",
                Line(
                    f"The estimated fair value of our total debt was {money(fair, company.unit)} at the end "
                    f"of fiscal {year}, compared with a carrying amount of {money(debt, company.unit)}.",
                    (f"debt_fair_value.{year}",),
                ),
            ),
        ),
        facts={f"debt_fair_value.{year}": fair},
        title="Fair Value Measurements",
    )


def _subsequent_events_note(company: Company, statements: Statements, facility: int) -> Block:
    year = statements.years[-1]
    dividend = statements.values[year]["dividends_paid"]
    event = (
        "our board of directors declared a quarterly cash dividend, in line with the "
        f"{money(abs(dividend), company.unit)} of dividends paid over fiscal {year}, payable to shareholders "
        "of record in the next month"
        if dividend
        else f"we renewed our {money(facility, company.unit)} revolving credit facility on terms similar to "
        "the existing facility"
    )
    return Block(
        (
            prose(
                f"After the end of fiscal {year}, {event}; we evaluated subsequent events through the date "
                "these "
                "financial statements were issued and identified no others that require disclosure.",
            ),
        ),
        title="Subsequent Events",
    )


def _tax_components(company: Company, statements: Statements, stream: RandomStream) -> Block:
    years = statements.years[::-1]
    foreign_share = stream.uniform(0.1, 0.35)
    deferred_share = stream.uniform(-0.1, 0.15)
    columns = []
    for year in years:
        values = statements.values[year]
        pretax, tax = values["income_before_taxes"], values["income_tax_expense"]
        foreign = round(pretax * foreign_share)
        deferred = round(tax * deferred_share)
        federal = round((tax - deferred) * 0.75)
        columns.append((pretax - foreign, foreign, pretax, federal, tax - deferred - federal, deferred, tax))
    labels = (
        "Domestic income before income taxes",
        "Foreign income before income taxes",
        "Income before income taxes",
        "Current federal tax",
        "Current state and foreign tax",
        "Deferred tax",
        "Provision for income taxes",
    )
    keys = (
        "tax.domestic_pretax",
        "tax.foreign_pretax",
        "income_before_taxes",
        "tax.current_federal",
        "tax.current_state_and_foreign",
        "tax.deferred",
        "income_tax_expense",
    )
    rows = [
        (label, [table_amount(column[position]) for column in columns], tuple(f"{key}.{y}" for y in years))
        for position, (label, key) in enumerate(zip(labels, keys, strict=True))
    ]
    facts: dict[str, float | str] = {
        f"{key}.{year}": column[position]
        for column, year in zip(columns, years, strict=True)
        for position, key in enumerate(keys)
        if key.startswith("tax.")
    }
    return Block(
        (table("Components of income before taxes and of the provision", _header(company, years), rows),),
        facts=facts,
        title="Income Tax Components",
    )


def _award_activity(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year = statements.years[-1]
    shares = statements.values[year]["diluted_shares"]
    scale = "thousands" if company.unit == "thousands" else "millions"
    opening = max(3, round(shares * stream.uniform(0.01, 0.03)))
    granted = max(1, round(opening * stream.uniform(0.3, 0.5)))
    vested = round(opening * stream.uniform(0.25, 0.4))
    forfeited = round(opening * stream.uniform(0.02, 0.08))
    closing = opening + granted - vested - forfeited
    price = stream.uniform(20, 180)
    granted_price = f"{price * stream.uniform(1.0, 1.2):.2f}"
    rows = [
        (f"Unvested at beginning of fiscal {year}", [f"{opening:,}", f"{price:.2f}"], ("rsu.opening",)),
        ("Granted", [f"{granted:,}", granted_price], ("rsu.granted",)),
        ("Vested", [table_amount(-vested), f"{price * stream.uniform(0.85, 1.0):.2f}"], ("rsu.vested",)),
        (
            "Forfeited",
            [table_amount(-forfeited), f"{price * stream.uniform(0.9, 1.1):.2f}"],
            ("rsu.forfeited",),
        ),
        (
            f"Unvested at end of fiscal {year}",
            [f"{closing:,}", f"{price * stream.uniform(1.0, 1.1):.2f}"],
            ("rsu.closing",),
        ),
    ]
    facts: dict[str, float | str] = {
        "rsu.opening": opening,
        "rsu.granted": granted,
        "rsu.vested": vested,
        "rsu.forfeited": forfeited,
        "rsu.closing": closing,
    }
    return Block(
        (
            prose(
                f"The following table summarizes restricted stock unit activity during fiscal {year}, in "
                "which "
                f"we granted {granted:,} {unit_word(scale)} units at a weighted-average grant-date fair "
                "value of "
                f"${granted_price} and {vested:,} {unit_word(scale)} units vested."
            ),
            table(
                "Restricted stock unit activity",
                (f"(units in {scale})", "Units", "Weighted-average grant-date fair value ($)"),
                rows,
            ),
        ),
        facts=facts,
        title="Equity Award Activity",
    )


def _purchase_obligations(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year = statements.years[-1]
    revenue = statements.values[year]["revenue"]
    amounts = [max(1, round(revenue * stream.uniform(0.01, 0.05) * (0.7**step))) for step in range(5)]
    keys = [f"purchase_obligation.{year + step + 1}" for step in range(len(amounts))]
    rows = [
        (str(year + step + 1), [table_amount(amount)], (keys[step],)) for step, amount in enumerate(amounts)
    ]
    rows.append(("Total", [table_amount(sum(amounts))], ("purchase_obligations.total",)))
    facts: dict[str, float | str] = dict(zip(keys, amounts, strict=True))
    facts["purchase_obligations.total"] = sum(amounts)
    return Block(
        (
            prose(
                "We have non-cancelable commitments to buy materials, services and capacity from suppliers "
                f"totaling {money(sum(amounts), company.unit)} over fiscal {year + 1} through fiscal "
                f"{year + len(amounts)}.",
                f"These purchase obligations, {money(amounts[0], company.unit)} of which fall due in fiscal "
                f"{year + 1}, are not recorded as liabilities on our balance sheet.",
            ),
            table("Purchase obligations by fiscal year", (f"(in {company.unit})", "Amount"), rows),
        ),
        facts=facts,
        title="Purchase Obligations",
    )


def _restructuring(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year = statements.years[-1]
    revenue = statements.values[year]["revenue"]
    opening = round(revenue * stream.uniform(0.001, 0.004))
    charges = round(revenue * stream.uniform(0.002, 0.006))
    payments = min(opening + charges, round((opening + charges) * stream.uniform(0.5, 0.8)))
    rows = [
        (f"Balance at beginning of fiscal {year}", [table_amount(opening)], ("restructuring.opening",)),
        ("Charges", [table_amount(charges)], ("restructuring.charges",)),
        ("Cash payments", [table_amount(-payments)], ("restructuring.payments",)),
        (
            f"Balance at end of fiscal {year}",
            [table_amount(opening + charges - payments)],
            ("restructuring.closing",),
        ),
    ]
    facts: dict[str, float | str] = {
        "restructuring.opening": opening,
        "restructuring.charges": charges,
        "restructuring.payments": payments,
        "restructuring.closing": opening + charges - payments,
    }
    return Block(
        (
            prose(
                f"In fiscal {year} we continued a program to consolidate facilities and simplify our "
                f"organization, charging {money(charges, company.unit)} to operating expenses.",
                "Restructuring charges consist mainly of severance and lease exit costs; we paid "
                f"{money(payments, company.unit)} of them in cash during the year, leaving a liability of "
                f"{money(opening + charges - payments, company.unit)} at {_year_end(company, year)}.",
            ),
            table("Restructuring liability", (f"(in {company.unit})", "Amount"), rows),
        ),
        facts=facts,
        title="Restructuring",
    )


def _quarterly_segments(company: Company, statements: Statements, year: int) -> Block:
    values = statements.values[year]
    rows = [
        (
            segment.name,
            [table_amount(values[f"quarter.{quarter}.segment.{index}"]) for quarter in range(1, 5)],
            tuple(f"quarter.{quarter}.segment.{index}.{year}" for quarter in range(1, 5)),
        )
        for index, segment in enumerate(company.segments)
    ]
    rows.append(
        (
            "Total revenue",
            [table_amount(values[f"quarter.{quarter}.revenue"]) for quarter in range(1, 5)],
            tuple(f"quarter.{quarter}.revenue.{year}" for quarter in range(1, 5)),
        )
    )
    return Block(
        (
            table(
                f"Quarterly revenue by segment for fiscal {year} (unaudited)",
                _quarter_header(company),
                rows,
            ),
        ),
        title=f"Quarterly Revenue by Segment for Fiscal {year}",
    )


def _segment_resources(company: Company, statements: Statements, stream: RandomStream) -> Block:
    years = statements.years[::-1]
    weights = [stream.uniform(0.5, 1.5) for _ in company.segments] + [stream.uniform(0.05, 0.2)]
    labels = [segment.name for segment in company.segments] + ["Corporate"]
    paragraphs = []
    corporate = split_whole(statements.values[years[0]]["depreciation_and_amortization"], weights)[-1]
    for title, key, sign in (
        ("Depreciation and amortization by segment", "depreciation_and_amortization", 1),
        ("Capital expenditures by segment", "capital_expenditures", -1),
    ):
        columns = [split_whole(sign * statements.values[year][key], weights) for year in years]
        columns = [[*column, sum(column)] for column in columns]
        rows = [
            (label, [table_amount(column[position]) for column in columns], ())
            for position, label in enumerate([*labels, "Total"])
        ]
        paragraphs.append(table(title, _header(company, years), rows))
    return Block(
        (
            prose(
                "Depreciation, amortization and capital expenditures are attributed to the segments that "
                f"use the related assets; those of shared assets, {money(corporate, company.unit)} of the "
                f"{money(statements.values[years[0]]['depreciation_and_amortization'], company.unit)} of "
                f"depreciation and amortization in fiscal {years[0]}, are shown as corporate."
            ),
            *paragraphs,
        ),
        title="Segment Depreciation and Capital Expenditures",
    )


def _performance_obligations(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year = statements.years[-1]
    values, unit = statements.values[year], company.unit
    sentences = [
        f"The {segment.name} segment sells {segment.offering}; its revenue, "
        f"{money(values[f'segment.{index}'], unit)} in fiscal {year}, is recognized "
        f"{RECOGNITION_TIMING[segment.recognition]}."
        for index, segment in enumerate(company.segments)
    ]
    if company.industry.trade_terms:
        sentences.append(
            f"Payment terms are generally {stream.choice(('30', '45', '60'))} to "
            f"{stream.choice(('60', '90'))} days, and contracts do not include significant financing "
            f"components; customers owed us {money(values['accounts_receivable'], unit)} at "
            f"{_year_end(company, year)}."
        )
    largest = max(range(len(company.segments)), key=lambda index: values[f"segment.{index}"])
    sentences.append(
        "Remaining performance obligations for contracts longer than one year, mainly in the "
        f"{company.segments[largest].name} segment, are expected to be recognized mostly in fiscal "
        f"{year + 1} "
        f"through fiscal {year + 3}."
    )
    return Block((prose(*sentences),), title="Performance Obligations")


def _guarantees(company: Company, statements: Statements, stream: RandomStream, facility: int) -> Block:
    year = statements.years[-1]
    operating = _result(
        statements.values[year]["operating_income"], company.unit, "operating income", "an operating loss"
    )
    return Block(
        (
            prose(
                "In the ordinary course of business the "
                f"{name_list([segment.name for segment in company.segments])} segments give indemnities to "
                "customers, suppliers and others against certain losses, including claims of intellectual "
                f"property infringement, under agreements in force at {_year_end(company, year)}; the "
                "maximum "
                "amount of these indemnities is often not stated, and we made no significant payments under "
                f"them in fiscal {year}.",
                "We have issued standby letters of credit, mainly to support insurance programs and customs "
                f"obligations, which reduce what we can draw on our {money(facility, company.unit)} "
                "revolving "
                "credit facility.",
                f"We are also involved in environmental clean-up at {stream.randint(2, 6)} sites, none of "
                f"which we expect to result in costs material to results such as fiscal {year}'s "
                f"{operating}.",
            ),
        ),
        title="Guarantees and Indemnifications",
    )


def _components(
    company: Company,
    statements: Statements,
    stream: RandomStream,
    key: str,
    labels: Sequence[str],
    total_label: str,
) -> list[TableRow]:
    """Rows splitting a balance-sheet item of the latest two year ends into components that add up."""
    year, prior = _latest_two(statements)
    weights = [stream.uniform(0.5, 2.0) for _ in labels]
    columns = [split_whole(statements.values[when][key], weights) for when in (year, prior)]
    rows: list[TableRow] = [
        (label, [table_amount(column[position]) for column in columns], ())
        for position, label in enumerate(labels)
    ]
    rows.append((total_label, [table_amount(statements.values[when][key]) for when in (year, prior)], ()))
    return rows


def _balance_sheet_details(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year, prior = _latest_two(statements)
    header = _header(company, (year, prior))
    words = balance_sheet_words(statements)
    model = statements.balance
    prepaid_parts = dict(model.details).get(
        "prepaid_and_other", ("Prepaid expenses", "Income taxes receivable", words.other_prepaid)
    )
    paragraphs = [
        table(
            model.label("prepaid_and_other", words.prepaid),
            header,
            _components(company, statements, stream, "prepaid_and_other", prepaid_parts, "Total"),
        ),
        table(
            words.other_assets,
            header,
            _components(
                company,
                statements,
                stream,
                "other_assets",
                ("Operating lease right-of-use assets", "Deferred income taxes", "Other"),
                "Total",
            ),
        ),
        table(
            words.other_liabilities,
            header,
            _components(
                company,
                statements,
                stream,
                "other_liabilities",
                ("Operating lease liabilities", "Uncertain tax positions", "Deferred compensation", "Other"),
                "Total",
            ),
        ),
    ]
    if statements.has_inventory:
        paragraphs.insert(
            0,
            table(
                "Inventories",
                header,
                _components(
                    company,
                    statements,
                    stream,
                    "inventories",
                    ("Raw materials", "Work in process", "Finished goods"),
                    "Total inventories",
                ),
            ),
        )
    return Block(tuple(paragraphs), title="Balance Sheet Details")


def _credit_losses(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year = statements.years[-1]
    receivables = statements.values[year]["accounts_receivable"]
    opening = max(1, round(receivables * stream.uniform(0.01, 0.03)))
    provision = max(1, round(opening * stream.uniform(0.3, 0.8)))
    written_off = min(opening + provision - 1, round(opening * stream.uniform(0.2, 0.7)))
    rows = [
        (f"Balance at beginning of fiscal {year}", [table_amount(opening)], ()),
        ("Provision for expected credit losses", [table_amount(provision)], ()),
        ("Write-offs, net of recoveries", [table_amount(-written_off)], ()),
        (f"Balance at end of fiscal {year}", [table_amount(opening + provision - written_off)], ()),
    ]
    return Block(
        (
            prose(
                f"Accounts receivable, {money(receivables, company.unit)} at {_year_end(company, year)}, are "
                "shown net of an allowance for expected credit losses, which changed as follows during "
                "fiscal "
                f"{year}."
            ),
            table("Allowance for credit losses", (f"(in {company.unit})", "Amount"), rows),
        ),
        title="Allowance for Credit Losses",
    )


def _award_valuation(company: Company, statements: Statements, stream: RandomStream) -> Block:
    volatility, rate = f"{stream.uniform(22, 45):.1f}%", f"{stream.uniform(1.0, 4.8):.1f}%"
    rows = [
        ("Expected volatility", [volatility], ()),
        ("Risk-free interest rate", [rate], ()),
        ("Expected dividend yield", [f"{stream.uniform(0.0, 2.5):.1f}%"], ()),
        ("Performance period (years)", ["3.0"], ()),
    ]
    return Block(
        (
            prose(
                "The fair value of performance share units with market conditions granted in fiscal "
                f"{statements.years[-1]} is estimated with a Monte Carlo simulation using the following "
                f"assumptions, among them a risk-free interest rate of {rate}.",
                f"Expected volatility of {volatility} is based on the historical volatility of our stock, "
                f"traded as {company.ticker}, and that of a peer group.",
            ),
            table("Valuation assumptions for performance share units", ("Assumption", "Value"), rows),
        ),
        title="Valuation of Performance Share Units",
    )


def applies(policy: Policy, company: Company, statements: Statements) -> bool:
    """Whether ``company`` has ``policy``.

    Trade-only policies need trade terms, the research policy a research-and-development line and the
    foreign-currency policy revenue from outside the United States.
    """
    if policy.trade_only and not company.industry.trade_terms:
        return False
    if policy.title.startswith("Research and Development"):
        return "research_and_development" in [line.key for line in statements.expenses]
    if policy.title == "Foreign Currency":
        return has_foreign_revenue(statements)
    return True


def notes_candidates(company: Company, statements: Statements, stream: RandomStream) -> list[Candidate]:
    """Return the notes in reading order; the first note's opening is required, the rest optional."""
    opening = Block(
        (
            prose(
                f"Amounts are in {company.unit} of U.S. dollars unless stated otherwise; total assets were "
                f"{money(statements.values[statements.years[-1]]['total_assets'], company.unit)} at "
                "year end.",
            ),
        ),
        title="Summary of Significant Accounting Policies",
    )
    candidates = [Candidate(opening, True)]
    policies = (*POLICIES, *MORE_POLICIES)
    figures = policy_values(company, statements)
    candidates.extend(
        Candidate(
            Block(
                (
                    heading(policy.title),
                    prose(*policy_sentences(policy, figures), *policy_figures(policy, figures)),
                )
            )
        )
        for policy in policies
        if applies(policy, company, statements)
    )
    candidates.append(Candidate(_revenue_note(company, statements)))
    candidates.extend(metric_candidates(company, statements, stream, "8"))
    # The notes draw from ``stream`` in this order; the debt note's credit facility is named again later.
    before_debt = (
        _property_note(company, statements, stream),
        _goodwill_note(company, statements, stream),
        _accrued_note(company, statements, stream),
    )
    debt = _debt_note(company, statements, stream)
    facility = int(debt.facts["credit_facility"])
    candidates.extend(
        Candidate(block)
        for block in (
            *before_debt,
            debt,
            _tax_note(company, statements, stream),
            _compensation_note(company, statements, stream),
            _earnings_note(company, statements),
            _retirement_note(company, statements, stream),
            _contingencies_note(company, statements),
            _segment_note(company, statements),
            _intangibles_note(company, statements, stream),
            _leases_note(company, statements, stream),
            _supplemental_cash_note(company, statements),
            _fair_value_note(company, statements, stream),
            *(_quarterly_note(company, statements, year) for year in statements.years[::-1]),
            _tax_components(company, statements, stream),
            _award_activity(company, statements, stream),
            _purchase_obligations(company, statements, stream),
            _restructuring(company, statements, stream),
            *(_quarterly_segments(company, statements, year) for year in statements.years[::-1]),
            _segment_resources(company, statements, stream),
            _performance_obligations(company, statements, stream),
            _guarantees(company, statements, stream, facility),
            _balance_sheet_details(company, statements, stream),
            *(
                (_credit_losses(company, statements, stream),)
                if "accounts_receivable" not in dict(statements.balance.labels)
                else ()
            ),
            _award_valuation(company, statements, stream),
            _subsequent_events_note(company, statements, facility),
        )
    )
    return candidates
