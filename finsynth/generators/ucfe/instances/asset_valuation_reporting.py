"""Asset Valuation Reporting: sections of a valuation report for a share-for-equity deal, valued by DCF.

Data: a target company, the acquirer paying in new shares, the stake, the signing date, the
valuation date, a five-year free-cash-flow forecast, discount rate, terminal growth and net
debt (:mod:`~finsynth.generators.ucfe.instances.world.valuation`). The user asks for the
report's purpose and conclusion sections, with zero to two of subject-and-scope and method
between them. Rule: enterprise and equity value by DCF with the convention the text states
(each year's cash flow discounted from the end of that year, a growing perpetuity after year
five valued at the end of year five), shown in $ millions to one decimal, halves up;
equity value = the shown enterprise value − net debt; the stake's value = the shown equity
value × stake. ``must_contain`` holds the equity value, the
signing date and the acquirer's name (the purpose section must state both); ``answer`` is the
equity value.

``should_contain`` adds the net debt taken from the enterprise value; ``encourage`` names the
valuation date and the discount and growth rates.
"""

from __future__ import annotations

import datetime
from decimal import ROUND_HALF_UP, Decimal

from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.generators.ucfe.instances.world.dates import draw_date
from finsynth.generators.ucfe.instances.world.valuation import draw_forecast
from finsynth.seeding import RandomStream
from finsynth.world.company import make_company
from finsynth.world.formatting import (
    long_date,
    millions,
    name_list,
    percent,
    with_article,
)
from finsynth.world.names import company_name, person_name
from finsynth.world.rounding import round_half_up

MIDDLE_SECTIONS = ("subject and scope", "valuation method")
"""Sections a user may also ask for, between the purpose and the conclusion."""

_DEALS = (
    "{acquirer} plans to buy {stake} of {target} from {seller} by issuing new shares; the share "
    "issuance and asset purchase agreement was signed on {signed}.",
    "Under an agreement dated {signed}, {acquirer} will acquire {stake} of the equity of {target}, held "
    "by {seller}, paying with its own newly issued shares.",
    "On {signed}, {acquirer} and {seller} signed an agreement for {acquirer} to take {stake} of {target} "
    "in exchange for new {acquirer} shares.",
)
_FORECASTS = (
    "Management's free-cash-flow forecast for the next five years ($ million): {flows}.",
    "Projected free cash flow, years 1 to 5: {flows} (in $ millions).",
)
_RATES = (
    "Use a discount rate of {rate}, terminal growth of {growth} and {debt}; the valuation date is {valued}.",
    "Valuation date {valued}. Discount rate (WACC) {rate}; long-run growth {growth}; {debt}.",
)
CONVENTION = (
    "Our firm's convention: each year's cash flow is discounted from the end of that year, the value "
    "after year five is a growing perpetuity of the year-five cash flow valued at the end of year five, "
    "and results are rounded to $0.1 million."
)
"""The discounting convention the hints assume, stated to the user so the required value is unambiguous."""
_TARGETS = (
    "{target} is {sector_article} company founded in {founded}; its business lines are {segments}, serving "
    "{customers}.",
    "{target}, founded in {founded}, works in {sector}: its business lines are {segments}, and its "
    "customers are mostly {customers}.",
)
_NEEDS = (
    "Draft the {sections} sections of the asset valuation report.",
    "Write the {sections} parts of the valuation report for this transaction.",
    "Generate the {sections} of the asset valuation report, one section each, without mixing content "
    "between sections.",
    "I need the {sections} sections written up properly; keep each one to its own subject.",
    "Please prepare the {sections} of the appraisal report in the usual report form.",
    "Could you write the report's {sections} sections? Use the figures above and nothing invented.",
    "Put together the {sections} sections for the file; the reviewer is strict about form.",
    "Write up the {sections} for me as they would appear in a signed appraisal report.",
    "I'm new to appraisal reports: draft the {sections} sections and keep each to its proper content.",
    "Draft the {sections} sections; state dates, parties and figures exactly as given.",
)


