"""Asset Valuation Reporting: sections of a valuation report for a share-for-equity deal, valued by DCF.

Data: a target company, the acquirer paying in new shares, the stake, the signing date, the
valuation date, a five-year free-cash-flow forecast, discount rate, terminal growth and net
debt (:mod:`~finsynth.generators.ucfe.instances.world.valuation`). The user asks for the
report's purpose and conclusion sections, with zero to two of subject-and-scope and method
between them. Rule: enterprise and equity value by DCF, shown in $ millions to one decimal;
the stake's value is the equity value × stake. ``must_contain`` holds the equity value, the
signing date and the acquirer's name (the purpose section must state both); ``answer`` is the
equity value.
"""

from __future__ import annotations

import datetime

from finsynth.generators.finchain.names import company_name, person_name
from finsynth.generators.ucfe.instances.base import FactValue, TaskInstance, hint_map, task_instance
from finsynth.generators.ucfe.instances.world.dates import draw_date
from finsynth.generators.ucfe.instances.world.formatting import long_date, millions, name_list, percent
from finsynth.generators.ucfe.instances.world.valuation import draw_forecast
from finsynth.seeding import RandomStream

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
    "Use a discount rate of {rate}, terminal growth of {growth} and net debt of {debt}; the valuation "
    "date is {valued}.",
    "Valuation date {valued}. Discount rate (WACC) {rate}; long-run growth {growth}; net debt {debt}.",
)
_NEEDS = (
    "Draft the {sections} sections of the asset valuation report.",
    "Write the {sections} parts of the valuation report for this transaction.",
    "Generate the {sections} of the asset valuation report, one section each, without mixing content "
    "between sections.",
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
    equity = forecast.equity_value()
    middle = [section for section in MIDDLE_SECTIONS if stream.random() < 0.5]
    sections = ("purpose", *middle, "conclusion")
    lines = (
        f"The subject of the valuation is {target}.",
        stream.choice(_DEALS).format(
            acquirer=acquirer, stake=percent(stake, 0), target=target, seller=seller, signed=long_date(signed)
        ),
        stream.choice(_FORECASTS).format(flows=", ".join(f"{flow:,.1f}" for flow in forecast.cash_flows)),
        stream.choice(_RATES).format(
            rate=percent(forecast.discount_rate),
            growth=percent(forecast.terminal_growth),
            debt=millions(forecast.net_debt),
            valued=long_date(valued),
        ),
    )
    hints = hint_map(
        answer=(f"equity value of {millions(equity)}",),
        must_contain=(f"equity value of {millions(equity)}", long_date(signed), acquirer),
        at_least_contain=tuple(f"a {section} section" for section in sections),
        should_contain=(
            f"enterprise value of {millions(forecast.enterprise_value())}",
            f"the {percent(stake, 0)} stake worth {millions(equity * stake)}",
        ),
        encourage=("the valuation date", "the key assumptions and their sensitivity"),
        forbid=("content of one section placed in another", "a value not supported by the forecast"),
    )
    reference = (
        f"Purpose: to value {target}'s equity for {acquirer}'s purchase of {percent(stake, 0)} under the "
        f"agreement signed on {long_date(signed)}. Conclusion: enterprise value "
        f"{millions(forecast.enterprise_value())}, equity value {millions(equity)} by DCF."
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
    needs = stream.choice(_NEEDS).format(sections=name_list(sections))
    return TaskInstance("asset_valuation_reporting", " ".join(lines), needs, hints, facts, reference)
