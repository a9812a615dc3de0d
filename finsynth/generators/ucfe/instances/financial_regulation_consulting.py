"""Financial Regulation Consulting: a situation judged under a real US securities rule the user does not cite.

Data: one of seven situations, each governed by a long-standing rule with a number in it
(:mod:`~finsynth.generators.ucfe.instances.world.securities_rules`): a resale of restricted
shares (Rule 144 holding period), an affiliate's planned sale (Rule 144 volume limit), a second
crowdfunding round (Regulation Crowdfunding's $5 million limit), a second Rule 504 offering
($10 million limit), a stake in a listed company (the 5% reporting threshold, Schedule 13D or
13G), a director's purchase and sale (section 16(b)) and an investor's income and wealth
(the accredited-investor tests). The information states the facts, not the rule, so the
assistant must know it; the hints name the rule and its source.

Rule: the verdict each rule gives on the facts, computed in whole shares, dollars and calendar
dates. ``answer`` is the verdict; ``must_contain`` holds the rule's name, its source and the
verdict; ``should_contain`` the figure the verdict turns on.

Needs add the case's own question (``Case.question``); ``should_contain`` adds the rule's
steps on the facts (``Case.steps``), each with its figure or date, and ``at_least_contain``
the rule's summary.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.generators.ucfe.instances.world.dates import draw_date
from finsynth.generators.ucfe.instances.world.securities_rules import (
    CROWDFUNDING_LIMIT,
    INCOME_TEST,
    JOINT_INCOME_TEST,
    NET_WORTH_TEST,
    OWNERSHIP_THRESHOLD_PERCENT,
    PASSIVE_CEILING_PERCENT,
    RULE_504_LIMIT,
    RULES,
    add_months,
    holding_period_end,
    within_six_months,
)
from finsynth.seeding import RandomStream
from finsynth.world.formatting import dollars, long_date, price
from finsynth.world.names import company_name, person_name


@dataclass(frozen=True)
class Case:
    """A situation, its verdict under one rule, and the figure the verdict turns on."""

    rule: str
    information: str
    verdict: str
    key_figure: str
    facts: dict[str, FactValue]
    question: str
    """The user's own question, naming the parties, amounts and dates of the situation."""
    steps: tuple[str, ...]
    """How the rule applies to these facts, one step a line, each with its figure or date."""


def _holding_period(stream: RandomStream) -> Case:
    holder, issuer = person_name(stream), company_name(stream)
    bought = draw_date(stream, latest=datetime.date(2024, 12, 31))
    reporting = stream.random() < 0.5
    end = holding_period_end(bought, reporting)
    planned = end + datetime.timedelta(days=stream.choice((-40, -12, -5, 5, 25, 60)))
    status = (
        "has filed annual and quarterly reports with the SEC for several years"
        if reporting
        else "is a private company that files no reports with the SEC"
    )
    shares = stream.randint(5, 400) * 250
    information = (
        f"{holder} bought {shares:,} shares of {issuer} in a private placement on "
        f"{long_date(bought)} and paid in full that day; the certificates carry a restricted legend. "
        f"{issuer} {status}. {holder} is not an officer, director or large holder of {issuer} and wants to "
        f"sell the shares through a broker on {long_date(planned)}."
    )
    verdict = "may sell under Rule 144" if planned >= end else f"must wait until {long_date(end)}"
    return Case(
        "holding_period",
        information,
        verdict,
        f"holding period ends on {long_date(end)}",
        {"bought": bought.isoformat(), "reporting_issuer": reporting, "planned": planned.isoformat()},
        f"Can {holder} sell the {shares:,} {issuer} shares on {long_date(planned)}, and if not, from what "
        "date?",
        (
            f"the holding period runs from {long_date(bought)}, when the shares were paid in full",
            f"it lasts {'six months, as' if reporting else 'one year, as'} {issuer} "
            f"{'is' if reporting else 'is not'} a reporting company",
            f"the planned sale on {long_date(planned)} falls {'on or after' if planned >= end else 'before'} "
            f"{long_date(end)}",
        ),
    )


