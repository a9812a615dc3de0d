"""Item 7, Management's Discussion and Analysis: every number is read from the statements.

The general sentences set beside the numbers are data: ``resources/mdna_prose.yaml``
(:mod:`finsynth.generators.filings.mdna_prose`) and ``resources/mdna_topics.yaml``, templates filled
with the company's own figures (:mod:`finsynth.generators.filings.mdna_figures`). Each sentence states
what is true of this company (its segments, balances, ratios, spending and history), so two filings
share a sentence only where their figures agree.
"""

from __future__ import annotations

from finsynth.generators.filings.blocks import Block, Candidate, Line, heading, prose
from finsynth.generators.filings.comparisons import compare, past_of_be
from finsynth.generators.filings.industry_metrics import metric_candidates
from finsynth.generators.filings.mdna_figures import movement, topic_values
from finsynth.generators.filings.mdna_prose import MDNA_PROSE as _PROSE
from finsynth.generators.filings.mdna_topics import (
    ESTIMATES,
    INVENTORY_ESTIMATE,
    OTHER_TOPICS,
    PRONOUNCEMENTS,
    fill,
)
from finsynth.generators.filings.tables import table
from finsynth.seeding import RandomStream
from finsynth.world.company import Company
from finsynth.world.formatting import (
    QUARTER_NAMES,
    count_word,
    fiscal_year_end,
    money,
    per_share,
    percent_change,
    percent_figure,
    share_of,
    table_amount,
)
from finsynth.world.industry_profiles import StatementLabels, in_sentence
from finsynth.world.statements import REGIONS, Statements, has_foreign_revenue, total_debt


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
        # The reason joins the comparison it explains: "..., up 5.9% from $127 million in fiscal 2023,
        # reflecting better rates from commercial payers."
        lines[-1] = Line(f"{lines[-1].text[:-1]}, reflecting {stream.choice(reasons)}.", lines[-1].facts)
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
    due = values["current_debt"]
    lines.append(
        Line(
            stream.choice(_PROSE.liquidity_sufficiency).format(
                debt_due=f"the {current} of debt due within a year"
                if due
                else f"interest on our {money(values['long_term_debt'], unit)} of debt"
                if values["long_term_debt"]
                else f"our current liabilities of {money(values['total_current_liabilities'], unit)}"
                if statements.classified_balance_sheet
                else "our other obligations",
            )
        )
    )
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
    shares = {
        label: [
            share_of(statements.values[year][key], statements.values[year]["revenue"]) for year in years[:2]
        ]
        for label, key in rows
    }
    moved = max(shares, key=lambda label: abs(shares[label][0] - shares[label][1]))
    now, then = shares[moved]
    return Block(
        (
            heading("Results as a Percentage of Revenue"),
            prose(
                "The following table shows each line of our statements of operations as a share of revenue; "
                f"the largest shift between fiscal {years[1]} and fiscal {years[0]} was in "
                f"{in_sentence(moved)}, which went from {percent_figure(then)} to {percent_figure(now)} of "
                "revenue.",
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
                Line(_interest_reason(company, statements)),
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


def _interest_reason(company: Company, statements: Statements) -> str:
    """What interest expense followed: average debt over the year and the rate it implies."""
    year, prior = statements.years[-1], statements.years[-2]
    average = round((total_debt(statements.values[prior]) + total_debt(statements.values[year])) / 2)
    interest = statements.values[year]["interest_expense"]
    if average <= 0:
        return (
            f"We carried no debt during fiscal {year}, so interest expense reflected fees and other charges."
        )
    return (
        f"Interest expense followed our borrowings: debt averaged {money(average, company.unit)} over fiscal "
        f"{year}, measured on opening and closing balances, and interest expense equaled "
        f"{percent_figure(share_of(interest, average))} of that average."
    )


def _investing_sentence(company: Company, statements: Statements, unit: str) -> str:
    """Investing cash flow and what it consisted of: capital spending, acquisitions and the rest."""
    year = statements.years[-1]
    values = statements.values[year]
    total = values["investing_cash_flow"]
    spent, acquired = -values["capital_expenditures"], -values["acquisitions"]
    # Investing flows other than capital spending and acquisitions (an insurer's portfolio, say).
    other = total + spent + acquired
    text = (
        f"Net cash {'used in' if total <= 0 else 'provided by'} investing activities was "
        f"{money(abs(total), unit)} in fiscal {year}, {'consisting of' if not other else 'including'} "
        f"capital expenditures of {money(spent, unit)}"
        + (
            f" and acquisitions of {money(acquired, unit)}"
            if acquired
            else " with no acquisitions during the year"
        )
    )
    if other:
        # A lender's loans sit in its receivables line; an insurer's portfolio in its investments.
        lending = "change_receivables" in company.industry.balance.investing_changes
        what = "net changes in loans and investment securities" if lending else "net sales of investments"
        if not lending and other < 0:
            what = "net purchases of investments"
        text += f"; {what} {'provided' if other > 0 else 'used'} {money(abs(other), unit)}"
    return text + "."


def _cash_flows(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year, prior = statements.years[-1], statements.years[-2]
    unit, values = company.unit, statements.values[year]
    lines = [
        Line(
            _investing_sentence(company, statements, unit),
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
            f"{money(-values['debt_repaid'], unit)} of long-term debt."
            if values["debt_issued"]
            else f"During fiscal {year} we repaid {money(-values['debt_repaid'], unit)} of long-term debt "
            "and took on no new borrowings.",
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
                "The following table summarizes the scheduled principal payments of our "
                f"{money(debt, company.unit)} of debt at the end of fiscal {statements.years[-1]}."
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
                "Interest payments on this debt, which cost us "
                f"{money(values['interest_expense'], company.unit)} in fiscal {statements.years[-1]}, and "
                "our purchase commitments with suppliers are not included in the table above."
            ),
        )
    )


def _estimate_blocks(statements: Statements, values: dict[str, str]) -> list[Block]:
    estimates = list(ESTIMATES)
    if statements.has_inventory:
        estimates.insert(1, INVENTORY_ESTIMATE)
    blocks = [
        Block((heading(f"Critical Accounting Estimates: {title}"), prose(*fill(sentences, values))))
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
    costs = (
        values[revenue_key] - values[income_key],
        earlier[revenue_key] - earlier[income_key],
    )
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
                    f"The {segment.name} segment's operating margin {direction} to {percent_figure(margin)} "
                    f"from {percent_figure(earlier_margin)}."
                    if direction != "held"
                    else f"The {segment.name} segment's operating margin held at {percent_figure(margin)}.",
                ),
                Line(_margin_reason(stream, (values[revenue_key], earlier[revenue_key]), costs, direction)),
            ),
        )
    )


