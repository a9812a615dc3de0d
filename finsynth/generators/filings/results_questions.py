"""Questions about a company's results: headline amounts, changes, margins, segments, regions and risks.

These kinds mostly cite Item 7 (MD&A), where the results are discussed in prose, and Item 1A.
"""

from __future__ import annotations

import re

from finsynth.generators.filings.questions import FilingFacts, QAItem, question_kind
from finsynth.generators.filings.risk_prose import RISK_PROSE
from finsynth.generators.filings.risk_questions import measured_risks
from finsynth.seeding import RandomStream
from finsynth.world.formatting import money, per_share, percent_change, percent_figure, share_of
from finsynth.world.statements import REGIONS

_METRICS = {
    "revenue": "total revenue",
    "gross_profit": "gross profit",
    "operating_income": "operating income",
    "net_income": "net income",
    "operating_cash_flow": "net cash provided by operating activities",
}


@question_kind(part="MD&A")
def _metric_value(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    key = stream.choice(tuple(_METRICS))
    year = stream.choice((facts.latest, facts.prior))
    fact = f"{key}.{year}"
    if not facts.has(fact):
        return None
    name, company = facts.row_name(key, _METRICS[key]), facts.filing.company
    question = facts.ask(
        stream,
        (
            f"What was {company}'s {name} in fiscal {year}?",
            f"How much {name} did {company} report for fiscal {year}?",
            f"According to the annual report, what was the {name} for fiscal {year}?",
        ),
    )
    answer = f"{company}'s {name} in fiscal {year} was {facts.money(fact)}."
    return facts.item(question, answer, facts.sentence_ids([fact]), [fact])


@question_kind(part="MD&A")
def _metric_change(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    key = stream.choice(tuple(_METRICS))
    now_key, then_key = f"{key}.{facts.latest}", f"{key}.{facts.prior}"
    if not facts.has(now_key, then_key) or facts.amount(then_key) <= 0:
        return None
    name = facts.row_name(key, _METRICS[key])
    now, then = facts.amount(now_key), facts.amount(then_key)
    direction = "increased" if now > then else "decreased" if now < then else "did not change"
    change = percent_figure(abs(percent_change(now, then)))
    question = facts.ask(
        stream,
        (
            f"By how much did {facts.filing.company}'s {name} change from fiscal {facts.prior} to fiscal "
            f"{facts.latest}, in amount and in percent?",
            f"How did {name} at {facts.filing.company} develop between fiscal {facts.prior} and fiscal "
            f"{facts.latest}? Give the change in dollars and in percent.",
        ),
    )
    answer = (
        f"{name[0].upper() + name[1:]} {direction} by {money(abs(now - then), facts.unit)} ({change}), from "
        f"{facts.money(then_key)} in fiscal {facts.prior} to {facts.money(now_key)} in fiscal {facts.latest}."
    )
    return facts.item(question, answer, facts.sentence_ids([now_key, then_key]), [now_key, then_key])


@question_kind(part="MD&A")
def _margin(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    numerator, label = stream.choice(
        (
            ("gross_profit", "gross margin"),
            ("operating_income", "operating margin"),
            ("net_income", "net margin"),
        )
    )
    year = facts.latest
    top, bottom = f"{numerator}.{year}", f"revenue.{year}"
    if not facts.has(top, bottom) or facts.renames(numerator):
        return None
    margin = percent_figure(share_of(facts.amount(top), facts.amount(bottom)))
    question = facts.ask(
        stream,
        (
            f"What was {facts.filing.company}'s {label} in fiscal {year}?",
            f"Calculate {facts.filing.company}'s {label} for fiscal {year} from its reported results.",
        ),
    )
    answer = (
        f"The {label} in fiscal {year} was {margin}: {_METRICS[numerator]} of {facts.money(top)} divided by "
        f"total revenue of {facts.money(bottom)}."
    )
    return facts.item(question, answer, facts.sentence_ids([top, bottom]), [top, bottom])


@question_kind(part="MD&A")
def _fastest_segment(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    segments = facts.segments()
    keys = [f"segment.{i}.{year}" for i in segments for year in (facts.latest, facts.prior)]
    if not segments or not facts.has(*keys):
        return None
    growth = {
        i: percent_change(
            facts.amount(f"segment.{i}.{facts.latest}"), facts.amount(f"segment.{i}.{facts.prior}")
        )
        for i in segments
    }
    best = max(segments, key=lambda i: growth[i])
    if sum(1 for i in segments if growth[i] == growth[best]) > 1:
        return None  # a tie has no single answer
    name = facts.segment_name(best)
    question = facts.ask(
        stream,
        (
            (
                f"Which of {facts.filing.company}'s segments had the fastest revenue growth from fiscal "
                f"{facts.prior} to fiscal {facts.latest}, and by how much did its revenue change?"
            ),
            f"Among {facts.filing.company}'s reportable segments, which grew its revenue most between fiscal "
            f"{facts.prior} and fiscal {facts.latest}, and at what rate?",
            f"Name the segment of {facts.filing.company} with the strongest revenue growth in fiscal "
            f"{facts.latest} and give its growth.",
        ),
    )
    answer = (
        f"The {name} segment grew fastest: its revenue changed by {percent_figure(growth[best])}, from "
        f"{facts.money(f'segment.{best}.{facts.prior}')} to {facts.money(f'segment.{best}.{facts.latest}')}."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part="MD&A")
def _largest_segment(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    segments = facts.segments()
    year = facts.latest
    keys = [f"segment.{i}.{year}" for i in segments]
    if not segments or not facts.has(*keys, f"revenue.{year}"):
        return None
    amounts = {i: facts.amount(f"segment.{i}.{year}") for i in segments}
    largest = max(segments, key=lambda i: amounts[i])
    if sum(1 for i in segments if amounts[i] == amounts[largest]) > 1:
        return None
    share = percent_figure(share_of(amounts[largest], facts.amount(f"revenue.{year}")))
    question = facts.ask(
        stream,
        (
            (
                f"Which segment generated the most revenue for {facts.filing.company} in fiscal {year}, and "
                "what "
                "share of total revenue was that?"
            ),
            f"What was {facts.filing.company}'s biggest segment by revenue in fiscal {year}, and how much of "
            "the total did it account for?",
            f"Identify the segment that contributed most to {facts.filing.company}'s fiscal {year} revenue "
            "and its share of the total.",
            f"Which of {facts.filing.company}'s reportable segments is the largest by fiscal {year} "
            "revenue, and what part of total revenue does it bring?",
            f"How dependent is {facts.filing.company} on a single segment? Name the largest by fiscal "
            f"{year} revenue and its share of the total.",
        ),
    )
    answer = (
        f"The {facts.segment_name(largest)} segment generated the most revenue in fiscal {year}, "
        f"{facts.money(f'segment.{largest}.{year}')}, which was {share} of total revenue of "
        f"{facts.money(f'revenue.{year}')}."
    )
    return facts.item(
        question, answer, facts.sentence_ids([*keys, f"revenue.{year}"]), [*keys, f"revenue.{year}"]
    )


_SEGMENT_RISK = re.compile(
    r"risk\.(?:" + "|".join(risk.topic for risk in RISK_PROSE.segment_risks) + r")_(\d+)$"
)


def _segment_risks(facts: FilingFacts, *lines: str) -> list[tuple[str, int]]:
    """The segment risks the filing states, as (risk key, segment index), whose segment states ``lines``.

    Each of ``lines`` is a fact key with ``{i}`` for the segment's index and ``{year}`` / ``{prior}``
    for the filing's two latest fiscal years.
    """
    risks = []
    for key in facts.risks():
        match = _SEGMENT_RISK.match(key)
        if match:
            index = int(match.group(1))
            keys = [line.format(i=index, year=facts.latest, prior=facts.prior) for line in lines]
            if f"{key}.label" in facts.filing.facts and facts.has(key, *keys):
                risks.append((key, index))
    return risks


@question_kind(part="risk factors")
def _risk(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    # Only a segment's own risk, sized by that segment's revenue: a general risk's summary is an answer a
    # model could give without the filing (issue #29).
    year = facts.latest
    risks = _segment_risks(facts, "segment.{i}.{year}", "revenue.{year}")
    if not risks:
        return None
    key, segment = stream.choice(risks)
    label = str(facts.filing.facts[f"{key}.label"])
    revenue_keys = [f"segment.{segment}.{year}", f"revenue.{year}"]
    question = facts.ask(
        stream,
        (
            f"What risk does {facts.company} describe regarding {label}, and how much of its fiscal {year} "
            "revenue does that segment bring in?",
            f"How could {label} affect {facts.company}, according to its risk factors, and how large is the "
            f"segment at stake in fiscal {year}?",
            f"{facts.company} warns about {label}. What does it fear, and what share of fiscal {year} "
            "revenue "
            "is exposed?",
            f"Which risk factor of {facts.company} concerns {label}, and how much revenue did that segment "
            f"earn in fiscal {year}?",
            f"Weigh {facts.company}'s warning about {label} against the segment's fiscal {year} revenue and "
            "its share of the total.",
            f"What could go wrong for {facts.company} regarding {label}, and how much of its fiscal {year} "
            "revenue rides on that segment?",
            f"Explain the segment risk {facts.company} lists under {label} and size that segment by its "
            "fiscal "
            f"{year} revenue.",
            f"For an analyst modelling {facts.company}'s segments, what does the risk factor on {label} "
            "say, and "
            f"what did the segment earn in fiscal {year}?",
            f"What share of {facts.company}'s fiscal {year} revenue comes from the segment its risk "
            f"factor on {label} concerns, and what does it warn?",
            f"How much revenue is exposed to the risk {facts.company} describes under {label}? Give the "
            f"segment's fiscal {year} revenue and share.",
        ),
    )
    answer = (
        f"The company warns that {facts.filing.facts[key]}. The {facts.segment_name(segment)} segment had "
        f"fiscal {year} revenue of {facts.money(revenue_keys[0])}, "
        f"{percent_figure(share_of(facts.amount(revenue_keys[0]), facts.amount(revenue_keys[1])))} of the "
        f"total of {facts.money(revenue_keys[1])}."
    )
    ids = (*facts.sentence_ids([key], whole=True), *facts.sentence_ids(revenue_keys))
    return facts.item(question, answer, ids, [key, *revenue_keys])


@question_kind(part="risk factors")
def _segment_risk_trend(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    # A segment's own risk against how the segment's revenue moved over the year: is the warning borne out?
    latest, prior = facts.latest, facts.prior
    risks = _segment_risks(facts, "segment.{i}.{year}", "segment.{i}.{prior}")
    if not risks:
        return None
    key, segment = stream.choice(risks)
    keys = [f"segment.{segment}.{latest}", f"segment.{segment}.{prior}"]
    now, then = facts.amount(keys[0]), facts.amount(keys[1])
    if then <= 0 or now == then:
        return None
    label = facts.text(f"{key}.label")
    question = facts.ask(
        stream,
        (
            f"{facts.company} warns about {label}. Did that segment's revenue grow or shrink from fiscal "
            f"{prior} to fiscal {latest}, and by how much?",
            f"Has the risk {facts.company} sees in {label} shown up in the segment's sales? Compare its "
            f"fiscal {latest} revenue with fiscal {prior}.",
            f"Set {facts.company}'s risk factor on {label} against the segment's revenue trend over the last "
            "two fiscal years.",
            f"What does {facts.company} fear about {label}, and how did the segment's revenue change in "
            f"fiscal {latest}?",
            f"Given its warning about {label}, how fast did that segment of {facts.company} grow or "
            "decline in "
            f"fiscal {latest}?",
            f"By what percentage did the revenue of the segment behind {facts.company}'s warning about "
            f"{label} change in fiscal {latest}?",
            f"Is the segment {facts.company} worries about in its risk factor on {label} growing? Give "
            "both years' revenue.",
        ),
    )
    direction = "grew" if now > then else "declined"
    answer = (
        f"The company warns that {facts.text(key)}. The {facts.segment_name(segment)} segment's revenue "
        f"{direction} {percent_figure(abs(percent_change(now, then)))}, from {facts.money(keys[1])} in "
        "fiscal "
        f"{prior} to {facts.money(keys[0])} in fiscal {latest}."
    )
    ids = (*facts.sentence_ids([key], whole=True), *facts.sentence_ids(keys))
    return facts.item(question, answer, ids, [key, *keys])


@question_kind(part="risk factors")
def _segment_risk_margin(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    # A segment's own risk against what the segment earns: how much profit the warning puts at stake.
    year = facts.latest
    risks = _segment_risks(facts, "segment_income.{i}.{year}", "segment.{i}.{year}")
    if not risks:
        return None
    key, segment = stream.choice(risks)
    keys = [f"segment_income.{segment}.{year}", f"segment.{segment}.{year}"]
    if facts.amount(keys[1]) <= 0:
        return None
    label = facts.text(f"{key}.label")
    question = facts.ask(
        stream,
        (
            f"How much operating profit does {facts.company}'s warning about {label} put at stake? Give the "
            f"segment's fiscal {year} operating income and margin.",
            f"{facts.company} lists {label} among its risks. What operating margin did that segment earn in "
            f"fiscal {year}?",
            f"Pair {facts.company}'s risk factor on {label} with the segment's fiscal {year} operating "
            "income "
            "and its margin on revenue.",
            f"What could {label} cost {facts.company} in profit? State the segment's operating income for "
            f"fiscal {year} and its share of the segment's revenue.",
            f"What margin did the segment behind {facts.company}'s risk factor on {label} earn in fiscal "
            f"{year}, and on what revenue?",
        ),
    )
    answer = (
        f"The company warns that {facts.text(key)}. The {facts.segment_name(segment)} segment earned "
        f"operating income of {facts.money(keys[0])} on revenue of {facts.money(keys[1])} in fiscal {year}, "
        f"a margin of {percent_figure(share_of(facts.amount(keys[0]), facts.amount(keys[1])))}."
    )
    ids = (*facts.sentence_ids([key], whole=True), *facts.sentence_ids(keys))
    return facts.item(question, answer, ids, [key, *keys])


@question_kind(part="MD&A")
def _free_cash_flow(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    operating, capex = f"operating_cash_flow.{year}", f"capital_expenditures.{year}"
    if not facts.has(operating, capex):
        return None
    spent = -facts.amount(capex)
    free = facts.amount(operating) - spent
    question = facts.ask(
        stream,
        (
            (
                f"What was {facts.filing.company}'s free cash flow in fiscal {year}, defined as net cash "
                "provided by "
                "operating activities minus capital expenditures?"
            ),
            f"How much free cash flow did {facts.filing.company} generate in fiscal {year} after capital "
            "spending?",
            "Subtract capital expenditures from operating cash flow: what free cash flow did "
            f"{facts.filing.company} produce in fiscal {year}?",
        ),
    )
    answer = (
        f"Free cash flow in fiscal {year} was {money(free, facts.unit)}: operating cash flow of "
        f"{facts.money(operating)} minus capital expenditures of {money(spent, facts.unit)}."
    )
    return facts.item(question, answer, facts.sentence_ids([operating, capex]), [operating, capex])


@question_kind(part="MD&A")
def _total_debt(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    current, long_term = f"current_debt.{year}", f"long_term_debt.{year}"
    if not facts.has(current, long_term):
        return None
    total = facts.amount(current) + facts.amount(long_term)
    question = facts.ask(
        stream,
        (
            f"How much total debt did {facts.filing.company} have at the end of fiscal {year}?",
            f"What was {facts.filing.company}'s total borrowing, including the current portion, at the end "
            "of "
            f"fiscal {year}?",
        ),
    )
    answer = (
        f"Total debt at the end of fiscal {year} was {money(total, facts.unit)}, of which "
        f"{facts.money(current)} was due within one year."
    )
    return facts.item(question, answer, facts.sentence_ids([current, long_term]), [current, long_term])


@question_kind(part="MD&A")
def _earnings_per_share(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    key = f"diluted_eps.{year}"
    if not facts.has(key):
        return None
    question = facts.ask(
        stream,
        (
            f"What were {facts.filing.company}'s diluted earnings per share in fiscal {year}?",
            f"How much did {facts.filing.company} earn per diluted share in fiscal {year}?",
            f"Give the diluted net income per share {facts.filing.company} reported for fiscal {year}.",
            f"What diluted EPS figure does {facts.filing.company}'s income statement show for fiscal {year}?",
            f"Per diluted share, what did {facts.filing.company} earn for its shareholders in fiscal {year}?",
        ),
    )
    answer = f"Diluted net income per share in fiscal {year} was {per_share(float(facts.filing.facts[key]))}."
    return facts.item(question, answer, facts.sentence_ids([key]), [key])


@question_kind(part="business")
def _revenue_per_employee(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    # The head count of Item 1 set against the year's revenue: a productivity measure, not a look-up.
    year = facts.latest
    keys = ["employees", f"revenue.{year}"]
    if not facts.has(*keys) or facts.amount("employees") <= 0:
        return None
    unit_value = {"thousands": 1_000, "millions": 1_000_000}.get(facts.unit, 1)
    per_employee = facts.amount(keys[1]) * unit_value / facts.amount("employees")
    question = facts.ask(
        stream,
        (
            f"How much revenue did {facts.company} bring in per full-time employee in fiscal {year}?",
            f"Divide {facts.company}'s fiscal {year} revenue by its year-end head count: what does each "
            "employee generate?",
            f"How productive is {facts.company}'s workforce? Give fiscal {year} revenue per full-time "
            "employee and the two figures behind it.",
            f"Using the head count in Item 1 and the income statement, what was {facts.company}'s revenue "
            f"per employee in fiscal {year}?",
        ),
    )
    answer = (
        f"Revenue of {facts.money(keys[1])} in fiscal {year} over about {facts.amount('employees'):,} "
        f"full-time employees comes to roughly ${per_employee:,.0f} per employee."
    )
    return facts.item(question, answer, facts.sentence_ids(keys, statements=True), keys)


@question_kind(trivial=True, part="business")
def _employees(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    if not facts.has("employees"):
        return None
    question = facts.ask(
        stream,
        (
            f"How many full-time employees did {facts.filing.company} report, approximately, at its fiscal "
            "year end?",
            f"Approximately how many full-time employees did {facts.filing.company} have at fiscal year end?",
            f"How large was {facts.filing.company}'s full-time workforce at the end of the fiscal year?",
            f"How many full-time employees does {facts.filing.company} report in its human capital "
            "discussion?",
            f"How many people worked for {facts.filing.company} full time when its fiscal year closed?",
            f"What was {facts.filing.company}'s full-time head count at the close of the fiscal year, as "
            "Item 1 states it?",
            f"Roughly how many full-time employees does {facts.filing.company} count in its description "
            "of human capital?",
            f"State the approximate number of full-time employees {facts.filing.company} had at the end "
            "of its fiscal year.",
        ),
    )
    answer = f"The company had approximately {facts.amount('employees'):,} full-time employees."
    return facts.item(question, answer, facts.sentence_ids(["employees"]), ["employees"])


@question_kind(part="MD&A")
def _segment_income(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    index = stream.choice(facts.segments() or [0])
    key = f"segment_income.{index}.{facts.latest}"
    if not facts.has(key, f"segment.{index}.name"):
        return None
    name = facts.segment_name(index)
    question = facts.ask(
        stream,
        (
            (
                f"What operating income did {facts.filing.company}'s {name} segment report for fiscal "
                f"{facts.latest}?"
            ),
            f"How much operating income did {facts.filing.company}'s {name} segment contribute in fiscal "
            f"{facts.latest}?",
            f"Give the fiscal {facts.latest} segment operating income of {facts.filing.company}'s {name} "
            "segment.",
        ),
    )
    answer = f"The {name} segment reported operating income of {facts.money(key)} in fiscal {facts.latest}."
    return facts.item(question, answer, facts.sentence_ids([key]), [key])


@question_kind(part="MD&A")
def _quarter_revenue(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    quarter = stream.randint(1, 4)
    key = f"quarter.{quarter}.revenue.{facts.latest}"
    if not facts.has(key):
        return None
    ordinal = ("first", "second", "third", "fourth")[quarter - 1]
    question = facts.ask(
        stream,
        (
            (
                f"How much revenue did {facts.filing.company} record in the {ordinal} quarter of "
                f"fiscal {facts.latest}?"
            ),
            f"What were {facts.filing.company}'s sales in the {ordinal} quarter of fiscal {facts.latest}?",
            f"Give {facts.filing.company}'s revenue for the {ordinal} quarter of fiscal {facts.latest}.",
        ),
    )
    answer = f"Revenue in the {ordinal} quarter of fiscal {facts.latest} was {facts.money(key)}."
    return facts.item(question, answer, facts.sentence_ids([key]), [key])


@question_kind(part="MD&A")
def _region_revenue(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    region = stream.randint(0, len(REGIONS) - 1)
    now_key, then_key = f"region.{region}.{facts.latest}", f"region.{region}.{facts.prior}"
    if not facts.has(now_key, then_key):
        return None
    place = {"Rest of world": "the rest of the world", "United States": "the United States"}.get(
        REGIONS[region], REGIONS[region]
    )
    change = percent_change(facts.amount(now_key), facts.amount(then_key))
    question = facts.ask(
        stream,
        (
            (
                f"How did {facts.filing.company}'s revenue from customers in {place} change between fiscal "
                f"{facts.prior} and fiscal {facts.latest}?"
            ),
            f"What happened to {facts.filing.company}'s sales to customers in {place} from fiscal "
            f"{facts.prior} to fiscal {facts.latest}?",
            f"Compare {facts.filing.company}'s revenue from {place} in fiscal {facts.latest} with fiscal "
            f"{facts.prior}.",
        ),
    )
    answer = (
        f"Revenue from customers in {place} went from {facts.money(then_key)} in fiscal {facts.prior} to "
        f"{facts.money(now_key)} in fiscal {facts.latest}, a change of {percent_figure(change)}."
    )
    return facts.item(question, answer, facts.sentence_ids([now_key, then_key]), [now_key, then_key])


@question_kind(part="MD&A")
def _research_intensity(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    spending, revenue = f"research_and_development.{year}", f"revenue.{year}"
    if not facts.has(spending, revenue):
        return None
    share = percent_figure(share_of(facts.amount(spending), facts.amount(revenue)))
    question = facts.ask(
        stream,
        (
            (
                f"What share of its revenue did {facts.filing.company} spend on research and development in "
                "fiscal "
                f"{year}?"
            ),
            f"How research-intensive was {facts.filing.company} in fiscal {year}: what was R&D expense as a "
            "share of revenue?",
            f"Express {facts.filing.company}'s fiscal {year} research and development spending as a "
            "percentage of its revenue.",
        ),
    )
    answer = (
        f"Research and development expense of {facts.money(spending)} was {share} of total revenue of "
        f"{facts.money(revenue)} in fiscal {year}."
    )
    return facts.item(question, answer, facts.sentence_ids([spending, revenue]), [spending, revenue])


@question_kind(part="MD&A")
def _dividends(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    key = f"dividends_paid.{facts.latest}"
    if not facts.has(key) or facts.amount(key) == 0:
        return None
    question = facts.ask(
        stream,
        (
            f"How much did {facts.filing.company} pay in cash dividends in fiscal {facts.latest}?",
            f"What cash dividends did {facts.filing.company} distribute to shareholders in fiscal "
            f"{facts.latest}?",
            f"Give the total of dividends {facts.filing.company} paid in cash during fiscal {facts.latest}.",
            f"What did {facts.filing.company}'s cash flow statement show as dividends paid in fiscal "
            f"{facts.latest}?",
            f"How much cash went out to {facts.filing.company}'s shareholders as dividends in fiscal "
            f"{facts.latest}?",
        ),
    )
    paid = money(-facts.amount(key), facts.unit)
    answer = f"The company paid cash dividends of {paid} in fiscal {facts.latest}."
    return facts.item(question, answer, facts.sentence_ids([key]), [key])


@question_kind(trivial=True, part="business")
def _headquarters(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    if not facts.has("headquarters"):
        return None
    question = facts.ask(
        stream,
        (
            f"Where are {facts.filing.company}'s headquarters located?",
            f"In which city does {facts.filing.company} have its head office?",
            f"What city and state does {facts.filing.company} give as its principal executive office?",
        ),
    )
    answer = f"The company's headquarters are in {facts.filing.facts['headquarters']}."
    return facts.item(question, answer, facts.sentence_ids(["headquarters"]), ["headquarters"])


@question_kind("TG", part="MD&A")
def _results_post(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year, prior = facts.latest, facts.prior
    keys = [f"revenue.{year}", f"revenue.{prior}", f"net_income.{year}", f"diluted_eps.{year}"]
    if not facts.has(*keys):
        return None
    growth = percent_change(facts.amount(keys[0]), facts.amount(keys[1]))
    direction = "up" if growth >= 0 else "down"
    company = facts.filing.company
    request = facts.request(
        stream,
        (
            f"Draft a short LinkedIn-style post summarizing {company}'s fiscal {year} results.",
            f"Write a brief social-media update announcing {company}'s results for fiscal {year}.",
        ),
    )
    answer = (
        f"{company} closed fiscal {year} with total revenue of {facts.money(keys[0])}, {direction} "
        f"{percent_figure(abs(growth))} from {facts.money(keys[1])} a year earlier. Net income reached "
        f"{facts.money(keys[2])}, or {per_share(float(facts.filing.facts[keys[3]]))} per diluted share. "
        "Thank you to our teams, customers and shareholders for their support."
    )
    return facts.item(request, answer, facts.sentence_ids(keys), keys)


@question_kind("TG", part="MD&A")
def _liquidity_note(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [f"cash.{year}", f"operating_cash_flow.{year}", f"capital_expenditures.{year}"]
    if not facts.has(*keys):
        return None
    company = facts.filing.company
    request = facts.request(
        stream,
        (
            (
                f"Write a short note to investors describing {company}'s cash position and cash generation "
                "in fiscal "
                f"{year}."
            ),
            f"Draft a brief investor update on {facts.filing.company}'s cash generation and liquidity in "
            f"fiscal {year}.",
            f"Prepare a short paragraph on how much cash {facts.filing.company} generated, spent on capital "
            f"projects and held at the end of fiscal {year}.",
        ),
    )
    answer = (
        f"{company} generated {facts.money(keys[1])} of cash from operations in fiscal {year} and invested "
        f"{money(-facts.amount(keys[2]), facts.unit)} in capital expenditures. It ended the year with "
        f"{facts.money(keys[0])} of cash and cash equivalents."
    )
    return facts.item(request, answer, facts.sentence_ids(keys), keys)


@question_kind("TG", part="risk factors")
def _risk_summary(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    # Risks the filing sizes with its own figures, named in the request: the reference text states both.
    measured = measured_risks(facts)
    if len(measured) < 2:
        return None
    chosen = sorted(stream.sample(measured, min(3, len(measured))), key=lambda risk: risk.key)
    labels = [risk.label for risk in chosen]
    named = ", ".join(labels[:-1]) + f" and {labels[-1]}"
    request = facts.request(
        stream,
        (
            f"Summarize, in a short paragraph for a client, what {facts.company} says about {named}, with "
            "the "
            "figures that size each.",
            f"Write a short client-facing overview of {facts.company}'s exposure to {named}.",
            f"Draft a paragraph on the risks {facts.company} sees in {named}, and on how large each exposure "
            "is.",
            f"For a credit committee, set out how {named} could hurt {facts.company} and what its filing "
            "shows "
            "about each.",
        ),
    )
    listed = " ".join(f"On {risk.label}, it warns that {risk.summary}. {risk.measure}" for risk in chosen)
    answer = f"{facts.company} sizes several of its risks with its own figures. {listed}"
    keys = [key for risk in chosen for key in (risk.key, *risk.keys)]
    ids = [
        *(min(facts.filing.fact_sentences[risk.key]) for risk in chosen),  # each risk's headline
        *facts.sentence_ids([key for risk in chosen for key in risk.keys], statements=True),
    ]
    return facts.item(request, answer, tuple(dict.fromkeys(ids)), keys)


@question_kind("TG", part="MD&A")
def _segment_brief(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    segments = facts.segments()
    year, prior = facts.latest, facts.prior
    keys = [f"segment.{i}.{when}" for i in segments for when in (year, prior)]
    if not segments or not facts.has(*keys):
        return None
    parts = []
    for i in segments:
        change = percent_change(facts.amount(f"segment.{i}.{year}"), facts.amount(f"segment.{i}.{prior}"))
        verb = "grew" if change >= 0 else "declined"
        parts.append(
            f"{facts.segment_name(i)} revenue {verb} {percent_figure(abs(change))} to "
            f"{facts.money(f'segment.{i}.{year}')}"
        )
    request = facts.request(
        stream,
        (
            (
                f"Write a brief internal summary of how each of {facts.filing.company}'s segments performed "
                "in "
                f"fiscal {year}."
            ),
            f"Prepare a short memo on each of {facts.filing.company}'s segments and their fiscal {year} "
            "revenue growth.",
            f"Draft a segment-by-segment performance note on {facts.filing.company} for fiscal {year}.",
        ),
    )
    answer = f"In fiscal {year}, compared with fiscal {prior}: " + "; ".join(parts) + "."
    return facts.item(request, answer, facts.sentence_ids(keys), keys)
