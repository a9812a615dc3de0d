"""Sentences that tie a risk factor to the company's own segments and figures (issue #29).

A risk factor's own sentences say what the risk is; the exposure sentences that follow say where
it lands in this company: which segment, how much of revenue that segment earns, how it moved, and
what a drawn fall in its revenue would cost, all computed from the statements. The wordings are data
(``exposures`` in ``resources/risk_prose.yaml``); a wording is used only where every figure it names
exists and means something for the company (no margin for a segment with a loss, no share of a
non-positive operating income, no debt sentence for a company without debt).
"""

from __future__ import annotations

import string
from collections.abc import Mapping

from finsynth.generators.filings.risk_prose import RISK_PROSE
from finsynth.seeding import RandomStream
from finsynth.world.company import Company
from finsynth.world.formatting import money, percent_change, percent_figure, share_of
from finsynth.world.statements import Statements, total_debt

EXPOSURES_PER_RISK = 3
"""Exposure sentences after each risk's own sentences."""
DROPS = (5, 8, 10, 12, 15, 20, 25)
"""Falls in a segment's revenue, in percent, that an exposure sentence may work through."""
_FIELDS = string.Formatter()


def _placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in _FIELDS.parse(text) if field}


def _change(current: int, previous: int) -> str:
    if previous <= 0 or current == previous:
        return "unchanged" if current == previous else "changed"
    change = percent_change(current, previous)
    return f"up {percent_figure(change)}" if change > 0 else f"down {percent_figure(-change)}"


def exposure_values(
    statements: Statements, company: Company, segment: int, other: int, drop: int
) -> dict[str, str]:
    """The figures an exposure sentence may name for one segment (and a second one) and a drawn fall.

    Figures that would mislead are left out (a margin of a loss-making segment, a share of a
    non-positive operating income, debt the company does not have), so wordings that need them are not used.
    """
    year, prior = statements.years[-1], statements.years[-2]
    values, earlier, unit = statements.values[year], statements.values[prior], company.unit
    revenue, operating = values["revenue"], values["operating_income"]
    amount, before = values[f"segment.{segment}"], earlier[f"segment.{segment}"]
    income = values.get(f"segment_income.{segment}", 0)
    other_amount = values[f"segment.{other}"]
    revenue_hit = round(amount * drop / 100)
    found = {
        "segment": company.segments[segment].name,
        "offering": company.segments[segment].offering,
        "other": company.segments[other].name,
        "year": str(year),
        "prior": str(prior),
        "segment_revenue": money(amount, unit),
        "prior_revenue": money(before, unit),
        "segment_share": percent_figure(share_of(amount, revenue)),
        "other_share": percent_figure(share_of(other_amount, revenue)),
        "pair_share": percent_figure(share_of(amount + other_amount, revenue)),
        "segment_change": _change(amount, before),
        "drop": f"{drop}%",
        "revenue_hit": money(revenue_hit, unit),
        "cash": money(values["cash"], unit),
    }
    if income > 0 and round(income * drop / 100) > 0:
        found.update(
            segment_income=money(income, unit),
            segment_margin=percent_figure(share_of(income, amount)),
            income_hit=money(round(income * drop / 100), unit),
        )
    if operating > 0:
        found["operating_income"] = money(operating, unit)
        if revenue_hit > 0:
            found["hit_share"] = percent_figure(share_of(revenue_hit, operating))
    debt = total_debt(values)
    if debt > 0:
        found["debt"] = money(debt, unit)
    if revenue_hit <= 0:
        del found["revenue_hit"]
    return found


def exposures(
    label: str, company: Company, statements: Statements, stream: RandomStream, wordings: tuple[str, ...] = ()
) -> tuple[str, ...]:
    """Return :data:`EXPOSURES_PER_RISK` sentences tying a risk about ``label`` to the company's figures.

    Args:
        label: What the risk concerns, in the filing's voice ("our suppliers").
        company: The company; its segments are drawn.
        statements: Its statements; every figure is computed from the last two fiscal years.
        stream: Draws the segments, the fall in revenue and the wordings.
        wordings: The wordings to draw from (default: the shipped ``exposures``).

    """
    chosen: list[str] = []
    pool = list(wordings or RISK_PROSE.exposures)
    for wording in stream.sample(pool, len(pool)):
        if len(chosen) == EXPOSURES_PER_RISK:
            break
        segment, other = stream.sample(range(len(company.segments)), 2)
        values: Mapping[str, str] = exposure_values(statements, company, segment, other, stream.choice(DROPS))
        if _placeholders(wording) <= {"label", *values}:
            sentence = wording.format(label=label, **values)
            chosen.append(sentence[0].upper() + sentence[1:])
    return tuple(chosen)
