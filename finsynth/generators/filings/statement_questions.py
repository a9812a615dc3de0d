"""Questions answered from the financial statements (Item 8): line items, their changes, and ratios.

Ratios that combine two statements (net income over average equity, operating cash flow over
net income) cite the rows of both. Every kind cites the statements' rows rather than the MD&A.
"""

from __future__ import annotations

from finsynth.generators.filings.questions import FilingFacts, QAItem, question_kind
from finsynth.seeding import RandomStream
from finsynth.world.formatting import per_share, percent_change, percent_figure, share_of

INCOME_STATEMENT_LINES = {
    "cost_of_revenue": "cost of revenue",
    "research_and_development": "research and development expense",
    "sales_and_marketing": "sales and marketing expense",
    "general_and_administrative": "general and administrative expense",
    "selling_general_and_administrative": "selling, general and administrative expense",
    "total_operating_expenses": "total operating expenses",
    "interest_expense": "interest expense",
    "income_before_taxes": "income before income taxes",
    "income_tax_expense": "provision for income taxes",
}
"""Income-statement rows a question may ask about (fact key -> how a reader names it)."""
BALANCE_SHEET_LINES = {
    "cash": "cash and cash equivalents",
    "accounts_receivable": "accounts receivable",
    "inventories": "inventories",
    "property_and_equipment": "property and equipment, net",
    "goodwill": "goodwill",
    "intangible_assets": "intangible assets, net",
    "total_current_assets": "total current assets",
    "total_assets": "total assets",
    "accounts_payable": "accounts payable",
    "accrued_liabilities": "accrued liabilities",
    "total_current_liabilities": "total current liabilities",
    "total_liabilities": "total liabilities",
    "retained_earnings": "retained earnings",
    "total_equity": "total shareholders' equity",
}
"""Balance-sheet rows a question may ask about."""
CASH_FLOW_LINES = {
    "depreciation_and_amortization": "depreciation and amortization",
    "stock_based_compensation": "stock-based compensation added back to net income",
    "capital_expenditures": "capital expenditures",
    "acquisitions": "cash paid for acquisitions",
    "share_repurchases": "cash spent on share repurchases",
    "investing_cash_flow": "net cash from investing activities",
    "financing_cash_flow": "net cash from financing activities",
}
"""Cash-flow rows a question may ask about (outflows are negative facts)."""
DAYS_IN_YEAR = 365


def _pick(facts: FilingFacts, stream: RandomStream, lines: dict[str, str], *years: int) -> str | None:
    """Draw a row stated, and not zero, for every year in ``years``, or ``None`` when none is."""
    keys = [
        key
        for key in lines
        if facts.has(*(f"{key}.{year}" for year in years))
        and all(facts.amount(f"{key}.{year}") for year in years)  # a dash in the table is no question
    ]
    return stream.choice(keys) if keys else None


def _cited(facts: FilingFacts, keys: list[str]) -> tuple[int, ...]:
    return facts.sentence_ids(keys, statements=True)


def _ratio(numerator: int, denominator: int) -> str:
    return f"{numerator / denominator:.2f}"


def _signed_flow(facts: FilingFacts, key: str) -> str:
    value = facts.amount(key)
    return f"an outflow of {facts.dollars(-value)}" if value < 0 else f"an inflow of {facts.dollars(value)}"


