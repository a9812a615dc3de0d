"""The shorter parts of a 10-K around the business, risk and financial sections.

Cover page, cautionary statement, cybersecurity, properties, market, controls, officers, exhibits
and the auditor's report. Their interchangeable wordings and lists (the exhibit index among them)
are data: ``resources/other_items_prose.yaml`` (:mod:`finsynth.generators.filings.other_items_prose`).
"""

from __future__ import annotations

import datetime

from finsynth.generators.filings.blocks import Block, Candidate, Line, heading, prose
from finsynth.generators.filings.business_figures import without_stop
from finsynth.generators.filings.other_items_prose import OTHER_ITEMS_PROSE as _PROSE
from finsynth.generators.filings.tables import table
from finsynth.seeding import RandomStream
from finsynth.world.company import CITIES, Company, employee_count
from finsynth.world.formatting import (
    MONTH_NAMES,
    count_word,
    fiscal_year_end,
    money,
    percent_figure,
    share_of,
    table_amount,
)
from finsynth.world.industry_profiles import in_sentence
from finsynth.world.names import LAST_NAMES, person_name
from finsynth.world.statements import Statements


def cover(company: Company, statements: Statements) -> Block:
    """Return the cover page (required)."""
    year = statements.years[-1]
    date = fiscal_year_end(year, company.fiscal_year_end_month)
    return Block(
        (
            heading("UNITED STATES SECURITIES AND EXCHANGE COMMISSION"),
            heading("FORM 10-K"),
            heading(f"Annual report for the fiscal year ended {date}"),
            heading(company.name),
            prose(
                Line(
                    f"{company.name}, incorporated in {company.incorporation_state} with its principal "
                    f"executive offices in {company.city}, {company.state}, has its common stock traded on "
                    f'the {company.exchange} under the symbol "{company.ticker}".',
                    ("headquarters", "ticker"),
                ),
            ),
        ),
        facts={"company": company.name, "ticker": company.ticker, "fiscal_year_end": date},
    )


def _largest_segment(company: Company, statements: Statements) -> tuple[int, str]:
    """The position of the segment with the most revenue in the latest year, and its share as text."""
    values = statements.values[statements.years[-1]]
    index = max(range(len(company.segments)), key=lambda i: (values[f"segment.{i}"], -i))
    return index, percent_figure(share_of(values[f"segment.{index}"], values["revenue"]))


def forward_looking(company: Company, statements: Statements, stream: RandomStream) -> Block:
    """Return the cautionary note on forward-looking statements, naming the company's own plans."""
    year = statements.years[-1]
    index, share = _largest_segment(company, statements)
    segment = company.segments[index]
    factors = [f"demand for {segment.offering}", *stream.sample(_PROSE.forward_looking_factors[1:], 4)]
    return Block(
        (
            heading("Cautionary Note Regarding Forward-Looking Statements"),
            prose(
                "This report contains forward-looking statements, which are statements about future events "
                f"or results rather than historical facts, such as our goals for the {segment.name} segment, "
                f"which brought {share} of fiscal {year} revenue, and our plans for fiscal {year + 1}.",
                'Words such as "expect", "intend", "plan", "believe" and "estimate" often identify them, and '
                "actual results may differ materially because of risks and uncertainties, including "
                f"{factors[0]}, {factors[1]}, {factors[2]}, {factors[3]} and {factors[4]}; we undertake no "
                "obligation to update them, except as required by law.",
            ),
        )
    )


def cybersecurity(company: Company, statements: Statements, stream: RandomStream) -> list[Candidate]:
    """Return Item 1C: the program, its leader and incidents (required), then its testing and oversight."""
    years = stream.randint(12, 25)
    year = statements.years[-1]
    revenue = statements.values[year]["revenue"]
    employees = employee_count(company, revenue)
    officer = person_name(stream)
    briefed = MONTH_NAMES[stream.randint(0, 11)]
    exercises, tests, vendors = stream.randint(2, 12), stream.randint(2, 6), stream.randint(15, 300)
    cover = f"${stream.randint(5, 250)} million"
    retention = f"${stream.randint(1, 40) * 0.25:.2f} million"
    program = Block(
        (
            prose(
                "Our cybersecurity program identifies, assesses and manages threats to the information "
                f"systems and data of our {count_word(len(company.segments))} segments and "
                f"{employees:,} employees.",
                Line(
                    f"The program is led by our Chief Information Security Officer, {officer}, who has more "
                    f"than {years} years of experience in information security.",
                    ("cybersecurity.officer_years",),
                ),
                "We are not aware of any cybersecurity incident that has materially affected us, and we "
                f"carry cyber insurance with limits of {cover} above a retention of {retention}.",
            ),
        ),
        facts={"cybersecurity.officer_years": years},
    )
    oversight = Block(
        (
            prose(
                f"In fiscal {year}, we ran {count_word(exercises)} incident-response exercises, outside "
                f"firms tested our defenses {count_word(tests)} times, and we reviewed {vendors} key vendors "
                "before engaging them.",
                "The audit committee of our board receives reports on cybersecurity risks at least "
                f"quarterly, and the full board last heard from {officer} in {briefed} {year}.",
            ),
        )
    )
    return [Candidate(program, True), Candidate(oversight)]


