"""Item 7A, quantitative and qualitative disclosures about market risk, computed from the statements.

What a company is exposed to follows its own facts: the currency section appears only where it earns
revenue outside the United States (the share billed in foreign currencies is part of that revenue), and
a bank, whose earnings turn on the spread between loans and deposits, states how its net interest
income would move under parallel shifts in rates instead of the interest on its debt. An optional
sensitivity analysis (:func:`sensitivity_block`) tabulates the same exposures under several shifts: the
interest on variable-rate debt and on cash, the fair value of fixed-rate debt, and revenue by region
under a stronger or weaker dollar, every row computed from the balance sheet and the figures Item 7A states.
"""

from __future__ import annotations

from finsynth.generators.filings.blocks import Block, Candidate, Line, Paragraph, heading, prose
from finsynth.generators.filings.tables import TableRow, table
from finsynth.seeding import RandomStream
from finsynth.world.company import Company
from finsynth.world.formatting import money, percent_figure, share_of, table_amount
from finsynth.world.statements import REGIONS, Statements, has_foreign_revenue, total_debt

_RATE_SHIFT = 0.01  # a one-percentage-point change in rates
_CURRENCY_SHIFT = 0.1  # a ten percent change in exchange rates
SHIFTS = (-200, -100, 100, 200)
"""Parallel shifts of rates, in basis points, that the sensitivity tables show."""
DURATION_YEARS = (2.5, 6.5)
"""Range of the drawn duration of fixed-rate debt (a bond's value moves about duration x shift)."""
CASH_INVESTED_SHARE = (0.4, 0.9)
"""Range of the drawn share of cash held in deposits and funds that earn floating rates."""
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
                "variable interest rates, so a one-percentage-point increase in those rates would have "
                f"raised our annual interest expense by approximately {money(rate_effect, company.unit)}.",
                ("market_risk.variable_share", "market_risk.rate_effect"),
            ),
            "We may use interest-rate swaps to fix the rate on part of the "
            f"{money(round(debt * variable_share), company.unit)} of variable-rate borrowings.",
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
            "at different times and by different amounts; net interest income was "
            f"{money(income, company.unit)}.",
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
                "than the U.S. dollar, so a ten percent stronger U.S. dollar against those currencies would "
                f"have reduced our reported revenue by approximately {money(currency_effect, company.unit)}.",
                ("market_risk.foreign_share", "market_risk.currency_effect"),
            ),
            "We hedge part of these cash flows with forward contracts of up to twelve months, mainly for the "
            f"{_largest_foreign(statements, year, company.unit)}.",
        ),
    ]
    return paragraphs, facts


def _largest_foreign(statements: Statements, year: int, unit: str) -> str:
    """The revenue of the region outside the United States that earns the most, and where that is."""
    values = statements.values[year]
    index = max(range(1, len(REGIONS)), key=lambda region: values[f"region.{region}"])
    where = "Europe" if REGIONS[index] == "Europe" else "the rest of the world"
    return f"{money(values[f'region.{index}'], unit)} earned in {where}"


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
        year = statements.years[-1]
        revenue = money(statements.values[year]["revenue"], company.unit)
        paragraphs.append(
            prose(
                f"All of our revenue of {revenue} is earned in the United States and billed in U.S. dollars, "
                "so exchange rates do not materially affect our results."
            )
        )
    return Block(tuple(paragraphs), facts=facts)


def _shift_label(shift: int) -> str:
    return f"{'+' if shift > 0 else '-'}{abs(shift)} basis points"


