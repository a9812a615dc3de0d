"""Item 7, Management's Discussion and Analysis: every number is read from the statements.

The general sentences set beside the numbers are data: ``resources/mdna_prose.yaml``
(:mod:`finsynth.generators.filings.mdna_prose`) and ``resources/mdna_topics.yaml``.
"""

from __future__ import annotations

from finsynth.generators.filings.blocks import Block, Candidate, Line, heading, prose
from finsynth.generators.filings.comparisons import compare
from finsynth.generators.filings.industry_metrics import metric_candidates
from finsynth.generators.filings.mdna_prose import MDNA_PROSE as _PROSE
from finsynth.generators.filings.mdna_topics import (
    ESTIMATES,
    INVENTORY_ESTIMATE,
    OTHER_TOPICS,
    PRONOUNCEMENTS,
)
from finsynth.generators.filings.tables import table
from finsynth.seeding import RandomStream
from finsynth.world.company import Company
from finsynth.world.formatting import (
    count_word,
    fiscal_year_end,
    money,
    per_share,
    percent_figure,
    share_of,
    table_amount,
)
from finsynth.world.industry_profiles import StatementLabels, in_sentence
from finsynth.world.statements import REGIONS, Statements, has_foreign_revenue


def _values(statements: Statements, key: str, year: int, prior: int) -> tuple[int, int]:
    return statements.values[year][key], statements.values[prior][key]


def _facts(key: str, *years: int) -> tuple[str, ...]:
    return tuple(f"{key}.{year}" for year in years)


def _results(
    company: Company, statements: Statements, stream: RandomStream, year: int, prior: int
) -> list[Line]:
    """Sentences comparing the income statement of ``year`` with ``prior``."""
    unit = company.unit
    years = (year, prior)
    lines = [
        compare(
            stream,
            "Total revenue",
            _values(statements, "revenue", *years),
            years,
            unit,
            _facts("revenue", *years),
        )
    ]
    changes = [
        statements.values[year][f"segment.{index}"] - statements.values[prior][f"segment.{index}"]
        for index in range(len(company.segments))
    ]
    total_change = sum(changes)
    lead = max(
        range(len(changes)), key=lambda index: changes[index] if total_change >= 0 else -changes[index]
    )
    segment = company.segments[lead]
    reasons = segment.growth_reasons if changes[lead] >= 0 else segment.decline_reasons
    lines.append(
        Line(
            stream.choice(
                (
                    f"The change mainly reflected {stream.choice(reasons)} in our {segment.name} segment.",
                    f"Most of the change came from the {segment.name} segment, "
                    f"where results reflected {stream.choice(reasons)}.",
                    f"The {segment.name} segment was the largest contributor, driven by "
                    f"{stream.choice(reasons)}.",
                )
            )
        )
    )
    lines.append(
        compare(
            stream,
            statements.labels.gross_profit,
            _values(statements, "gross_profit", *years),
            years,
            unit,
            _facts("gross_profit", *years),
        )
    )
    for expense in statements.expenses:
        subject = expense.subject
        lines.append(
            compare(
                stream,
                subject,
                _values(statements, expense.key, *years),
                years,
                unit,
                _facts(expense.key, *years),
            )
        )
    lines.append(
        compare(
            stream,
            "Operating income",
            _values(statements, "operating_income", *years),
            years,
            unit,
            _facts("operating_income", *years),
        )
    )
    income, earlier = _values(statements, "net_income", *years)
    now, then = money(income, unit), money(earlier, unit)
    eps, earlier_eps = per_share(statements.diluted_eps[year]), per_share(statements.diluted_eps[prior])
    lines.append(
        Line(
            stream.choice(
                (
                    f"Net income was {now}, or {eps} per diluted share, in fiscal {year}, compared with "
                    f"{then}, or {earlier_eps} per diluted share, in fiscal {prior}.",
                    f"We earned net income of {now} in fiscal {year} ({eps} per diluted share) after {then} "
                    f"({earlier_eps} per diluted share) in fiscal {prior}.",
                    f"Diluted earnings per share were {eps} in fiscal {year} and {earlier_eps} in fiscal "
                    f"{prior}, on net income of {now} and {then}, respectively.",
                )
            ),
            (*_facts("net_income", *years), *_facts("diluted_eps", *years)),
        )
    )
    return lines


