"""Questions answered from the notes to the financial statements (Item 8).

Debt, leases, income taxes, segments, equity awards, purchase commitments, restructuring,
retirement plans and fair value; several combine a note with a statement or with another note.
"""

from __future__ import annotations

from finsynth.generators.filings.questions import FilingFacts, QAItem, question_kind
from finsynth.seeding import RandomStream
from finsynth.world.formatting import percent_change, percent_figure, share_of

FEDERAL_STATUTORY_RATE = 21.0
"""The U.S. federal statutory rate the tax note reconciles from, in percent."""
_TRANCHE_NAMES = {"first_notes": "first", "second_notes": "second"}


def _cited(facts: FilingFacts, keys: list[str]) -> tuple[int, ...]:
    return facts.sentence_ids(keys, statements=True)


@question_kind(part="notes")
def _senior_notes(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    tranche = stream.choice(tuple(_TRANCHE_NAMES))
    year = facts.latest
    keys = [f"debt.{tranche}.rate", f"debt.{tranche}.due", f"debt.{tranche}.{year}"]
    if not facts.has(*keys):
        return None
    rate, due = float(facts.filing.facts[keys[0]]), facts.amount(keys[1])
    question = facts.ask(
        stream,
        (
            f"What coupon do {facts.company}'s senior notes due {due} carry, and how much of them was "
            f"outstanding at the end of fiscal {year}?",
            f"Describe {facts.company}'s notes maturing in {due}: interest rate and carrying amount at "
            "fiscal "
            f"{year} year end.",
            f"How much did {facts.company} owe on its senior notes due {due} at the end of fiscal {year}, "
            "and "
            "at what rate?",
        ),
    )
    answer = (
        f"The {rate:.2f}% senior notes due {due} had {facts.money(keys[2])} outstanding at the end of fiscal "
        f"{year}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _debt_maturity_order(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [
        "debt.first_notes.due",
        "debt.second_notes.due",
        f"debt.first_notes.{year}",
        f"debt.second_notes.{year}",
        f"debt.term_loan.{year}",
    ]
    if not facts.has(*keys):
        return None
    total = sum(facts.amount(key) for key in keys[2:])
    first = facts.amount(keys[2])
    question = facts.ask(
        stream,
        (
            f"Which of {facts.company}'s senior notes matures first, and what share of total debt at the end "
            f"of fiscal {year} does it represent?",
            f"Of {facts.company}'s borrowings at fiscal {year} year end, how large is the earliest-maturing "
            "series of senior notes relative to all debt?",
            f"Identify the senior notes {facts.company} must repay first and their weight in its fiscal "
            f"{year} debt.",
        ),
    )
    answer = (
        f"The notes due {facts.amount(keys[0])} mature first; their {facts.money(keys[2])} was "
        f"{percent_figure(share_of(first, total))} of total debt of {facts.dollars(total)}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _credit_facility(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = ["credit_facility", "credit_facility.matures", f"cash.{facts.latest}"]
    if not facts.has(*keys):
        return None
    liquidity = facts.amount(keys[0]) + facts.amount(keys[2])
    question = facts.ask(
        stream,
        (
            f"How much liquidity did {facts.company} have at the end of fiscal {facts.latest}, counting cash "
            "and its undrawn revolving credit facility?",
            f"Adding the unused revolver to cash on hand, what liquidity was available to {facts.company} at "
            f"fiscal {facts.latest} year end, and when does the facility mature?",
            f"What is the size and maturity of {facts.company}'s revolving credit facility, and what total "
            "liquidity does it give with cash?",
        ),
    )
    answer = (
        f"Cash of {facts.money(keys[2])} plus the undrawn {facts.money(keys[0])} revolving facility, which "
        f"matures in {facts.amount(keys[1])}, gave liquidity of {facts.dollars(liquidity)}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _debt_fair_value(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [f"debt_fair_value.{year}", f"current_debt.{year}", f"long_term_debt.{year}"]
    if not facts.has(*keys):
        return None
    carrying = facts.amount(keys[1]) + facts.amount(keys[2])
    gap = facts.amount(keys[0]) - carrying
    question = facts.ask(
        stream,
        (
            f"How did the fair value of {facts.company}'s debt compare with its carrying amount at the end "
            "of "
            f"fiscal {year}?",
            f"Was {facts.company}'s debt worth more or less than its book value at fiscal {year} year end, "
            "and by how much?",
            f"Give the difference between the estimated fair value and the carrying amount of "
            f"{facts.company}'s total debt for fiscal {year}.",
        ),
    )
    relation = "above" if gap > 0 else "below" if gap < 0 else "equal to"
    answer = (
        f"Fair value of {facts.money(keys[0])} was {facts.dollars(abs(gap))} {relation} the carrying amount "
        f"of {facts.dollars(carrying)} (current {facts.money(keys[1])} plus long-term "
        f"{facts.money(keys[2])})."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _lease_next_year(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest + 1
    keys = [f"lease.payment.{year}", "lease.total"]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"How much in operating lease payments is {facts.company} scheduled to make in {year}, and what "
            "share of all remaining payments is that?",
            f"According to the lease maturity table, what does {facts.company} owe its landlords in {year}?",
            f"What portion of {facts.company}'s undiscounted lease payments falls due in {year}?",
        ),
    )
    share = percent_figure(share_of(facts.amount(keys[0]), facts.amount(keys[1])))
    answer = (
        f"Payments of {facts.money(keys[0])} are due in {year}, {share} of total undiscounted lease payments "
        f"of {facts.money(keys[1])}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _lease_five_years(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    years = [facts.latest + step for step in range(1, 6)]
    keys = [f"lease.payment.{year}" for year in years]
    if not facts.has(*keys):
        return None
    total = sum(facts.amount(key) for key in keys)
    question = facts.ask(
        stream,
        (
            f"What are {facts.company}'s total operating lease payments due from {years[0]} through "
            f"{years[-1]}?",
            f"Sum {facts.company}'s lease payments scheduled for the five years after fiscal {facts.latest}.",
            f"How much lease cash will {facts.company} pay over {years[0]}-{years[-1]}, excluding later "
            "years?",
        ),
    )
    answer = f"Payments due in {years[0]} through {years[-1]} total {facts.dollars(total)}."
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _lease_discount(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = ["lease.total", "lease.interest", "lease.liability"]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"What portion of {facts.company}'s undiscounted lease payments is imputed interest, and what "
            "lease liability remains?",
            f"How large is the discount between {facts.company}'s total lease payments and the present value "
            "of its lease liabilities?",
            f"Reconcile {facts.company}'s undiscounted lease payments to its recorded lease liability.",
        ),
    )
    share = percent_figure(share_of(facts.amount(keys[1]), facts.amount(keys[0])))
    answer = (
        f"Imputed interest of {facts.money(keys[1])} ({share} of the {facts.money(keys[0])} of payments) "
        f"reduces them to a lease liability of {facts.money(keys[2])}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _tax_rate_gap(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [f"income_tax_expense.{year}", f"income_before_taxes.{year}", f"tax.state.{year}"]
    if not facts.has(*keys) or facts.amount(keys[1]) <= 0:
        return None
    rate = share_of(facts.amount(keys[0]), facts.amount(keys[1]))
    gap = round(rate - FEDERAL_STATUTORY_RATE, 1)
    question = facts.ask(
        stream,
        (
            f"How far was {facts.company}'s effective tax rate in fiscal {year} from the 21% federal "
            "statutory rate, and what did state taxes add?",
            f"Compare {facts.company}'s fiscal {year} effective tax rate with the federal statutory rate, "
            "and "
            "give the state tax item in the reconciliation.",
            f"What gap between effective and statutory tax rates does {facts.company} show for fiscal "
            f"{year}, "
            "and how much were state income taxes?",
        ),
    )
    relation = "above" if gap > 0 else "below" if gap < 0 else "equal to"
    answer = (
        f"The effective rate of {percent_figure(rate)} was {abs(gap):.1f} percentage points {relation} the "
        f"21% statutory rate; state income taxes added {facts.money(keys[2])}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _tax_credits(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    keys = [f"tax.credits.{year}", f"tax.statutory.{year}"]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"By how much did tax credits reduce {facts.company}'s income tax provision in fiscal {year}, "
            "against tax at the statutory rate?",
            f"What benefit from tax credits appears in {facts.company}'s fiscal {year} rate reconciliation, "
            "and what was tax at the statutory rate?",
            f"In the fiscal {year} reconciliation of {facts.company}'s tax provision, what were the tax "
            "credits?",
        ),
    )
    answer = (
        f"Tax credits changed the provision by {facts.money(keys[0])} in fiscal {year}, against tax at the "
        f"statutory rate of {facts.money(keys[1])}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _foreign_income_share(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    keys = [f"tax.foreign_pretax.{year}", f"income_before_taxes.{year}"]
    if not facts.has(*keys) or facts.amount(keys[1]) <= 0:
        return None
    question = facts.ask(
        stream,
        (
            f"What share of {facts.company}'s fiscal {year} income before taxes was earned abroad?",
            f"How much of {facts.company}'s pre-tax income in fiscal {year} came from foreign operations?",
            f"Split {facts.company}'s fiscal {year} pre-tax income between domestic and foreign: what is the "
            "foreign share?",
        ),
    )
    share = percent_figure(share_of(facts.amount(keys[0]), facts.amount(keys[1])))
    answer = (
        f"Foreign income before taxes of {facts.money(keys[0])} was {share} of the total of "
        f"{facts.money(keys[1])}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _deferred_tax(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [f"tax.deferred.{year}", f"income_tax_expense.{year}"]
    if not facts.has(*keys):
        return None
    current = facts.amount(keys[1]) - facts.amount(keys[0])
    question = facts.ask(
        stream,
        (
            f"How much of {facts.company}'s fiscal {year} tax provision was deferred rather than current?",
            f"Split {facts.company}'s fiscal {year} provision for income taxes into current and deferred "
            "parts.",
            f"What deferred tax did {facts.company} record in fiscal {year}, and what current tax remained?",
        ),
    )
    answer = (
        f"Deferred tax was {facts.money(keys[0])} of the {facts.money(keys[1])} provision, leaving current "
        f"tax of {facts.dollars(current)}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _award_rollforward(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = ["rsu.opening", "rsu.granted", "rsu.vested", "rsu.forfeited", "rsu.closing"]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"How many unvested restricted stock units did {facts.company} have at the end of fiscal "
            f"{facts.latest}, and how does the year's activity explain it?",
            f"Walk through {facts.company}'s restricted stock unit activity in fiscal {facts.latest}, from "
            "the opening to the closing balance.",
            f"What happened to {facts.company}'s unvested RSUs during fiscal {facts.latest}: grants, "
            "vesting, "
            "forfeitures and ending balance?",
        ),
    )
    numbers = {key: f"{facts.amount(key):,}" for key in keys}
    answer = (
        f"Starting from {numbers['rsu.opening']} unvested units, the company granted "
        f"{numbers['rsu.granted']}, {numbers['rsu.vested']} vested and {numbers['rsu.forfeited']} were "
        f"forfeited, leaving {numbers['rsu.closing']} unvested at the end of fiscal {facts.latest}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _compensation_vesting(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = ["rsu.vesting_years", f"stock_based_compensation.{year}", f"revenue.{year}"]
    if not facts.has(*keys):
        return None
    share = percent_figure(share_of(facts.amount(keys[1]), facts.amount(keys[2])))
    question = facts.ask(
        stream,
        (
            f"Over how many years do {facts.company}'s restricted stock units vest, and how large was "
            f"stock-based compensation relative to revenue in fiscal {year}?",
            f"What was {facts.company}'s stock-based compensation expense in fiscal {year} as a share of "
            "revenue, and what vesting schedule do its RSUs follow?",
            f"Describe the cost of {facts.company}'s equity awards in fiscal {year}: expense, share of "
            "revenue and vesting period.",
        ),
    )
    answer = (
        f"Restricted stock units vest over {facts.amount(keys[0])} years; stock-based compensation of "
        f"{facts.money(keys[1])} was {share} of revenue of {facts.money(keys[2])}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _purchase_commitments(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest + 1
    keys = [f"purchase_obligation.{year}", "purchase_obligations.total"]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"How much does {facts.company} have committed under non-cancelable purchase obligations, and "
            f"how much falls due in {year}?",
            f"What are {facts.company}'s total purchase obligations, and what share comes due in {year}?",
            f"Describe {facts.company}'s off-balance-sheet purchase commitments: the total and the {year} "
            "amount.",
        ),
    )
    share = percent_figure(share_of(facts.amount(keys[0]), facts.amount(keys[1])))
    answer = (
        f"Purchase obligations total {facts.money(keys[1])}, of which {facts.money(keys[0])} ({share}) is "
        "due "
        f"in {year}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _restructuring_liability(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = [
        "restructuring.opening",
        "restructuring.charges",
        "restructuring.payments",
        "restructuring.closing",
    ]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"How did {facts.company}'s restructuring liability change during fiscal {facts.latest}?",
            f"What restructuring charges did {facts.company} take in fiscal {facts.latest}, what did it pay, "
            "and what liability is left?",
            f"Roll forward {facts.company}'s restructuring reserve for fiscal {facts.latest}.",
        ),
    )
    answer = (
        f"The liability began at {facts.money(keys[0])}, rose by charges of {facts.money(keys[1])}, fell by "
        f"cash payments of {facts.money(keys[2])} and ended at {facts.money(keys[3])}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _retirement_match(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = ["retirement.match_percent", f"retirement.contributions.{year}", "employees"]
    if not facts.has(*keys) or facts.amount("employees") <= 0:
        return None
    unit_value = {"thousands": 1_000, "millions": 1_000_000}.get(facts.unit, 1)
    per_employee = facts.amount(keys[1]) * unit_value / facts.amount("employees")
    question = facts.ask(
        stream,
        (
            f"What does {facts.company} contribute to its employees' savings plan, in total and per "
            f"employee, for fiscal {year}?",
            f"How generous is {facts.company}'s retirement plan match: the rate, the fiscal {year} cost, "
            "and the cost per employee?",
            f"Relate {facts.company}'s fiscal {year} matching contributions to its head count.",
        ),
    )
    answer = (
        f"It matches {facts.amount(keys[0])}% of eligible pay; contributions of {facts.money(keys[1])} "
        "across "
        f"about {facts.amount('employees'):,} employees come to roughly ${per_employee:,.0f} per employee."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _segment_margin(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    segments = facts.segments()
    if not segments:
        return None
    index = stream.choice(segments)
    year = facts.latest
    keys = [f"segment_income.{index}.{year}", f"segment.{index}.{year}"]
    if not facts.has(*keys) or facts.amount(keys[1]) <= 0:
        return None
    name = facts.segment_name(index)
    question = facts.ask(
        stream,
        (
            f"What operating margin did {facts.company}'s {name} segment earn in fiscal {year}?",
            f"Divide the {name} segment's fiscal {year} operating income by its revenue: what margin does "
            f"{facts.company} earn there?",
            f"How profitable was the {name} segment of {facts.company} in fiscal {year}, as a margin on its "
            "revenue?",
        ),
    )
    margin = percent_figure(share_of(facts.amount(keys[0]), facts.amount(keys[1])))
    answer = (
        f"The {name} segment's margin was {margin}: operating income of {facts.money(keys[0])} on revenue of "
        f"{facts.money(keys[1])}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _segment_profit_share(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    segments = facts.segments()
    year = facts.latest
    keys = [f"segment_income.{i}.{year}" for i in segments]
    if len(segments) < 2 or not facts.has(*keys):
        return None
    incomes = [facts.amount(key) for key in keys]
    total = sum(incomes)
    best = max(segments, key=lambda i: incomes[i])
    if total <= 0 or incomes.count(incomes[best]) > 1:
        return None
    name = facts.segment_name(best)
    question = facts.ask(
        stream,
        (
            f"Which segment contributed the most operating income to {facts.company} in fiscal {year}, and "
            "what share of total segment income was it?",
            f"Where did most of {facts.company}'s segment profit come from in fiscal {year}?",
            f"Rank {facts.company}'s segments by fiscal {year} operating income: which leads, and with what "
            "share?",
        ),
    )
    answer = (
        f"The {name} segment led with {facts.money(keys[best])}, "
        f"{percent_figure(share_of(incomes[best], total))} of "
        f"total segment operating income of {facts.dollars(total)}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _corporate_costs(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = [f"corporate_expense.{facts.latest}", f"corporate_expense.{facts.prior}"]
    if not facts.has(*keys) or facts.amount(keys[1]) == 0:
        return None
    now, then = facts.amount(keys[0]), facts.amount(keys[1])
    question = facts.ask(
        stream,
        (
            f"How did {facts.company}'s unallocated corporate costs change from fiscal {facts.prior} to "
            "fiscal "
            f"{facts.latest}?",
            f"In the segment note, what corporate costs did {facts.company} leave outside its segments in "
            f"fiscal {facts.latest}, compared with a year earlier?",
            f"Compare {facts.company}'s corporate and unallocated costs across fiscal {facts.prior} and "
            f"fiscal {facts.latest}.",
        ),
    )
    answer = (
        f"Corporate and unallocated costs were {facts.dollars(abs(now))} in fiscal {facts.latest} against "
        f"{facts.dollars(abs(then))} in fiscal {facts.prior}, a change of "
        f"{percent_figure(percent_change(abs(now), abs(then)))}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _peak_quarter(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [f"quarter.{q}.revenue.{year}" for q in range(1, 5)]
    if not facts.has(*keys, f"revenue.{year}"):
        return None
    amounts = [facts.amount(key) for key in keys]
    best = max(range(4), key=lambda q: amounts[q])
    if amounts.count(amounts[best]) > 1:
        return None
    ordinal = ("first", "second", "third", "fourth")[best]
    question = facts.ask(
        stream,
        (
            f"In which quarter of fiscal {year} did {facts.company} record its highest revenue, and what "
            "share "
            "of the year's revenue was that?",
            f"Which was {facts.company}'s strongest quarter by revenue in fiscal {year}, and how much of "
            "annual "
            "revenue did it bring?",
            f"Find {facts.company}'s peak revenue quarter of fiscal {year} and its weight in the full year.",
        ),
    )
    share = percent_figure(share_of(amounts[best], facts.amount(f"revenue.{year}")))
    answer = (
        f"The {ordinal} quarter was the highest with {facts.money(keys[best])}, {share} of fiscal {year} "
        f"revenue of {facts.money(f'revenue.{year}')}."
    )
    chosen = [*keys, f"revenue.{year}"]
    return facts.item(question, answer, _cited(facts, chosen), chosen)


@question_kind(part="notes")
def _region_share(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    keys = [f"region.0.{year}", f"revenue.{year}"]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"What share of {facts.company}'s fiscal {year} revenue came from customers in the United "
            "States?",
            f"How dependent was {facts.company} on the U.S. market in fiscal {year}, measured by revenue?",
            f"Using the geographic revenue table, what portion of {facts.company}'s fiscal {year} sales was "
            "domestic?",
        ),
    )
    share = percent_figure(share_of(facts.amount(keys[0]), facts.amount(keys[1])))
    answer = (
        f"United States revenue of {facts.money(keys[0])} was {share} of total revenue of "
        f"{facts.money(keys[1])}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)


@question_kind(part="notes")
def _goodwill_change(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = [f"goodwill.{facts.latest}", f"goodwill.{facts.prior}", f"acquisitions.{facts.latest}"]
    if not facts.has(*keys):
        return None
    added = facts.amount(keys[0]) - facts.amount(keys[1])
    question = facts.ask(
        stream,
        (
            f"How much goodwill did {facts.company} add in fiscal {facts.latest}, and how much cash did it "
            "spend on acquisitions that year?",
            f"Set the fiscal {facts.latest} change in {facts.company}'s goodwill beside its cash paid for "
            "acquisitions.",
            f"What explains the movement in {facts.company}'s goodwill in fiscal {facts.latest}, and what "
            "did "
            "acquisitions cost in cash?",
            f"How did {facts.company}'s goodwill move in fiscal {facts.latest}, and what did it pay for "
            "acquisitions in the same year?",
        ),
    )
    answer = (
        f"Goodwill changed by {facts.dollars(added)}, from {facts.money(keys[1])} to {facts.money(keys[0])}; "
        f"cash paid for acquisitions was {facts.dollars(abs(facts.amount(keys[2])))}."
    )
    return facts.item(question, answer, _cited(facts, keys), keys)