_GOODS_USES = ("Manufacturing and distribution", "Warehouse")
"""General property uses only a company that makes or stocks goods has."""


def properties(company: Company, statements: Statements, stream: RandomStream) -> list[Candidate]:
    """Return Item 2: the table of principal properties (required), then their condition and owned area."""
    cities = [(company.city, company.state), *stream.sample([c for c in CITIES if c[0] != company.city], 7)]
    general = _PROSE.property_uses
    if not company.industry.trade_terms or not company.industry.inventory_days[1]:
        # Warehouses and plants belong to companies that make or stock goods.
        general = tuple(use for use in general if use not in _GOODS_USES)
    own = company.industry.property_uses or general
    uses = [own[0], *(stream.choice(own[1:]) for _ in range(7))]
    rows = []
    facts: dict[str, float | str] = {}
    for index, ((city, state), use) in enumerate(zip(cities, uses, strict=True)):
        tenure = "Owned" if stream.random() < 0.4 else "Leased"
        area = stream.randint(20, 600) * 1000
        keys = (f"property.{index}.location", f"property.{index}.tenure", f"property.{index}.square_feet")
        facts.update(zip(keys, (f"{city}, {state}", tenure, area), strict=True))
        rows.append((f"{city}, {state}", [use, tenure, f"{area:,}"], keys))
    areas = [int(facts[f"property.{index}.square_feet"]) for index in range(len(rows))]
    owned = sum(area for index, area in enumerate(areas) if facts[f"property.{index}.tenure"] == "Owned")
    year = statements.years[-1]
    listed = Block(
        (
            prose(
                f"Our principal properties at the end of fiscal {year}, about {sum(areas):,} square feet in "
                "all, were as follows."
            ),
            table("Principal properties", ("Location", "Use", "Owned or leased", "Square feet"), rows),
        ),
        facts=facts,
    )
    condition = Block(
        (
            prose(
                f"We believe these facilities, {owned:,} square feet of which we own, are in good condition "
                "and suitable for their current use."
            ),
        )
    )
    return [Candidate(listed, True), Candidate(condition)]


def market(company: Company, statements: Statements, stream: RandomStream) -> list[Candidate]:
    """Return Item 5: the market for the stock with a five-year return comparison (required), then payouts."""
    date = fiscal_year_end(statements.years[-1], company.fiscal_year_end_month)
    holders = stream.randint(300, 4000)
    latest = statements.years[-1]
    years = list(range(latest - 5, latest + 1))
    series = []
    facts: dict[str, float | str] = {"holders_of_record": holders}
    for label, key in (
        (company.name, "company"),
        ("Broad market index", "market"),
        ("Industry peer index", "peers"),
    ):
        value, cells = 100.0, []
        for position in range(len(years)):
            if position:
                value = max(5.0, value * (1 + stream.normal(0.08, 0.18)))
            cells.append(f"{value:.0f}")
        facts[f"total_return.{key}"] = int(cells[-1])
        series.append((label, cells, (f"total_return.{key}",)))
    listing = Block(
        (
            prose(
                f'Our common stock is listed on the {company.exchange} under the symbol "{company.ticker}".',
                Line(
                    f"There were approximately {holders:,} holders of record of our common stock on {date}.",
                    ("holders_of_record",),
                ),
                "The table below compares the cumulative total return of $100 invested in our common stock "
                f"at the end of fiscal {years[0]} with a broad market index and an industry peer index "
                f"({company.industry.label}), assuming reinvestment of dividends.",
            ),
            table(
                "Cumulative total return",
                ("(value of $100 invested)", *(f"Fiscal {year}" for year in years)),
                series,
            ),
        ),
        facts=facts,
    )
    return [Candidate(listing, True), Candidate(Block((prose(_payouts(company, statements)),)))]