def _segment_lines(
    company: Company, statements: Statements, stream: RandomStream, year: int, prior: int
) -> list[Line]:
    lines = []
    for index, segment in enumerate(company.segments):
        key = f"segment.{index}"
        amounts = _values(statements, key, year, prior)
        lines.append(
            compare(
                stream,
                f"Revenue from the {segment.name} segment",
                amounts,
                (year, prior),
                company.unit,
                (f"{key}.{year}", f"{key}.{prior}", f"{key}.name"),
            )
        )
        reasons = segment.growth_reasons if amounts[0] >= amounts[1] else segment.decline_reasons
        word = "increase" if amounts[0] >= amounts[1] else "decrease"
        lines.append(Line(f"The {word} reflected {stream.choice(reasons)}."))
    return lines


def _liquidity(company: Company, statements: Statements, stream: RandomStream) -> list[Line]:
    year, prior = statements.years[-1], statements.years[-2]
    unit, values = company.unit, statements.values[year]
    date = fiscal_year_end(year, company.fiscal_year_end_month)
    cash, earlier_cash = money(values["cash"], unit), money(statements.values[prior]["cash"], unit)
    spent = money(-values["capital_expenditures"], unit)
    debt, current = (
        money(values["current_debt"] + values["long_term_debt"], unit),
        money(values["current_debt"], unit),
    )
    lines = [
        Line(
            stream.choice(
                (
                    f"As of {date}, we had cash and cash equivalents of {cash}, compared with "
                    f"{earlier_cash} at the end of fiscal {prior}.",
                    f"Cash and cash equivalents totaled {cash} on {date}, against {earlier_cash} a year "
                    f"earlier at the end of fiscal {prior}.",
                    f"We ended fiscal {year} with {cash} of cash and cash equivalents; at the end of fiscal "
                    f"{prior} the balance was {earlier_cash}.",
                )
            ),
            _facts("cash", year, prior),
        ),
        compare(
            stream,
            "Net cash provided by operating activities",
            _values(statements, "operating_cash_flow", year, prior),
            (year, prior),
            unit,
            _facts("operating_cash_flow", year, prior),
        ),
        Line(
            stream.choice(
                (
                    f"Capital expenditures were {spent} in fiscal {year}, mainly for "
                    f"{stream.choice(_PROSE.capital_spending_purposes)}.",
                    f"We invested {spent} in property and equipment during fiscal {year}, chiefly in "
                    f"{stream.choice(_PROSE.capital_spending_purposes)}.",
                )
            ),
            _facts("capital_expenditures", year),
        ),
        Line(
            stream.choice(
                (
                    f"At the end of fiscal {year}, total debt was {debt}, of which {current} was due within "
                    "one year.",
                    f"Our total debt stood at {debt} at the end of fiscal {year}, including {current} due "
                    "within twelve months.",
                )
            ),
            (f"current_debt.{year}", f"long_term_debt.{year}"),
        ),
    ]
    if values["dividends_paid"]:
        lines.append(
            Line(
                f"We paid cash dividends of {money(-values['dividends_paid'], unit)} to shareholders in "
                f"fiscal {year}.",
                _facts("dividends_paid", year),
            )
        )
    if values["share_repurchases"]:
        lines.append(
            Line(
                "We also repurchased shares of our common stock for "
                f"{money(-values['share_repurchases'], unit)} during fiscal {year}.",
                _facts("share_repurchases", year),
            )
        )
    lines.append(Line(stream.choice(_PROSE.liquidity_sufficiency)))
    return lines


def _percent_of_revenue(company: Company, statements: Statements) -> Block:
    years = statements.years[::-1]
    labels = statements.labels
    rows = [(labels.cost_of_revenue, "cost_of_revenue"), (labels.gross_profit, "gross_profit")]
    rows.extend((line.label, line.key) for line in statements.expenses)
    rows.extend([("Operating income", "operating_income"), ("Net income", "net_income")])
    body = [
        (
            label,
            [
                percent_figure(share_of(statements.values[year][key], statements.values[year]["revenue"]))
                for year in years
            ],
            (),
        )
        for label, key in rows
    ]
    return Block(
        (
            heading("Results as a Percentage of Revenue"),
            prose(
                "The following table shows each line of our statements of operations as a share of revenue."
            ),
            table(
                "Percentage of revenue", ("(percent of revenue)", *(f"Fiscal {year}" for year in years)), body
            ),
        )
    )