@task_instance("asset_valuation_reporting")
def asset_valuation_reporting(stream: RandomStream) -> TaskInstance:
    """Draw a deal and a forecast; value the target's equity by DCF."""
    target, acquirer = company_name(stream), company_name(stream)
    seller = f"{person_name(stream)} Holdings LP"
    stake = stream.choice((0.51, 0.6, 0.75, 0.8, 1.0))
    signed = draw_date(stream, earliest=datetime.date(2019, 1, 7), latest=datetime.date(2025, 6, 30))
    valued = signed - datetime.timedelta(days=stream.randint(30, 150))
    forecast = draw_forecast(stream)
    # Each step starts from the rounded figure a report shows, so a reader's chain gives the same numbers.
    enterprise = round_half_up(forecast.enterprise_value(), 1)
    equity = float(Decimal(repr(enterprise)) - Decimal(repr(forecast.net_debt)))
    stake_value = float(
        (Decimal(repr(equity)) * Decimal(repr(stake))).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    )
    middle = [section for section in MIDDLE_SECTIONS if stream.random() < 0.5]
    sections = ("purpose", *middle, "conclusion")
    company = make_company(stream)
    debt_text = (
        f"net debt of {millions(forecast.net_debt)}"
        if forecast.net_debt >= 0
        else f"net cash of {millions(-forecast.net_debt)} (net debt of {millions(forecast.net_debt)})"
    )
    lines = (
        f"The subject of the valuation is {target}.",
        stream.choice(_TARGETS).format(
            target=target,
            sector=company.industry.label,
            sector_article=with_article(company.industry.label),
            founded=company.founded,
            segments=name_list(list(company.segment_names)),
            customers=company.customers,
        ),
        stream.choice(_DEALS).format(
            acquirer=acquirer, stake=percent(stake, 0), target=target, seller=seller, signed=long_date(signed)
        ),
        stream.choice(_FORECASTS).format(flows="; ".join(f"{flow:,.1f}" for flow in forecast.cash_flows)),
        stream.choice(_RATES).format(
            rate=percent(forecast.discount_rate),
            growth=percent(forecast.terminal_growth),
            debt=debt_text,
            valued=long_date(valued),
        ),
        CONVENTION,
        f"The appraisal was commissioned by the board of {acquirer}; the appraisers are independent of "
        "both parties and the report will be filed with the transaction documents.",
    )
    hints = hint_map(
        answer=(f"equity value of {millions(equity)}",),
        must_contain=(f"equity value of {millions(equity)}", long_date(signed), acquirer),
        # The required value depends on the stated convention; a judge checks the convention too.
        at_least_contain=tuple(f"a {section} section" for section in sections),
        should_contain=(
            f"enterprise value of {millions(enterprise)}",
            f"net debt of {millions(forecast.net_debt)} taken from the enterprise value",
            f"the {percent(stake, 0)} stake worth {millions(stake_value)}",
        ),
        encourage=(
            f"the valuation date, {long_date(valued)}",
            f"the key assumptions (a {percent(forecast.discount_rate)} discount rate and "
            f"{percent(forecast.terminal_growth)} terminal growth) and their sensitivity",
            "end-of-year discounting, as the user's convention requires",
        ),
        forbid=("content of one section placed in another", "a value not supported by the forecast"),
    )
    reference = (
        f"Purpose: to value {target}'s equity for {acquirer}'s purchase of {percent(stake, 0)} under the "
        f"agreement signed on {long_date(signed)}. Conclusion: enterprise value "
        f"{millions(enterprise)}, less net debt of {millions(forecast.net_debt)}, gives an equity value of "
        f"{millions(equity)} by DCF; the {percent(stake, 0)} stake is worth {millions(stake_value)}."
    )
    facts: dict[str, FactValue] = {
        "target": target,
        "acquirer": acquirer,
        "seller": seller,
        "stake": stake,
        "signed": signed.isoformat(),
        "valuation_date": valued.isoformat(),
        "discount_rate": forecast.discount_rate,
        "terminal_growth": forecast.terminal_growth,
        "net_debt": forecast.net_debt,
        "sections": ", ".join(sections),
    }
    for year, flow in enumerate(forecast.cash_flows, start=1):
        facts[f"cash_flow_{year}"] = flow
    needs, needs_variants = phrase_needs(stream, _NEEDS, sections=name_list(sections))
    return TaskInstance(
        "asset_valuation_reporting",
        " ".join(lines),
        needs,
        hints,
        facts,
        reference,
        needs_variants=needs_variants,
    )