def _payouts(company: Company, statements: Statements) -> str:
    """What the company paid its shareholders in the latest year, and who decides on future payouts."""
    year = statements.years[-1]
    values = statements.values[year]
    dividends, repurchases = -values.get("dividends_paid", 0), -values.get("share_repurchases", 0)
    paid = [
        f"paid dividends of {money(dividends, company.unit)}" if dividends > 0 else "paid no dividends",
        f"repurchased shares for {money(repurchases, company.unit)}"
        if repurchases > 0
        else "repurchased no shares",
    ]
    return f"In fiscal {year} we {paid[0]} and {paid[1]}; future payouts are at our board's discretion."


CONTROL_FRAMEWORK = "Committee of Sponsoring Organizations of the Treadway Commission"
"""Whose framework management assesses internal control over financial reporting with."""


def controls(company: Company, statements: Statements, stream: RandomStream, auditor: str) -> Block:
    """Return Item 9A on controls and procedures, its conclusions worded as ``stream`` draws.

    The sentences are the company's own: its officers, its year end and its ``auditor``.
    """
    ceo, cfo = company.officers[0].name, company.officers[1].name
    end = fiscal_year_end(statements.years[-1], company.fiscal_year_end_month)
    return Block(
        (
            prose(
                Line(
                    stream.choice(_PROSE.disclosure_conclusions).format(ceo=ceo, cfo=cfo, year_end=end),
                    ("controls.disclosure_conclusion",),
                ),
                Line(
                    stream.choice(_PROSE.internal_conclusions).format(
                        framework=CONTROL_FRAMEWORK, year_end=end
                    ),
                    ("controls.framework", "controls.internal_conclusion"),
                ),
                f"{cfo} reports no change in our internal control over financial reporting during the fourth "
                "quarter that materially affected it.",
            ),
            heading("Management's Report on Internal Control over Financial Reporting"),
            prose(
                f"Management, led by {ceo}, is responsible for establishing and maintaining adequate "
                "internal control over financial reporting.",
                f"Overseen by {cfo}, it is a process that provides reasonable assurance about the "
                "reliability of financial reporting and of our published financial statements.",
                "Because of its inherent limitations, it may not prevent or detect every misstatement, as "
                f"{cfo} acknowledges, and projections of its effectiveness to later periods risk that "
                "controls "
                "become inadequate.",
                Line(
                    f"{auditor}, our independent registered public accounting firm, has issued an "
                    "attestation "
                    "report on its effectiveness.",
                    ("auditor",),
                ),
            ),
        ),
        facts={
            "controls.disclosure_conclusion": "effective",
            "controls.internal_conclusion": "effective",
            "controls.framework": CONTROL_FRAMEWORK,
        },
    )


def officers(company: Company, stream: RandomStream) -> Block:
    """Return the executive officers: a table, then a short biography of each."""
    rows = [
        (officer.name, [str(officer.age), officer.title, str(officer.since)], ())
        for officer in company.officers
    ]
    chief = company.officers[0]
    roles = stream.sample(_PROSE.prior_roles, len(company.officers))
    biographies = [
        Line(
            f"{officer.name} has served as our {officer.title} and joined the Company in {officer.since}; "
            f"before that, {officer.name.split()[0]} {role}.",
            ("chief_executive",) if officer is chief else (),
        )
        for officer, role in zip(company.officers, roles, strict=True)
    ]
    return Block(
        (
            table("Executive officers", ("Name", "Age", "Position", "With the Company since"), rows),
            prose(*biographies),
        ),
        facts={"chief_executive": chief.name},
    )


_COMMITTEES = ("Audit", "Compensation", "Nominating and Governance", "Finance", "Risk")
_FUND_WORDS = (
    "Capital Management",
    "Investment Partners",
    "Asset Management",
    "Advisors",
    "Global Investors",
)