def _non_operating(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year, prior = statements.years[-1], statements.years[-2]
    unit, values = company.unit, statements.values[year]
    effective = share_of(values["income_tax_expense"], values["income_before_taxes"])
    earlier = statements.values[prior]
    earlier_effective = (
        share_of(earlier["income_tax_expense"], earlier["income_before_taxes"])
        if earlier["income_before_taxes"] > 0
        else None
    )
    return Block(
        (
            heading("Interest, Other Income and Income Taxes"),
            prose(
                compare(
                    stream,
                    "Interest expense",
                    _values(statements, "interest_expense", year, prior),
                    (year, prior),
                    unit,
                    _facts("interest_expense", year, prior),
                ),
                Line(
                    "The change in interest expense followed the change in our average borrowings during "
                    "the year."
                ),
                Line(
                    f"Other income (expense), net, was {money(values['other_income'], unit)} in fiscal "
                    f"{year} and "
                    "consisted mainly of interest earned on cash balances and foreign exchange gains and "
                    "losses.",
                    _facts("other_income", year),
                ),
                Line(
                    f"Our provision for income taxes was {money(values['income_tax_expense'], unit)} in "
                    f"fiscal {year}, an effective tax rate of {percent_figure(effective)}.",
                    _facts("income_tax_expense", year),
                ),
                Line(
                    f"The {percent_figure(effective)} rate differs from the federal statutory rate of 21% "
                    f"mainly because of state income taxes, research credits and the mix of earnings across "
                    f"jurisdictions, and compares with {percent_figure(earlier_effective)} in fiscal {prior}."
                    if earlier_effective is not None
                    else f"The {percent_figure(effective)} rate differs from the federal statutory rate of "
                    "21% mainly because of state income taxes, research credits and the mix of earnings "
                    "across jurisdictions."
                ),
            ),
        )
    )


def _cash_flows(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year, prior = statements.years[-1], statements.years[-2]
    unit, values = company.unit, statements.values[year]
    lines = [
        Line(
            f"Net cash used in investing activities was {money(-values['investing_cash_flow'], unit)} in "
            f"fiscal {year}, "
            f"consisting of capital expenditures of {money(-values['capital_expenditures'], unit)}"
            + (
                f" and acquisitions of {money(-values['acquisitions'], unit)}."
                if values["acquisitions"]
                else " with no acquisitions during the year."
            ),
            _facts("investing_cash_flow", year)
            + _facts("capital_expenditures", year)
            + _facts("acquisitions", year),
        ),
        compare(
            stream,
            "Net cash from financing activities",
            _values(statements, "financing_cash_flow", year, prior),
            (year, prior),
            unit,
            _facts("financing_cash_flow", year, prior),
        ),
        Line(
            f"During fiscal {year} we borrowed {money(values['debt_issued'], unit)} and repaid "
            f"{money(-values['debt_repaid'], unit)} of long-term debt.",
            _facts("debt_issued", year) + _facts("debt_repaid", year),
        ),
        Line(
            f"Depreciation and amortization, a non-cash charge included in operating cash flow, was "
            f"{money(values['depreciation_and_amortization'], unit)} in fiscal {year}.",
            _facts("depreciation_and_amortization", year),
        ),
    ]
    return Block((heading("Cash Flows"), prose(*lines)))


def _obligations(company: Company, statements: Statements, stream: RandomStream) -> Block:
    values = statements.values[statements.years[-1]]
    debt = values["current_debt"] + values["long_term_debt"]
    remaining = debt - values["current_debt"]
    one_to_three = round(remaining * stream.uniform(0.1, 0.4))
    three_to_five = round((remaining - one_to_three) * stream.uniform(0.2, 0.6))
    later = remaining - one_to_three - three_to_five
    cells = [values["current_debt"], one_to_three, three_to_five, later, debt]
    return Block(
        (
            heading("Contractual Obligations"),
            prose(
                "The following table summarizes the scheduled principal payments of our long-term debt at "
                "the end of the fiscal year."
            ),
            table(
                "Principal payments due by period",
                (
                    f"(in {company.unit})",
                    "Less than 1 year",
                    "1-3 years",
                    "3-5 years",
                    "More than 5 years",
                    "Total",
                ),
                [("Long-term debt", [table_amount(cell) for cell in cells], ())],
            ),
            prose(
                "Interest payments on this debt and our purchase commitments with suppliers are not "
                "included in the table above."
            ),
        )
    )


def _estimate_blocks(statements: Statements) -> list[Block]:
    estimates = list(ESTIMATES)
    if statements.has_inventory:
        estimates.insert(1, INVENTORY_ESTIMATE)
    blocks = [
        Block((heading(f"Critical Accounting Estimates: {title}"), prose(*sentences)))
        for title, sentences in estimates
    ]
    return blocks


def _earlier_comparison(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year, prior = statements.years[-2], statements.years[-3]
    return Block(
        (
            heading(f"Fiscal {year} Compared with Fiscal {prior}"),
            prose(*_results(company, statements, stream, year, prior)),
            prose(*_segment_lines(company, statements, stream, year, prior)),
        )
    )


def _segment_detail(
    company: Company, statements: Statements, stream: RandomStream, index: int, years: tuple[int, int]
) -> Block:
    """A deeper look at one segment between two years: revenue share, segment income and margin."""
    segment = company.segments[index]
    year, prior = years
    unit = company.unit
    revenue_key, income_key = f"segment.{index}", f"segment_income.{index}"
    values, earlier = statements.values[year], statements.values[prior]
    margin, earlier_margin = (
        share_of(values[income_key], values[revenue_key]),
        share_of(earlier[income_key], earlier[revenue_key]),
    )
    direction = "improved" if margin > earlier_margin else "narrowed" if margin < earlier_margin else "held"
    return Block(
        (
            heading(f"{segment.name}: Fiscal {year} Compared with Fiscal {prior}"),
            prose(
                Line(
                    f"The {segment.name} segment, which provides {segment.offering}, contributed "
                    f"{percent_figure(share_of(values[revenue_key], values['revenue']))} of total revenue in "
                    f"fiscal {year}."
                ),
                compare(
                    stream,
                    f"Operating income of the {segment.name} segment",
                    (values[income_key], earlier[income_key]),
                    years,
                    unit,
                    (f"{income_key}.{year}", f"{income_key}.{prior}"),
                ),
                Line(
                    f"The segment's operating margin {direction} to {percent_figure(margin)} from "
                    f"{percent_figure(earlier_margin)}."
                    if direction != "held"
                    else f"The segment's operating margin held at {percent_figure(margin)}.",
                ),
                Line(stream.choice(_PROSE.margin_reasons)),
            ),
        )
    )


def _key_metrics(company: Company, statements: Statements) -> Block:
    """Ratios computed from the statements for each fiscal year."""
    years = statements.years[::-1]
    rows = []
    # A gross margin is only meaningful where the statement shows a gross profit (not for a bank).
    has_gross_margin = statements.labels.gross_profit == StatementLabels().gross_profit
    for label, numerator, denominator in (
        *((("Gross margin", ("gross_profit",), ("revenue",)),) if has_gross_margin else ()),
        ("Operating margin", ("operating_income",), ("revenue",)),
        ("Net margin", ("net_income",), ("revenue",)),
        ("Return on equity", ("net_income",), ("total_equity",)),
        ("Debt to equity", ("current_debt", "long_term_debt"), ("total_equity",)),
        # An unclassified balance sheet (a bank's, say) has no current assets to divide.
        *(
            (("Current ratio", ("total_current_assets",), ("total_current_liabilities",)),)
            if statements.classified_balance_sheet
            else ()
        ),
    ):
        cells = []
        for year in years:
            values = statements.values[year]
            top, bottom = sum(values[key] for key in numerator), sum(values[key] for key in denominator)
            ratio = top / bottom
            cells.append(
                f"{ratio:.2f}"
                if label in ("Debt to equity", "Current ratio")
                else percent_figure(ratio * 100)
            )
        rows.append((label, cells, ()))
    return Block(
        (
            heading("Key Financial Measures"),
            prose(
                "Management uses the following measures, computed from our consolidated financial "
                "statements, to evaluate profitability, returns and financial position.",
                "Return on equity divides net income by year-end stockholders' equity; debt to equity "
                "divides total debt by year-end stockholders' equity.",
            ),
            table("Key financial measures", ("Measure", *(f"Fiscal {year}" for year in years)), rows),
        )
    )


def _free_cash_flow(company: Company, statements: Statements) -> Block:
    """Free cash flow, a non-GAAP measure, reconciled to operating cash flow."""
    years = statements.years[::-1]
    operating = [statements.values[year]["operating_cash_flow"] for year in years]
    capex = [statements.values[year]["capital_expenditures"] for year in years]
    rows = [
        ("Net cash provided by operating activities", [table_amount(value) for value in operating], ()),
        ("Purchases of property and equipment", [table_amount(value) for value in capex], ()),
        ("Free cash flow", [table_amount(a + b) for a, b in zip(operating, capex, strict=True)], ()),
    ]
    return Block(
        (
            heading("Free Cash Flow"),
            prose(
                "Free cash flow is operating cash flow less purchases of property and equipment.",
                "It is not a measure defined by U.S. generally accepted accounting principles, and other "
                "companies may calculate it differently.",
                "We use it to assess the cash available for acquisitions, debt repayment and returns to "
                "shareholders.",
            ),
            table(
                "Free cash flow reconciliation",
                (f"(in {company.unit})", *(f"Fiscal {year}" for year in years)),
                rows,
            ),
        )
    )


def _regions(company: Company, statements: Statements, stream: RandomStream) -> Block:
    """Revenue by geographic area, latest year against the prior year."""
    year, prior = statements.years[-1], statements.years[-2]
    lines = [
        compare(
            stream,
            f"Revenue from customers in {region if region != 'Rest of world' else 'the rest of the world'}",
            _values(statements, f"region.{index}", year, prior),
            (year, prior),
            company.unit,
            _facts(f"region.{index}", year, prior),
        )
        for index, region in enumerate(REGIONS)
    ]
    lines.append(Line(stream.choice(_PROSE.region_reasons)))
    return Block((heading("Revenue by Geographic Area"), prose(*lines)))


def _fourth_quarter(company: Company, statements: Statements, stream: RandomStream) -> Block:
    """Fourth-quarter results against the fourth quarter of the prior year."""
    year, prior = statements.years[-1], statements.years[-2]
    lines = [
        compare(
            stream,
            f"{label} for the fourth quarter",
            _values(statements, f"quarter.4.{key}", year, prior),
            (year, prior),
            company.unit,
            _facts(f"quarter.4.{key}", year, prior),
        )
        for label, key in (
            ("Revenue", "revenue"),
            ("Operating income", "operating_income"),
            ("Net income", "net_income"),
        )
    ]
    return Block((heading("Fourth-Quarter Results"), prose(*lines)))


def _expense_detail(company: Company, statements: Statements, stream: RandomStream) -> Block:
    """Operating expenses as a share of revenue, with what drove them."""
    year, prior = statements.years[-1], statements.years[-2]
    lines: list[Line | str] = []
    for expense in statements.expenses:
        now = share_of(statements.values[year][expense.key], statements.values[year]["revenue"])
        then = share_of(statements.values[prior][expense.key], statements.values[prior]["revenue"])
        lines.append(
            Line(
                f"{expense.subject} was {percent_figure(now)} of revenue in fiscal {year}, compared with "
                f"{percent_figure(then)} in fiscal {prior}."
            )
        )
        lines.append(stream.choice(expense.drivers or _PROSE.expense_reasons[expense.key]))
    return Block((heading("Operating Expenses"), prose(*lines)))


_QUARTER_NAMES = ("first", "second", "third", "fourth")


def _quarterly_trends(company: Company, statements: Statements, stream: RandomStream) -> Block:
    """Each quarter's revenue and operating income against the same quarter a year earlier."""
    year, prior = statements.years[-1], statements.years[-2]
    lines = []
    for quarter, name in enumerate(_QUARTER_NAMES, start=1):
        for label, key in (("Revenue", "revenue"), ("Operating income", "operating_income")):
            lines.append(
                compare(
                    stream,
                    f"{label} in the {name} quarter",
                    _values(statements, f"quarter.{quarter}.{key}", year, prior),
                    (year, prior),
                    company.unit,
                    _facts(f"quarter.{quarter}.{key}", year, prior),
                )
            )
    return Block((heading("Quarterly Trends"), prose(*lines)))


def _ebitda(company: Company, statements: Statements) -> Block:
    """EBITDA, a non-GAAP measure, reconciled to net income."""
    years = statements.years[::-1]
    parts = (
        ("Net income", "net_income", 1),
        ("Interest expense", "interest_expense", 1),
        ("Provision for income taxes", "income_tax_expense", 1),
        ("Depreciation and amortization", "depreciation_and_amortization", 1),
    )
    rows = [
        (label, [table_amount(sign * statements.values[year][key]) for year in years], ())
        for label, key, sign in parts
    ]
    totals = [sum(statements.values[year][key] for _, key, _ in parts) for year in years]
    latest_revenue = statements.values[years[0]]["revenue"]
    rows.append(("EBITDA", [table_amount(total) for total in totals], ()))
    return Block(
        (
            heading("EBITDA"),
            prose(
                Line(
                    "EBITDA is net income before interest expense, income taxes, depreciation and "
                    f"amortization; it was {money(totals[0], company.unit)} in fiscal {years[0]}, "
                    f"{percent_figure(share_of(totals[0], latest_revenue))} of revenue."
                ),
                "We present it because lenders and investors use it to compare operating performance across "
                "companies with different capital structures; it should not be considered a substitute for "
                "net income.",
            ),
            table(
                "Reconciliation of net income to EBITDA",
                (f"(in {company.unit})", *(f"Fiscal {y}" for y in years)),
                rows,
            ),
        )
    )


def _working_capital(company: Company, statements: Statements) -> Block:
    """Days of receivables, inventory and payables, computed from the statements."""
    year, prior = statements.years[-1], statements.years[-2]
    cost = in_sentence(statements.labels.cost_of_revenue)
    lines: list[Line | str] = []
    for when in (year, prior):
        values = statements.values[when]
        receivable_days = round(values["accounts_receivable"] / values["revenue"] * 365)
        payable_days = round(values["accounts_payable"] / values["cost_of_revenue"] * 365)
        text = (
            f"At the end of fiscal {when}, receivables represented {receivable_days} days of revenue and "
            f"payables {payable_days} days of {cost}"
        )
        if statements.has_inventory:
            inventory_days = round(values["inventories"] / values["cost_of_revenue"] * 365)
            text += f", while inventories represented {inventory_days} days of {cost}"
        lines.append(Line(text + "."))
    lines.append(
        "We manage working capital through disciplined collections, inventory planning and payment terms "
        "negotiated with suppliers."
    )
    return Block((heading("Working Capital"), prose(*lines)))


def _capital_returns(company: Company, statements: Statements) -> Block:
    """Dividends and repurchases per year."""
    years = statements.years[::-1]
    rows = [
        ("Dividends paid", [table_amount(-statements.values[y]["dividends_paid"]) for y in years], ()),
        (
            "Repurchases of common stock",
            [table_amount(-statements.values[y]["share_repurchases"]) for y in years],
            (),
        ),
        (
            "Total returned to shareholders",
            [
                table_amount(
                    -statements.values[y]["dividends_paid"] - statements.values[y]["share_repurchases"]
                )
                for y in years
            ],
            (),
        ),
    ]
    return Block(
        (
            heading("Returns to Shareholders"),
            prose("The following table shows the cash we returned to shareholders in each fiscal year."),
            table(
                "Cash returned to shareholders",
                (f"(in {company.unit})", *(f"Fiscal {y}" for y in years)),
                rows,
            ),
        )
    )


def _debt_and_facilities(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year = statements.years[-1]
    values = statements.values[year]
    debt = values["current_debt"] + values["long_term_debt"]
    ebitda = (
        values["net_income"]
        + values["interest_expense"]
        + values["income_tax_expense"]
        + values["depreciation_and_amortization"]
    )
    leverage = debt / ebitda
    return Block(
        (
            heading("Debt and Credit Facilities"),
            prose(
                Line(
                    f"Total debt at the end of fiscal {year} was {money(debt, company.unit)}, or "
                    f"{leverage:.2f} times EBITDA for the year.",
                    (f"current_debt.{year}", f"long_term_debt.{year}"),
                ),
                "Our senior notes are unsecured and rank equally with our other unsecured debt.",
                "Our revolving credit facility supports working-capital needs and general corporate purposes."
                if statements.classified_balance_sheet
                else "Our revolving credit facility is available for liquidity needs and general corporate "
                "purposes.",
                f"We intend to keep leverage below {stream.choice(('2.5', '3.0', '3.5'))} times EBITDA over "
                "time.",
            ),
        )
    )


def mdna_candidates(company: Company, statements: Statements, stream: RandomStream) -> list[Candidate]:
    """Return the blocks of Item 7 in reading order; results, segments and liquidity are required."""
    year, prior = statements.years[-1], statements.years[-2]
    date = fiscal_year_end(year, company.fiscal_year_end_month)
    overview = Block(
        (
            heading("Overview"),
            prose(
                f"We {company.industry.description}.",
                f"Fiscal {year} ended on {date}.",
                f"Unless otherwise stated, dollar amounts in this discussion are in {company.unit} of U.S. "
                "dollars, except per-share amounts.",
            ),
        )
    )
    results = Block(
        (
            heading("Results of Operations"),
            heading(f"Fiscal {year} Compared with Fiscal {prior}"),
            prose(*_results(company, statements, stream, year, prior)),
        )
    )
    segment_names = {f"segment.{index}.name": segment.name for index, segment in enumerate(company.segments)}
    segments = Block(
        (
            heading("Segment Results"),
            prose(
                f"We report {count_word(len(company.segments))} segments: "
                + ", ".join(segment.name for segment in company.segments[:-1])
                + f" and {company.segments[-1].name}.",
            ),
            prose(*_segment_lines(company, statements, stream, year, prior)),
        ),
        facts=segment_names,
    )
    liquidity = Block(
        (heading("Liquidity and Capital Resources"), prose(*_liquidity(company, statements, stream)))
    )
    candidates = [Candidate(overview, True), Candidate(results, True)]
    optional_results = [_percent_of_revenue(company, statements), _non_operating(company, statements, stream)]
    if len(statements.years) > 2:
        optional_results.insert(0, _earlier_comparison(company, statements, stream))
    candidates.extend(Candidate(block) for block in optional_results)
    candidates.append(Candidate(segments, True))
    pairs = list(zip(statements.years[:0:-1], statements.years[-2::-1], strict=True))
    candidates.extend(
        Candidate(_segment_detail(company, statements, stream, index, pair))
        for pair in pairs
        for index in range(len(company.segments))
    )
    candidates.append(Candidate(_key_metrics(company, statements)))
    candidates.extend(metric_candidates(company, statements, stream, "7"))
    if has_foreign_revenue(statements):
        candidates.append(Candidate(_regions(company, statements, stream)))
    candidates.append(Candidate(_fourth_quarter(company, statements, stream)))
    candidates.append(Candidate(_quarterly_trends(company, statements, stream)))
    candidates.append(Candidate(_expense_detail(company, statements, stream)))
    candidates.append(Candidate(liquidity, True))
    candidates.append(Candidate(_cash_flows(company, statements, stream)))
    candidates.append(Candidate(_free_cash_flow(company, statements)))
    candidates.append(Candidate(_ebitda(company, statements)))
    if company.industry.trade_terms:
        candidates.append(Candidate(_working_capital(company, statements)))
    candidates.append(Candidate(_capital_returns(company, statements)))
    candidates.append(Candidate(_debt_and_facilities(company, statements, stream)))
    candidates.append(Candidate(_obligations(company, statements, stream)))
    candidates.extend(
        Candidate(Block((heading(title), prose(*sentences)))) for title, sentences in OTHER_TOPICS
    )
    candidates.extend(Candidate(block) for block in _estimate_blocks(statements))
    candidates.append(Candidate(Block((heading("Recent Accounting Pronouncements"), prose(*PRONOUNCEMENTS)))))
    return candidates
