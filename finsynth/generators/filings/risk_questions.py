"""Questions that join a risk factor (Item 1A) with the figures that measure the exposure it describes.

Each kind names a risk topic the company warns about and the amounts elsewhere in the filing (the
balance sheet, the notes, Item 7A, Part III) that size it, so the reader has to find both.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass

from finsynth.generators.filings.question_framing import QUESTION_FRAMING
from finsynth.generators.filings.questions import FilingFacts, QAItem, QuestionKind, register_kind
from finsynth.seeding import RandomStream
from finsynth.world.formatting import percent_figure, share_of


@dataclass(frozen=True)
class RiskExposure:
    """A risk topic and how the filing's figures measure it.

    Attributes:
        name: The kind's name.
        risk: The risk factor's fact key (``risk.<topic>``).
        keys: The fact keys that measure the exposure, from the filing's latest fiscal year.
        questions: Question wordings, with ``{company}``, ``{label}`` (the risk's label) and ``{year}``.
        measure: The answer's second sentence from the facts (its figures computed here).

    """

    name: str
    risk: str
    keys: Callable[[FilingFacts], list[str]]
    questions: tuple[str, ...]
    measure: Callable[[FilingFacts, list[str]], str | None]


def _share(facts: FilingFacts, part: str, whole: str) -> str:
    return percent_figure(share_of(facts.amount(part), facts.amount(whole)))


def _goodwill(facts: FilingFacts, keys: list[str]) -> str:
    return (
        f"Goodwill was {facts.money(keys[0])} at the end of fiscal {facts.latest}, "
        f"{_share(facts, keys[0], keys[1])} of total assets of {facts.money(keys[1])}."
    )


def _receivables(facts: FilingFacts, keys: list[str]) -> str:
    return (
        f"Accounts receivable were {facts.money(keys[0])} at the end of fiscal {facts.latest}, "
        f"{_share(facts, keys[0], keys[1])} of the year's revenue of {facts.money(keys[1])}."
    )


def _inventories(facts: FilingFacts, keys: list[str]) -> str | None:
    if facts.amount(keys[0]) <= 0:
        return None
    return (
        f"Inventories were {facts.money(keys[0])} at the end of fiscal {facts.latest}, "
        f"{_share(facts, keys[0], keys[1])} of total current assets of {facts.money(keys[1])}."
    )


def _currency(facts: FilingFacts, keys: list[str]) -> str:
    return (
        f"About {facts.amount(keys[0])}% of revenue is billed in other currencies, and a ten percent "
        "stronger "
        f"dollar would reduce reported revenue by about {facts.money(keys[1])}."
    )


def _taxes(facts: FilingFacts, keys: list[str]) -> str | None:
    if facts.amount(keys[1]) <= 0:
        return None
    return (
        f"Its fiscal {facts.latest} provision of {facts.money(keys[0])} on pre-tax income of "
        f"{facts.money(keys[1])} is an effective rate of {_share(facts, keys[0], keys[1])}."
    )


def _capital_returns(facts: FilingFacts, keys: list[str]) -> str | None:
    dividends, buybacks = -facts.amount(keys[0]), -facts.amount(keys[1])
    if dividends + buybacks <= 0:
        return None
    return (
        f"In fiscal {facts.latest} it returned {facts.dollars(dividends + buybacks)}: "
        f"{facts.dollars(dividends)} of dividends and {facts.dollars(buybacks)} of repurchases."
    )


def _international(facts: FilingFacts, keys: list[str]) -> str:
    abroad = facts.amount(keys[1]) + facts.amount(keys[2])
    return (
        f"Customers outside the United States brought {facts.dollars(abroad)} of fiscal {facts.latest} "
        f"revenue, {percent_figure(share_of(abroad, facts.amount(keys[0])))} of the total of "
        f"{facts.money(keys[0])}."
    )


def _fixed_assets(facts: FilingFacts, keys: list[str]) -> str:
    return (
        f"Property and equipment, net, was {facts.money(keys[0])} at the end of fiscal {facts.latest}, "
        f"{_share(facts, keys[0], keys[1])} of total assets of {facts.money(keys[1])}."
    )


def _dilution(facts: FilingFacts, keys: list[str]) -> str | None:
    now, then = facts.amount(keys[0]), facts.amount(keys[1])
    if then <= 0:
        return None
    change = percent_figure(abs(share_of(now - then, then)))
    direction = "rose" if now > then else "fell" if now < then else "held"
    return (
        f"Weighted-average diluted shares {direction} {change}, from {then:,} to {now:,} ({facts.unit}), "
        f"while stock-based compensation was {facts.money(keys[2])}."
    )


def _acquisitions(facts: FilingFacts, keys: list[str]) -> str | None:
    spent = -facts.amount(keys[0])
    if spent <= 0:
        return None
    return (
        f"It paid {facts.dollars(spent)} for acquisitions in fiscal {facts.latest}, and goodwill stood at "
        f"{facts.money(keys[1])} at year end."
    )


def _executives(facts: FilingFacts, keys: list[str]) -> str:
    return f"The chief executive officer named in the filing is {facts.text(keys[0])}."


def _borrowing_cost(facts: FilingFacts, keys: list[str]) -> str | None:
    debt = facts.amount(keys[1]) + facts.amount(keys[2])
    if debt <= 0 or facts.amount(keys[0]) <= 0:
        return None
    return (
        f"Interest expense of {facts.money(keys[0])} in fiscal {facts.latest} on year-end debt of "
        f"{facts.dollars(debt)} is about {percent_figure(share_of(facts.amount(keys[0]), debt))} of that "
        "debt."
    )


def _refinancing(facts: FilingFacts, keys: list[str]) -> str | None:
    due = facts.amount(keys[1])
    if due <= 0:
        return None
    return (
        f"It held cash of {facts.money(keys[0])} at the end of fiscal {facts.latest} against debt due within "
        f"a year of {facts.money(keys[1])}, {facts.amount(keys[0]) / due:.1f} times that debt."
    )


def _demand(facts: FilingFacts, keys: list[str]) -> str | None:
    now, then = facts.amount(keys[0]), facts.amount(keys[1])
    if then <= 0 or now == then:
        return None
    direction = "rose" if now > then else "fell"
    return (
        f"Revenue {direction} {percent_figure(abs(share_of(now - then, then)))}, from {facts.money(keys[1])} "
        f"in fiscal {facts.prior} to {facts.money(keys[0])} in fiscal {facts.latest}."
    )


def _pricing(facts: FilingFacts, keys: list[str]) -> str | None:
    if facts.amount(keys[1]) <= 0:
        return None
    return (
        f"Gross profit was {facts.money(keys[0])} on revenue of {facts.money(keys[1])} in fiscal "
        f"{facts.latest}, a gross margin of {_share(facts, keys[0], keys[1])}."
    )


def _capacity(facts: FilingFacts, keys: list[str]) -> str | None:
    spent, depreciation = -facts.amount(keys[0]), facts.amount(keys[1])
    if spent <= 0 or depreciation <= 0:
        return None
    return (
        f"It spent {facts.dollars(spent)} on capital expenditures in fiscal {facts.latest}, "
        f"{spent / depreciation:.1f} times depreciation and amortization of {facts.money(keys[1])}."
    )


def _latest(*lines: str) -> Callable[[FilingFacts], list[str]]:
    return lambda facts: [f"{line}.{facts.latest}" for line in lines]


EXPOSURES = (
    RiskExposure(
        "goodwill_risk_exposure",
        "risk.goodwill_impairment",
        _latest("goodwill", "total_assets"),
        (
            "{company} warns that {label} is a risk. How much goodwill is at stake, relative to total "
            "assets, "
            "at the end of fiscal {year}?",
            "Size the goodwill that {company}'s impairment risk factor refers to, as a share of its assets.",
            "If {company} had to write down its goodwill, how much is on the fiscal {year} balance sheet, "
            "and what part of "
            "assets is it?",
            "Put a figure on the goodwill behind {company}'s warning about {label}.",
            "Is goodwill a large part of {company}'s balance sheet? Give the fiscal {year} amount and "
            "its share of total assets, and say what impairment risk the company flags.",
            "How much of {company}'s total assets at fiscal {year} year end is goodwill that an "
            "impairment could erase?",
        ),
        _goodwill,
    ),
    RiskExposure(
        "credit_risk_exposure",
        "risk.customer_credit",
        _latest("accounts_receivable", "revenue"),
        (
            "{company} lists {label} among its risks. How large were its receivables at the end of fiscal "
            "{year}, relative to revenue?",
            "What does {company} say about customer credit risk, and how much did customers owe it at fiscal "
            "{year} year end?",
            "How exposed is {company} to customers who fail to pay? Compare its year-end receivables with "
            "fiscal {year} "
            "revenue.",
            "Quantify the receivables at risk under {company}'s risk factor on {label}.",
            "How many days' worth of revenue did {company}'s customers owe at the end of fiscal {year}, "
            "roughly, and what credit risk does it describe? Give receivables as a share of revenue.",
            "Receivables against revenue: how much was outstanding at {company} at the end of fiscal "
            "{year}, and why does it warn about {label}?",
        ),
        _receivables,
    ),
    RiskExposure(
        "supply_risk_exposure",
        "risk.supply_chain",
        _latest("inventories", "total_current_assets"),
        (
            "{company} describes a risk about {label}. How much inventory did it hold at the end of fiscal "
            "{year}, against its current assets?",
            "Pair {company}'s supply-chain risk factor with the inventory on its fiscal {year} balance "
            "sheet.",
            "How much stock did {company} carry at fiscal {year} year end, given its warning about {label}?",
            "What share of {company}'s current assets sat in inventory at the end of fiscal {year}, and "
            "why does it worry "
            "about its suppliers?",
            "If a supplier failed, how much inventory would {company} have on hand? Give its fiscal "
            "{year} year-end stock and its weight in current assets.",
            "What does {company}'s risk factor on {label} say, and how heavy is inventory in its current "
            "assets at fiscal {year} year end?",
        ),
        _inventories,
    ),
    RiskExposure(
        "currency_risk_exposure",
        "risk.currency",
        lambda facts: ["market_risk.foreign_share", "market_risk.currency_effect"],
        (
            "{company} warns about {label}. How much of its revenue is billed in foreign currencies, and "
            "what "
            "would a stronger dollar cost?",
            "Tie {company}'s currency risk factor to the sensitivity it quantifies under market risk.",
            "What would a ten percent stronger dollar do to {company}'s reported revenue, given its "
            "warning about {label}?",
            "Size {company}'s foreign-currency exposure: the share of revenue billed abroad and the cost "
            "of a stronger "
            "dollar.",
            "What share of {company}'s revenue is exposed to exchange rates, and what does it say could "
            "happen to it?",
            "How many dollars of revenue would {company} lose to a ten percent rise in the dollar, and "
            "what currency risk does Item 1A describe?",
        ),
        _currency,
    ),
    RiskExposure(
        "tax_risk_exposure",
        "risk.tax_changes",
        _latest("income_tax_expense", "income_before_taxes"),
        (
            "{company} flags {label} as a risk. What effective tax rate did it bear in fiscal {year}?",
            "Connect {company}'s risk factor on tax law changes with the tax it actually recorded in fiscal "
            "{year}.",
            "What share of its pre-tax income did {company} pay in tax in fiscal {year}, and what tax risk "
            "does it flag?",
            "Put {company}'s warning about {label} beside its fiscal {year} provision for income taxes.",
            "How much income tax did {company} record in fiscal {year} against its pre-tax income, and "
            "why does it worry about {label}?",
            "What rate of tax on pre-tax income would a change in tax law start from at {company}? Give "
            "the fiscal {year} effective rate.",
        ),
        _taxes,
    ),
    RiskExposure(
        "capital_return_risk_exposure",
        "risk.capital_returns",
        _latest("dividends_paid", "share_repurchases"),
        (
            "{company} cautions that its dividends and buybacks could change. How much did it return to "
            "shareholders in fiscal {year}?",
            "What risk does {company} see around {label}, and what did it actually pay out in fiscal {year}?",
            "Set {company}'s warning about {label} beside its fiscal {year} dividends and repurchases.",
            "How much cash did {company} hand back to shareholders in fiscal {year}, given its caution about "
            "{label}?",
            "Split {company}'s fiscal {year} shareholder payouts between dividends and buybacks, and say "
            "what "
            "risk it sees in them.",
            "Its risk factors say {company}'s capital returns could change; what did it return in fiscal "
            "{year}?",
            "Were dividends or share repurchases the larger part of {company}'s fiscal {year} capital "
            "returns, and what could make it cut them?",
            "What total did {company} pay out through dividends and buybacks in fiscal {year}, and which "
            "risk factor concerns them?",
            "How much did {company} spend buying back its own shares in fiscal {year}, next to its "
            "dividends, given its caution about {label}?",
        ),
        _capital_returns,
    ),
    RiskExposure(
        "international_risk_exposure",
        "risk.international_operations",
        _latest("revenue", "region.1", "region.2"),
        (
            "{company} describes risks of {label}. How much of its fiscal {year} revenue came from outside "
            "the United States?",
            "Weigh {company}'s international-operations risk factor against its revenue earned abroad in "
            "fiscal {year}.",
            "How much of {company}'s fiscal {year} revenue depends on customers abroad, given its warning "
            "about {label}?",
            "What part of fiscal {year} sales did {company} make outside the United States?",
            "What share of {company}'s fiscal {year} revenue do the risks of {label} touch? Give revenue "
            "earned outside the United States.",
            "How dependent is {company} on revenue from abroad? State the fiscal {year} amount and "
            "share, and the risk it describes.",
        ),
        _international,
    ),
    RiskExposure(
        "asset_impairment_risk_exposure",
        "risk.impairment_of_assets",
        _latest("property_and_equipment", "total_assets"),
        (
            "{company} warns about {label}. How much property and equipment could that affect at the end of "
            "fiscal {year}?",
            "Relate {company}'s asset impairment risk to the property and equipment on its fiscal {year} "
            "balance sheet.",
            "What long-lived assets could {company} have to write down, and what share of total assets are "
            "they at "
            "fiscal {year} year end?",
            "Size the property and equipment behind {company}'s warning about {label}.",
            "How large is {company}'s property and equipment at the end of fiscal {year}, and what share "
            "of assets would an impairment touch?",
            "What does {company} warn about {label}, and what is its net property and equipment at "
            "fiscal {year} year end?",
            "Give the carrying amount of {company}'s property and equipment at the end of fiscal {year} "
            "and its weight in total assets.",
        ),
        _fixed_assets,
    ),
    RiskExposure(
        "dilution_risk_exposure",
        "risk.share_dilution",
        lambda facts: [
            f"diluted_shares.{facts.latest}",
            f"diluted_shares.{facts.prior}",
            f"stock_based_compensation.{facts.latest}",
        ],
        (
            "{company} warns that {label} could hurt shareholders. How did its diluted share count move in "
            "fiscal {year}?",
            "Check {company}'s dilution risk factor against the change in its diluted shares and its equity "
            "compensation in fiscal {year}.",
            "Were {company}'s shareholders diluted in fiscal {year}? Give the diluted share counts and "
            "stock-based "
            "compensation.",
            "How far did {company}'s average diluted share count move in fiscal {year}, given its warning "
            "about {label}?",
            "By what percentage did {company}'s weighted-average diluted shares change in fiscal {year}, "
            "and how much stock-based compensation did it record?",
            "Did {company}'s share count grow, as its warning about {label} suggests it could? Give both "
            "years' diluted shares.",
        ),
        _dilution,
    ),
    RiskExposure(
        "acquisition_risk_exposure",
        "risk.acquisitions",
        _latest("acquisitions", "goodwill"),
        (
            "{company} sees risk in {label}. How much did it spend on acquisitions in fiscal {year}, and how "
            "much goodwill does it carry?",
            "Match {company}'s acquisitions risk factor with its fiscal {year} acquisition spending and "
            "goodwill.",
            "How much did {company} pay for businesses in fiscal {year}, and what goodwill do its deals "
            "leave on the "
            "balance sheet?",
            "What did {company} pay for acquisitions in fiscal {year}, and how much goodwill sits on its "
            "balance sheet at year end?",
            "How active was {company} in buying businesses in fiscal {year}, given its warning about "
            "{label}? Give the cash paid and goodwill.",
        ),
        _acquisitions,
    ),
    RiskExposure(
        "leadership_risk_exposure",
        "risk.key_personnel",
        lambda facts: ["chief_executive"],
        (
            "{company} lists {label} as a risk. Who is the chief executive it depends on?",
            "Which executive leads {company}, whose departure its key-personnel risk factor worries about?",
            "Whose loss as chief executive would matter most to {company}, given its warning about {label}?",
            "Name the chief executive officer behind {company}'s key-personnel risk.",
            "{company} warns about {label}. Which executive officer does it name as chief executive?",
            "Who runs {company} as chief executive officer, the kind of leader its risk factor on "
            "{label} says it depends on?",
        ),
        _executives,
    ),
    RiskExposure(
        "credit_rating_risk_exposure",
        "risk.credit_ratings",
        _latest("interest_expense", "current_debt", "long_term_debt"),
        (
            "{company} warns that {label} could raise its borrowing costs. What interest did it pay in "
            "fiscal {year}, and what rate is that on its year-end debt?",
            "How much would a downgrade matter to {company}? Relate its fiscal {year} interest expense to "
            "the debt on its balance sheet.",
            "What does {company}'s debt cost it today, given its risk factor on {label}? Give interest "
            "expense as a share of total debt at fiscal {year} year end.",
        ),
        _borrowing_cost,
    ),
    RiskExposure(
        "refinancing_risk_exposure",
        "risk.capital_markets",
        _latest("cash", "current_debt"),
        (
            "{company} warns about {label}. Could it repay the debt due within a year from its cash at the "
            "end of fiscal {year}?",
            "How well does {company}'s year-end cash cover its debt due within a year, given its warning "
            "about access to capital markets?",
            "Compare {company}'s cash with its current debt at the end of fiscal {year}: how many times "
            "over could it pay that debt?",
        ),
        _refinancing,
    ),
    RiskExposure(
        "demand_risk_exposure",
        "risk.economic_conditions",
        lambda facts: [f"revenue.{facts.latest}", f"revenue.{facts.prior}"],
        (
            "{company} warns that {label} could hurt demand. Did its revenue grow or fall in fiscal {year}, "
            "and by how much?",
            "Has the economic risk {company} describes shown up in its sales? Compare revenue in fiscal "
            "{year} with the year before.",
            "Set {company}'s risk factor on {label} beside its revenue trend over the last two fiscal years.",
        ),
        _demand,
    ),
    RiskExposure(
        "pricing_risk_exposure",
        "risk.competition",
        _latest("gross_profit", "revenue"),
        (
            "{company} fears that competitors could force lower prices. What gross margin did it earn in "
            "fiscal {year}?",
            "How much pricing room does {company} have, given its warning about {label}? Give fiscal {year} "
            "gross profit and margin.",
            "Put a number on what price pressure from {label} could erode at {company}: its fiscal {year} "
            "gross profit as a share of revenue.",
        ),
        _pricing,
    ),
    RiskExposure(
        "capacity_risk_exposure",
        "risk.capacity_planning",
        _latest("capital_expenditures", "depreciation_and_amortization"),
        (
            "{company} warns about {label}. How much did it invest in capacity in fiscal {year}, relative to "
            "depreciation?",
            "Is {company} adding capacity faster than it wears out? Compare fiscal {year} capital "
            "expenditures with depreciation and amortization.",
            "What did {company} spend on property and equipment in fiscal {year}, and how does that compare "
            "with its depreciation, given its risk factor on {label}?",
        ),
        _capacity,
    ),
)
"""Every risk-exposure kind, in registration order."""


TREND_SHARE = 0.4
"""How often a risk-exposure question also asks for the same measure a year earlier (where the filing
states it), so that the question weighs a change in the exposure rather than one year's level."""
_TREND_ASKS = (
    "How did that compare with fiscal {year}?",
    "Has the exposure grown since fiscal {year}?",
    "Give the same figures for fiscal {year}.",
    "Is it larger or smaller than in fiscal {year}?",
)


def _year_before(exposure: RiskExposure, facts: FilingFacts, keys: list[str]) -> tuple[list[str], str] | None:
    """The exposure's keys and measure for the year before the latest, if every key is a latest-year fact.

    The measure is worded by the exposure's own function, reading the filing as if its latest year were
    the one before.
    """
    suffix = f".{facts.latest}"
    if not keys or not all(key.endswith(suffix) for key in keys):
        return None
    earlier = copy.copy(facts)
    earlier.latest, earlier.prior = facts.prior, facts.prior - 1
    prior_keys = exposure.keys(earlier)
    if prior_keys == keys or not facts.has(*prior_keys):
        return None
    measure = exposure.measure(earlier, prior_keys)
    return None if measure is None else (prior_keys, measure)


def _with_follow_up(question: str, follow_up: str) -> str:
    """``question`` with ``follow_up`` put after its core, before a framing trailer it may carry."""
    for trailer in sorted(filter(None, QUESTION_FRAMING.follow_ups), key=len, reverse=True):
        if question.endswith(trailer):
            return f"{question[: -len(trailer)]} {follow_up}{trailer}"
    return f"{question} {follow_up}"


def _asker(exposure: RiskExposure) -> Callable[[FilingFacts, RandomStream], QAItem | None]:
    def ask(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
        keys = exposure.keys(facts)
        if not facts.has(exposure.risk, *keys):
            return None
        measure = exposure.measure(facts, keys)
        if measure is None:
            return None
        label = facts.text(f"{exposure.risk}.label") if f"{exposure.risk}.label" in facts.filing.facts else ""
        wordings = [
            wording.format(company=facts.company, label=label or "this", year=facts.latest)
            for wording in exposure.questions
        ]
        question = facts.ask(stream, wordings)
        answer = f"The company warns that {facts.text(exposure.risk)}. {measure}"
        earlier = _year_before(exposure, facts, keys) if stream.random() < TREND_SHARE else None
        if earlier is not None:  # the same measure a year earlier: has the exposure grown?
            prior_keys, prior_measure = earlier
            question = _with_follow_up(question, stream.choice(_TREND_ASKS).format(year=facts.prior))
            answer = f"{answer} A year earlier: {prior_measure[0].lower()}{prior_measure[1:]}"
            keys = [*keys, *prior_keys]
        ids = (*facts.sentence_ids([exposure.risk], whole=True), *facts.sentence_ids(keys, statements=True))
        return facts.item(question, answer, ids, [exposure.risk, *keys])

    return ask


@dataclass(frozen=True)
class MeasuredRisk:
    """A risk factor the filing states together with the figures that size it.

    Attributes:
        key: The risk's fact key (``risk.<topic>``).
        label: What the risk concerns, as the filing names it.
        summary: The risk in one clause.
        keys: The fact keys of the figures.
        measure: A sentence stating the figures.

    """

    key: str
    label: str
    summary: str
    keys: tuple[str, ...]
    measure: str


def measured_risks(facts: FilingFacts) -> list[MeasuredRisk]:
    """Every risk of :data:`EXPOSURES` the filing states with its figures, in :data:`EXPOSURES` order."""
    found = []
    for exposure in EXPOSURES:
        keys = exposure.keys(facts)
        label_key = f"{exposure.risk}.label"
        if not facts.has(exposure.risk, *keys) or label_key not in facts.filing.facts:
            continue
        measure = exposure.measure(facts, keys)
        if measure is not None:
            found.append(
                MeasuredRisk(
                    exposure.risk, facts.text(label_key), facts.text(exposure.risk), tuple(keys), measure
                )
            )
    return found


for _exposure in EXPOSURES:
    register_kind(QuestionKind(_exposure.name, "QA", _asker(_exposure), "risk factors"))