def _margin_reason(
    stream: RandomStream, revenue: tuple[int, int], costs: tuple[int, int], direction: str
) -> str:
    """Why a segment's margin moved: its costs against its revenue, in one of the drawn wordings."""
    rising_revenue = revenue[0] >= revenue[1]
    if direction == "improved":
        cause = (
            "revenue grew faster than costs and spread fixed costs over more volume"
            if rising_revenue
            else "costs came down faster than revenue"
        )
    elif direction == "narrowed":
        cause = (
            "costs grew faster than revenue"
            if rising_revenue
            else "fixed costs weighed on a smaller revenue base"
        )
    else:
        cause = "costs moved in step with revenue"
    return stream.choice(_PROSE.margin_reasons).format(
        cost_move=movement(*costs),
        revenue_move=movement(*revenue),
        margin_move=direction,
        margin_cause=cause,
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
            prose(*_metric_sentences(company, statements)),
            table("Key financial measures", ("Measure", *(f"Fiscal {year}" for year in years)), rows),
        )
    )


def _metric_sentences(company: Company, statements: Statements) -> tuple[str, str]:
    """What the key measures did this year, and how return on equity and debt to equity are computed."""
    year, prior = statements.years[-1], statements.years[-2]
    values, earlier = statements.values[year], statements.values[prior]
    unit = company.unit
    margin = share_of(values["operating_income"], values["revenue"])
    prior_margin = share_of(earlier["operating_income"], earlier["revenue"])
    move = "rose" if margin > prior_margin else "fell" if margin < prior_margin else "held"
    return (
        "Management uses the following measures, computed from our consolidated financial statements, to "
        f"evaluate profitability, returns and financial position; operating margin {move} "
        f"to {percent_figure(margin)} in fiscal {year} "
        f"from {percent_figure(prior_margin)} in fiscal {prior}."
        if move != "held"
        else "Management uses the following measures, computed from our consolidated financial statements, "
        "to evaluate profitability, returns and financial position; operating margin held at "
        f"{percent_figure(margin)} in fiscal {year}.",
        f"Return on equity divides net income ({money(values['net_income'], unit)} in fiscal {year}) by "
        f"year-end stockholders' equity ({money(values['total_equity'], unit)}); debt to equity divides "
        f"total debt ({money(total_debt(statements.values[year]), unit)}) by the same equity.",
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
            prose(*_free_cash_flow_sentences(company, statements)),
            table(
                "Free cash flow reconciliation",
                (f"(in {company.unit})", *(f"Fiscal {year}" for year in years)),
                rows,
            ),
        )
    )


