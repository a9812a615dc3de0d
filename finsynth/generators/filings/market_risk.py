"""Item 7A, quantitative and qualitative disclosures about market risk, computed from the statements.

What a company is exposed to follows its own facts: the currency section appears only where it earns
revenue outside the United States (the share billed in foreign currencies is part of that revenue), and
a bank, whose earnings turn on the spread between loans and deposits, states how its net interest
income would move under parallel shifts in rates instead of the interest on its debt.
"""

from __future__ import annotations

from finsynth.generators.filings.blocks import Block, Line, Paragraph, heading, prose
from finsynth.generators.filings.tables import TableRow, table
from finsynth.seeding import RandomStream
from finsynth.world.company import Company
from finsynth.world.formatting import money, percent_figure, share_of, table_amount
from finsynth.world.statements import REGIONS, Statements, has_foreign_revenue

_RATE_SHIFT = 0.01  # a one-percentage-point change in rates
_CURRENCY_SHIFT = 0.1  # a ten percent change in exchange rates
RATE_SHOCKS = (-200, -100, 100, 200)
"""Parallel shifts of the yield curve, in basis points, that a bank's NII sensitivity table shows."""
NII_SENSITIVITY_PER_100BP = (-0.04, 0.05)
"""Range of the change in a bank's net interest income per 100 basis points of rates (asset- or
liability-sensitive); regional banks' 10-Ks report a few percent either way."""


def _interest_rate(
    company: Company, statements: Statements, stream: RandomStream
) -> tuple[list[Paragraph], dict[str, float | str]]:
    year = statements.years[-1]
    values = statements.values[year]
    debt = values["current_debt"] + values["long_term_debt"]
    variable_share = stream.uniform(0.1, 0.5)
    rate_effect = round(debt * variable_share * _RATE_SHIFT)
    facts: dict[str, float | str] = {
        "market_risk.variable_share": round(variable_share * 100),
        "market_risk.rate_effect": rate_effect,
    }
    paragraphs = [
        heading("Interest Rate Risk"),
        prose(
            Line(
                f"About {round(variable_share * 100)}% of our debt at the end of fiscal {year} carried "
                "variable interest rates.",
                ("market_risk.variable_share",),
            ),
            Line(
                "A one-percentage-point increase in those rates would have raised our annual interest "
                f"expense by approximately {money(rate_effect, company.unit)}.",
                ("market_risk.rate_effect",),
            ),
            "We may use interest-rate swaps to fix the rate on part of our variable-rate borrowings.",
        ),
    ]
    return paragraphs, facts


def _net_interest_income(
    company: Company, statements: Statements, stream: RandomStream
) -> tuple[list[Paragraph], dict[str, float | str]]:
    year = statements.years[-1]
    income = statements.values[year]["net_interest_income"]
    per_hundred = stream.uniform(*NII_SENSITIVITY_PER_100BP)
    convexity = stream.uniform(0.85, 1.0)  # larger shocks move income a little less than in proportion
    facts: dict[str, float | str] = {}
    rows: list[TableRow] = []
    for shock in RATE_SHOCKS:
        scale = shock / 100 * (convexity if abs(shock) > 100 else 1.0)
        change = round(income * per_hundred * scale)
        name = f"{'up' if shock > 0 else 'down'}_{abs(shock)}"
        facts[f"nii_sensitivity.{name}"] = change
        facts[f"nii_sensitivity.{name}.percent"] = share_of(change, income)
        rows.append(
            (
                f"{'+' if shock > 0 else '-'}{abs(shock)} basis points",
                [table_amount(change), percent_figure(share_of(change, income))],
                (f"nii_sensitivity.{name}", f"nii_sensitivity.{name}.percent"),
            )
        )
    sensitive = "asset-sensitive" if per_hundred > 0 else "liability-sensitive"
    facts["nii_sensitivity.position"] = sensitive
    paragraphs = [
        heading("Interest Rate Risk"),
        prose(
            "Interest rate risk is our main market risk: loans, securities, deposits and borrowings reprice "
            "at different times and by different amounts.",
            Line(
                f"Our balance sheet was {sensitive} at the end of fiscal {year}: over the next twelve "
                f"months, net interest income would {'rise' if per_hundred > 0 else 'fall'} if rates rose in "
                "parallel and move the other way if they fell, assuming the balance sheet keeps its size and "
                "mix.",
                ("nii_sensitivity.position",),
            ),
        ),
        table(
            "Estimated change in net interest income over twelve months",
            (f"Parallel rate shift (in {company.unit})", "Change", "Percent of net interest income"),
            rows,
        ),
    ]
    return paragraphs, facts


def _currency(
    company: Company, statements: Statements, stream: RandomStream
) -> tuple[list[Paragraph], dict[str, float | str]]:
    year = statements.years[-1]
    values = statements.values[year]
    foreign = sum(values[f"region.{index}"] for index in range(1, len(REGIONS)))
    billed = round(foreign * stream.uniform(0.6, 0.95))
    foreign_share = round(billed / values["revenue"] * 100)
    currency_effect = round(billed * _CURRENCY_SHIFT)
    facts: dict[str, float | str] = {
        "market_risk.foreign_share": foreign_share,
        "market_risk.currency_effect": currency_effect,
    }
    paragraphs = [
        heading("Foreign Currency Risk"),
        prose(
            Line(
                f"Roughly {foreign_share}% of our revenue in fiscal {year} was billed in currencies other "
                "than the U.S. dollar, most of it by our subsidiaries outside the United States.",
                ("market_risk.foreign_share",),
            ),
            Line(
                "A ten percent stronger U.S. dollar against those currencies would have reduced our "
                f"reported revenue by approximately {money(currency_effect, company.unit)}.",
                ("market_risk.currency_effect",),
            ),
            "We hedge part of our forecast foreign-currency cash flows with forward contracts of up to "
            "twelve months.",
        ),
    ]
    return paragraphs, facts


def market_risk(company: Company, statements: Statements, stream: RandomStream) -> Block:
    """Return Item 7A: the interest-rate and, for a company with foreign revenue, currency sensitivities."""
    if "net_interest_income" in statements.values[statements.years[-1]]:
        paragraphs, facts = _net_interest_income(company, statements, stream)
    else:
        paragraphs, facts = _interest_rate(company, statements, stream)
    if has_foreign_revenue(statements):
        more, more_facts = _currency(company, statements, stream)
        paragraphs.extend(more)
        facts.update(more_facts)
    else:
        paragraphs.append(
            prose(
                "All of our revenue is earned from customers in the United States and billed in U.S. "
                "dollars, so changes in exchange rates do not materially affect our results."
            )
        )
    return Block(tuple(paragraphs), facts=facts)