def governance(company: Company, statements: Statements, stream: RandomStream) -> Block:
    """Return Part III tables: directors, compensation of named officers, holders and audit fees."""
    unit = company.unit
    directors = [
        (person_name(stream), [str(stream.randint(48, 74)), ", ".join(stream.sample(_COMMITTEES, 2))], ())
        for _ in range(stream.randint(5, 8))
    ]
    independent = len(directors) - 1
    facts: dict[str, float | str] = {
        "directors": len(directors),
        "directors.independent": independent,
        "board.chair": directors[0][0],
    }
    pay_rows = []
    for index, officer in enumerate(company.officers[:4]):
        salary = stream.randint(45, 130) * 10_000
        bonus = round(salary * stream.uniform(0.5, 1.5), -3)
        stock = round(salary * stream.uniform(1.5, 6.0), -3)
        cells = [f"{salary:,}", f"{bonus:,.0f}", f"{stock:,.0f}", f"{salary + bonus + stock:,.0f}"]
        keys = tuple(f"pay.{index}.{part}" for part in ("name", "salary", "bonus", "stock", "total"))
        facts.update(
            zip(
                keys, (officer.name, salary, int(bonus), int(stock), int(salary + bonus + stock)), strict=True
            )
        )
        pay_rows.append((officer.name, cells, keys))
    holders = []
    remaining = stream.uniform(18.0, 30.0)
    for index in range(4):
        stake = remaining * stream.uniform(0.2, 0.4)
        remaining -= stake
        name = f"{stream.choice(LAST_NAMES)} {stream.choice(_FUND_WORDS)}"
        facts.update({f"holder.{index}.name": name, f"holder.{index}.percent": round(stake, 1)})
        holders.append((name, [f"{stake:.1f}%"], (f"holder.{index}.name", f"holder.{index}.percent")))
    revenue = statements.values[statements.years[-1]]["revenue"]
    fees = [
        max(1, round(revenue * stream.uniform(0.0004, 0.001) * share)) for share in (1.0, 0.15, 0.1, 0.02)
    ]
    fee_labels = ("Audit fees", "Audit-related fees", "Tax fees", "All other fees")
    fee_keys = ("fees.audit", "fees.audit_related", "fees.tax", "fees.other")
    fee_rows = [
        (label, [table_amount(fee)], (key,))
        for label, fee, key in zip(fee_labels, fees, fee_keys, strict=True)
    ]
    fee_rows.append(("Total fees", [table_amount(sum(fees))], ("fees.total",)))
    facts.update({**dict(zip(fee_keys, fees, strict=True)), "fees.total": sum(fees)})
    return Block(
        (
            heading("Board of Directors"),
            table("Directors", ("Name", "Age", "Committees"), directors),
            prose(
                Line(
                    f"Our board has {count_word(len(directors))} directors, {count_word(independent)} of "
                    f"them independent under the {company.exchange}'s standards, and {directors[0][0]} "
                    "chairs it.",
                    ("directors", "directors.independent", "board.chair"),
                )
            ),
            heading("Executive Compensation"),
            prose(
                "The following table summarizes the compensation of our named executive officers for fiscal "
                f"{statements.years[-1]}, including the ${int(facts['pay.0.total']):,} total of "
                f"{company.officers[0].name}, our chief executive."
            ),
            table(
                "Summary compensation (in dollars)",
                ("Name", "Salary", "Bonus", "Stock awards", "Total"),
                pay_rows,
            ),
            heading("Security Ownership of Certain Beneficial Owners"),
            table("Largest holders of our common stock", ("Holder", "Percent of class"), holders),
            heading("Principal Accountant Fees and Services"),
            table("Fees billed by our auditor", (f"(in {unit})", "Amount"), fee_rows),
        ),
        facts=facts,
    )


def legal_matters(company: Company, statements: Statements, stream: RandomStream) -> Block:
    """Return descriptions of pending (fictional) legal matters, none of them material."""
    year = company.fiscal_years[-1]
    index, _ = _largest_segment(company, statements)
    segment = company.segments[index].name
    revenue = money(statements.values[year][f"segment.{index}"], company.unit)
    asked = MONTH_NAMES[stream.randint(0, 11)]
    plaintiff = f"{stream.choice(LAST_NAMES)} {stream.choice(('Holdings', 'Supply', 'Partners', 'Services'))}"
    return Block(
        (
            prose(
                Line(
                    f"In fiscal {year - 1}, {plaintiff}, a former distributor, filed a complaint alleging "
                    "that we terminated its distribution agreement without proper notice; we believe the "
                    "claim is without merit and are defending it.",
                    ("legal.plaintiff", "legal.filed"),
                ),
                f"In {asked} {year}, a {company.state} state agency asked us for information about "
                f"pricing in our {segment} segment, and we are cooperating fully.",
                "We have recorded no liability for either matter and do not expect them to have a material "
                f"effect on our financial position or on the {segment} segment, whose fiscal {year} revenue "
                f"was {revenue}.",
            ),
        ),
        facts={"legal.plaintiff": plaintiff, "legal.filed": year - 1},
    )