def _free_cash_flow_sentences(company: Company, statements: Statements) -> tuple[str, str, str]:
    """Free cash flow defined and stated for the latest two years, and what it was set against."""
    year, prior = statements.years[-1], statements.years[-2]
    values, earlier = statements.values[year], statements.values[prior]
    unit = company.unit
    free = values["operating_cash_flow"] + values["capital_expenditures"]
    earlier_free = earlier["operating_cash_flow"] + earlier["capital_expenditures"]
    uses = -(
        values["acquisitions"]
        + values["debt_repaid"]
        + values["dividends_paid"]
        + values["share_repurchases"]
    )
    comparison = "more than" if uses > free else "less than" if uses < free else "the same as"
    return (
        "Free cash flow is operating cash flow less purchases of property and equipment; it was "
        f"{money(free, unit)} in fiscal {year}, compared with {money(earlier_free, unit)} in fiscal {prior}.",
        "It is not a measure defined by U.S. generally accepted accounting principles, and other companies "
        "may calculate it differently, so we reconcile it below to net cash provided by operating "
        f"activities of {money(values['operating_cash_flow'], unit)}.",
        "We use it to assess the cash available for acquisitions, debt repayment and returns to "
        f"shareholders, which together took {money(uses, unit)} in fiscal {year}, {comparison} the free "
        "cash flow of the year.",
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
    lines.append(Line(stream.choice(_PROSE.region_reasons).format_map(_region_values(company, statements))))
    return Block((heading("Revenue by Geographic Area"), prose(*lines)))


def _region_values(company: Company, statements: Statements) -> dict[str, str]:
    """The figures the region sentences state: the foreign share, the region that moved most, the largest."""
    year, prior = statements.years[-1], statements.years[-2]
    values, earlier = statements.values[year], statements.values[prior]
    foreign = range(1, len(REGIONS))
    names = {
        index: REGIONS[index] if REGIONS[index] != "Rest of world" else "the rest of the world"
        for index in foreign
    }
    changes = {
        index: percent_change(values[f"region.{index}"], earlier[f"region.{index}"])
        for index in foreign
        if earlier[f"region.{index}"] > 0
    }
    moved = max(changes, key=lambda index: abs(changes[index])) if changes else 1
    change = changes.get(moved, 0.0)
    largest = max(foreign, key=lambda index: values[f"region.{index}"])
    return {
        "year": str(year),
        "prior": str(prior),
        "foreign_share": percent_figure(
            share_of(sum(values[f"region.{index}"] for index in foreign), values["revenue"])
        ),
        "prior_foreign_share": percent_figure(
            share_of(sum(earlier[f"region.{index}"] for index in foreign), earlier["revenue"])
        ),
        "moved_region": names[moved],
        "moved_change": f"{'up' if change >= 0 else 'down'} {percent_figure(abs(change))}",
        "largest_region": names[largest],
        "largest_amount": money(values[f"region.{largest}"], company.unit),
    }


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
        was = past_of_be(expense.subject)
        then = share_of(statements.values[prior][expense.key], statements.values[prior]["revenue"])
        lines.append(
            Line(
                f"{expense.subject} {was} {percent_figure(now)} of revenue in fiscal {year}, compared with "
                f"{percent_figure(then)} in fiscal {prior}."
            )
        )
        driver = stream.choice(expense.drivers or _PROSE.expense_reasons[expense.key])
        change = statements.values[year][expense.key] - statements.values[prior][expense.key]
        lines.append(
            f"{expense.subject} {'rose' if change >= 0 else 'fell'} by {money(abs(change), company.unit)}; "
            f"{in_sentence(driver)}"
        )
    return Block((heading("Operating Expenses"), prose(*lines)))


def _quarterly_trends(company: Company, statements: Statements, stream: RandomStream) -> Block:
    """Each quarter's revenue and operating income against the same quarter a year earlier."""
    year, prior = statements.years[-1], statements.years[-2]
    lines = []
    for quarter, name in enumerate(QUARTER_NAMES, start=1):
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
                _ebitda_use(company, statements, totals[0]),
            ),
            table(
                "Reconciliation of net income to EBITDA",
                (f"(in {company.unit})", *(f"Fiscal {y}" for y in years)),
                rows,
            ),
        )
    )


