"""Questions that join a risk factor (Item 1A) with the figures that measure the exposure it describes.

Each kind names a risk topic the company warns about and the amounts elsewhere in the filing (the
balance sheet, the notes, Item 7A, Part III) that size it, so the reader has to find both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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
        ),
        _executives,
    ),
)
"""Every risk-exposure kind, in registration order."""


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