@question_kind(part="statements")
def _income_statement_line(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    names = {**facts.line_names(), **INCOME_STATEMENT_LINES}
    names.update({key: facts.row_name(key, name) for key, name in names.items()})
    line = _pick(facts, stream, names, year)
    if line is None:
        return None
    key, name = f"{line}.{year}", names[line]
    question = facts.ask(
        stream,
        (
            f"What {name} did {facts.company} report in its statement of operations for fiscal {year}?",
            f"How large was {facts.company}'s {name} in fiscal {year}, as shown in the income statement?",
            f"Look up the {name} line of {facts.company}'s fiscal {year} statement of operations.",
        ),
    )
    answer = f"The statement of operations shows {name} of {facts.money(key)} for fiscal {year}."
    return facts.item(question, answer, _cited(facts, [key]), [key])


@question_kind(part="statements")
def _balance_sheet_line(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    names = {key: facts.balance_name(key, name) for key, name in BALANCE_SHEET_LINES.items()}
    line = _pick(facts, stream, names, year)
    if line is None:
        return None
    key, name = f"{line}.{year}", names[line]
    question = facts.ask(
        stream,
        (
            f"What did {facts.company}'s balance sheet show for {name} at the end of fiscal {year}?",
            f"How much {name} did {facts.company} carry at the close of fiscal {year}?",
            f"Find the amount of {name} on {facts.company}'s consolidated balance sheet at fiscal {year} "
            "year end.",
        ),
    )
    answer = f"At the end of fiscal {year}, the balance sheet showed {name} of {facts.money(key)}."
    return facts.item(question, answer, _cited(facts, [key]), [key])


@question_kind(part="statements")
def _cash_flow_line(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    line = _pick(facts, stream, CASH_FLOW_LINES, year)
    if line is None:
        return None
    key, name = f"{line}.{year}", CASH_FLOW_LINES[line]
    question = facts.ask(
        stream,
        (
            f"What amount of {name} does {facts.company}'s cash flow statement show for fiscal {year}?",
            f"In the statement of cash flows, how much {name} did {facts.company} record in fiscal {year}?",
            f"What was the {name} figure in {facts.company}'s fiscal {year} statement of cash flows?",
        ),
    )
    value = facts.amount(key)
    direction = "a use of cash" if value < 0 else "a source of cash or a non-cash add-back"
    answer = (
        f"The statement of cash flows shows {name} of {facts.dollars(abs(value))} for fiscal {year}, "
        f"{direction} (reported as {facts.money(key)})."
    )
    return facts.item(question, answer, _cited(facts, [key]), [key])


def _change_item(
    facts: FilingFacts, stream: RandomStream, line: str, name: str, phrasings: tuple[str, ...]
) -> QAItem | None:
    now_key, then_key = f"{line}.{facts.latest}", f"{line}.{facts.prior}"
    then = facts.amount(then_key)
    if then <= 0:
        return None
    now = facts.amount(now_key)
    direction = "rose" if now > then else "fell" if now < then else "was unchanged"
    answer = (
        f"{name[0].upper() + name[1:]} {direction} by {facts.dollars(abs(now - then))} "
        f"({percent_figure(abs(percent_change(now, then)))}), "
        f"from {facts.money(then_key)} in fiscal {facts.prior} to "
        f"{facts.money(now_key)} in fiscal {facts.latest}."
    )
    question = facts.ask(stream, phrasings)
    return facts.item(question, answer, _cited(facts, [now_key, then_key]), [now_key, then_key])


@question_kind(part="statements")
def _balance_sheet_change(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    names = {key: facts.balance_name(key, name) for key, name in BALANCE_SHEET_LINES.items()}
    line = _pick(facts, stream, names, facts.latest, facts.prior)
    if line is None:
        return None
    name = names[line]
    return _change_item(
        facts,
        stream,
        line,
        name,
        (
            f"How did {facts.company}'s {name} move between the fiscal {facts.prior} and fiscal "
            f"{facts.latest} "
            "balance sheets, in dollars and percent?",
            f"By how much did {name} on {facts.company}'s balance sheet change from the end of fiscal "
            f"{facts.prior} to the end of fiscal {facts.latest}?",
            f"Compare {facts.company}'s year-end {name} for fiscal {facts.latest} with fiscal {facts.prior}: "
            "what is the change?",
        ),
    )


@question_kind(part="statements")
def _expense_change(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    line = _pick(facts, stream, INCOME_STATEMENT_LINES, facts.latest, facts.prior)
    if line is None:
        return None
    name = INCOME_STATEMENT_LINES[line]
    return _change_item(
        facts,
        stream,
        line,
        name,
        (
            f"How much did {facts.company}'s {name} change from fiscal {facts.prior} to fiscal "
            f"{facts.latest}?",
            f"Going by the statements of operations, what was the year-over-year change in {name} at "
            f"{facts.company} for fiscal {facts.latest}?",
            f"Quantify the movement in {facts.company}'s {name} between fiscal {facts.prior} and fiscal "
            f"{facts.latest}.",
        ),
    )


@question_kind(part="statements")
def _revenue_compound_growth(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    first, last = facts.filing.fiscal_years[0], facts.latest
    periods = last - first
    keys = [f"revenue.{last}", f"revenue.{first}"]
    if periods < 2 or not facts.has(*keys) or facts.amount(keys[1]) <= 0:
        return None
    rate = ((facts.amount(keys[0]) / facts.amount(keys[1])) ** (1 / periods) - 1) * 100
    question = facts.ask(
        stream,
        (
            f"What was {facts.company}'s compound annual revenue growth rate from fiscal {first} to fiscal "
            f"{last}?",
            f"Over the {periods} years from fiscal {first} to fiscal {last}, at what average annual "
            f"compounded rate did {facts.company}'s revenue grow?",
            f"Work out the revenue CAGR of {facts.company} between fiscal {first} and fiscal {last}.",
        ),
    )
    answer = (
        f"Revenue went from {facts.money(keys[1])} in fiscal {first} to {facts.money(keys[0])} in fiscal "
        f"{last}, a compound annual growth rate of {rate:.1f}% over {periods} years."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="statements")
def _working_capital(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    if not facts.classified_balance_sheet:
        return None
    year = stream.choice((facts.latest, facts.prior))
    keys = [f"total_current_assets.{year}", f"total_current_liabilities.{year}"]
    if not facts.has(*keys):
        return None
    capital = facts.amount(keys[0]) - facts.amount(keys[1])
    question = facts.ask(
        stream,
        (
            f"What was {facts.company}'s working capital at the end of fiscal {year}?",
            f"How much working capital (current assets less current liabilities) did {facts.company} have "
            f"at fiscal {year} year end?",
            f"Calculate {facts.company}'s net working capital from its fiscal {year} balance sheet.",
        ),
    )
    answer = (
        f"Working capital was {facts.dollars(capital)}: total current assets of {facts.money(keys[0])} "
        f"less total current liabilities of {facts.money(keys[1])}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


def _ratio_item(
    facts: FilingFacts,
    stream: RandomStream,
    keys: list[str],
    numerator: int,
    denominator: int,
    phrasings: tuple[str, ...],
    explanation: str,
    *,
    as_percent: bool = False,
) -> QAItem | None:
    if denominator <= 0 or not facts.has(*keys):
        return None
    value = percent_figure(share_of(numerator, denominator)) if as_percent else _ratio(numerator, denominator)
    question = facts.ask(stream, phrasings)
    return facts.item(question, f"{explanation.format(value=value)}", _cited(facts, keys), keys)


@question_kind(part="statements")
def _current_ratio(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    if not facts.classified_balance_sheet:
        return None
    year = facts.latest
    keys = [f"total_current_assets.{year}", f"total_current_liabilities.{year}"]
    if not facts.has(*keys):
        return None
    return _ratio_item(
        facts,
        stream,
        keys,
        facts.amount(keys[0]),
        facts.amount(keys[1]),
        (
            f"What was {facts.company}'s current ratio at the end of fiscal {year}?",
            f"How many dollars of current assets did {facts.company} hold per dollar of current liabilities "
            f"at fiscal {year} year end?",
            f"Compute {facts.company}'s current ratio for fiscal {year} from the balance sheet.",
        ),
        f"The current ratio was {{value}}: total current assets of {facts.money(keys[0])} divided by total "
        f"current liabilities of {facts.money(keys[1])}.",
    )


@question_kind(part="statements")
def _quick_ratio(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    if not facts.sells_on_trade_terms or not facts.classified_balance_sheet:
        return None
    year = facts.latest
    keys = [f"total_current_assets.{year}", f"inventories.{year}", f"total_current_liabilities.{year}"]
    if not facts.has(*keys) or facts.amount(keys[1]) <= 0:
        return None
    liquid = facts.amount(keys[0]) - facts.amount(keys[1])
    return _ratio_item(
        facts,
        stream,
        keys,
        liquid,
        facts.amount(keys[2]),
        (
            f"What was {facts.company}'s quick ratio, excluding inventories, at the end of fiscal {year}?",
            f"Leaving inventories out of current assets, how well did {facts.company} cover its current "
            f"liabilities at fiscal {year} year end?",
            f"Calculate the acid-test ratio of {facts.company} for fiscal {year} (current assets minus "
            "inventories, over current liabilities).",
        ),
        f"The quick ratio was {{value}}: current assets of {facts.money(keys[0])} less inventories of "
        f"{facts.money(keys[1])}, or {facts.dollars(liquid)}, divided by current liabilities of "
        f"{facts.money(keys[2])}.",
    )


@question_kind(part="statements")
def _debt_to_equity(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [f"current_debt.{year}", f"long_term_debt.{year}", f"total_equity.{year}"]
    if not facts.has(*keys):
        return None
    debt = facts.amount(keys[0]) + facts.amount(keys[1])
    return _ratio_item(
        facts,
        stream,
        keys,
        debt,
        facts.amount(keys[2]),
        (
            f"What was {facts.company}'s ratio of total debt to shareholders' equity at the end of fiscal "
            f"{year}?",
            f"Relative to its equity, how leveraged was {facts.company} at fiscal {year} year end? Give "
            "debt to equity.",
            f"Compute {facts.company}'s debt-to-equity ratio for fiscal {year}, counting both the current "
            "and long-term debt.",
        ),
        f"Debt to equity was {{value}}: total debt of {facts.dollars(debt)} (current portion "
        f"{facts.money(keys[0])} plus long-term {facts.money(keys[1])}) divided by equity of "
        f"{facts.money(keys[2])}.",
    )


@question_kind(part="statements")
def _liabilities_to_assets(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    keys = [f"total_liabilities.{year}", f"total_assets.{year}"]
    if not facts.has(*keys):
        return None
    return _ratio_item(
        facts,
        stream,
        keys,
        facts.amount(keys[0]),
        facts.amount(keys[1]),
        (
            f"What share of {facts.company}'s total assets was financed by liabilities at the end of fiscal "
            f"{year}?",
            f"How large were {facts.company}'s total liabilities relative to its total assets at fiscal "
            f"{year} year end?",
            f"Give {facts.company}'s liabilities-to-assets percentage for fiscal {year}.",
        ),
        f"Liabilities were {{value}} of assets: total liabilities of {facts.money(keys[0])} against total "
        f"assets of {facts.money(keys[1])}.",
        as_percent=True,
    )


@question_kind(part="statements")
def _net_debt(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [f"current_debt.{year}", f"long_term_debt.{year}", f"cash.{year}"]
    if not facts.has(*keys):
        return None
    net = facts.amount(keys[0]) + facts.amount(keys[1]) - facts.amount(keys[2])
    question = facts.ask(
        stream,
        (
            f"What was {facts.company}'s net debt (total debt less cash) at the end of fiscal {year}?",
            f"After subtracting cash and cash equivalents, how much debt did {facts.company} have at fiscal "
            f"{year} year end?",
            f"Net {facts.company}'s cash against its borrowings at the end of fiscal {year}: what is left?",
        ),
    )
    position = "net debt" if net >= 0 else "net cash"
    answer = (
        f"The company had {position} of {facts.dollars(abs(net))}: current debt of {facts.money(keys[0])} "
        f"plus long-term debt of {facts.money(keys[1])}, less cash of {facts.money(keys[2])}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


def _average(facts: FilingFacts, line: str) -> tuple[list[str], float] | None:
    keys = [f"{line}.{facts.latest}", f"{line}.{facts.prior}"]
    if not facts.has(*keys):
        return None
    return keys, (facts.amount(keys[0]) + facts.amount(keys[1])) / 2


def _return_on(
    facts: FilingFacts, stream: RandomStream, numerator_line: str, base_line: str, phrasings: tuple[str, ...]
) -> QAItem | None:
    top = f"{numerator_line}.{facts.latest}"
    average = _average(facts, base_line)
    if average is None or not facts.has(top) or average[1] <= 0:
        return None
    base_keys, base = average
    value = round(facts.amount(top) / base * 100, 1)
    answer = (
        f"It was {percent_figure(value)}: {facts.money(top)} divided by the average of "
        f"{facts.money(base_keys[0])} "
        f"and {facts.money(base_keys[1])} ({facts.dollars(round(base))})."
    )
    keys = [top, *base_keys]
    return facts.item(facts.ask(stream, phrasings), answer, _cited(facts, keys), keys)


@question_kind(part="statements")
def _return_on_equity(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    return _return_on(
        facts,
        stream,
        "net_income",
        "total_equity",
        (
            f"What was {facts.company}'s return on average shareholders' equity in fiscal {year}?",
            f"Divide {facts.company}'s fiscal {year} net income by its average equity over the year: what "
            "return does that give?",
            f"How much net income did {facts.company} earn in fiscal {year} per dollar of average equity, "
            "as a percentage?",
        ),
    )


@question_kind(part="statements")
def _return_on_assets(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    return _return_on(
        facts,
        stream,
        "net_income",
        "total_assets",
        (
            f"What was {facts.company}'s return on average total assets for fiscal {year}?",
            f"Using average total assets, how profitable was {facts.company}'s asset base in fiscal {year}?",
            f"Compute ROA for {facts.company} in fiscal {year}, with assets averaged over the opening and "
            "closing balance sheets.",
        ),
    )


@question_kind(part="statements")
def _asset_turnover(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    top = f"revenue.{year}"
    average = _average(facts, "total_assets")
    if average is None or not facts.has(top):
        return None
    keys = [top, *average[0]]
    question = facts.ask(
        stream,
        (
            f"What was {facts.company}'s asset turnover in fiscal {year}, based on average total assets?",
            f"How many dollars of revenue did {facts.company} generate per dollar of average assets in "
            f"fiscal {year}?",
            f"Relate {facts.company}'s fiscal {year} revenue to its average total assets: what turnover "
            "results?",
        ),
    )
    answer = (
        f"Asset turnover was {facts.amount(top) / average[1]:.2f} times: revenue of {facts.money(top)} "
        f"over average total assets of {facts.dollars(round(average[1]))}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="statements")
def _receivable_days(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    if not facts.sells_on_trade_terms:
        return None
    year = facts.latest
    keys = [f"accounts_receivable.{year}", f"revenue.{year}"]
    if not facts.has(*keys) or facts.amount(keys[1]) <= 0:
        return None
    days = facts.amount(keys[0]) / facts.amount(keys[1]) * DAYS_IN_YEAR
    question = facts.ask(
        stream,
        (
            f"How many days of sales did {facts.company}'s year-end receivables represent in fiscal {year}?",
            f"Estimate {facts.company}'s days sales outstanding for fiscal {year} from year-end receivables "
            "and annual revenue.",
            f"On a {DAYS_IN_YEAR}-day year, what was {facts.company}'s DSO at the end of fiscal {year}?",
        ),
    )
    answer = (
        f"About {days:.1f} days: accounts receivable of {facts.money(keys[0])} divided by revenue of "
        f"{facts.money(keys[1])}, times {DAYS_IN_YEAR}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="statements")
def _inventory_turnover(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    if not facts.sells_on_trade_terms:
        return None
    year = facts.latest
    top = f"cost_of_revenue.{year}"
    average = _average(facts, "inventories")
    if average is None or not facts.has(top) or average[1] <= 0:
        return None
    keys = [top, *average[0]]
    cost = facts.row_name("cost_of_revenue", "cost of revenue")
    question = facts.ask(
        stream,
        (
            f"How many times did {facts.company} turn over its inventory in fiscal {year}?",
            f"What was {facts.company}'s inventory turnover for fiscal {year}, using {cost} and "
            "average inventories?",
            f"Based on average inventories, how often did {facts.company}'s stock of goods turn in fiscal "
            f"{year}?",
        ),
    )
    answer = (
        f"Inventory turned {facts.amount(top) / average[1]:.2f} times: {cost} of {facts.money(top)} "
        f"over average inventories of {facts.dollars(round(average[1]))}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="statements")
def _cash_conversion(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    keys = [f"operating_cash_flow.{year}", f"net_income.{year}"]
    if not facts.has(*keys):
        return None
    return _ratio_item(
        facts,
        stream,
        keys,
        facts.amount(keys[0]),
        facts.amount(keys[1]),
        (
            f"How did {facts.company}'s operating cash flow compare with its net income in fiscal {year}? "
            "Give the ratio.",
            f"What was {facts.company}'s cash conversion (operating cash flow divided by net income) in "
            f"fiscal {year}?",
            f"For each dollar of net income in fiscal {year}, how much operating cash did {facts.company} "
            "generate?",
        ),
        f"Operating cash flow was {{value}} times net income: {facts.money(keys[0])} against "
        f"{facts.money(keys[1])}.",
    )


@question_kind(part="statements")
def _capex_to_depreciation(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [f"capital_expenditures.{year}", f"depreciation_and_amortization.{year}"]
    if not facts.has(*keys):
        return None
    return _ratio_item(
        facts,
        stream,
        keys,
        -facts.amount(keys[0]),
        facts.amount(keys[1]),
        (
            f"Was {facts.company} investing more than its depreciation in fiscal {year}? Give capital "
            "expenditures as a multiple of depreciation and amortization.",
            f"What was the ratio of capital spending to depreciation and amortization at {facts.company} "
            f"in fiscal {year}?",
            f"Compare {facts.company}'s fiscal {year} capital expenditures with its depreciation and "
            "amortization charge.",
        ),
        f"Capital expenditures of {facts.dollars(-facts.amount(keys[0]))} were {{value}} times depreciation "
        f"and amortization of {facts.money(keys[1])}.",
    )


@question_kind(part="statements")
def _effective_tax_rate(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    keys = [f"income_tax_expense.{year}", f"income_before_taxes.{year}"]
    if not facts.has(*keys):
        return None
    return _ratio_item(
        facts,
        stream,
        keys,
        facts.amount(keys[0]),
        facts.amount(keys[1]),
        (
            f"What effective income tax rate does {facts.company}'s statement of operations imply for fiscal "
            f"{year}?",
            f"Divide {facts.company}'s fiscal {year} tax provision by its pre-tax income: what rate results?",
            f"At what effective rate was {facts.company}'s fiscal {year} pre-tax income taxed?",
        ),
        f"The effective tax rate was {{value}}: a provision of {facts.money(keys[0])} on income before "
        f"taxes of {facts.money(keys[1])}.",
        as_percent=True,
    )


@question_kind(part="statements")
def _interest_coverage(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [f"operating_income.{year}", f"interest_expense.{year}"]
    if not facts.has(*keys):
        return None
    return _ratio_item(
        facts,
        stream,
        keys,
        facts.amount(keys[0]),
        facts.amount(keys[1]),
        (
            f"How many times did {facts.company}'s operating income cover its interest expense in fiscal "
            f"{year}?",
            f"What was {facts.company}'s interest coverage ratio for fiscal {year}?",
            f"Measure how comfortably {facts.company} could pay its fiscal {year} interest out of operating "
            "income.",
        ),
        f"Interest coverage was {{value}} times: operating income of {facts.money(keys[0])} over interest "
        f"expense of {facts.money(keys[1])}.",
    )


@question_kind(part="statements")
def _payout_ratio(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [f"dividends_paid.{year}", f"net_income.{year}"]
    if not facts.has(*keys) or facts.amount(keys[0]) == 0:
        return None
    return _ratio_item(
        facts,
        stream,
        keys,
        -facts.amount(keys[0]),
        facts.amount(keys[1]),
        (
            f"What share of its fiscal {year} net income did {facts.company} pay out as cash dividends?",
            f"Compute {facts.company}'s dividend payout ratio for fiscal {year}.",
            f"How much of {facts.company}'s fiscal {year} profit went to shareholders as dividends, in "
            "percent?",
        ),
        f"The payout ratio was {{value}}: dividends of {facts.dollars(-facts.amount(keys[0]))} against net "
        f"income of {facts.money(keys[1])}.",
        as_percent=True,
    )


@question_kind(part="statements")
def _shareholder_returns(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    keys = [f"dividends_paid.{year}", f"share_repurchases.{year}"]
    if not facts.has(*keys) or facts.amount(keys[0]) == 0 or facts.amount(keys[1]) == 0:
        return None
    dividends, buybacks = -facts.amount(keys[0]), -facts.amount(keys[1])
    question = facts.ask(
        stream,
        (
            f"How much cash did {facts.company} return to shareholders in fiscal {year} through dividends "
            "and "
            "share repurchases combined?",
            f"What was the total of dividends paid and stock bought back by {facts.company} in fiscal "
            f"{year}?",
            f"Add up {facts.company}'s fiscal {year} dividends and buybacks: how much went back to owners?",
        ),
    )
    answer = (
        f"It returned {facts.dollars(dividends + buybacks)}: {facts.dollars(dividends)} of dividends and "
        f"{facts.dollars(buybacks)} of share repurchases."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="statements")
def _cash_flow_bridge(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    keys = [
        f"{line}.{year}" for line in ("operating_cash_flow", "investing_cash_flow", "financing_cash_flow")
    ]
    if not facts.has(*keys):
        return None
    total = sum(facts.amount(key) for key in keys)
    question = facts.ask(
        stream,
        (
            f"How did operating, investing and financing activities add up to {facts.company}'s change in "
            f"cash for fiscal {year}?",
            f"Before currency effects, by how much did {facts.company}'s cash change in fiscal {year}, and "
            "from which activities?",
            f"Combine the three sections of {facts.company}'s fiscal {year} cash flow statement: what net "
            "change in cash do they give?",
        ),
    )
    answer = (
        f"Operating activities gave {_signed_flow(facts, keys[0])}, investing activities "
        f"{_signed_flow(facts, keys[1])} and financing activities {_signed_flow(facts, keys[2])}, a net "
        f"change of {facts.dollars(total)}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


def _margin_points(
    facts: FilingFacts, stream: RandomStream, line: str, label: str, phrasings: tuple[str, ...]
) -> QAItem | None:
    keys = [
        f"{line}.{facts.latest}",
        f"revenue.{facts.latest}",
        f"{line}.{facts.prior}",
        f"revenue.{facts.prior}",
    ]
    if not facts.has(*keys):
        return None
    now = share_of(facts.amount(keys[0]), facts.amount(keys[1]))
    then = share_of(facts.amount(keys[2]), facts.amount(keys[3]))
    change = round(now - then, 1)
    direction = "widened" if change > 0 else "narrowed" if change < 0 else "held steady"
    answer = (
        f"The {label} {direction} from {percent_figure(then)} in fiscal {facts.prior} "
        f"to {percent_figure(now)} in fiscal "
        f"{facts.latest}, a change of {abs(change):.1f} percentage points."
    )
    return facts.item(facts.ask(stream, phrasings), answer, _cited(facts, keys), keys)


@question_kind(part="statements")
def _gross_margin_change(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    if facts.renames("gross_profit"):  # a bank's or an insurer's statement has no gross margin to ask about
        return None
    return _margin_points(
        facts,
        stream,
        "gross_profit",
        "gross margin",
        (
            f"By how many percentage points did {facts.company}'s gross margin move from fiscal "
            f"{facts.prior} "
            f"to fiscal {facts.latest}?",
            f"Did {facts.company}'s gross margin improve or erode in fiscal {facts.latest} compared with the "
            "year before, and by how much?",
            f"Track {facts.company}'s gross profit as a share of revenue across fiscal {facts.prior} and "
            f"fiscal {facts.latest}.",
        ),
    )


@question_kind(part="statements")
def _operating_margin_change(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    return _margin_points(
        facts,
        stream,
        "operating_income",
        "operating margin",
        (
            f"How did {facts.company}'s operating margin change between fiscal {facts.prior} and fiscal "
            f"{facts.latest}, in percentage points?",
            f"Was {facts.company} more or less profitable at the operating level in fiscal {facts.latest} "
            "than "
            f"in fiscal {facts.prior}? Compare operating margins.",
            f"Express {facts.company}'s operating income as a share of revenue for fiscal {facts.prior} and "
            f"fiscal {facts.latest}, and give the shift.",
        ),
    )


@question_kind(part="statements")
def _overhead_intensity(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    lines = [
        line
        for line in (
            "selling_general_and_administrative",
            "general_and_administrative",
            "sales_and_marketing",
        )
        if facts.has(f"{line}.{year}")
    ]
    if not lines or not facts.has(f"revenue.{year}"):
        return None
    line = stream.choice(lines)
    keys = [f"{line}.{year}", f"revenue.{year}"]
    name = INCOME_STATEMENT_LINES[line]
    return _ratio_item(
        facts,
        stream,
        keys,
        facts.amount(keys[0]),
        facts.amount(keys[1]),
        (
            f"What was {facts.company}'s {name} as a percentage of revenue in fiscal {year}?",
            f"How heavy was {facts.company}'s {name} relative to sales in fiscal {year}?",
            f"Express {facts.company}'s fiscal {year} {name} as a share of revenue.",
        ),
        f"It was {{value}} of revenue: {name} of {facts.money(keys[0])} against revenue of "
        f"{facts.money(keys[1])}.",
        as_percent=True,
    )


@question_kind(part="statements")
def _earnings_per_share_change(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = [f"diluted_eps.{facts.latest}", f"diluted_eps.{facts.prior}"]
    if not facts.has(*keys):
        return None
    now, then = float(facts.filing.facts[keys[0]]), float(facts.filing.facts[keys[1]])
    if then <= 0:
        return None
    change = round((now - then) / then * 100, 1)
    question = facts.ask(
        stream,
        (
            f"By what percentage did {facts.company}'s diluted earnings per share change from fiscal "
            f"{facts.prior} to fiscal {facts.latest}?",
            f"How did diluted EPS at {facts.company} develop between fiscal {facts.prior} and fiscal "
            f"{facts.latest}?",
            f"Compare {facts.company}'s diluted net income per share for fiscal {facts.latest} and fiscal "
            f"{facts.prior}.",
        ),
    )
    answer = (
        f"Diluted earnings per share went from {per_share(then)} in fiscal {facts.prior} to {per_share(now)} "
        f"in fiscal {facts.latest}, a change of {percent_figure(change)}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)
