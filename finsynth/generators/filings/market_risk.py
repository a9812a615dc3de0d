"""Item 7A, quantitative and qualitative disclosures about market risk, computed from the statements."""

from __future__ import annotations

from finsynth.generators.filings.blocks import Block, Line, heading, prose
from finsynth.seeding import RandomStream
from finsynth.world.company import Company
from finsynth.world.formatting import money
from finsynth.world.statements import Statements

_RATE_SHIFT = 0.01  # a one-percentage-point change in rates
_CURRENCY_SHIFT = 0.1  # a ten percent change in exchange rates


def market_risk(company: Company, statements: Statements, stream: RandomStream) -> Block:
    """Return Item 7A: interest-rate and currency sensitivities of the latest fiscal year."""
    year = statements.years[-1]
    values = statements.values[year]
    debt = values["current_debt"] + values["long_term_debt"]
    variable_share = stream.uniform(0.1, 0.5)
    rate_effect = round(debt * variable_share * _RATE_SHIFT)
    foreign_share = stream.uniform(0.1, 0.4)
    currency_effect = round(values["revenue"] * foreign_share * _CURRENCY_SHIFT)
    unit = company.unit
    return Block(
        (
            heading("Interest Rate Risk"),
            prose(
                Line(
                    f"About {round(variable_share * 100)}% of our debt at the end of fiscal {year} carried "
                    "variable interest rates.",
                    ("market_risk.variable_share",),
                ),
                Line(
                    "A one-percentage-point increase in those rates would have raised our annual interest "
                    f"expense by approximately {money(rate_effect, unit)}.",
                    ("market_risk.rate_effect",),
                ),
                "We may use interest-rate swaps to fix the rate on part of our variable-rate borrowings.",
            ),
            heading("Foreign Currency Risk"),
            prose(
                Line(
                    f"Roughly {round(foreign_share * 100)}% of our revenue in fiscal {year} was billed in "
                    "currencies other than the U.S. dollar.",
                    ("market_risk.foreign_share",),
                ),
                Line(
                    "A ten percent stronger U.S. dollar against those currencies would have reduced our "
                    f"reported revenue by approximately {money(currency_effect, unit)}.",
                    ("market_risk.currency_effect",),
                ),
                "We hedge part of our forecast foreign-currency cash flows with forward contracts of up to "
                "twelve months.",
            ),
        ),
        facts={
            "market_risk.variable_share": round(variable_share * 100),
            "market_risk.rate_effect": rate_effect,
            "market_risk.foreign_share": round(foreign_share * 100),
            "market_risk.currency_effect": currency_effect,
        },
    )