def signatures(company: Company, stream: RandomStream) -> Block:
    """Return the signature page with the directors who signed the report and the date they signed it."""
    directors = [person_name(stream) for _ in range(stream.randint(6, 9))]
    chief, finance = company.officers[0], company.officers[1]
    statement = stream.choice(_PROSE.signing_statements)
    rows = [
        (chief.name, ["Chief Executive Officer and Director (Principal Executive Officer)"], ()),
        (finance.name, ["Chief Financial Officer (Principal Financial Officer)"], ()),
        *((name, ["Director"], ()) for name in directors),
    ]
    return Block(
        (
            heading("Signatures"),
            # Signed 45 to 75 days after the year ends (a 10-K is due 60 to 90 days after it, by filer size).
            prose(f"{without_stop(statement)}, on {_days_after_year_end(company, stream.randint(45, 75))}."),
            table("Signatures", ("Name", "Title"), rows),
        )
    )


def _days_after_year_end(company: Company, days: int) -> str:
    """The date ``days`` after the company's latest fiscal year ended, as prose."""
    year, month = company.fiscal_years[-1], company.fiscal_year_end_month
    end = datetime.date(year + month // 12, month % 12 + 1, 1) - datetime.timedelta(days=1)
    later = end + datetime.timedelta(days=days)
    return f"{MONTH_NAMES[later.month - 1]} {later.day}, {later.year}"


def exhibits(company: Company, stream: RandomStream, auditor: str) -> Block:
    """Return Item 15: the financial statements filed, the schedules left out, and the exhibit index."""
    first, latest = company.fiscal_years[0], company.fiscal_years[-1]
    rows = [
        (exhibit.number, [exhibit.title], ())
        for exhibit in _PROSE.exhibits
        if not exhibit.optional or stream.random() < 0.4
    ]
    return Block(
        (
            prose(
                f"Item 8 holds the financial statements for fiscal {first} through {latest}, audited by "
                f"{auditor}; schedules are omitted as not required or given in the notes.",
            ),
            table("Exhibit index", ("Exhibit", "Description"), rows),
        )
    )


_MATTER_BALANCES = (
    ("reserves for unpaid losses", "accounts_payable", "Reserves for unpaid losses"),
    ("allowance for credit losses", "accounts_receivable", "Loans, net"),
    ("real estate", "property_and_equipment", "Property and equipment"),
    ("properties", "property_and_equipment", "Property and equipment"),
    ("regulatory", "other_liabilities", "Other liabilities"),
    ("unbilled", "accounts_receivable", "Accounts receivable"),
    ("goodwill", "goodwill", "Goodwill"),
    ("tax", "income_tax_expense", "Provision for income taxes"),
)
"""Which balance a critical audit matter bears on, by a phrase of the matter (else revenue)."""


def _matter_balance(company: Company, statements: Statements, matter: str) -> tuple[str, str]:
    """What ``matter`` bears on, as the report names it: this year's balance, and the prior year's amount."""
    year, prior = statements.years[-1], statements.years[-2]
    values, earlier, unit = statements.values[year], statements.values[prior], company.unit
    end = fiscal_year_end(year, company.fiscal_year_end_month)
    for phrase, key, default in _MATTER_BALANCES:
        if phrase in matter and values.get(key, 0) > 0:
            if key == "income_tax_expense":
                return (
                    f"the provision for income taxes of {money(values[key], unit)} for fiscal {year}",
                    f"the {money(earlier[key], unit)} of fiscal {prior}",
                )
            label = statements.balance.label(key, default)
            if key == "other_liabilities":  # a utility's regulatory liabilities sit in this line
                label = f"the regulatory balances within {label[0].lower()}{label[1:]}"
            else:
                label = in_sentence(label.split(",")[0])
            return (
                f"{label} of {money(values[key], unit)} at {end}",
                f"the {money(earlier[key], unit)} a year earlier",
            )
    return (
        f"revenue of {money(values['revenue'], unit)} for fiscal {year}",
        f"the {money(earlier['revenue'], unit)} of fiscal {prior}",
    )


def report_date(company: Company, dates: RandomStream) -> str:
    """The date of the auditor's report: 40 to 75 days after the fiscal year end, drawn from ``dates``."""
    return _days_after_year_end(company, dates.randint(40, 75))


def auditor_report(company: Company, statements: Statements, stream: RandomStream, dated: str) -> Block:
    """Return the report of the independent registered public accounting firm, dated ``dated``.

    The report names the company's dates and figures, and its critical audit matter the balance it
    bears on. The firm, the matter and the tenure are drawn from ``stream``.
    """
    firm = f"{stream.choice(LAST_NAMES)} & {stream.choice(LAST_NAMES)} LLP"
    matter = stream.choice(
        company.industry.audit_matters
        or (
            "the evaluation of goodwill for impairment, which involved significant judgment about forecast "
            "revenue growth and discount rates",
            "the allocation of contract prices among performance obligations in revenue arrangements",
            "the estimate of uncertain tax positions in several jurisdictions",
        )
    )
    since = min(company.founded + stream.randint(5, 40), company.fiscal_years[0])
    year, prior = statements.years[-1], statements.years[-2]
    values, unit = statements.values[year], company.unit
    end, prior_end = (fiscal_year_end(when, company.fiscal_year_end_month) for when in (year, prior))
    first = company.fiscal_years[0]
    balance, earlier = _matter_balance(company, statements, matter)
    return Block(
        (
            heading("Report of Independent Registered Public Accounting Firm"),
            prose(
                f"We have audited the accompanying consolidated balance sheets of {company.name} as of {end} "
                f"and {prior_end} and the related consolidated statements of operations and cash flows for "
                f"fiscal {first} through fiscal {year}, a period in which annual revenue went from "
                f"{money(statements.values[first]['revenue'], unit)} to {money(values['revenue'], unit)}.",
                "In our opinion, the financial statements present fairly, in all material respects, the "
                f"financial position of the Company as of {end}, with total assets of "
                f"{money(values['total_assets'], unit)}, and the results of its operations and its cash "
                "flows "
                "for the years then ended, in conformity with U.S. generally accepted accounting principles.",
                "These financial statements, including the notes that explain total liabilities of "
                f"{money(values['total_liabilities'], unit)}, are the responsibility of the Company's "
                "management; "
                "our responsibility is to express an opinion on them based on our audits.",
                f"{firm} is registered with the Public Company Accounting Oversight Board, and we conducted "
                "our "
                "audits in accordance with its standards.",
                Line(
                    f"The critical audit matter we communicated to the audit committee was {matter}; it "
                    "bears on "
                    f"{balance}.",
                    ("auditor.critical_matter",),
                ),
                f"Our audit procedures on this matter included comparing the amount with {earlier}, testing "
                "controls over management's process, evaluating the reasonableness of significant "
                "assumptions "
                "and testing the data used.",
                "We have also audited the Company's internal control over financial reporting as of "
                f"{end}, and our report dated {dated} expressed an unqualified opinion on its effectiveness.",
                "Our audits included examining, on a test basis, evidence supporting the amounts and "
                "disclosures in the financial statements, among them the "
                f"{money(values['accrued_liabilities'], unit)} of "
                f"{statements.balance.label('accrued_liabilities', 'Accrued liabilities').lower()}, and "
                "evaluating the accounting principles used.",
                Line(
                    f"{firm} has served as the Company's auditor since {since}.", ("auditor", "auditor.since")
                ),
            ),
        ),
        facts={"auditor": firm, "auditor.since": since, "auditor.critical_matter": matter},
    )


def short_items(
    company: Company, statements: Statements, stream: RandomStream, own: RandomStream
) -> dict[str, Candidate]:
    """Return the short items every 10-K carries, keyed by item.

    ``stream`` words Part III's reference; ``own`` draws the annual meeting's date.
    """
    year = statements.years[-1]
    values = statements.values[year]
    accrued = money(values.get("accrued_liabilities", 0), company.unit)
    reference = without_stop(stream.choice(_PROSE.part_iii_references))
    meeting = _days_after_year_end(company, own.randint(100, 130))
    return {
        "1B": Candidate(Block((prose("None."),)), True),
        "3": Candidate(
            Block(
                (
                    prose(
                        "From time to time we face claims and lawsuits in the ordinary course of business, "
                        "none of which we now consider material; our accrued liabilities of "
                        f"{accrued} include the probable losses we estimate.",
                    ),
                )
            ),
            True,
        ),
        "4": Candidate(Block((prose("Not applicable."),)), True),
        "6": Candidate(Block((prose("[Reserved]"),)), True),
        "16": Candidate(Block((prose("None."),)), True),
        "9": Candidate(Block((prose("None."),)), True),
        "9B": Candidate(Block((prose("None."),)), True),
        "III": Candidate(
            Block((prose(f"{reference}; the meeting is planned for {meeting}."),)),
            True,
        ),
    }