def _rate_table(
    company: Company, statements: Statements, facts: dict[str, float | str], stream: RandomStream
) -> tuple[list[Paragraph], dict[str, float | str]]:
    """Interest on variable-rate debt and cash, and the value of fixed-rate debt, under each shift."""
    year = statements.years[-1]
    values, unit = statements.values[year], company.unit
    debt = values["current_debt"] + values["long_term_debt"]
    per_hundred = int(facts["market_risk.rate_effect"])
    variable_share = float(facts["market_risk.variable_share"]) / 100
    invested = stream.uniform(*CASH_INVESTED_SHARE)
    cash_effect = round(values["cash"] * invested * _RATE_SHIFT)
    fixed = debt - round(debt * variable_share)
    duration = round(stream.uniform(*DURATION_YEARS), 1)
    value_effect = round(fixed * duration * _RATE_SHIFT)
    found: dict[str, float | str] = {
        "market_risk.cash_effect": cash_effect,
        "market_risk.fixed_debt": fixed,
        "market_risk.duration": duration,
        "market_risk.fixed_value_effect": value_effect,
    }
    rows: list[TableRow] = []
    for shift in SHIFTS:
        steps = shift // 100
        net = cash_effect * steps - per_hundred * steps
        name = f"{'up' if shift > 0 else 'down'}_{abs(shift)}"
        found[f"market_risk.net_effect.{name}"] = net
        rows.append(
            (
                _shift_label(shift),
                [
                    table_amount(per_hundred * steps),
                    table_amount(cash_effect * steps),
                    table_amount(net),
                    table_amount(-value_effect * steps),
                ],
                (f"market_risk.net_effect.{name}",),
            )
        )
    paragraphs = [
        heading("Sensitivity Analysis"),
        prose(
            Line(
                "The table below applies parallel shifts in rates to our balances at the end of fiscal "
                f"{year}: {money(debt, unit)} of debt, of which {money(fixed, unit)} carried fixed rates, "
                f"and {money(values['cash'], unit)} of cash, about {round(invested * 100)}% of it in "
                "deposits and funds that earn floating rates.",
                ("market_risk.fixed_debt",),
            ),
            Line(
                f"Each 100 basis points would change the interest we earn on cash by about "
                f"{money(cash_effect, unit)} and the fair value of our fixed-rate debt, whose duration is "
                f"about {duration} years, by about {money(value_effect, unit)} in the opposite direction.",
                ("market_risk.cash_effect", "market_risk.duration", "market_risk.fixed_value_effect"),
            ),
        ),
        table(
            "Effect of parallel shifts in interest rates over twelve months",
            (
                f"Shift (in {unit})",
                "Interest expense",
                "Interest income on cash",
                "Net effect on pretax income",
                "Fair value of fixed-rate debt",
            ),
            rows,
        ),
    ]
    return paragraphs, found


def _currency_table(
    company: Company, statements: Statements, facts: dict[str, float | str]
) -> tuple[list[Paragraph], dict[str, float | str]]:
    """Revenue billed in each foreign region's currencies under a dollar ten percent stronger or weaker."""
    year = statements.years[-1]
    values, unit = statements.values[year], company.unit
    total = int(facts["market_risk.currency_effect"])
    foreign = [(REGIONS[index], values[f"region.{index}"]) for index in range(1, len(REGIONS))]
    whole = sum(amount for _, amount in foreign)
    rows: list[TableRow] = []
    found: dict[str, float | str] = {}
    remaining = total
    for position, (region, amount) in enumerate(foreign):
        effect = remaining if position == len(foreign) - 1 else round(total * amount / whole)
        remaining -= effect
        key = f"market_risk.currency_effect.{position + 1}"
        found[key] = effect
        rows.append((region, [table_amount(amount), table_amount(-effect), table_amount(effect)], (key,)))
    rows.append(("Total", [table_amount(whole), table_amount(-total), table_amount(total)], ()))
    paragraphs = [
        prose(
            f"Revenue earned outside the United States was {money(whole, unit)} in fiscal {year}; the table "
            "spreads the effect of a ten percent move in the dollar over the regions in proportion to their "
            "revenue."
        ),
        table(
            "Effect of a ten percent change in the U.S. dollar on reported revenue",
            (f"Region (in {unit})", "Revenue", "Dollar 10% stronger", "Dollar 10% weaker"),
            rows,
        ),
    ]
    return paragraphs, found


def market_risk_candidates(company: Company, statements: Statements, stream: RandomStream) -> list[Candidate]:
    """Return Item 7A's blocks: the required exposures, then an optional sensitivity analysis.

    The sensitivity analysis is offered where there is something to tabulate: debt (not for a bank,
    whose net interest income table already shows its shifts) or revenue outside the United States.
    """
    main = market_risk(company, statements, stream)
    values = statements.values[statements.years[-1]]
    facts = dict(main.facts)
    paragraphs: list[Paragraph] = []
    found: dict[str, float | str] = {}
    debt = total_debt(values)
    if "market_risk.rate_effect" in facts and debt > 0:
        more, more_facts = _rate_table(company, statements, facts, stream)
        paragraphs.extend(more)
        found.update(more_facts)
    if "market_risk.currency_effect" in facts:
        if not paragraphs:
            paragraphs.append(heading("Sensitivity Analysis"))
        more, more_facts = _currency_table(company, statements, facts)
        paragraphs.extend(more)
        found.update(more_facts)
    candidates = [Candidate(main, True)]
    if paragraphs:
        candidates.append(Candidate(Block(tuple(paragraphs), facts=found)))
    return candidates