def _volume_limit(stream: RandomStream) -> Case:
    seller, issuer = person_name(stream), company_name(stream)
    outstanding = stream.randint(200, 9_000) * 10_000
    average = stream.randint(outstanding // 400, outstanding // 40)
    weeks = [round(average * stream.uniform(0.7, 1.3)) for _ in range(3)]
    weeks.append(4 * average - sum(weeks))
    limit = max(outstanding // 100, average)
    planned = round(limit * stream.choice((0.6, 0.9, 1.15, 1.6)) / 100) * 100
    information = (
        f"{seller} is a director of {issuer}, which has {outstanding:,} shares outstanding, and has owned "
        f"shares for more than two years. Weekly trading volume over the four weeks before the planned "
        f"sale notice: {', '.join(f'{week:,}' for week in weeks)} shares. {seller} has sold no shares in "
        f"the past three months and wants to sell {planned:,} shares over the next three months."
    )
    verdict = "within the volume limit" if planned <= limit else f"over the volume limit of {limit:,} shares"
    return Case(
        "volume_limit",
        information,
        verdict,
        f"volume limit of {limit:,} shares",
        {"outstanding": outstanding, "average_weekly_volume": average, "planned_shares": planned},
        f"May {seller} sell {planned:,} shares of {issuer} over the next three months, and is there a cap?",
        (
            f"1% of the {outstanding:,} shares outstanding is {outstanding // 100:,} shares",
            f"the average weekly volume over the four weeks is {average:,} shares",
            f"the limit is the greater of the two, {limit:,} shares, against {planned:,} planned",
        ),
    )


def _offering_limit(stream: RandomStream, rule: str, limit: int, what: str) -> Case:
    issuer = company_name(stream)
    # Both limits took their present values in March 2021.
    first_day = draw_date(stream, earliest=datetime.date(2021, 4, 1), latest=datetime.date(2024, 12, 31))
    second_day = add_months(first_day, stream.choice((4, 7, 11, 13, 15)))
    first = stream.randint(limit // 250_000, limit // 100_000) * 50_000
    second = stream.randint(limit // 250_000, limit // 60_000) * 50_000
    counted = first + second if second_day < add_months(first_day, 12) else second
    information = (
        f"{issuer} sold {dollars(first)} of shares in a {what} that closed on {long_date(first_day)}. It now "
        f"plans a second {what} of {dollars(second)}, to close on {long_date(second_day)}. It has made no "
        "other offerings."
    )
    verdict = "within the limit" if counted <= limit else f"over the limit by {dollars(counted - limit)}"
    within_year = second_day < add_months(first_day, 12)
    return Case(
        rule,
        information,
        verdict,
        f"{dollars(counted)} counted against the {dollars(limit)} limit",
        {
            "first_amount": first,
            "second_amount": second,
            "first_close": first_day.isoformat(),
            "second_close": second_day.isoformat(),
        },
        f"Can {issuer} raise {dollars(second)} in a second {what} closing on {long_date(second_day)}, given "
        "the first one?",
        (
            "the limit applies to what is sold in any 12 months",
            f"the first {what} closed on {long_date(first_day)}, "
            f"{'less' if within_year else 'no less'} than 12 months before the second",
            (
                f"so the second {what}'s {dollars(second)} is added to the first's {dollars(first)}"
                if within_year
                else f"so the second {what}'s {dollars(second)} is counted alone"
            ),
        ),
    )


def _crowdfunding(stream: RandomStream) -> Case:
    return _offering_limit(
        stream, "crowdfunding_limit", CROWDFUNDING_LIMIT, "Regulation Crowdfunding offering"
    )


def _rule_504(stream: RandomStream) -> Case:
    return _offering_limit(stream, "rule_504_limit", RULE_504_LIMIT, "Rule 504 offering")


def _ownership_report(stream: RandomStream) -> Case:
    holder, issuer = f"{person_name(stream).split()[-1]} Capital", company_name(stream)
    outstanding = stream.randint(100, 5_000) * 100_000
    percent_hundredths = stream.choice(
        (stream.randint(300, 490), stream.randint(510, 1_900), stream.randint(2_050, 3_000))
    )
    held = outstanding * percent_hundredths // 10_000
    passive = stream.random() < 0.5
    intent = (
        "It holds the shares as a passive investment and has no plans to influence management."
        if passive
        else "It intends to press the board for a sale of the company and to nominate two directors."
    )
    information = (
        f"{holder}, an investment fund, now owns {held:,} of the {outstanding:,} voting shares of {issuer}, "
        f"whose shares are listed on a US exchange, after buying in the market over recent weeks. {intent}"
    )
    share = held * 100 / outstanding
    crossed = share > OWNERSHIP_THRESHOLD_PERCENT
    if not crossed:
        verdict = "no ownership report required"
    elif passive and share < PASSIVE_CEILING_PERCENT:
        verdict = "file Schedule 13G"
    else:
        verdict = "file Schedule 13D"
    return Case(
        "ownership_report",
        information,
        verdict,
        f"a stake of {share:.2f}% of the voting shares",
        {"held": held, "outstanding": outstanding, "passive": passive},
        f"Does {holder} have to disclose its stake in {issuer} now, and on which form?",
        (
            f"{held:,} of {outstanding:,} voting shares is {share:.2f}%",
            f"the {OWNERSHIP_THRESHOLD_PERCENT}% threshold is {'crossed' if crossed else 'not crossed'}",
            (
                f"a passive holder below {PASSIVE_CEILING_PERCENT}% may use the short form, Schedule 13G"
                if passive
                else "a holder seeking to influence control must use Schedule 13D"
            ),
        ),
    )


def _short_swing(stream: RandomStream) -> Case:
    director, issuer = person_name(stream), company_name(stream)
    first_day = draw_date(stream, latest=datetime.date(2024, 12, 31))
    second_day = first_day + datetime.timedelta(days=stream.choice((20, 75, 150, 178, 185, 240)))
    shares = stream.randint(4, 200) * 100
    buy_first = stream.random() < 0.7
    buy_cents, sell_cents = stream.randint(800, 9_000), 0
    sell_cents = round(buy_cents * stream.choice((0.85, 1.1, 1.25, 1.4)))
    first_trade = ("bought", buy_cents) if buy_first else ("sold", sell_cents)
    second_trade = ("sold", sell_cents) if buy_first else ("bought", buy_cents)
    information = (
        f"{director} is a director of {issuer}. On {long_date(first_day)} {director} {first_trade[0]} "
        f"{shares:,} shares of {issuer} at {price(first_trade[1] / 100)}, and on {long_date(second_day)} "
        f"{second_trade[0]} {shares:,} shares at {price(second_trade[1] / 100)}. Both trades were in the "
        "open market and were reported on time."
    )
    profit_cents = (sell_cents - buy_cents) * shares
    matched = within_six_months(first_day, second_day)
    if not matched or profit_cents <= 0:
        verdict = "no short-swing profit to return"
    else:
        verdict = f"must return a profit of {dollars(profit_cents / 100)}"
    return Case(
        "short_swing",
        information,
        verdict,
        f"trades {(second_day - first_day).days} days apart",
        {
            "first_trade": first_day.isoformat(),
            "second_trade": second_day.isoformat(),
            "shares": shares,
            "buy_cents": buy_cents,
            "sell_cents": sell_cents,
        },
        f"Does {director} owe {issuer} anything because of the two trades in its shares?",
        (
            f"the trades are {(second_day - first_day).days} days apart, "
            f"{'within' if matched else 'outside'} six months",
            (
                f"the matched profit is ({price(sell_cents / 100)} - {price(buy_cents / 100)}) x {shares:,} "
                f"shares = {dollars(profit_cents / 100)}"
                if profit_cents > 0
                else f"the sale price of {price(sell_cents / 100)} is below the purchase price of "
                f"{price(buy_cents / 100)}, so there is no profit to match"
            ),
        ),
    )


def _accredited(stream: RandomStream) -> Case:
    investor = person_name(stream)
    incomes = [stream.randint(12, 40) * 10_000 for _ in range(2)]
    married = stream.random() < 0.5
    spouse = [stream.randint(0, 15) * 10_000 for _ in range(2)] if married else [0, 0]
    home = stream.randint(20, 120) * 10_000
    net_worth = home + stream.randint(20, 160) * 10_000
    spouse_text = (
        f" {investor}'s spouse earned {dollars(spouse[0])} and {dollars(spouse[1])} in the same years."
        if married
        else f" {investor} is single."
    )
    information = (
        f"{investor} earned {dollars(incomes[0])} two years ago and {dollars(incomes[1])} last year and "
        f"expects about the same this year.{spouse_text} Their net worth is {dollars(net_worth)}, of which "
        f"{dollars(home)} is equity in the home they live in. A start-up has offered {investor} shares in a "
        "private placement open only to accredited investors."
    )
    by_income = all(income > INCOME_TEST for income in incomes)
    by_joint = married and all(a + b > JOINT_INCOME_TEST for a, b in zip(incomes, spouse, strict=True))
    by_wealth = net_worth - home > NET_WORTH_TEST
    verdict = "accredited" if by_income or by_joint or by_wealth else "not accredited"
    return Case(
        "accredited_investor",
        information,
        verdict,
        f"net worth of {dollars(net_worth - home)} excluding the home",
        {
            "incomes": f"{incomes[0]},{incomes[1]}",
            "spouse_incomes": f"{spouse[0]},{spouse[1]}",
            "net_worth": net_worth,
            "home_equity": home,
        },
        f"Can {investor} buy the start-up's shares in its private placement as an accredited investor?",
        (
            f"income test: {dollars(incomes[0])} and {dollars(incomes[1])} against {dollars(INCOME_TEST)} in "
            f"each year ({'met' if by_income else 'not met'})",
            *(
                (
                    f"joint income test: {dollars(incomes[0] + spouse[0])} and "
                    f"{dollars(incomes[1] + spouse[1])} against {dollars(JOINT_INCOME_TEST)} "
                    f"({'met' if by_joint else 'not met'})",
                )
                if married
                else ()
            ),
            f"net worth test: {dollars(net_worth - home)} excluding the home against "
            f"{dollars(NET_WORTH_TEST)} ({'met' if by_wealth else 'not met'})",
        ),
    )


CASES: tuple[Callable[[RandomStream], Case], ...] = (
    _holding_period,
    _volume_limit,
    _crowdfunding,
    _rule_504,
    _ownership_report,
    _short_swing,
    _accredited,
)
"""One situation per rule."""

_NEEDS = (
    "Tell me which rule governs this, what it requires and whether the plan complies.",
    "Is this allowed? Cite the rule and its source and explain how it applies here.",
    "Walk me through the applicable securities rule and give me a clear answer for this case.",
    "What does the law say about this situation, and what should happen next?",
    "I need a short compliance opinion: the rule, the numbers that matter, and the conclusion.",
    "Check this against the relevant SEC rule and tell me plainly where we stand.",
    "Explain the rule that applies, with its source, and whether we are inside or outside it.",
    "Before we go ahead, confirm whether this meets the securities rules and why.",
    "Give me the answer first, then the rule and the reasoning behind it.",
    "Which filing, limit or waiting period applies here, and are we compliant?",
)

_CONSTRAINTS = (
    "I need an answer I can act on this week.",
    "Keep it short; our counsel will check it.",
    "Please show the numbers the answer turns on.",
    "Nothing has been done yet, so there is time to change the plan.",
    "I would rather hear it from you now than from the regulator later.",
)


@task_instance("financial_regulation_consulting")
def financial_regulation_consulting(stream: RandomStream) -> TaskInstance:
    """Draw a situation under one real rule; the verdict is that rule's on the facts."""
    case = stream.choice(CASES)(stream)
    rule = RULES[case.rule]
    hints = hint_map(
        answer=(case.verdict,),
        must_contain=(rule.name, rule.source, case.verdict),
        at_least_contain=(f"what the rule requires: {rule.summary}",),
        should_contain=(case.key_figure, *case.steps),
        encourage=(
            "other conditions of the rule that could still matter",
            "checking with securities counsel",
        ),
        forbid=("advice to evade or conceal a filing or limit", "a rule or threshold that does not exist"),
    )
    reference = (
        f"Under the {rule.name} ({rule.source}), {rule.summary}. Here: {case.key_figure}, so: {case.verdict}."
    )
    facts: dict[str, FactValue] = {"rule": case.rule, "verdict": case.verdict, **case.facts}
    details = (case.question, stream.choice(_CONSTRAINTS))
    needs, needs_variants = phrase_needs(stream, _NEEDS, details)
    return TaskInstance(
        "financial_regulation_consulting",
        case.information,
        needs,
        hints,
        facts,
        reference,
        needs_variants=needs_variants,
    )