def _ebitda_use(company: Company, statements: Statements, ebitda: int) -> str:
    """Why EBITDA is presented, with this year's interest coverage and the net income it does not replace."""
    year = statements.years[-1]
    values = statements.values[year]
    interest = values["interest_expense"]
    coverage = (
        f"; ours covered interest expense of {money(interest, company.unit)} {ebitda / interest:.1f} times "
        f"in fiscal {year}"
        if interest > 0 and ebitda > 0
        else ""
    )
    return (
        "We present it because lenders and investors use it to compare operating performance across "
        f"companies with different capital structures{coverage}, but it should not be considered a "
        f"substitute for net income, which was {money(values['net_income'], company.unit)}."
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
    values, earlier = statements.values[year], statements.values[prior]
    days_now = round(values["accounts_receivable"] / values["revenue"] * 365)
    days_then = round(earlier["accounts_receivable"] / earlier["revenue"] * 365)
    cash_effect = round(abs(days_now - days_then) * values["revenue"] / 365)
    means = "collections, inventory planning and" if statements.has_inventory else "collections and"
    if days_now == days_then:
        text = f"Receivable days held at {days_now} in fiscal {year}"
    else:
        text = (
            f"The {abs(days_now - days_then)}-day {'rise' if days_now > days_then else 'fall'} in receivable "
            f"days {'tied up' if days_now > days_then else 'released'} about "
            f"{money(cash_effect, company.unit)} of cash at fiscal {year} revenue levels"
        )
    lines.append(
        f"{text}; we manage working capital through {means} payment terms negotiated with suppliers."
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
            prose(_returns_sentence(company, statements)),
            table(
                "Cash returned to shareholders",
                (f"(in {company.unit})", *(f"Fiscal {y}" for y in years)),
                rows,
            ),
        )
    )


def _returns_sentence(company: Company, statements: Statements) -> str:
    """How much cash went back to shareholders this year, split into dividends and repurchases."""
    year = statements.years[-1]
    values = statements.values[year]
    dividends, repurchases = -values["dividends_paid"], -values["share_repurchases"]
    unit = company.unit
    if dividends + repurchases <= 0:
        return f"We returned no cash to shareholders in fiscal {year}; the table shows each fiscal year."
    total = money(dividends + repurchases, unit)
    if dividends and repurchases:
        split = f"{money(dividends, unit)} in dividends and {money(repurchases, unit)} in repurchases"
    else:
        split = f"all of it in {'dividends' if dividends else 'repurchases of our stock'}"
    return f"We returned {total} to shareholders in fiscal {year}, {split}; the table shows each fiscal year."


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
                "Our senior notes, which make up most of the "
                f"{money(values['long_term_debt'], company.unit)} of long-term debt, are unsecured and rank "
                "equally with our other unsecured debt.",
                (
                    "Our revolving credit facility supports working-capital needs and general corporate "
                    "purposes"
                    if statements.classified_balance_sheet
                    else "Our revolving credit facility is available for liquidity needs and general "
                    "corporate purposes"
                )
                + (
                    f", and {money(values['current_debt'], company.unit)} of our debt falls due within the "
                    "coming year."
                    if values["current_debt"]
                    else ", and none of our debt falls due within the coming year."
                ),
                _leverage_target(company, float(stream.choice(("2.5", "3.0", "3.5"))), debt, ebitda),
            ),
        )
    )


def _leverage_target(company: Company, target: float, debt: int, ebitda: int) -> str:
    """The leverage we aim for, and the room to it (or the way back to it) from this year's EBITDA."""
    aim = f"We intend to keep leverage below {target:.1f} times EBITDA over time"
    if ebitda <= 0:
        return aim + ", a measure our negative EBITDA for the year leaves undefined."
    room = round(target * ebitda) - debt
    if room >= 0:
        return (
            aim
            + f", which at this year's EBITDA would allow about {money(room, company.unit)} of further debt."
        )
    return aim + f", which at this year's EBITDA means reducing debt by about {money(-room, company.unit)}."


def mdna_candidates(company: Company, statements: Statements, stream: RandomStream) -> list[Candidate]:
    """Return the blocks of Item 7 in reading order; results, segments and liquidity are required."""
    year, prior = statements.years[-1], statements.years[-2]
    date = fiscal_year_end(year, company.fiscal_year_end_month)
    overview = Block(
        (
            heading("Overview"),
            prose(
                f"Based in {company.city}, {company.state}, we {company.industry.description}.",
                f"Fiscal {year} ended on {date} with revenue of "
                f"{money(statements.values[year]['revenue'], company.unit)}; amounts below are in "
                f"{company.unit} of U.S. dollars except per-share data.",
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
    values = topic_values(company, statements)
    candidates.extend(
        Candidate(Block((heading(title), prose(*fill(sentences, values)))))
        for title, sentences in OTHER_TOPICS
    )
    candidates.extend(Candidate(block) for block in _estimate_blocks(statements, values))
    candidates.append(
        Candidate(Block((heading("Recent Accounting Pronouncements"), prose(*fill(PRONOUNCEMENTS, values)))))
    )
    return candidates
